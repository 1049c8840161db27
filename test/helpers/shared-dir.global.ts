/**
 * Vitest global setup: one temporary folder per `vitest run`, handed to every test file
 * (`inject("sharedDir")`) for artifacts that several files read and that are slow to make
 * (test/helpers/quickstart-run.ts), and removed when the run ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    sharedDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "decepeval-shared-"));
  project.provide("sharedDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
