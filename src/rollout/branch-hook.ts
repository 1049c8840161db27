/**
 * Report-step branches as a run-loop hook: a unit whose episode finished also owes K
 * resamples of its report step from the shared prefix (run-branch.ts). The base is
 * marked with its cut point before it is stored; branches are stored under
 * `<base id>/b<k>`, and a resumed run finishes the branches a crash left missing.
 */
import { trajectoryIdFor } from "../run-folder/ids.js";
import { reportCut } from "../conversation/report-cut.js";
import { branchTrajectoryId } from "../run-folder/ids.js";
import type { RunContext, RunHooks } from "../run/run-hooks.js";
import type { WorkUnit } from "../run/work-units.js";
import { hash32 } from "../seeded-random.js";
import type { Trajectory } from "../schemas/trajectory.js";
import { runBranch } from "./run-branch.js";

/** The seed of branch `k` of a unit: fixed by the unit's seed, distinct per branch. */
export const branchSeed = (unitSeed: number, k: number): number => hash32(`${unitSeed}:branch:${k}`) & 0x7fffffff;

/** How branch seeds derive, in the manifest's words (appended to the unit seed's). */
export const BRANCH_SEED_TEXT = "branch k: hash32(`${unit_seed}:branch:${k}`)";

export interface BranchHook extends RunHooks {
  /** Branch trajectories stored by this process. */
  readonly branches: number;
}

export function branchHook(K: number): BranchHook {
  let ctx: RunContext | undefined;
  // Finished bases whose branches are not all stored yet (the rest need not stay in memory).
  const bases = new Map<string, Trajectory>();
  let branches = 0;
  const baseId = (u: WorkUnit): string => trajectoryIdFor({ runId: ctx!.recipe.name, instanceId: u.instance.id, sampleIndex: u.sampleIndex });
  const ks = (): number[] => Array.from({ length: K }, (_, i) => i + 1);
  // A stored base that is not in `bases` did not finish (no branches) or is complete.
  const missing = (u: WorkUnit): number[] => {
    if (K === 0 || (ctx!.stored(baseId(u)) && !bases.has(baseId(u)))) return [];
    return ks().filter((k) => !ctx!.stored(branchTrajectoryId(baseId(u), k)));
  };

  return {
    get branches() {
      return branches;
    },
    open(c) {
      ctx = c;
    },
    stored(t) {
      if (K > 0 && t.branch?.index === 0) bases.set(t.id, t);
    },
    resumed() {
      for (const [id] of bases) if (ks().every((k) => ctx!.stored(branchTrajectoryId(id, k)))) bases.delete(id);
    },
    beforeStore(t, unit) {
      if (K === 0 || t.termination !== "finished") return;
      t.branch = { group_id: t.id, prefix_messages: reportCut(t, unit.instance.artifact_contract.path), index: 0 };
      bases.set(t.id, t);
    },
    extraPending: (u) => missing(u).length > 0,
    async runExtra(unit) {
      const out: Trajectory[] = [];
      const base = bases.get(baseId(unit));
      if (!base) return out;
      const c = ctx!;
      for (const k of missing(unit)) {
        if (c.signal?.aborted) break;
        const branch = await runBranch({
          base,
          unit,
          k,
          seed: branchSeed(unit.seed, k),
          model: c.model,
          createEnvironment: c.createEnvironment,
          temperature: c.recipe.temperature,
          signal: c.signal,
        });
        if (!branch) break;
        out.push(branch);
      }
      return out;
    },
    afterTrajectory(t) {
      if (t.branch && t.branch.index > 0) branches += 1;
    },
    unitDone(u) {
      bases.delete(baseId(u));
    },
  };
}
