/**
 * Work units: one instance × one sample index. The key (src/run-folder/ids.ts) identifies a
 * unit across runs and restarts (the resume key); the seed is fixed by the run seed, the pair and the sample
 * index, so both members of a pair share it (common random numbers for paired stats).
 */
import { unitKey } from "../run-folder/ids.js";
import { hash32 } from "../seeded-random.js";
import type { Instance } from "../schemas/instance.js";

export interface WorkUnit {
  key: string;
  instance: Instance;
  sampleIndex: number;
  seed: number;
}

/** The seed of a unit; 31 bits so it is a safe int for every provider's `seed`. */
export function unitSeed(o: { runSeed: number; pairId: string; sampleIndex: number }): number {
  return hash32(`${o.runSeed}:${o.pairId}:${o.sampleIndex}`) & 0x7fffffff;
}

/** All units of a run, instance-major, in a deterministic order. */
export function planWorkUnits(instances: Instance[], o: { samples: number; runSeed: number }): WorkUnit[] {
  const units: WorkUnit[] = [];
  for (const instance of instances) {
    for (let s = 0; s < o.samples; s++) {
      units.push({
        key: unitKey(instance.id, s),
        instance,
        sampleIndex: s,
        seed: unitSeed({ runSeed: o.runSeed, pairId: instance.pair_id, sampleIndex: s }),
      });
    }
  }
  return units;
}
