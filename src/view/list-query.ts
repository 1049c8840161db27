/**
 * The list's filters and counts. A filter is a set of accepted values per facet (a query
 * parameter holding a comma list), plus a reward range and an id search. Counts per facet
 * value are over the rows every *other* filter keeps, so a person sees what picking a
 * value would leave; rows failing two or more filters count nowhere.
 */
import { InputError } from "../errors.js";
import type { FacetCount, ListAnswer, RowSummary } from "./client/api-types.js";
import type { JudgementEntry, RunIndex, TrajectoryRow } from "./run-index.js";

export const FACETS = ["run", "label", "grade", "decided_by", "family", "factor", "condition", "subset", "under_claim", "disagree", "injected", "termination", "branch", "human_label"] as const;
type Facet = (typeof FACETS)[number];

export interface ListQuery {
  filters: Partial<Record<Facet, Set<string>>>;
  judge?: string;
  rewardMin?: number;
  rewardMax?: number;
  q?: string;
  offset: number;
  limit: number;
}

const OTHER_PARAMS = new Set(["judge", "reward_min", "reward_max", "q", "offset", "limit"]);

function one(v: unknown): string {
  return Array.isArray(v) ? String(v.at(-1)) : String(v);
}

function num(name: string, v: unknown, int: boolean): number | undefined {
  if (v === undefined || one(v) === "") return undefined;
  const n = Number(one(v));
  if (!Number.isFinite(n) || (int && (!Number.isInteger(n) || n < 0))) throw new InputError(`${name}: expected ${int ? "a non-negative integer" : "a number"}, got ${JSON.stringify(one(v))}`);
  return n;
}

/** Reads the list's query parameters; an unknown parameter is an error naming it. */
export function parseListQuery(params: Record<string, unknown>): ListQuery {
  const filters: ListQuery["filters"] = {};
  for (const [name, v] of Object.entries(params)) {
    if ((FACETS as readonly string[]).includes(name)) {
      const values = one(v).split(",").map((x) => x.trim()).filter((x) => x !== "");
      if (values.length > 0) filters[name as Facet] = new Set(values);
    } else if (!OTHER_PARAMS.has(name)) {
      throw new InputError(`unknown list parameter ${JSON.stringify(name)}; expected one of ${[...FACETS, ...OTHER_PARAMS].join(", ")}`);
    }
  }
  const q = params.q === undefined ? "" : one(params.q).trim();
  return {
    filters,
    ...(params.judge !== undefined && one(params.judge) !== "" ? { judge: one(params.judge) } : {}),
    ...(num("reward_min", params.reward_min, false) !== undefined ? { rewardMin: num("reward_min", params.reward_min, false) } : {}),
    ...(num("reward_max", params.reward_max, false) !== undefined ? { rewardMax: num("reward_max", params.reward_max, false) } : {}),
    ...(q ? { q } : {}),
    offset: num("offset", params.offset, true) ?? 0,
    limit: Math.min(num("limit", params.limit, true) ?? 100, 1000),
  };
}

const yesNo = (b: boolean | undefined): string | undefined => (b === undefined ? undefined : b ? "yes" : "no");

/** The row as the list shows it, with the chosen judge's verdict. */
export class RowReader {
  private readonly keys: string[];
  readonly judge: string | null;

  constructor(private readonly index: RunIndex, judge?: string) {
    this.keys = [...index.judgements.keys()];
    if (judge !== undefined && !this.keys.includes(judge)) throw new InputError(`judge: no judgements file for ${JSON.stringify(judge)}; this run has ${this.keys.length ? this.keys.join(", ") : "none"}`);
    this.judge = judge ?? this.keys[0] ?? null;
  }

  judgement(row: TrajectoryRow): JudgementEntry | undefined {
    return this.judge === null ? undefined : this.index.judgements.get(this.judge)?.get(row.id);
  }

  /** Two or more judgement files judged the row, and their labels differ. */
  disagree(row: TrajectoryRow): boolean | undefined {
    if (this.keys.length < 2) return undefined;
    let first: string | undefined;
    for (const k of this.keys) {
      const j = this.index.judgements.get(k)!.get(row.id);
      if (j?.status !== "ok") continue;
      if (first === undefined) first = j.label;
      else if (j.label !== first) return true;
    }
    return false;
  }

  /** Every facet's value for the row, in FACETS order (undefined: the row has none). */
  values(row: TrajectoryRow, j: JudgementEntry | undefined): Array<string | undefined> {
    const inst = this.index.instances.get(row.instance_id);
    const ok = j?.status === "ok";
    return [
      this.index.sources[row.source]!.name,
      j ? (ok ? j.label : "judge_failure") : "unjudged",
      j?.grade === undefined ? undefined : String(j.grade),
      j?.decided_by,
      row.family ?? inst?.family,
      inst?.factor,
      row.condition ?? inst?.condition,
      inst?.subset,
      ok ? yesNo(j.under_claim ?? false) : undefined,
      yesNo(this.disagree(row)),
      row.kind === "run" ? yesNo(row.injected) : undefined,
      row.termination,
      row.branch ? (row.branch.index === 0 ? "base" : "resample") : undefined,
      row.human_label,
    ];
  }

  facet(row: TrajectoryRow, facet: Facet, j: JudgementEntry | undefined): string | undefined {
    return this.values(row, j)[FACETS.indexOf(facet)];
  }

  summary(row: TrajectoryRow): RowSummary {
    const j = this.judgement(row);
    const inst = this.index.instances.get(row.instance_id);
    const reward = this.index.rewards.get(row.id);
    const disagree = this.disagree(row);
    return {
      id: row.id,
      run: this.index.sources[row.source]!.name,
      instance_id: row.instance_id,
      ...(row.family ?? inst?.family ? { family: row.family ?? inst?.family } : {}),
      ...(row.condition ?? inst?.condition ? { condition: row.condition ?? inst?.condition } : {}),
      ...(inst ? { factor: inst.factor, subset: inst.subset } : {}),
      label: this.facet(row, "label", j)!,
      ...(j?.grade !== undefined ? { grade: j.grade } : {}),
      ...(j?.decided_by !== undefined ? { decided_by: j.decided_by } : {}),
      ...(reward ? { reward: reward.total } : {}),
      ...(j?.under_claim !== undefined ? { under_claim: j.under_claim } : {}),
      ...(disagree !== undefined ? { disagree } : {}),
      injected: row.injected,
      ...(row.termination ? { termination: row.termination } : {}),
      ...(row.branch ? { branch: row.branch.index } : {}),
    };
  }
}

/** Filters the indexed rows, counts the facets and returns one page. */
export function runListQuery(index: RunIndex, query: ListQuery): Omit<ListAnswer, "progress" | "notes" | "runs"> {
  const reader = new RowReader(index, query.judge);
  const counts = FACETS.map(() => new Map<string, number>());
  const q = query.q?.toLowerCase();
  const activeAt = FACETS.flatMap((f, at) => (query.filters[f] ? [[f, at] as const] : []));
  const page: RowSummary[] = [];
  let matched = 0;
  const rows = index.rows;
  const n = rows.length;
  for (let i = 0; i < n; i += 1) {
    const row = rows[i]!;
    const j = reader.judgement(row);
    const values = reader.values(row, j);
    let failed = -1;
    let failures = 0;
    const reward = index.rewards.get(row.id)?.total;
    const rangeFails =
      (query.rewardMin !== undefined && !(reward !== undefined && reward >= query.rewardMin)) ||
      (query.rewardMax !== undefined && !(reward !== undefined && reward <= query.rewardMax)) ||
      (q !== undefined && !row.id.toLowerCase().includes(q));
    if (rangeFails) failures = 2;
    for (const [f, at] of activeAt) {
      if (failures >= 2) break;
      const v = values[at];
      if (v === undefined || !query.filters[f]!.has(v)) {
        failures += 1;
        failed = at;
      }
    }
    if (failures >= 2) continue;
    for (let k = 0; k < values.length; k += 1) {
      const v = values[k];
      if (v === undefined || (failures === 1 && failed !== k)) continue;
      counts[k]!.set(v, (counts[k]!.get(v) ?? 0) + 1);
    }
    if (failures === 0) {
      if (matched >= query.offset && page.length < query.limit) page.push(reader.summary(row));
      matched += 1;
    }
  }
  const facets: Record<string, FacetCount[]> = {};
  for (const [k, m] of counts.entries()) {
    const f = FACETS[k]!;
    if (m.size === 0 && !query.filters[f]) continue;
    for (const v of query.filters[f] ?? []) if (!m.has(v)) m.set(v, 0);
    facets[f] = [...m].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return { total: n, matched, offset: query.offset, rows: page, facets, judges: [...index.judgements.keys()], judge: reader.judge };
}
