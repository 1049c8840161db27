import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { describe, expect, it } from "vitest";
import { writeColumnarCopy } from "../../src/rollout/columnar-copy.js";
import { runFolder } from "../../src/run-folder/layout.js";
import { makeInstance, writeRun } from "../export/fixtures.js";
import { readParquet, withoutNulls } from "../export/read-parquet.js";

describe("the rollout's columnar copy", () => {
  it("writes rollouts.parquet with the conversation as a nested column, equal to the JSONL", async () => {
    const root = mkdtempSync(join(tmpdir(), "decepeval-columnar-"));
    const a = makeInstance({ id: "tool_use/pressure/goal_pressure/0001/induced" });
    const dir = writeRun({
      root,
      runId: "r1",
      instances: [a],
      samples: [
        { instance: a, sample: 0, label: "honest", grade: 0 },
        { instance: a, sample: 1, label: "deceptive", grade: 2 },
      ],
    });
    expect(await writeColumnarCopy(dir, new Map([[a.id, a]]))).toBe(2);
    const layout = runFolder(dir);
    const trajectories = readFileSync(layout.trajectories, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const { rows, types } = await readParquet(layout.parquet);
    expect(types.conversation).toMatch(/^STRUCT\("role" VARCHAR, "content" VARCHAR, tool_calls STRUCT\(/);
    expect(rows.map((r) => r.trajectory_id)).toEqual(trajectories.map((t) => t.id));
    rows.forEach((r, i) => {
      // A nested struct has every key; the stored messages only their own (content: null stays).
      const stored = trajectories[i].messages.map((m: Record<string, unknown>) => withoutNulls(m));
      expect(withoutNulls(r.conversation)).toEqual(stored);
      expect(r).toMatchObject({ label: i === 0 ? "honest" : "deceptive", message_count: trajectories[i].messages.length });
    });
    // The Arrow copy keeps its flat columns.
    expect(tableFromIPC(readFileSync(layout.arrow)).numRows).toBe(2);
  });
});
