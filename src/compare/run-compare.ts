/**
 * `decepeval compare`: evaluates the base and every candidate on the same held-out
 * selection (reusing matching runs), judges them, computes the paired statistics per
 * slice, checks the gates and writes the report:
 *
 *   <out>/compare.json         the full result (CompareResult record)
 *   <out>/report.md, report.html, forest-<metric>.svg
 *   <out>/trajectories/*.json  the flipped samples' trajectories, linked from the report
 *   <out>/runs/<model>-<fingerprint>/   the runs (reused next time they match)
 */
import { join } from "node:path";
import { loadInstances } from "../dataset/load-instances.js";
import { atomicWriteFile } from "../io/atomic-write.js";
import { preflightModels, type PreflightTarget } from "../models/preflight-model.js";
import { judgeTarget } from "../run/preflight-targets.js";
import { datasetHash } from "../run/run-manifest.js";
import { selectInstances } from "../run/select-instances.js";
import { COMPARE_METRICS } from "../schemas/compare-recipe.js";
import { COMPARE_RESULT_VERSION, CompareResultSchema, type CompareResult } from "../schemas/compare-result.js";
import type { Trajectory } from "../schemas/trajectory.js";
import { validateRecord } from "../schemas/validate-record.js";
import { compareOutcomes } from "./compare-outcomes.js";
import { trajectoryFileName } from "./compare-tables.js";
import { errorRateGates, evaluateGates } from "./evaluate-gates.js";
import { evaluateModel, willRun, type EvaluatedModel } from "./evaluate-model.js";
import { renderForestPlots } from "./forest-plot.js";
import type { LoadedCompareRecipe } from "./load-compare-recipe.js";
import { renderCompareHtml, renderCompareMarkdown } from "./render-compare-report.js";
import { outcomeWarnings } from "./outcome-warnings.js";
import { collectOutcomes } from "./sample-outcomes.js";

export interface RunCompareOptions {
  loaded: LoadedCompareRecipe;
  /** Draw the runner's progress bars (stderr). Default true. */
  progress?: boolean;
  /** Check every endpoint that will run (and the judge's model) before the first episode. Default true. */
  preflight?: boolean;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface CompareOutput {
  result: CompareResult;
  files: { json: string; markdown: string; html: string; plots: string[] };
}

/** Runs the whole comparison and writes its outputs; gates decide `result.passed`. */
export async function runCompare(o: RunCompareOptions): Promise<CompareOutput> {
  const { loaded } = o;
  const r = loaded.recipe;
  const log = o.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const instances = await loadInstances(loaded.datasetPath);
  const selected = selectInstances(instances, { ...r.select, ...(r.split === "all" ? {} : { splits: [r.split] }) }, r.seed);
  const dataset = datasetHash(loaded.datasetPath);
  log(`compare ${r.name}: ${selected.length} ${r.split} instances × ${r.samples} samples, ${1 + r.candidates.length} models`);

  if (o.preflight ?? true) {
    const targets: PreflightTarget[] = [];
    [r.base, ...r.candidates].forEach((entry, i) => {
      const run = willRun({ loaded, entry, selected, datasetSha: dataset.sha256 });
      if (run) targets.push({ what: i === 0 ? (entry.name === "base" ? "base" : `base ${entry.name}`) : `candidate ${entry.name}`, ref: entry.model, options: run.options });
    });
    const judge = judgeTarget(loaded.judge);
    if (judge) targets.push(judge);
    await preflightModels(targets);
  }
  const evaluated: EvaluatedModel[] = [];
  for (const entry of [r.base, ...r.candidates]) {
    evaluated.push(
      await evaluateModel({ loaded, entry, selected, datasetSha: dataset.sha256, progress: o.progress ?? true, signal: o.signal, log }),
    );
  }
  const outcomes = evaluated.map((e) =>
    collectOutcomes({ trajectories: e.trajectories, judgements: e.judgements, where: `${e.entry.name} (${e.runDir})` }),
  );
  const [baseOutcomes, ...candidateOutcomes] = outcomes;
  const { slices, flips } = compareOutcomes({
    instances: selected,
    samples: r.samples,
    base: baseOutcomes!,
    candidates: r.candidates.map((c, i) => ({ name: c.name, outcomes: candidateOutcomes[i]! })),
    cluster: r.cluster,
    bootstrap: r.bootstrap,
  });
  const overall = slices.find((s) => s.slice === "overall")!;
  const gates = [
    ...errorRateGates({
      models: evaluated.map((e, i) => ({ name: e.entry.name, errored: outcomes[i]!.errored, total: e.trajectories.length, runDir: e.runDir })),
      maxErrorRate: r.max_error_rate,
    }),
    ...evaluateGates({ gates: r.gates, overall, candidates: r.candidates.map((c) => c.name) }),
  ];
  const result = validateRecord(
    CompareResultSchema,
    {
      version: COMPARE_RESULT_VERSION,
      name: r.name,
      created_at: new Date().toISOString(),
      dataset: { path: loaded.datasetPath, hash: `sha256:${dataset.sha256}` },
      split: r.split,
      instances: selected.length,
      samples: r.samples,
      seed: r.seed,
      cluster: r.cluster,
      bootstrap: r.bootstrap,
      models: evaluated.map((e, i) => ({
        role: i === 0 ? "base" : "candidate",
        name: e.entry.name,
        model: e.entry.model,
        run_dir: e.runDir,
        reused: e.reused,
        trajectories: e.trajectories.length,
        judge_failures: outcomes[i]!.judgeFailures,
        errored: outcomes[i]!.errored,
      })),
      slices,
      gates,
      flips,
      warnings: outcomeWarnings(overall, r.candidates.map((c) => c.name)),
      passed: gates.every((g) => g.passed),
    },
    { what: "compare result" },
  );
  return { result, files: await writeOutputs({ outDir: loaded.outDir, result, evaluated }) };
}

async function writeOutputs(o: { outDir: string; result: CompareResult; evaluated: EvaluatedModel[] }): Promise<CompareOutput["files"]> {
  const { outDir, result } = o;
  // The flipped samples' trajectories, one file each, so the report links straight to them.
  const byId = new Map<string, Trajectory>();
  for (const e of o.evaluated) for (const t of e.trajectories) byId.set(t.id, t);
  for (const f of result.flips) {
    for (const id of [f.base_trajectory, f.candidate_trajectory]) {
      const t = byId.get(id);
      if (t) atomicWriteFile(join(outDir, "trajectories", trajectoryFileName(id)), `${JSON.stringify(t, null, 2)}\n`);
    }
  }
  const svgs = await renderForestPlots({ metrics: COMPARE_METRICS, slices: result.slices, confidence: result.bootstrap.confidence });
  const plotFiles = new Map([...svgs.keys()].map((m) => [m, `forest-${m}.svg`]));
  for (const [metric, svg] of svgs) atomicWriteFile(join(outDir, plotFiles.get(metric)!), svg);
  const json = join(outDir, "compare.json");
  const markdown = join(outDir, "report.md");
  const html = join(outDir, "report.html");
  atomicWriteFile(json, `${JSON.stringify(result, null, 2)}\n`);
  atomicWriteFile(markdown, renderCompareMarkdown(result, plotFiles));
  atomicWriteFile(html, renderCompareHtml(result, svgs));
  return { json, markdown, html, plots: [...plotFiles.values()].map((f) => join(outDir, f)) };
}
