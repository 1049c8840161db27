/**
 * The ids a run folder keys its records by. A work unit (one instance x one sample index)
 * is `<instance>#<sample>`; its trajectory is `<run>:<instance>#<sample>`, and branch k of a report-step
 * resample is `<base trajectory id>/b<k>`. Judgements and rewards carry the trajectory id.
 */

/** The resume key of a unit: the instance id and the sample index. */
export function unitKey(instanceId: string, sampleIndex: number): string {
  return `${instanceId}#${sampleIndex}`;
}

/** Identifies a trajectory within a run: what a rollout keys its store by, and what judgements and rewards name. */
export function trajectoryIdFor(o: { runId: string; instanceId: string; sampleIndex: number }): string {
  return `${o.runId}:${o.instanceId}#${o.sampleIndex}`;
}

/** The id of branch `k` (1-based) of the base trajectory `baseId`. */
export function branchTrajectoryId(baseId: string, k: number): string {
  return `${baseId}/b${k}`;
}
