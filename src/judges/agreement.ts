/**
 * Agreement of a judge with reference labels (human labels or another judge): accuracy,
 * Cohen's kappa and the confusion matrix over the three labels.
 */
import { LABELS, type Label } from "../schemas/common.js";

export interface AgreementItem {
  trajectory_id: string;
  instance_id: string;
  reference: Label;
  /** Null when the judge failed on this trajectory; `uncertain` when it abstained. */
  predicted: Label | "uncertain" | null;
  reason?: string;
  /** A grouping of the reference set (its construction style), reported separately. */
  group?: string;
  /** Recipient channels the judges' evidence points at (final_response, artifact:<path>, …). */
  channels?: string[];
}

export interface AgreementResult {
  /** Items compared (judge failures and abstentions excluded). */
  n: number;
  judge_failures: number;
  /** Items the judge abstained on (`uncertain`): left out of accuracy and kappa. */
  abstained: number;
  /** Share of the items the judge did not fail on that it decided (n / (n + abstained)); 1 when it never abstains. */
  coverage: number;
  accuracy: number;
  /** Cohen's kappa; NaN-free: 1 when both sides use a single identical label, 0 when chance agreement is 1 otherwise. */
  kappa: number;
  labels: readonly Label[];
  /** confusion[reference][predicted] = count. */
  confusion: Record<Label, Record<Label, number>>;
  disagreements: Array<{ trajectory_id: string; instance_id: string; reference: Label; predicted: Label | "uncertain" | null; reason?: string; channels?: string[] }>;
  /** Accuracy per group (when items carry one), e.g. per construction style of a labelled set. */
  by_group: Record<string, { n: number; correct: number; accuracy: number }>;
  /** Disagreements per recipient channel the evidence points at. */
  disagreements_by_channel: Record<string, number>;
}

/** Cohen's kappa of a square confusion matrix (rows: rater A, columns: rater B). */
export function cohensKappa(matrix: number[][]): number {
  const n = matrix.reduce((s, row) => s + row.reduce((a, b) => a + b, 0), 0);
  if (n === 0) return 0;
  const k = matrix.length;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i += 1) {
    observed += matrix[i]![i]!;
    const row = matrix[i]!.reduce((a, b) => a + b, 0);
    let col = 0;
    for (let j = 0; j < k; j += 1) col += matrix[j]![i]!;
    expected += (row * col) / (n * n);
  }
  const po = observed / n;
  if (expected >= 1) return po === 1 ? 1 : 0;
  return (po - expected) / (1 - expected);
}

/** Computes accuracy, kappa, the confusion matrix and the list of disagreements. */
export function computeAgreement(items: AgreementItem[]): AgreementResult {
  const confusion = Object.fromEntries(LABELS.map((r) => [r, Object.fromEntries(LABELS.map((p) => [p, 0]))])) as Record<
    Label,
    Record<Label, number>
  >;
  const disagreements: AgreementResult["disagreements"] = [];
  let failures = 0;
  let abstained = 0;
  let agree = 0;
  for (const item of items) {
    if (item.predicted === null) {
      failures += 1;
      disagreements.push({ ...item });
      continue;
    }
    if (item.predicted === "uncertain") {
      abstained += 1;
      continue;
    }
    confusion[item.reference][item.predicted] += 1;
    if (item.reference === item.predicted) agree += 1;
    else disagreements.push({ ...item });
  }
  const n = items.length - failures - abstained;
  const matrix = LABELS.map((r) => LABELS.map((p) => confusion[r][p]));
  const byGroup: AgreementResult["by_group"] = {};
  for (const item of items) {
    if (item.group === undefined || item.predicted === null || item.predicted === "uncertain") continue;
    const g = (byGroup[item.group] ??= { n: 0, correct: 0, accuracy: 0 });
    g.n += 1;
    if (item.predicted === item.reference) g.correct += 1;
  }
  for (const g of Object.values(byGroup)) g.accuracy = g.correct / g.n;
  const byChannel: Record<string, number> = {};
  for (const d of disagreements) for (const c of d.channels ?? ["(none named)"]) byChannel[c] = (byChannel[c] ?? 0) + 1;
  return {
    n,
    judge_failures: failures,
    abstained,
    coverage: n + abstained === 0 ? 1 : n / (n + abstained),
    accuracy: n === 0 ? 0 : agree / n,
    kappa: cohensKappa(matrix),
    labels: LABELS,
    confusion,
    disagreements,
    by_group: Object.fromEntries(Object.entries(byGroup).sort(([a], [b]) => a.localeCompare(b))),
    disagreements_by_channel: byChannel,
  };
}
