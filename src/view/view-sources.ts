/**
 * What `decepeval view` opens: run folders (`rollouts/<run>/`, their shards when the run
 * was never merged) and interchange files, resolved to the JSONL files the index reads.
 * Judgement files are keyed by the judge part of their name (`judgements.jsonl` is the
 * rollout's own judge), so two runs judged by the same judge share one key.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { InputError } from "../errors.js";
import { readManifest } from "../report/collect-outcomes.js";
import { listShardDirs, RUN_FILES, runFolder } from "../run-folder/layout.js";

export interface JudgementSource {
  /** `rollout` for `judgements.jsonl`, else the `<judge>` of `judgements.<judge>.jsonl`. */
  key: string;
  file: string;
}

export interface ViewSource {
  kind: "run" | "interchange";
  /** The run folder's name (what the report's `run` column says), or the interchange file's name. */
  name: string;
  /** The folder holding the run, or the interchange file's folder. */
  dir: string;
  trajectoryFiles: string[];
  judgements: JudgementSource[];
  rewardFiles: string[];
  /** The instances the run's manifest names, when it names them. */
  datasetPath?: string;
  /** The run's `report/` folder when `decepeval report` wrote one. */
  reportDir?: string;
}

const JUDGEMENTS_NAME = /^judgements(?:\.(.+))?\.jsonl$/;

function judgementFilesIn(dir: string): JudgementSource[] {
  const out: JudgementSource[] = [];
  for (const name of readdirSync(dir).sort()) {
    const m = JUDGEMENTS_NAME.exec(name);
    if (m) out.push({ key: m[1] ?? "rollout", file: join(dir, name) });
  }
  // In the order the report tries them (run-folder/layout.ts judgementsFileNames): the rollout's own judge, then the rule judge, then the rest.
  const rank = (k: string) => (k === "rollout" ? 0 : k === "rule" ? 1 : 2);
  return out.sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}

function runSource(dir: string): ViewSource {
  const run = runFolder(dir);
  const folders = existsSync(run.trajectories) ? [dir] : listShardDirs(dir).filter((d) => existsSync(runFolder(d).trajectories));
  if (folders.length === 0) throw new InputError(`${dir}: not a run folder (no ${RUN_FILES.trajectories}, and no shards holding one)`);
  const judgements = folders.flatMap(judgementFilesIn);
  const manifest = readManifest(dir) ?? readManifest(folders[0]!);
  return {
    kind: "run",
    name: basename(dir.replace(/\/+$/, "")),
    dir,
    trajectoryFiles: folders.map((d) => runFolder(d).trajectories),
    judgements,
    rewardFiles: folders.map((d) => runFolder(d).rewards).filter((f) => existsSync(f)),
    ...(manifest?.datasetPath ? { datasetPath: manifest.datasetPath } : {}),
    ...(existsSync(join(run.report, "report.html")) ? { reportDir: run.report } : {}),
  };
}

/** An interchange file's judgements sit beside it as `<file>.judgements.<judge>.jsonl` (what `decepeval judge` writes). */
function interchangeSource(file: string): ViewSource {
  const dir = dirname(file);
  const stem = basename(file).replace(/\.jsonl$/, "");
  const prefix = `${stem}.judgements.`;
  const judgements = readdirSync(dir)
    .filter((n) => n.startsWith(prefix) && n.endsWith(".jsonl"))
    .sort()
    .map((n) => ({ key: n.slice(prefix.length, -".jsonl".length), file: join(dir, n) }));
  return { kind: "interchange", name: basename(file), dir, trajectoryFiles: [file], judgements, rewardFiles: [] };
}

/**
 * Resolves each path given to `decepeval view`: a folder is a run, a file is an interchange
 * file (or a run's `trajectories.jsonl`, read as its run folder).
 */
export function resolveViewSources(paths: string[]): ViewSource[] {
  if (paths.length === 0) throw new InputError("view: name a run folder or an interchange file");
  const out = paths.map((path) => {
    if (!existsSync(path)) throw new InputError(`${path}: no such run folder or file`);
    if (statSync(path).isDirectory()) return runSource(path);
    if (basename(path) === RUN_FILES.trajectories) return runSource(dirname(path));
    return interchangeSource(path);
  });
  const names = out.map((s) => s.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new InputError(`view: two sources are both named ${JSON.stringify(dup)}; the viewer tells runs apart by folder name`);
  return out;
}
