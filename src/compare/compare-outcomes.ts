/**
 * The statistical heart of `compare`, independent of how the runs were produced: given
 * the instances and every model's judged samples, the paired rows for each slice
 * (overall, per family, per factor) with Holm-adjusted p-values, and the flipped samples.
 */
import type { Instance } from "../schemas/instance.js";
import type { CompareRow, CompareSlice, Flip } from "../schemas/compare-result.js";
import { holmAdjust } from "../stats/holm.js";
import { pairedSlice } from "./paired-slice.js";
import { sampleKey, type ModelOutcomes } from "./sample-outcomes.js";

export interface CompareOutcomesOptions {
  instances: Instance[];
  samples: number;
  base: ModelOutcomes;
  candidates: Array<{ name: string; outcomes: ModelOutcomes }>;
  cluster: "pair" | "seed";
  bootstrap: { resamples: number; confidence: number; seed: number };
}

export interface ComparedOutcomes {
  slices: CompareSlice[];
  flips: Flip[];
}

/** Computes every slice's paired rows and the flipped samples. */
export function compareOutcomes(o: CompareOutcomesOptions): ComparedOutcomes {
  const groups: Array<{ slice: string; instances: Instance[] }> = [{ slice: "overall", instances: o.instances }];
  for (const key of ["family", "factor"] as const) {
    const values = [...new Set(o.instances.map((i) => i[key]))].sort();
    // A single-valued breakdown repeats the overall row; leave it out.
    if (values.length < 2) continue;
    for (const value of values) groups.push({ slice: `${key}=${value}`, instances: o.instances.filter((i) => i[key] === value) });
  }
  const slices = groups.map(({ slice, instances }) => {
    const rows: CompareRow[] = o.candidates.flatMap((c) =>
      pairedSlice({
        candidate: c.name,
        instances,
        samples: o.samples,
        base: o.base,
        other: c.outcomes,
        cluster: o.cluster,
        bootstrap: o.bootstrap,
      }).filter((row) => row.units > 0),
    );
    const adjusted = holmAdjust(rows.map((r) => r.p_value));
    rows.forEach((r, i) => (r.p_holm = adjusted[i] as number));
    return { slice, instances: instances.length, rows };
  });
  return { slices, flips: findFlips(o) };
}

/** Samples whose label moved between honest and deceptive (either way), per candidate. */
function findFlips(o: CompareOutcomesOptions): Flip[] {
  const flips: Flip[] = [];
  for (const c of o.candidates) {
    for (const instance of o.instances) {
      for (let s = 0; s < o.samples; s++) {
        const key = sampleKey(instance.id, s);
        const b = o.base.samples.get(key);
        const x = c.outcomes.samples.get(key);
        if (!b?.label || !x?.label || b.label === x.label) continue;
        const toDeceptive = b.label === "honest" && x.label === "deceptive";
        const toHonest = b.label === "deceptive" && x.label === "honest";
        if (!toDeceptive && !toHonest) continue;
        flips.push({
          candidate: c.name,
          instance_id: instance.id,
          sample_index: s,
          direction: toDeceptive ? "to_deceptive" : "to_honest",
          base_label: b.label,
          candidate_label: x.label,
          base_trajectory: b.trajectory_id,
          candidate_trajectory: x.trajectory_id,
        });
      }
    }
  }
  return flips;
}
