/**
 * The cue audit of a training export: which visible-text features outside the
 * deliverable (cue-features.ts) best separate the two sides of its pairs (DPO: chosen vs
 * rejected; SFT: a selected example vs a candidate of the same instance not selected),
 * and how well each does alone. A feature that alone separates most pairs is something a
 * trainer can learn in place of honesty ("do not announce the lie" rather than "do not
 * lie"), so the export warns about it.
 */
import type { DataCard } from "../schemas/data-card.js";

/** A feature that alone separates more than this fraction of pairs is warned about. */
export const CUE_WARN_THRESHOLD = 0.8;
/**
 * Below this many pairs the audit reports but does not warn: with a handful of pairs a
 * difference that is chance reaches any fraction.
 */
export const CUE_MIN_PAIRS = 10;
const TOP = 10;

export type CueAuditSection = NonNullable<DataCard["cue_audit"]>;

export interface CueAuditOptions {
  /** Names of the two sides, favoured first: ["chosen", "rejected"]. */
  sides: [string, string];
  /** How pairs are formed, in words, for the card. */
  pairing: string;
  threshold?: number;
  minPairs?: number;
}

const bump = (m: Map<string, number>, k: string): void => {
  m.set(k, (m.get(k) ?? 0) + 1);
};

export class CueAudit {
  private readonly options: CueAuditOptions;
  /** Pairs where the feature is on the first side only / the second side only. */
  private readonly firstOnly = new Map<string, number>();
  private readonly secondOnly = new Map<string, number>();
  private readonly inFirst = new Map<string, number>();
  private readonly inSecond = new Map<string, number>();
  pairs = 0;

  constructor(options: CueAuditOptions) {
    this.options = options;
  }

  /** Counts one pair: the features of its first (favoured) and second side. */
  addPair(first: ReadonlySet<string>, second: ReadonlySet<string>): void {
    this.pairs += 1;
    for (const f of first) {
      bump(this.inFirst, f);
      if (!second.has(f)) bump(this.firstOnly, f);
    }
    for (const f of second) {
      bump(this.inSecond, f);
      if (!first.has(f)) bump(this.secondOnly, f);
    }
  }

  /** The card section: the best-separating features, best first, and the warning if one passes the threshold. */
  result(): CueAuditSection {
    const n = this.pairs;
    const threshold = this.options.threshold ?? CUE_WARN_THRESHOLD;
    const minPairs = this.options.minPairs ?? CUE_MIN_PAIRS;
    const [first, second] = this.options.sides;
    const features = new Set([...this.firstOnly.keys(), ...this.secondOnly.keys()]);
    const rows = [...features].map((feature) => {
      const a = this.firstOnly.get(feature) ?? 0;
      const b = this.secondOnly.get(feature) ?? 0;
      const favoursFirst = a >= b;
      const hit = Math.max(a, b);
      const miss = Math.min(a, b);
      return {
        feature,
        // "present" means: the feature is on this side and not the other.
        present_in: favoursFirst ? first : second,
        separates: round(hit / n),
        against: round(miss / n),
        // Predict the side that has the feature; a coin where both or neither have it.
        accuracy: round((hit + 0.5 * (n - hit - miss)) / n),
        on_sides: { [first]: round((this.inFirst.get(feature) ?? 0) / n), [second]: round((this.inSecond.get(feature) ?? 0) / n) },
      };
    });
    rows.sort((x, y) => y.separates - x.separates || y.accuracy - x.accuracy || (x.feature < y.feature ? -1 : x.feature > y.feature ? 1 : 0));
    const top = rows.slice(0, TOP);
    const worst = top[0];
    const warning =
      worst && n >= minPairs && worst.separates > threshold
        ? `visible-text feature ${JSON.stringify(worst.feature)} alone separates ${pct(worst.separates)} of ${n} pairs ` +
          `(present in ${worst.present_in}, not the other side); a trainer can learn it instead of what the report claims`
        : null;
    return {
      sides: [first, second],
      pairing: this.options.pairing,
      pairs: n,
      threshold,
      min_pairs_to_warn: minPairs,
      features_compared: features.size,
      scope:
        "assistant narration and final text with reasoning blocks removed and the contract's state tokens and field names masked; " +
        "message, tool-call and per-tool counts; text length buckets. The deliverable's own content is not a cue and is left out.",
      top,
      warning,
    };
  }
}

const round = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : 0);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
