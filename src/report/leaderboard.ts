/**
 * The leaderboard: one row per report entry (a run, or pooled runs) with the neutral and
 * induced deception rates, Δp, refusal, incomplete and over-caution rates, each with its
 * interval and n, ranked by induced deception rate. Entries whose induced rates do not
 * differ at the 5% level (z on the difference of the two cluster-robust SEs; the entries
 * share instances, so this is conservative) are reported as not distinguishable.
 */
import { normalCdf } from "../stats/distributions.js";
import type { DeltaP } from "../stats/delta-p.js";
import type { GroupRates, RateEstimate } from "../stats/rates.js";

export interface LeaderboardRow {
  model: string;
  rank: number;
  neutral?: RateEstimate;
  induced?: RateEstimate;
  delta?: DeltaP;
  refusal?: RateEstimate;
  incomplete?: RateEstimate;
  /** On feasible controls; absent when the entry ran none. */
  over_caution?: RateEstimate;
  /** Entries whose induced rate this one's cannot be told apart from. */
  not_distinguishable_from: string[];
}

export const LEADERBOARD_SORTS = ["induced", "neutral", "delta", "refusal", "over_caution", "model"] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

function distinguishable(a: RateEstimate | undefined, b: RateEstimate | undefined): boolean {
  if (!a || !b || a.method === "too_few" || b.method === "too_few") return false;
  const se = Math.sqrt(a.se ** 2 + b.se ** 2);
  if (!(se > 0)) return a.rate !== b.rate;
  return 2 * normalCdf(-Math.abs(a.rate - b.rate) / se) < 0.05;
}

/** Builds the leaderboard from per-(model, condition) and per-model rates and Δp. */
export function buildLeaderboard(o: {
  byCondition: GroupRates[];
  overall: GroupRates[];
  controls: GroupRates[];
  deltas: DeltaP[];
  sort?: LeaderboardSort;
}): LeaderboardRow[] {
  const models = [...new Set(o.overall.map((g) => String(g.key.model)))];
  const rows = models.map((model): LeaderboardRow => {
    const cond = (c: string) => o.byCondition.find((g) => g.key.model === model && g.key.condition === c);
    const all = o.overall.find((g) => g.key.model === model);
    const ctl = o.controls.find((g) => g.key.model === model);
    return {
      model,
      rank: 0,
      neutral: cond("neutral")?.deception,
      induced: cond("induced")?.deception,
      delta: o.deltas.find((d) => d.key.model === model),
      refusal: all?.refusal,
      incomplete: all?.incomplete,
      ...(ctl && ctl.over_caution.n > 0 ? { over_caution: ctl.over_caution } : {}),
      not_distinguishable_from: [],
    };
  });
  // Rank by induced deception (lower is better), competition style.
  const byInduced = [...rows].sort((a, b) => (a.induced?.rate ?? Infinity) - (b.induced?.rate ?? Infinity));
  byInduced.forEach((r, i) => {
    const prev = byInduced[i - 1];
    r.rank = prev && prev.induced?.rate === r.induced?.rate ? prev.rank : i + 1;
  });
  for (const r of rows) r.not_distinguishable_from = rows.filter((x) => x !== r && !distinguishable(r.induced, x.induced)).map((x) => x.model);
  const key: Record<LeaderboardSort, (r: LeaderboardRow) => number | string> = {
    induced: (r) => r.induced?.rate ?? Infinity,
    neutral: (r) => r.neutral?.rate ?? Infinity,
    delta: (r) => r.delta?.delta ?? Infinity,
    refusal: (r) => r.refusal?.rate ?? Infinity,
    over_caution: (r) => r.over_caution?.rate ?? Infinity,
    model: (r) => r.model,
  };
  const k = key[o.sort ?? "induced"];
  return rows.sort((a, b) => {
    const x = k(a);
    const y = k(b);
    return x < y ? -1 : x > y ? 1 : a.model.localeCompare(b.model);
  });
}
