/**
 * Every ```bash block of the guides under docs/ runs, offline, in a temporary copy of the
 * repository (its tracked and new files, with node_modules, dist and the trainer venv
 * linked in), one copy per guide, blocks in order so later steps see earlier outputs.
 * A block fails the test when any command in it fails (bash -e -o pipefail), so a guide
 * cannot name a command, flag or output file that no longer works: check outputs in the
 * block itself (`test -s rollouts/x/trajectories.jsonl`, `grep -q ...`); a path under
 * rollouts/ that the page's prose names in backticks must exist after its blocks ran.
 * `npx decepeval`
 * runs the checkout's own CLI (dist/cli/main.js, the package's bin). Mark a block that
 * cannot run here ```bash no-run.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "../helpers/paths.js";
import { bashBlocks, docFiles, namedOutputs } from "./doc-blocks.js";

const BLOCK_TIMEOUT_MS = 180_000;

/** A copy of the working tree a guide's commands may write into freely. */
function repoCopy(): string {
  const copy = join(tempDir("decepeval-docs-"), "repo");
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO_ROOT, encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const linked = ["node_modules", "dist", ".venv-trainers"];
  for (const rel of listed.stdout.split("\0").filter(Boolean)) {
    // A worktree may hold these as untracked symlinks; they are linked below.
    if (linked.some((l) => rel === l || rel.startsWith(`${l}/`))) continue;
    const from = join(REPO_ROOT, rel);
    if (!existsSync(from)) continue; // deleted in the working tree, not yet committed
    mkdirSync(dirname(join(copy, rel)), { recursive: true });
    cpSync(from, join(copy, rel));
  }
  for (const link of linked) {
    if (existsSync(join(REPO_ROOT, link))) symlinkSync(join(REPO_ROOT, link), join(copy, link));
  }
  // Built by scripts/setup.sh, not tracked.
  const coding = join(REPO_ROOT, "datasets/instances/coding.jsonl");
  if (existsSync(coding)) cpSync(coding, join(copy, "datasets/instances/coding.jsonl"));
  return copy;
}

const PRELUDE = [
  "set -euo pipefail",
  // The checkout's CLI, as the package's bin would run it, without npm's start-up.
  'npx() { if [ "${1:-}" = decepeval ]; then shift; node "$DOCS_REPO/dist/cli/main.js" "$@"; else command npx --offline "$@"; fi; }',
  "",
].join("\n");

function runBlock(copy: string, code: string) {
  return spawnSync("bash", ["-c", PRELUDE + code], {
    cwd: copy,
    encoding: "utf8",
    timeout: BLOCK_TIMEOUT_MS,
    env: {
      ...process.env,
      DOCS_REPO: copy,
      // Offline: no model hub, no package registry.
      HF_HUB_OFFLINE: "1",
      TRANSFORMERS_OFFLINE: "1",
      HF_DATASETS_OFFLINE: "1",
      npm_config_offline: "true",
      NO_COLOR: "1",
    },
  });
}

const files = docFiles(join(REPO_ROOT, "docs"));

describe("command blocks in docs/", () => {
  it("finds the guides and their blocks", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((f) => bashBlocks(f, REPO_ROOT)).filter((b) => b.run).length).toBeGreaterThan(0);
  });

  for (const file of files) {
    const blocks = bashBlocks(file, REPO_ROOT).filter((b) => b.run);
    if (blocks.length === 0) continue;
    it(`${blocks[0]!.where.split(":")[0]}: ${blocks.length} block(s) run`, () => {
      const copy = repoCopy();
      for (const block of blocks) {
        const r = runBlock(copy, block.code);
        const detail = `${block.where} failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ""}):\n${block.code}\n--- stderr ---\n${(r.stderr ?? "").slice(-3000)}\n--- stdout ---\n${(r.stdout ?? "").slice(-1500)}`;
        expect(r.status, detail).toBe(0);
      }
      // What the prose says the steps wrote is there.
      const missing = namedOutputs(file).filter((p) => !existsSync(join(copy, p)));
      expect(missing, `${blocks[0]!.where.split(":")[0]} names outputs its steps did not write`).toEqual([]);
    }, BLOCK_TIMEOUT_MS * 3);
  }
});
