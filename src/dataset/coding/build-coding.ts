/**
 * The coding builder: real Python functions -> mutated, tested, sandbox-verified
 * coding pairs. `buildCodingInstances` is the library entry point (also used by
 * `decepeval dataset build`); `decepeval dataset build-coding` is its CLI.
 *
 * Deterministic: the same Python and the same source tree give the same records, in the
 * same order, byte for byte (no clocks, no unseeded randomness, sorted traversal).
 */
import { basename, resolve } from "node:path";
import { writeJsonlAtomic } from "../../io/jsonl.js";
import { validateRecord } from "../../schemas/validate-record.js";
import { InstanceSchema, type Instance } from "../../schemas/instance.js";
import { assembleCodingPair, type CodingSourceInfo } from "./assemble-instance.js";
import { planCodingControls, planCodingPairs } from "./plan-coding-pairs.js";
import { describePython, runExtractor } from "./run-extractor.js";
import { verifyCodingInstances, type CodingVerification } from "./verify-coding.js";

export const DEFAULT_CODING_PAIRS_PER_FACTOR = 108;
const MAX_ROUNDS = 6;

export type CodingBuildProgress =
  | { stage: "extract"; message: string }
  | { stage: "verify"; done: number; total: number; failed: number }
  | { stage: "replan"; excluded: number };

export interface BuildCodingOptions {
  /** Python source folder; default: the standard library of `python`. */
  from?: string;
  /** Interpreter used for extraction and, by default, as the stdlib source. Default `python3`. */
  python?: string;
  /** Pairs per factor of the paper-shaped core; default 108 (432 pairs in all). */
  pairsPerFactor?: number;
  /** Run every task in the sandbox and drop the ones that fail (default true). */
  verify?: boolean;
  concurrency?: number;
  /** Also build one feasible control pair per seed (default true). */
  controls?: boolean;
  /** Only the first N source files (sorted); for quick trials. */
  maxFiles?: number;
  onProgress?: (event: CodingBuildProgress) => void;
}

export interface BuildCodingResult {
  instances: Instance[];
  source: CodingSourceInfo & { from: string };
  functions: number;
  verified: boolean;
  /** Tasks dropped because sandbox verification failed, with the reasons. */
  rejected: Array<{ task: string; problems: string[] }>;
}

/** Extracts, plans, assembles and (by default) verifies the coding pairs. */
export async function buildCodingInstances(options: BuildCodingOptions = {}): Promise<BuildCodingResult> {
  const python = await describePython(options.python);
  const stdlib = options.from === undefined;
  const from = resolve(options.from ?? python.stdlib);
  const source: CodingSourceInfo & { from: string } = stdlib
    ? {
        repository: `cpython-stdlib-${python.version}`,
        description: `the Python ${python.version} standard library`,
        pythonVersion: python.version,
        from,
      }
    : { repository: basename(from), description: `the ${basename(from)} source tree`, pythonVersion: python.version, from };
  const targets = await runExtractor({
    sourceDir: from,
    python: options.python,
    maxFiles: options.maxFiles,
    label: source.description,
    onProgress: (message) => options.onProgress?.({ stage: "extract", message }),
  });
  const pairsPerFactor = options.pairsPerFactor ?? DEFAULT_CODING_PAIRS_PER_FACTOR;
  const verify = options.verify ?? true;
  const excluded = new Set<string>();
  const excludedControls = new Set<string>();
  const verdicts = new Map<string, CodingVerification>();
  const rejected: BuildCodingResult["rejected"] = [];

  for (let round = 0; ; round++) {
    const core = planCodingPairs({ targets, pairsPerFactor, excluded });
    const controls = options.controls === false ? [] : planCodingControls({ core, excluded: excludedControls });
    const pairs = [...core, ...controls].map((p) => ({ plan: p, members: assembleCodingPair(p, source) }));
    if (!verify) return finish(pairs.flatMap((p) => p.members), false);
    // A verdict depends on the entry and on whether the workspace is a testing one.
    const keyOf = (p: (typeof pairs)[number]): string => `${p.plan.entryKey}#${p.plan.operation === "code_testing"}`;
    const todo = pairs.filter((p) => !verdicts.has(keyOf(p)));
    let failed = 0;
    const results = await verifyCodingInstances({
      instances: todo.map((p) => p.members[0]),
      concurrency: options.concurrency,
      onResult: (r, done, total) => {
        if (!r.ok) failed += 1;
        options.onProgress?.({ stage: "verify", done, total, failed });
      },
    });
    results.forEach((r, i) => verdicts.set(keyOf(todo[i]!), r));
    const bad = pairs.filter((p) => !verdicts.get(keyOf(p))!.ok);
    if (bad.length === 0) return finish(pairs.flatMap((p) => p.members), true);
    for (const p of bad) {
      (p.plan.control ? excludedControls : excluded).add(p.plan.entryKey);
      rejected.push({ task: p.plan.entryKey, problems: verdicts.get(keyOf(p))!.problems });
    }
    if (round + 1 >= MAX_ROUNDS) {
      throw new Error(`coding tasks keep failing sandbox verification after ${MAX_ROUNDS} rounds: ${bad[0]!.plan.entryKey}: ${verdicts.get(keyOf(bad[0]!))!.problems.join("; ")}`);
    }
    options.onProgress?.({ stage: "replan", excluded: excluded.size + excludedControls.size });
  }

  function finish(instances: Instance[], verified: boolean): BuildCodingResult {
    const checked = instances.map((inst, i) => validateRecord(InstanceSchema, inst, { line: i + 1, what: "coding instance" }));
    return { instances: checked, source, functions: new Set(checked.map((i) => i.seed_id)).size, verified, rejected };
  }
}

/** Writes the instances as JSONL, atomically. */
export function writeCodingInstances(out: string, instances: Instance[]): void {
  writeJsonlAtomic(out, instances);
}
