/**
 * Lays extracted tasks out on the balanced grid: every factor gets the same number of
 * pairs, split evenly over the three operations, with subtypes, report framings and
 * inducement wordings rotated (with the report's framing) so that none of them lines up with an operation.
 * Deterministic: the order comes from content hashes, never from time or Math.random.
 */
import { createHash } from "node:crypto";
import { InputError } from "../../errors.js";
import { FACTORS, SUBTYPES_BY_FACTOR, type Split } from "../../schemas/common.js";
import type { PlannedCodingPair } from "./assemble-instance.js";
import { scenarioAt } from "./coding-scenarios.js";
import { CODING_FRAMINGS, CODING_INDUCEMENTS, OPERATIONS, type CodingFraming, type Operation } from "./coding-texts.js";
import type { ExtractedTarget, ExtractedTask, MutationKind } from "./extracted-target.js";

export interface PoolEntry {
  target: ExtractedTarget;
  kind: MutationKind;
  task: ExtractedTask;
  /** Which of the target's mutants of this kind (0 = first choice). */
  variant: number;
  /** Stable identity, used to exclude entries that failed verification. */
  key: string;
}

function hashHex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** `heldout` for about one seed in five, decided by the seed id alone. */
export function splitForSeed(seedId: string): Split {
  return Number.parseInt(hashHex(`split:${seedId}`).slice(0, 8), 16) % 5 === 0 ? "heldout" : "train";
}

/** Every (target, kind, variant) as a pool entry, first variants first, then in hash order. */
export function taskPool(targets: ExtractedTarget[]): PoolEntry[] {
  const pool: PoolEntry[] = [];
  for (const target of targets) {
    for (const [kind, tasks] of Object.entries(target.tasks) as Array<[MutationKind, ExtractedTask[]]>) {
      tasks.forEach((task, variant) => pool.push({ target, kind, task, variant, key: `${target.key}#${kind}#${variant}` }));
    }
  }
  const order = new Map(pool.map((e) => [e.key, `${e.variant}:${hashHex(`order:${e.key}`)}`]));
  return pool.sort((a, b) => (order.get(a.key)! < order.get(b.key)! ? -1 : 1));
}

/** Which kinds may serve an operation, in order of preference. */
const KINDS_FOR: Record<Operation, MutationKind[]> = {
  code_completion: ["incomplete_implementation", "unwired_implementation"],
  code_testing: ["injected_defect"],
  // Unwired mutants left over from completion go first, so that modification mixes kinds.
  code_modification: ["unwired_implementation", "injected_defect", "incomplete_implementation"],
};

/** Fills each operation's quota from the pool, most constrained operation first. */
function assignOperations(pool: PoolEntry[], quotas: Record<Operation, number>): Record<Operation, PoolEntry[]> {
  const used = new Set<string>();
  const out = { code_completion: [], code_modification: [], code_testing: [] } as Record<Operation, PoolEntry[]>;
  for (const op of ["code_testing", "code_completion", "code_modification"] as Operation[]) {
    const quota = quotas[op];
    for (const kind of KINDS_FOR[op]) {
      for (const entry of pool) {
        if (out[op].length >= quota) break;
        if (entry.kind !== kind || used.has(entry.key)) continue;
        used.add(entry.key);
        out[op].push(entry);
      }
    }
    if (out[op].length < quota) {
      const have = pool.length;
      throw new InputError(
        `the source yields too few usable coding tasks: ${op} needs ${quota} but only ${out[op].length} fit ` +
          `(${have} tasks in all); lower --pairs-per-factor or point --from at a larger source tree`,
      );
    }
  }
  return out;
}

/**
 * The planned pairs: `pairsPerFactor` per factor (a multiple of 3 keeps operations
 * exactly balanced), `excluded` entries (failed verification) left out.
 */
export function planCodingPairs(options: {
  targets: ExtractedTarget[];
  pairsPerFactor: number;
  excluded?: ReadonlySet<string>;
}): Array<PlannedCodingPair & { entryKey: string }> {
  const { pairsPerFactor } = options;
  if (!Number.isInteger(pairsPerFactor) || pairsPerFactor < 1) {
    throw new InputError(`--pairs-per-factor: expected a positive integer, got ${pairsPerFactor}`);
  }
  const pool = taskPool(options.targets).filter((e) => !options.excluded?.has(e.key));
  const total = pairsPerFactor * FACTORS.length;
  const opAt = (i: number): Operation => OPERATIONS[Math.floor(i / FACTORS.length) % OPERATIONS.length]!;
  const quotas: Record<Operation, number> = { code_completion: 0, code_modification: 0, code_testing: 0 };
  for (let i = 0; i < total; i++) quotas[opAt(i)] += 1;
  const byOp = assignOperations(pool, quotas);
  const taken: Record<Operation, number> = { code_completion: 0, code_modification: 0, code_testing: 0 };
  const perFactorCount = new Map<string, number>();
  const framings = Object.keys(CODING_FRAMINGS) as CodingFraming[];
  const out: Array<PlannedCodingPair & { entryKey: string }> = [];
  for (let i = 0; i < total; i++) {
    const factor = FACTORS[i % FACTORS.length]!;
    const k = perFactorCount.get(factor) ?? 0;
    perFactorCount.set(factor, k + 1);
    const operation = opAt(i);
    const subtypes = SUBTYPES_BY_FACTOR[factor];
    // With three subtypes the plain k % 3 would pair each subtype with one operation.
    const sub = subtypes.length === 3 ? (k + Math.floor(k / 3)) % 3 : k % subtypes.length;
    const subtype = subtypes[sub]!;
    const entry = byOp[operation][taken[operation]++]!;
    const wording = Math.floor(k / subtypes.length) % 2;
    const seedId = `coding:${entry.target.key}`;
    out.push({
      index: i,
      target: entry.target,
      kind: entry.kind,
      task: entry.task,
      operation,
      factor,
      subtype,
      inducementText: CODING_INDUCEMENTS[factor][subtype]![wording]!,
      framing: framings[Math.floor(k / 2) % framings.length]!,
      // Scenarios cycle with the per-factor index, so every scenario meets every factor.
      scenario: scenarioAt(k),
      control: false,
      split: splitForSeed(seedId),
      seedId,
      entryKey: entry.key,
    });
  }
  return out;
}

/**
 * One feasible control pair per seed (source function) of the core plan: the same
 * function and mutant as the seed's first core pair, with the defect reported and
 * reproduced by a declared test, so the task can be completed and verified. Factors,
 * subtypes, wordings, framings and scenarios rotate over the controls in seed order.
 * `excluded` holds control keys that failed verification: the seed's next core entry
 * stands in.
 */
export function planCodingControls(options: {
  core: Array<PlannedCodingPair & { entryKey: string }>;
  excluded?: ReadonlySet<string>;
}): Array<PlannedCodingPair & { entryKey: string }> {
  const bySeed = new Map<string, Array<PlannedCodingPair & { entryKey: string }>>();
  for (const p of options.core) bySeed.set(p.seedId, [...(bySeed.get(p.seedId) ?? []), p]);
  const framings = Object.keys(CODING_FRAMINGS) as CodingFraming[];
  const out: Array<PlannedCodingPair & { entryKey: string }> = [];
  let j = 0;
  for (const entries of bySeed.values()) {
    const base = entries.find((p) => !options.excluded?.has(`${p.entryKey}#control`));
    if (!base) continue;
    const factor = FACTORS[j % FACTORS.length]!;
    const m = Math.floor(j / FACTORS.length);
    const subtypes = SUBTYPES_BY_FACTOR[factor];
    const subtype = subtypes[m % subtypes.length]!;
    const wording = Math.floor(m / subtypes.length) % 2;
    out.push({
      ...base,
      index: j,
      factor,
      subtype,
      inducementText: CODING_INDUCEMENTS[factor][subtype]![wording]!,
      framing: framings[m % framings.length]!,
      // Offset from the core rotation, so a seed's control rarely shares its core scenario.
      scenario: scenarioAt(j + 3),
      control: true,
      reported: base.task.hidden[0]!,
      entryKey: `${base.entryKey}#control`,
    });
    j += 1;
  }
  return out;
}
