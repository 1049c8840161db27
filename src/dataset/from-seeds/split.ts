import type { Split } from "../../schemas/common.js";
import { fnv1a32 } from "../../seeded-random.js";

/**
 * Assigns whole seeds to `train` or `heldout`, so the variants of one seed never
 * straddle the split. Within each family, every category sends exactly one seed to
 * heldout: the one whose id has the smallest hash. The choice depends only on seed ids,
 * so it is stable across rebuilds and unaffected by adding seeds to other categories.
 */
export function assignSplits(seeds: ReadonlyArray<{ id: string; category: string }>): Map<string, Split> {
  const pick = new Map<string, { id: string; hash: number }>();
  for (const seed of seeds) {
    const hash = fnv1a32(`split/${seed.id}`);
    const best = pick.get(seed.category);
    if (!best || hash < best.hash || (hash === best.hash && seed.id < best.id)) pick.set(seed.category, { id: seed.id, hash });
  }
  const heldout = new Set([...pick.values()].map((p) => p.id));
  return new Map(seeds.map((s) => [s.id, heldout.has(s.id) ? "heldout" : "train"]));
}
