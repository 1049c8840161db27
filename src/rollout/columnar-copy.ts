/**
 * The columnar copy of a rollout: a row per trajectory with its instance's strata and its
 * score, for pandas, polars, DuckDB and HF datasets. Two files from one pass over the
 * JSONL: `rollouts.arrow` (Arrow IPC, flat columns, bounded-size record batches) and
 * `rollouts.parquet`, which adds the conversation as a real nested column (a list of
 * message structs in the stored OpenAI shape).
 */
import { createWriteStream, existsSync, renameSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { finished } from "node:stream/promises";
import {
  Bool,
  Float64,
  Int32,
  RecordBatch,
  RecordBatchFileWriter,
  Utf8,
  makeData,
  Struct,
  Field,
  Schema,
  vectorFromArray,
  type DataType,
} from "apache-arrow";
import { readJsonlRecords } from "../io/jsonl.js";
import { ParquetStreamWriter, type ParquetColumn } from "../io/parquet-stream-writer.js";
import type { Instance } from "../schemas/instance.js";
import { JudgementSchema, type Judgement } from "../schemas/judgement.js";
import { RewardSchema, type Reward } from "../schemas/reward.js";
import { TrajectorySchema } from "../schemas/trajectory.js";
import { runFolder } from "../run-folder/layout.js";

const COLUMNS: Array<[string, DataType]> = [
  ["trajectory_id", new Utf8()],
  ["instance_id", new Utf8()],
  ["pair_id", new Utf8()],
  ["run_id", new Utf8()],
  ["family", new Utf8()],
  ["condition", new Utf8()],
  ["factor", new Utf8()],
  ["subtype", new Utf8()],
  ["scenario", new Utf8()],
  ["split", new Utf8()],
  ["model", new Utf8()],
  ["sample_index", new Int32()],
  ["branch_group", new Utf8()],
  ["branch_index", new Int32()],
  ["termination", new Utf8()],
  ["label", new Utf8()],
  ["grade", new Int32()],
  ["outcome_success", new Bool()],
  ["honest_exit", new Bool()],
  ["outcome", new Float64()],
  ["penalty", new Float64()],
  ["reward", new Float64()],
  ["judge", new Utf8()],
  ["messages", new Int32()],
  ["tool_calls", new Int32()],
  ["injected_failures", new Int32()],
  ["wall_ms", new Float64()],
  ["final_response", new Utf8()],
];
/** The stored messages as they are: tool-call arguments stay OpenAI's JSON text, a reasoning server's reasoning_content stays too. */
const OPENAI_MESSAGES = `STRUCT("role" VARCHAR, "content" VARCHAR, tool_calls STRUCT(id VARCHAR, "type" VARCHAR, "function" STRUCT("name" VARCHAR, arguments VARCHAR))[], tool_call_id VARCHAR, reasoning_content VARCHAR)[]`;
const DUCKDB_TYPE: Record<string, string> = { Utf8: "VARCHAR", Int32: "INTEGER", Bool: "BOOLEAN", Float64: "DOUBLE" };
const PARQUET_COLUMNS: ParquetColumn[] = [
  ...COLUMNS.map(([name, type]) => ({ name: name === "messages" ? "message_count" : name, type: DUCKDB_TYPE[String(type)] ?? "VARCHAR" })),
  { name: "conversation", type: OPENAI_MESSAGES },
];
const SCHEMA = new Schema(COLUMNS.map(([name, type]) => new Field(name, type, true)));
const BATCH = 4096;

type Row = Record<string, string | number | boolean | null>;

function toBatch(rows: Row[]): RecordBatch {
  const children = COLUMNS.map(([name, type]) => vectorFromArray(rows.map((r) => r[name] ?? null) as never[], type).data[0]!);
  const data = makeData({ type: new Struct(SCHEMA.fields), length: rows.length, nullCount: 0, children });
  return new RecordBatch(SCHEMA, data);
}

/** Writes `<run>/rollouts.arrow` and `<run>/rollouts.parquet` atomically; returns the row count. */
export async function writeColumnarCopy(dir: string, instances: Map<string, Instance>): Promise<number> {
  const layout = runFolder(dir);
  const judgements = new Map<string, Extract<Judgement, { status: "ok" }>>();
  const rewards = new Map<string, Reward>();
  if (existsSync(layout.judgements)) {
    for await (const j of readJsonlRecords(layout.judgements, JudgementSchema, "judgement")) if (j.status === "ok") judgements.set(j.trajectory_id, j);
  }
  if (existsSync(layout.rewards)) for await (const r of readJsonlRecords(layout.rewards, RewardSchema, "reward")) rewards.set(r.trajectory_id, r);

  const tmp = join(dirname(layout.arrow), `.${basename(layout.arrow)}.${process.pid}.tmp`);
  const writer = new RecordBatchFileWriter();
  const out = createWriteStream(tmp, { flush: true });
  const piped = writer.toNodeStream().pipe(out);
  const parquet = new ParquetStreamWriter({ path: layout.parquet, columns: PARQUET_COLUMNS });
  let rows: Row[] = [];
  let count = 0;
  if (existsSync(layout.trajectories)) {
    for await (const t of readJsonlRecords(layout.trajectories, TrajectorySchema, "trajectory")) {
      const i = instances.get(t.instance_id);
      const j = judgements.get(t.id);
      const r = rewards.get(t.id);
      rows.push({
        trajectory_id: t.id,
        instance_id: t.instance_id,
        pair_id: t.pair_id,
        run_id: t.run_id,
        family: t.family,
        condition: t.condition,
        factor: i?.factor ?? null,
        subtype: i?.subtype ?? null,
        scenario: i?.scenario ?? null,
        split: i?.split ?? null,
        model: t.model.ref,
        sample_index: t.sample_index,
        branch_group: t.branch?.group_id ?? null,
        branch_index: t.branch?.index ?? null,
        termination: t.termination,
        label: j?.label ?? null,
        grade: j?.grade ?? null,
        outcome_success: j?.outcome_success ?? null,
        honest_exit: j?.honest_exit ?? null,
        outcome: r?.outcome ?? null,
        penalty: r?.penalty ?? null,
        reward: r?.total ?? null,
        judge: r?.judge ?? (j ? `${j.judge.id}@${j.judge.version}` : null),
        messages: t.messages.length,
        tool_calls: t.events.length,
        injected_failures: t.events.filter((e) => e.injected).length,
        wall_ms: t.timings.wall_ms,
        final_response: t.final_response,
      });
      await parquet.write({ ...rows[rows.length - 1]!, message_count: t.messages.length, conversation: t.messages });
      if (rows.length >= BATCH) {
        writer.write(toBatch(rows));
        count += rows.length;
        rows = [];
      }
    }
  }
  if (rows.length > 0 || count === 0) writer.write(toBatch(rows));
  count += rows.length;
  writer.finish();
  await finished(piped);
  renameSync(tmp, layout.arrow);
  await parquet.close();
  return count;
}
