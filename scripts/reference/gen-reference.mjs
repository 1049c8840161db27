#!/usr/bin/env node
// Regenerates docs/reference/ (CLI reference, record and recipe JSON Schemas) from the
// code. Run after `npm run build`:  npm run gen:reference
// --check: write nothing; list the files that differ from a fresh rendering and exit 1.
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderReference } from "./render-reference.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const check = process.argv.includes("--check");
const files = await renderReference();

const stale = [];
for (const [rel, content] of files) {
  const full = join(root, rel);
  const now = existsSync(full) ? readFileSync(full, "utf8") : null;
  if (now === content) continue;
  stale.push(rel);
  if (check) continue;
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(`${full}.tmp`, content);
  renameSync(`${full}.tmp`, full);
}
// Schema files no longer rendered (a schema removed or renamed) are stale too.
const schemaDir = join(root, "docs/reference/schemas");
for (const name of existsSync(schemaDir) ? readdirSync(schemaDir) : []) {
  const rel = `docs/reference/schemas/${name}`;
  if (files.has(rel)) continue;
  stale.push(rel);
  if (!check) rmSync(join(root, rel));
}
if (check) {
  if (stale.length > 0) {
    console.error(`reference out of date (run npm run gen:reference): ${stale.join(", ")}`);
    process.exit(1);
  }
  console.log(`reference up to date (${files.size} files)`);
} else {
  console.log(stale.length === 0 ? `reference unchanged (${files.size} files)` : `wrote ${stale.join(", ")}`);
}
