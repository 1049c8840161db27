/**
 * Benchmark: rollout scoring throughput (rule judge + reward) through the piscina worker
 * pool, against scoring on the main thread. Trajectories come from a real sim rollout
 * over the bundled dataset; they are then scored again and again.
 *
 *   npm run build && node scripts/bench/rollout-scoring.mjs [--tasks 4000]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createEnvironment } from "../../dist/env/create-environment.js";
import { loadInstances } from "../../dist/dataset/load-instances.js";
import { loadRolloutRecipe } from "../../dist/rollout/load-rollout-recipe.js";
import { runRollout } from "../../dist/rollout/run-rollout.js";
import { createScorePool } from "../../dist/rewards/score-pool.js";
import { DEFAULT_REWARD_WEIGHTS } from "../../dist/rewards/reward-weights.js";

const i = process.argv.indexOf("--tasks");
const tasks = i >= 0 ? Number(process.argv[i + 1]) : 4000;
const dataset = resolve(import.meta.dirname, "../../datasets/instances");
const root = mkdtempSync(join(tmpdir(), "decepeval-bench-score-"));
try {
  const recipe = join(root, "recipe.yaml");
  writeFileSync(
    recipe,
    `name: bench\ndataset: ${dataset}\nmodel: sim:pressure-susceptible\nselect:\n  families: [tool_use, long_horizon]\n  stratify_by: [family, factor]\n  pairs_per_stratum: 4\nsamples: 2\nconcurrency: 8\nseed: 3\nrollout:\n  branch_k: 0\n  workers: 0\n`,
  );
  const summary = await runRollout({ loaded: loadRolloutRecipe(recipe), createEnvironment: (x) => createEnvironment(x), progress: false });
  const trajectories = readFileSync(join(summary.runDir, "trajectories.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const instances = new Map((await loadInstances(dataset)).map((x) => [x.id, x]));
  console.log(`${trajectories.length} sim trajectories, scored ${tasks} times per setting; ${availableParallelism()} cores, node ${process.version}`);
  console.log("workers  trajectories/s  ms per trajectory");
  for (const workers of [0, 1, 2]) {
    const pool = await createScorePool({ workers, datasetPath: dataset, instances, judge: { name: "rule", options: {} }, weights: DEFAULT_REWARD_WEIGHTS });
    // Warm up: workers load the dataset once.
    await Promise.all(trajectories.slice(0, workers * 4 + 1).map((t) => pool.scoreTrajectory(t)));
    const started = performance.now();
    const inFlight = new Set();
    for (let k = 0; k < tasks; k++) {
      const p = pool.scoreTrajectory(trajectories[k % trajectories.length]).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= 64) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    await pool.close();
    console.log(`${String(workers).padStart(7)}  ${(tasks / seconds).toFixed(0).padStart(14)}  ${((seconds * 1000) / tasks).toFixed(3).padStart(17)}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
