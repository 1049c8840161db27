#!/usr/bin/env node
/**
 * `npm run build`: a fresh dist/ from src/ (tsc -p tsconfig.build.json), skipped when dist/
 * was built from exactly the current sources. `bash scripts/setup.sh && npm test` builds
 * twice on a fresh checkout (setup, then the test script); the second build had nothing new
 * to compile and cost about 10 s of CPU on a 2-core machine.
 *
 * "Exactly" is a hash over every file under src/, the two tsconfig files and the compiler's
 * version, kept in dist/.build-hash and written only after tsc succeeded. Anything else
 * (a changed, added or removed source, a missing stamp) removes dist/ and compiles from
 * scratch, so dist/ never keeps output of a deleted source. --force always compiles.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
const STAMP = join(DIST, ".build-hash");
const require = createRequire(import.meta.url);
const TS_PACKAGE = require.resolve("typescript/package.json", { paths: [ROOT] });
// The package's bin; its "exports" map does not expose bin/ to require.resolve.
const TSC = join(dirname(TS_PACKAGE), "bin", "tsc");

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

function sourceHash() {
  const hash = createHash("sha256");
  const tsVersion = JSON.parse(readFileSync(TS_PACKAGE, "utf8")).version;
  hash.update(`typescript ${tsVersion}\0`);
  const files = [...filesUnder(join(ROOT, "src")), join(ROOT, "tsconfig.json"), join(ROOT, "tsconfig.build.json")];
  // Names as well as contents: a renamed file changes dist/ even when its text does not.
  for (const file of files.map((f) => relative(ROOT, f).replaceAll("\\", "/")).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const unknown = process.argv.slice(2).filter((a) => a !== "--force");
if (unknown.length > 0) {
  process.stderr.write(`build: unknown option ${unknown[0]} (expected --force or nothing)\n`);
  process.exit(2);
}
const force = process.argv.includes("--force");
const want = sourceHash();
if (!force && existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === want) {
  process.stdout.write("build: dist/ is up to date with src/ (npm run build -- --force to rebuild)\n");
  process.exit(0);
}
rmSync(DIST, { recursive: true, force: true });
const r = spawnSync(process.execPath, [TSC, "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
writeFileSync(STAMP, `${want}\n`);
