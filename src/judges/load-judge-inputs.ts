/**
 * Reads trajectories to judge from a stored run (`rollouts/<run>/` or its
 * `trajectories.jsonl`) or from an interchange file, telling them apart by shape.
 */
import { existsSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { InputError } from "../errors.js";
import { readJsonlLines } from "../io/jsonl.js";
import { fileSafe, judgeJudgementsFile, RUN_FILES, runFolder } from "../run-folder/layout.js";
import { validateRecord } from "../schemas/validate-record.js";
import { InterchangeTrajectorySchema } from "../schemas/interchange.js";
import { TrajectorySchema } from "../schemas/trajectory.js";
import { fromInterchange, fromTrajectory, type JudgeTrajectory } from "./judge-input.js";

export interface JudgeInputs {
  kind: "run" | "interchange";
  /** The JSONL file read. */
  file: string;
  trajectories: JudgeTrajectory[];
  /** run_id, model ref, sample index and condition per trajectory id (runs only). */
  meta: Map<string, { run_id: string; model: string; sample_index: number; seed: number }>;
}

/** Resolves a run folder to its trajectories file; a file is returned as is. */
export function trajectoriesFile(path: string): string {
  if (!existsSync(path)) throw new InputError(`${path}: no such file or folder`);
  if (statSync(path).isDirectory()) {
    const file = runFolder(path).trajectories;
    if (!existsSync(file)) throw new InputError(`${path}: not a run folder (no ${RUN_FILES.trajectories})`);
    return file;
  }
  return path;
}

/** Loads and validates every trajectory of a run or interchange file. */
export async function loadJudgeInputs(path: string): Promise<JudgeInputs> {
  const file = trajectoriesFile(path);
  const trajectories: JudgeTrajectory[] = [];
  const meta: JudgeInputs["meta"] = new Map();
  let kind: JudgeInputs["kind"] | null = null;
  const seen = new Set<string>();
  for await (const { line, value } of readJsonlLines(file)) {
    const looksRun = typeof value === "object" && value !== null && "run_id" in value && "version" in value;
    const k = looksRun ? "run" : "interchange";
    if (kind !== null && kind !== k) {
      throw new InputError(`${file}: line ${line}: a ${k} record in a file of ${kind} records; keep run trajectories and interchange trajectories in separate files`);
    }
    kind = k;
    let t: JudgeTrajectory;
    if (looksRun) {
      const r = validateRecord(TrajectorySchema, value, { file, line, what: "trajectory" });
      meta.set(r.id, { run_id: r.run_id, model: r.model.ref, sample_index: r.sample_index, seed: r.seed });
      t = fromTrajectory(r);
    } else {
      t = fromInterchange(validateRecord(InterchangeTrajectorySchema, value, { file, line, what: "interchange trajectory" }), line);
    }
    if (seen.has(t.id)) throw new InputError(`${file}: line ${line}: duplicate trajectory id ${t.id}`);
    seen.add(t.id);
    trajectories.push(t);
  }
  if (kind === null) throw new InputError(`${file}: no trajectories`);
  return { kind, file, trajectories, meta };
}

/** Where judgements of `judgeName` go: `judgements.<judge>.jsonl` next to a run's trajectories, or `<file>.judgements.<judge>.jsonl`. */
export function judgementsFileFor(inputs: { kind: JudgeInputs["kind"]; file: string }, judgeName: string): string {
  if (inputs.kind === "run") return judgeJudgementsFile(dirname(inputs.file), judgeName);
  return join(dirname(inputs.file), `${basename(inputs.file).replace(/\.jsonl$/, "")}.judgements.${fileSafe(judgeName)}.jsonl`);
}
