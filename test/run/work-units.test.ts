import { describe, expect, it } from "vitest";
import { planWorkUnits, unitSeed } from "../../src/run/work-units.js";
import { unitKey } from "../../src/run-folder/ids.js";
import { shardUnits } from "../../src/run-folder/shards.js";
import { runPool } from "../../src/run/run-pool.js";
import { toolUseInstance } from "../agent/fixtures.js";

describe("work units", () => {
  const instances = [toolUseInstance({}, "neutral"), toolUseInstance({}, "induced")];

  it("plans instance x sample units with keys and pair-shared seeds", () => {
    const units = planWorkUnits(instances, { samples: 3, runSeed: 7 });
    expect(units.map((u) => u.key)).toEqual([0, 1, 2].map((s) => unitKey(instances[0]!.id, s)).concat([0, 1, 2].map((s) => unitKey(instances[1]!.id, s))));
    expect(units[0]!.seed).toBe(units[3]!.seed);
    expect(new Set(units.slice(0, 3).map((u) => u.seed)).size).toBe(3);
    expect(unitSeed({ runSeed: 7, pairId: "p", sampleIndex: 0 })).toBe(unitSeed({ runSeed: 7, pairId: "p", sampleIndex: 0 }));
    expect(unitSeed({ runSeed: 8, pairId: "p", sampleIndex: 0 })).not.toBe(unitSeed({ runSeed: 7, pairId: "p", sampleIndex: 0 }));
    for (const u of units) expect(u.seed).toBeLessThanOrEqual(0x7fffffff);
  });

  it("splits units into disjoint, covering shards", () => {
    const units = Array.from({ length: 1000 }, (_, i) => ({ key: `k${i}` }));
    const shards = [0, 1, 2, 3].map((index) => shardUnits(units, { index, count: 4 }));
    expect(shards.flat().map((u) => u.key).sort()).toEqual(units.map((u) => u.key).sort());
    for (const s of shards) expect(s.length).toBeGreaterThan(200);
  });
});

describe("runPool", () => {
  it("bounds concurrency and delivers every result", async () => {
    let running = 0;
    let peak = 0;
    const got: number[] = [];
    await runPool({
      items: Array.from({ length: 50 }, (_, i) => i),
      concurrency: 4,
      worker: async (i) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1));
        running -= 1;
        return i * 2;
      },
      onResult: (r) => void got.push(r),
    });
    expect(peak).toBe(4);
    expect(got.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
  });

  it("stops taking items once aborted, and surfaces a failing callback", async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await runPool({ items: [1, 2, 3, 4, 5], concurrency: 1, signal: controller.signal, worker: async (i) => i, onResult: (i) => { seen.push(i); if (i === 2) controller.abort(); } });
    expect(seen).toEqual([1, 2]);
    await expect(runPool({ items: [1], concurrency: 1, worker: async (i) => i, onResult: () => { throw new Error("disk full"); } })).rejects.toThrow("disk full");
  });
});
