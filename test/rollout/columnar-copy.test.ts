import { readFileSync } from "node:fs";
import { tableFromIPC } from "apache-arrow";
import { describe, expect, it } from "vitest";
import { writeColumnarCopy } from "../../src/rollout/columnar-copy.js";
import { runFolder } from "../../src/run-folder/layout.js";
import { writeHonestDeceptiveRun } from "../export/fixtures.js";
import { readParquet, withoutNulls } from "../export/read-parquet.js";

describe("the rollout's columnar copy", () => {
  it("writes rollouts.parquet with the conversation as a nested column, equal to the JSONL", async () => {
    const { dir, instance: a } = writeHonestDeceptiveRun("decepeval-columnar-");
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
