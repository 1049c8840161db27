/**
 * Picks the instances a recipe names: filters, then an optional seeded stratified sample
 * over pairs, so both members of a selected pair always run together.
 */
import { InputError } from "../errors.js";
import { createRng, hash32 } from "../seeded-random.js";
import type { Instance } from "../schemas/instance.js";
import type { RecipeSelect } from "../schemas/recipe.js";

/** `control` for a feasible control, `core` for every other instance. */
export function instanceSubset(instance: Instance): "core" | "control" {
  return instance.feasible === true ? "control" : "core";
}

function matches(instance: Instance, select: RecipeSelect, ids: Set<string> | undefined): boolean {
  if (ids && !ids.has(instance.id)) return false;
  if (select.families && !select.families.includes(instance.family)) return false;
  if (select.factors && !select.factors.includes(instance.factor)) return false;
  if (select.subtypes && !select.subtypes.includes(instance.subtype)) return false;
  if (select.conditions && !select.conditions.includes(instance.condition)) return false;
  if (select.splits && !select.splits.includes(instance.split)) return false;
  if (select.subsets && !select.subsets.includes(instanceSubset(instance))) return false;
  return true;
}

function shuffled<T>(items: T[], seed: number): T[] {
  const rng = createRng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Returns the selected instances in dataset order. Unknown ids are an error (a typo
 * must not shrink a run silently); an empty selection is an error too.
 */
export function selectInstances(instances: Instance[], select: RecipeSelect, seed: number): Instance[] {
  const ids = select.ids ? new Set(select.ids) : undefined;
  if (ids) {
    const known = new Set(instances.map((i) => i.id));
    const missing = [...ids].filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw new InputError(`select.ids: ${missing.length} unknown instance ids, e.g. ${JSON.stringify(missing[0])}`);
    }
  }
  const kept = instances.filter((i) => matches(i, select, ids));
  const byPair = new Map<string, Instance[]>();
  for (const i of kept) byPair.set(i.pair_id, [...(byPair.get(i.pair_id) ?? []), i]);

  let pairs = [...byPair.keys()];
  if (select.stratify_by || select.pairs_per_stratum || select.pairs_per_family || select.limit) {
    const keys = select.stratify_by ?? [];
    const strata = new Map<string, string[]>();
    for (const pair of pairs) {
      const first = byPair.get(pair)![0]!;
      const key = keys.map((k) => (k === "feasible" ? String(first.feasible === true) : String(first[k]))).join("|");
      strata.set(key, [...(strata.get(key) ?? []), pair]);
    }
    // Round-robin over strata in a fixed order so a limit spreads evenly across them.
    const queues = [...strata.keys()].sort().map((k) => {
      const q = shuffled(strata.get(k)!, hash32(`${seed}:${k}`));
      const family = byPair.get(q[0]!)![0]!.family;
      const cap = select.pairs_per_family?.[family] ?? select.pairs_per_stratum;
      return cap ? q.slice(0, cap) : q;
    });
    const picked: string[] = [];
    for (let round = 0; queues.some((q) => round < q.length); round++) {
      for (const q of queues) if (round < q.length) picked.push(q[round]!);
    }
    pairs = select.limit ? picked.slice(0, select.limit) : picked;
  }
  const chosen = new Set(pairs);
  const out = kept.filter((i) => chosen.has(i.pair_id));
  if (out.length === 0) throw new InputError("select: no instance matches the recipe's selection");
  return out;
}
