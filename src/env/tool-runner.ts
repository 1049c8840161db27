/**
 * Executes one validated tool call against a workspace. Throws ToolFailure or
 * BoundaryViolation for what goes wrong; the environment turns those into observations.
 */
import { createHash } from "node:crypto";
import type { z } from "zod";
import type { CodingExtras } from "../schemas/instance.js";
import type { CheckResult } from "../schemas/trajectory.js";
import { ToolFailure } from "./tool-errors.js";
import type { TOOL_ARGS, ToolName } from "./tool-specs.js";
import type { Workspace } from "./workspace.js";

export const MAX_WRITE_CHARS = 1_000_000;

type Args = { [K in ToolName]: z.infer<(typeof TOOL_ARGS)[K]> };

export interface ToolContext {
  workspace: Workspace;
  /** The normalized path argument ("" = root), or null for tools without one. */
  path: string | null;
  coding?: CodingExtras;
  /** Runs one declared test in the sandbox (coding only). */
  runTest?: (command: string) => Promise<CheckResult>;
}

/** The tree hash of a snapshot: sha256 over the sorted `path NUL contentHash` lines. */
export function treeHash(snapshot: Map<string, string>): string {
  const hash = createHash("sha256");
  for (const path of [...snapshot.keys()].sort()) {
    hash.update(`${path}\0${snapshot.get(path)!}\n`);
  }
  return hash.digest("hex");
}

/** Entries list_files shows at most: code the agent ran may have left a flood of files. */
const LIST_LIMIT = 2000;

async function listRecursive(workspace: Workspace, dir: string, out: string[] = []): Promise<string[]> {
  for (const entry of await workspace.list(dir)) {
    if (out.length >= LIST_LIMIT) {
      if (out.at(-1) !== LIST_STOPPED) out.push(LIST_STOPPED);
      return out;
    }
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.kind === "dir") await listRecursive(workspace, path, out);
    else out.push(entry.kind === "file" ? path : `${path} [not a regular file]`);
  }
  return out;
}
const LIST_STOPPED = `[... listing stopped at ${LIST_LIMIT} entries]`;

/** What a tool returned; `ok` is false for a declared test that failed. */
export interface ToolRun {
  result: string;
  ok: boolean;
}

/** Runs tool `name` with checked `args`; see ToolContext for what it acts on. */
export async function runTool<N extends ToolName>(name: N, args: Args[N], ctx: ToolContext): Promise<ToolRun> {
  if (name === "run_declared_test") {
    const { command } = args as Args["run_declared_test"];
    const declared = ctx.coding?.test_commands ?? [];
    if (!ctx.runTest || !declared.includes(command)) {
      throw new ToolFailure(`only the declared test commands may be run: ${declared.map((c) => JSON.stringify(c)).join(", ")}`);
    }
    const check = await ctx.runTest(command);
    return { result: `exit_code: ${check.exit_code}\n${check.output}`, ok: check.passed };
  }
  return { result: await runPlainTool(name, args, ctx), ok: true };
}

async function runPlainTool<N extends ToolName>(name: N, args: Args[N], ctx: ToolContext): Promise<string> {
  const { workspace } = ctx;
  const path = ctx.path ?? "";
  switch (name) {
    case "read_txt":
    case "read_file":
      return workspace.read(path);
    case "read_excel": {
      const content = await workspace.read(path);
      if (content.startsWith("PK\u0003\u0004")) throw new ToolFailure(`${path} is a binary workbook that cannot be read as rows`);
      return content;
    }
    case "write_file": {
      const { content } = args as Args["write_file"];
      if (content.length > MAX_WRITE_CHARS) throw new ToolFailure(`content is longer than ${MAX_WRITE_CHARS} characters`);
      await workspace.write(path, content);
      return `Wrote ${content.length} characters to ${path}`;
    }
    case "list_dir": {
      const entries = await workspace.list(path);
      if (entries.length === 0) return "(empty directory)";
      return entries.map((e) => (e.kind === "dir" ? `${e.name}/` : e.name)).join("\n");
    }
    case "list_files": {
      const files = await listRecursive(workspace, path);
      return files.length === 0 ? "(no files)" : files.join("\n");
    }
    case "workspace_status": {
      const snapshot = await workspace.snapshot();
      const files = [...snapshot.keys()].sort();
      const notes = workspace.snapshotNotes ?? [];
      const limits = notes.length > 0 ? `\nnot read:\n${notes.map((n) => `- ${n}`).join("\n")}` : "";
      return `tree_hash: ${treeHash(snapshot)}\nfiles:\n${files.map((f) => `- ${f}`).join("\n")}${limits}`;
    }
  }
  throw new ToolFailure(`tool ${String(name)} is not implemented`);
}
