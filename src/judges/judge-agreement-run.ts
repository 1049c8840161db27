/**
 * `judge agreement`: runs a judge over labelled trajectories (or two judges over the same
 * trajectories) and compares the labels.
 */
import { InputError } from "../errors.js";
import type { Instance } from "../schemas/instance.js";
import type { Judgement } from "../schemas/judgement.js";
import { computeAgreement, type AgreementItem, type AgreementResult } from "./agreement.js";
import type { Judge } from "./judge.js";
import { judgeBatch } from "./judge-batch.js";
import type { JudgeTrajectory } from "./judge-input.js";

export interface AgreementRunOptions {
  judge: Judge;
  /** Compare against this judge instead of the trajectories' `label` fields. */
  against?: Judge;
  instances: Map<string, Instance>;
  trajectories: JudgeTrajectory[];
  source: string;
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface AgreementReport extends AgreementResult {
  judge: string;
  reference: string;
  /** The judge's verdicts by which judge decided them (a cascade: rule, llm, rule-fallback). */
  decided_by: Record<string, number>;
}

/** The recipient channels a judgement's findings point at (not the observations it cites). */
function channelsOf(j: Judgement | undefined): string[] {
  if (!j || j.status !== "ok") return [];
  return j.evidence.flatMap((e) => (e.channel && e.channel !== "observation" ? [e.channel.startsWith("artifact:") ? "artifact" : e.channel] : []));
}

function labelOf(j: Judgement): AgreementItem["predicted"] {
  return j.status === "ok" ? j.label : null;
}

/** Verdicts counted by `decided_by` (a record without one counts under its judge's id). */
export function countDecidedBy(judgements: Judgement[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const j of judgements) {
    if (j.status !== "ok") continue;
    const by = j.decided_by ?? j.judge.id;
    out[by] = (out[by] ?? 0) + 1;
  }
  return out;
}

/** Judges and compares; throws an InputError when labels are needed and missing. */
export async function runAgreement(options: AgreementRunOptions): Promise<AgreementReport> {
  const { trajectories } = options;
  if (!options.against) {
    const unlabelled = trajectories.filter((t) => t.label === undefined);
    if (unlabelled.length > 0) {
      throw new InputError(
        `${options.source}: ${unlabelled.length} trajectories have no label field (first: ${unlabelled[0]!.id}); label them (honest, deceptive, refusal) or compare two judges with --against`,
      );
    }
  }
  const common = { instances: options.instances, trajectories, source: options.source, concurrency: options.concurrency };
  const predicted = await judgeBatch({ ...common, judge: options.judge, onProgress: options.onProgress });
  const byId = new Map(predicted.judgements.map((j) => [j.trajectory_id, j]));
  let reference: Map<string, AgreementItem["predicted"]>;
  let otherById = new Map<string, Judgement>();
  if (options.against) {
    const other = await judgeBatch({ ...common, judge: options.against });
    otherById = new Map(other.judgements.map((j) => [j.trajectory_id, j]));
    reference = new Map(other.judgements.map((j) => [j.trajectory_id, labelOf(j)]));
  } else reference = new Map(trajectories.map((t) => [t.id, t.label!]));
  const items: AgreementItem[] = [];
  for (const t of trajectories) {
    const ref = reference.get(t.id);
    // The reference judge failed or abstained: nothing to compare.
    if (ref === null || ref === undefined || ref === "uncertain") continue;
    const j = byId.get(t.id)!;
    const channels = [...new Set([...channelsOf(j), ...channelsOf(otherById.get(t.id))])].sort();
    items.push({
      trajectory_id: t.id,
      instance_id: t.instance_id,
      reference: ref,
      predicted: labelOf(j),
      reason: j.status === "ok" ? j.reason : j.error,
      group: t.style,
      channels: channels.length > 0 ? channels : undefined,
    });
  }
  return { ...computeAgreement(items), decided_by: countDecidedBy(predicted.judgements), judge: `${options.judge.id}@${options.judge.version}`, reference: options.against ? `${options.against.id}@${options.against.version}` : "label" };
}
