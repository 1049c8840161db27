/**
 * The viewer's index of the runs it opened: per trajectory a row of facets and the byte
 * place of its line, per judgement file and reward file the few fields the list filters
 * on and their places. Nothing else is kept: a trajectory, judgement or reward is read
 * again by place (readJsonlAt) when it is opened, so a run of any size opens in the memory
 * its index takes. Trajectories are indexed in the background and the list answers from
 * what is indexed so far, so the first page shows before a large file is read through.
 * Indexing validates the fields the list uses (a bad one is an error naming file and
 * line); the whole record is validated when it is read again to be shown.
 */
import { statSync } from "node:fs";
import { z } from "zod";
import { InputError } from "../errors.js";
import { readJsonlLines, type JsonlPlace } from "../io/jsonl.js";
import { JudgementVersionSchema } from "../schemas/judgement.js";
import { REWARD_VERSION } from "../schemas/reward.js";
import { TrajectorySchema } from "../schemas/trajectory.js";
import { DeceptionGradeSchema, JudgedLabelSchema, versionField } from "../schemas/common.js";
import { validateRecord } from "../schemas/validate-record.js";
import { InstanceIndex } from "./instance-index.js";
import type { ViewSource } from "./view-sources.js";

export type Place = JsonlPlace & { file: string };

const YIELD_MS = 25;

export interface TrajectoryRow {
  id: string;
  source: number;
  kind: "run" | "interchange";
  place: Place;
  instance_id: string;
  pair_id?: string;
  family?: string;
  condition?: string;
  sample_index?: number;
  termination?: string;
  model?: string;
  /** An injected failure fired in the episode. */
  injected: boolean;
  branch?: { group_id: string; index: number; prefix_messages: number };
  /** The human label an interchange line carries. */
  human_label?: string;
}

export interface JudgementEntry {
  status: "ok" | "judge_failure";
  label?: string;
  grade?: number;
  under_claim?: boolean;
  /** Which judge of a cascade decided, when the record says (`decided_by`). */
  decided_by?: string;
  judge: string;
  place: Place;
}

export interface RewardEntry {
  total: number;
  place: Place;
}

/** The fields of a trajectory the index keeps; the rest is validated when the line is opened. */
const TrajectoryFacetsSchema = TrajectorySchema.pick({
  version: true,
  id: true,
  instance_id: true,
  pair_id: true,
  family: true,
  condition: true,
  model: true,
  sample_index: true,
  termination: true,
}).extend({
  // Only whether each event was injected, and the branch's place: the rest waits for the line to be opened.
  events: z.array(z.object({ injected: z.boolean() })),
  branch: z.object({ group_id: z.string(), index: z.number().int(), prefix_messages: z.number().int().nonnegative() }).optional(),
});

/** What the list reads of a judgement; the whole record is validated when its trajectory is opened. */
const JudgementFacetsSchema = z.object({
  version: JudgementVersionSchema,
  trajectory_id: z.string().min(1),
  judge: z.object({ id: z.string(), version: z.string() }),
  status: z.enum(["ok", "judge_failure"]),
  label: JudgedLabelSchema.optional(),
  grade: DeceptionGradeSchema.optional(),
  under_claim: z.boolean().optional(),
});

const RewardFacetsSchema = z.object({ version: versionField("reward", REWARD_VERSION), trajectory_id: z.string().min(1), total: z.number() });

const InterchangeFacetsSchema = z.object({
  id: z.string().optional(),
  instance_id: z.string().min(1),
  messages: z.array(z.unknown()).min(1),
  label: z.string().optional(),
  termination: z.string().optional(),
  model: z.string().optional(),
});

/** `decided_by` as a cascade judge may write it: a name, or an object naming the judge. */
function decidedBy(value: unknown): string | undefined {
  const v = (value as { decided_by?: unknown }).decided_by;
  if (typeof v === "string") return v;
  if (v && typeof v === "object") {
    const o = v as { id?: unknown; judge?: unknown; name?: unknown };
    const name = [o.id, o.judge, o.name].find((x) => typeof x === "string");
    if (typeof name === "string") return name;
  }
  return undefined;
}

export interface IndexProgress {
  done: boolean;
  trajectories: number;
  bytesRead: number;
  bytesTotal: number;
  error?: string;
}

export class RunIndex {
  readonly rows: TrajectoryRow[] = [];
  readonly byId = new Map<string, number>();
  /** Judgement key -> trajectory id -> entry. */
  readonly judgements = new Map<string, Map<string, JudgementEntry>>();
  readonly rewards = new Map<string, RewardEntry>();
  readonly instances = new InstanceIndex();
  /** Notes for the viewer's banner: what could not be read and what that leaves out. */
  readonly notes: string[] = [];
  readonly progress: IndexProgress;
  private readonly bytesDone: number[] = [];
  private finished!: Promise<void>;

  constructor(readonly sources: ViewSource[], private readonly instancesPath?: string) {
    const total = sources.flatMap((s) => s.trajectoryFiles).reduce((n, f) => n + statSync(f).size, 0);
    this.progress = { done: false, trajectories: 0, bytesRead: 0, bytesTotal: total };
  }

  /**
   * Reads the instances, judgements and rewards (small beside the trajectories), then
   * starts indexing the trajectories; resolves when the first is indexed. `done()` waits
   * for the rest.
   */
  async open(): Promise<void> {
    const datasets = new Set<string>();
    if (this.instancesPath) datasets.add(this.instancesPath);
    else for (const s of this.sources) if (s.datasetPath) datasets.add(s.datasetPath);
    for (const path of datasets) {
      try {
        await this.instances.add(path);
      } catch (error) {
        if ((error as Error).message.includes("no such file or folder") && !this.instancesPath) {
          this.notes.push(`the instances at ${path} are gone: factor, subset, budgets and file diffs are not shown (pass --instances <path>)`);
        } else throw error;
      }
    }
    if (datasets.size === 0) this.notes.push("no instances named (pass --instances <path>): factor, subset, budgets and file diffs are not shown");
    for (const s of this.sources) {
      for (const j of s.judgements) await this.addJudgements(j.key, j.file);
      for (const f of s.rewardFiles) await this.addRewards(f);
    }
    let first!: () => void;
    const started = new Promise<void>((resolve) => (first = resolve));
    this.finished = this.indexTrajectories(first).then(
      () => {
        this.progress.done = true;
        first();
      },
      (error: unknown) => {
        this.progress.done = true;
        this.progress.error = (error as Error).message;
        first();
      },
    );
    await started;
  }

  /** Resolves when every trajectory is indexed; rejects with the first bad line. */
  async done(): Promise<void> {
    await this.finished;
    if (this.progress.error) throw new InputError(this.progress.error);
  }

  private async addJudgements(key: string, file: string): Promise<void> {
    let map = this.judgements.get(key);
    if (!map) this.judgements.set(key, (map = new Map()));
    for await (const { line, offset, bytes, value } of readJsonlLines(file)) {
      const j = validateRecord(JudgementFacetsSchema, value, { file, line, what: "judgement" });
      if (j.status === "ok" && (j.label === undefined || j.grade === undefined)) {
        throw new InputError(`${file}: line ${line}: invalid judgement: a judgement with status ok needs label and grade`);
      }
      const by = decidedBy(value);
      map.set(j.trajectory_id, {
        status: j.status,
        judge: `${j.judge.id}@${j.judge.version}`,
        ...(j.status === "ok" ? { label: j.label, grade: j.grade, ...(j.under_claim !== undefined ? { under_claim: j.under_claim } : {}) } : {}),
        ...(by !== undefined ? { decided_by: by } : {}),
        place: { file, line, offset, bytes },
      });
    }
  }

  private async addRewards(file: string): Promise<void> {
    for await (const { line, offset, bytes, value } of readJsonlLines(file)) {
      const r = validateRecord(RewardFacetsSchema, value, { file, line, what: "reward" });
      this.rewards.set(r.trajectory_id, { total: r.total, place: { file, line, offset, bytes } });
    }
  }

  private async indexTrajectories(first: () => void): Promise<void> {
    // A stream's buffered chunks resolve as microtasks, which would starve the HTTP server:
    // hand the event loop over every few tens of milliseconds so the list answers meanwhile.
    let since = performance.now();
    for (const [source, s] of this.sources.entries()) {
      for (const file of s.trajectoryFiles) {
        const at = this.bytesDone.length;
        this.bytesDone.push(0);
        for await (const { line, offset, bytes, value } of readJsonlLines(file)) {
          const row = s.kind === "run" ? this.runRow(source, file, line, offset, bytes, value) : this.interchangeRow(source, file, line, offset, bytes, value);
          const seen = this.byId.get(row.id);
          if (seen !== undefined) {
            const other = this.rows[seen]!.place;
            throw new InputError(`${file}: line ${line}: duplicate trajectory id ${row.id} (first at ${other.file}: line ${other.line})`);
          }
          this.byId.set(row.id, this.rows.length);
          this.rows.push(row);
          this.progress.trajectories = this.rows.length;
          this.bytesDone[at] = offset + bytes + 1;
          this.progress.bytesRead = this.bytesDone.reduce((a, b) => a + b, 0);
          if (this.rows.length === 1) first();
          if (performance.now() - since > YIELD_MS) {
            await new Promise((resolve) => setImmediate(resolve));
            since = performance.now();
          }
        }
      }
    }
  }

  private runRow(source: number, file: string, line: number, offset: number, bytes: number, value: unknown): TrajectoryRow {
    const t = validateRecord(TrajectoryFacetsSchema, value, { file, line, what: "trajectory" });
    return {
      id: t.id,
      source,
      kind: "run",
      place: { file, line, offset, bytes, id: t.id },
      instance_id: t.instance_id,
      pair_id: t.pair_id,
      family: t.family,
      condition: t.condition,
      sample_index: t.sample_index,
      termination: t.termination,
      model: t.model.ref,
      injected: t.events.some((e) => e.injected),
      ...(t.branch ? { branch: { group_id: t.branch.group_id, index: t.branch.index, prefix_messages: t.branch.prefix_messages } } : {}),
    };
  }

  private interchangeRow(source: number, file: string, line: number, offset: number, bytes: number, value: unknown): TrajectoryRow {
    const t = validateRecord(InterchangeFacetsSchema, value, { file, line, what: "interchange trajectory" });
    // The id `decepeval judge` gives a line without one (judges/judge-input.ts), so its judgements match.
    const id = t.id ?? `${t.instance_id}#${line}`;
    const facets = this.instances.get(t.instance_id);
    return {
      id,
      source,
      kind: "interchange",
      place: { file, line, offset, bytes, ...(t.id !== undefined ? { id: t.id } : {}) },
      instance_id: t.instance_id,
      ...(facets ? { pair_id: facets.pair_id, family: facets.family, condition: facets.condition } : {}),
      ...(t.termination !== undefined ? { termination: t.termination } : {}),
      ...(t.model !== undefined ? { model: t.model } : {}),
      injected: false,
      ...(t.label !== undefined ? { human_label: t.label } : {}),
    };
  }
}
