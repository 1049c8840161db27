/**
 * Accumulates what an export holds and writes its data card beside the files.
 */
import { atomicWriteFile } from "../io/atomic-write.js";
import { DATA_CARD_VERSION, type DataCard } from "../schemas/data-card.js";
import { recommendedMaxLength } from "./recommended-max-length.js";

const BINS = 10;

function histogram(values: readonly number[]): DataCard["reward"]["histogram"] {
  if (values.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === hi) return [{ lo, hi, count: values.length }];
  // Same binning as numpy.histogram(values, bins=10): linspace edges, then the index
  // from the scaled offset corrected against the edges, the top edge in the last bin.
  const step = (hi - lo) / BINS;
  const edges = Array.from({ length: BINS + 1 }, (_, i) => (i === BINS ? hi : lo + i * step));
  const norm = BINS / (hi - lo);
  const counts = new Array<number>(BINS).fill(0);
  for (const v of values) {
    let i = Math.floor((v - lo) * norm);
    if (i === BINS) i -= 1;
    if (v < edges[i]!) i -= 1;
    else if (i !== BINS - 1 && v >= edges[i + 1]!) i += 1;
    counts[i]! += 1;
  }
  return counts.map((count, i) => ({ lo: edges[i]!, hi: edges[i + 1]!, count }));
}

const bump = (record: Record<string, number>, key: string, by = 1): void => {
  record[key] = (record[key] ?? 0) + by;
};

export class DataCardBuilder {
  private readonly kind: DataCard["kind"];
  private readonly byFamily: Record<string, number> = {};
  private readonly byFactor: Record<string, number> = {};
  private readonly byLabel: Record<string, number> = {};
  private readonly rewards: number[] = [];
  rows = 0;
  duplicates = 0;

  constructor(kind: DataCard["kind"]) {
    this.kind = kind;
  }

  /** Counts one exported row: its instance's family and factor, the labels and rewards it uses. */
  add(row: { family: string; factor: string; labels: string[]; rewards: number[] }): void {
    this.rows += 1;
    bump(this.byFamily, row.family);
    bump(this.byFactor, row.factor);
    for (const l of row.labels) bump(this.byLabel, l);
    this.rewards.push(...row.rewards);
  }

  build(options: {
    files: DataCard["files"];
    sourceRuns: string[];
    datasetHash: string | null;
    filters: Record<string, unknown>;
    tokens?: DataCard["tokens"];
    cueAudit?: DataCard["cue_audit"];
  }): DataCard {
    const n = this.rewards.length;
    let sum = 0;
    for (const v of this.rewards) sum += v;
    return {
      version: DATA_CARD_VERSION,
      kind: this.kind,
      files: options.files,
      created_at: new Date().toISOString(),
      source_runs: options.sourceRuns,
      dataset_hash: options.datasetHash,
      filters: options.filters,
      counts: {
        rows: this.rows,
        duplicates_removed: this.duplicates,
        by_family: this.byFamily,
        by_factor: this.byFactor,
        by_label: this.byLabel,
      },
      reward: {
        min: n ? this.rewards.reduce((a, b) => Math.min(a, b)) : null,
        max: n ? this.rewards.reduce((a, b) => Math.max(a, b)) : null,
        mean: n ? sum / n : null,
        histogram: histogram(this.rewards),
      },
      ...(options.tokens ? { tokens: options.tokens, recommended_max_length: recommendedMaxLength(this.kind, options.tokens) } : {}),
      ...(options.cueAudit ? { cue_audit: options.cueAudit } : {}),
    };
  }
}

/** Writes a data card as pretty JSON, atomically. */
export function writeDataCard(path: string, card: DataCard): void {
  atomicWriteFile(path, `${JSON.stringify(card, null, 2)}\n`);
}
