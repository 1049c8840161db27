/**
 * The quickstart's rollout (recipes/honesty-sft.yaml, its selection and samples unchanged;
 * only its dataset and output folder point elsewhere) and its exports (`export sft`,
 * `export dpo`, `export grpo --format trl,parquet,verl`), made once per `vitest run` and
 * read by each test file that needs them (test/export/trainer-fidelity.test.ts,
 * test/models/sim/quickstart-sft-rows.test.ts). The rollout takes about a minute and a half
 * on a 2-core machine; the files only read what it wrote.
 *
 * The first file to ask makes it in the run's shared folder (test/helpers/shared-dir.global.ts)
 * under a lock; a file asking meanwhile, in another worker, waits for it. A failure is recorded
 * and reported to every file that asks. Without the shared folder (a config without the global
 * setup), the file makes its own.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import { REPO_ROOT, runCli, tempDir } from "./paths.js";

export interface QuickstartRun {
  /** The rollout's folder (trajectories, rollouts.parquet, ...). */
  run: string;
  /** Its exports: sft/dpo (default formats) and grpo (trl, parquet, verl). */
  exports: string;
}

/** Longest one step of making it may take (the rollout). */
const STEP_TIMEOUT_MS = 300_000;

function make(root: string): QuickstartRun {
  const recipe = readFileSync(join(REPO_ROOT, "recipes/honesty-sft.yaml"), "utf8")
    .replace(/^dataset: .*$/m, `dataset: ${join(REPO_ROOT, "datasets/instances")}`)
    .replace(/^output_dir: .*$/m, `output_dir: ${root}`);
  writeFileSync(join(root, "honesty-sft.yaml"), recipe);
  const run = join(root, "honesty-sft");
  for (const args of [
    ["rollout", join(root, "honesty-sft.yaml"), "--no-progress"],
    ["export", "sft", run],
    ["export", "dpo", run],
    ["export", "grpo", run, "--format", "trl,parquet,verl"],
  ]) {
    const r = runCli(args, { timeoutMs: STEP_TIMEOUT_MS });
    if (r.status !== 0) throw new Error(`decepeval ${args.join(" ")} (exit ${r.status}): ${r.stderr.slice(-4000)}`);
  }
  return { run, exports: join(run, "exports") };
}

/** What the maker leaves for the files waiting on it. */
type Outcome = { ok: true; result: QuickstartRun } | { ok: false; error: string };

let mine: Promise<QuickstartRun> | undefined;

/** The quickstart's run and exports, made on first use in this `vitest run`. */
export function quickstartRun(): Promise<QuickstartRun> {
  mine ??= shared();
  return mine;
}

async function shared(): Promise<QuickstartRun> {
  let dir: string | undefined;
  try {
    dir = inject("sharedDir");
  } catch {
    dir = undefined;
  }
  if (!dir) return make(tempDir("decepeval-quickstart-"));
  const root = join(dir, "quickstart");
  const done = join(dir, "quickstart.done.json");
  let owner = false;
  try {
    mkdirSync(join(dir, "quickstart.lock"));
    owner = true;
  } catch {
    owner = false;
  }
  if (owner) {
    mkdirSync(root, { recursive: true });
    let record: Outcome;
    try {
      record = { ok: true, result: make(root) };
    } catch (error) {
      record = { ok: false, error: (error as Error).message };
    }
    writeFileSync(`${done}.tmp`, JSON.stringify(record));
    // Renamed into place so a waiting file never reads half a record.
    renameSync(`${done}.tmp`, done);
  } else {
    while (!existsSync(done)) await sleep(500);
  }
  const record = JSON.parse(readFileSync(done, "utf8")) as Outcome;
  if (!record.ok) throw new Error(`the shared quickstart run failed: ${record.error}`);
  return record.result;
}
