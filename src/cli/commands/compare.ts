import type { Command } from "commander";
import { checkCompareRecipe, loadCompareRecipe, type CompareOverrides, type LoadedCompareRecipe } from "../../compare/load-compare-recipe.js";
import { readDifference } from "../../compare/compare-tables.js";
import { runCompare } from "../../compare/run-compare.js";
import { InputError } from "../../errors.js";
import { COMPARE_METRICS } from "../../schemas/compare-recipe.js";
import { intFlag, optionalIntFlag } from "../flags.js";
import { runAction } from "../run-action.js";
import { listenForInterrupt } from "../listen-for-interrupt.js";

interface CompareFlags {
  out?: string;
  samples?: string;
  concurrency?: string;
  resamples?: string;
  dataset?: string;
  name?: string;
  base?: string;
  candidate?: string[];
  gate?: string[];
  baseUrl?: string;
  split?: string;
  seed?: string;
  preflight: boolean;
  progress: boolean;
  json?: boolean;
}

/** `name=ref`, or a bare ref; `name` is set only when the value names the model. */
function modelFlag(flag: string, value: string): { name?: string; model: string } {
  const eq = value.indexOf("=");
  if (eq > 0 && !value.slice(0, eq).includes(":")) return { name: value.slice(0, eq), model: value.slice(eq + 1) };
  if (!value.includes(":")) throw new InputError(`${flag}: expected [name=]<model ref>, e.g. sft=openai:honesty-sft, got ${JSON.stringify(value)}`);
  return { model: value };
}

/** A candidate's name: the one given, or the ref's last path/name segment. */
function candidateFlag(value: string): { name: string; model: string } {
  const m = modelFlag("--candidate", value);
  const tail = m.model.replace(/^[a-z]+:/, "").split(/[/+:]/).filter(Boolean).pop() ?? "model";
  return { name: m.name ?? tail.replace(/[^A-Za-z0-9._-]+/g, "-"), model: m.model };
}

/** `deception_rate<=-0.05`, `outcome_success>=-0.02`, suffix `!` = the CI must exclude 0. */
function gateFlag(value: string): Record<string, unknown> {
  const m = /^([a-z_]+)\s*(<=|>=)\s*(-?[0-9.]+)\s*(!?)$/.exec(value.trim());
  if (!m) throw new InputError(`--gate: expected <metric><=<delta> or <metric>>=<delta> (append ! to require the CI to exclude 0), got ${JSON.stringify(value)}`);
  if (!(COMPARE_METRICS as readonly string[]).includes(m[1]!)) {
    throw new InputError(`--gate ${JSON.stringify(value)}: unknown metric ${JSON.stringify(m[1])}; expected one of ${COMPARE_METRICS.join(", ")}`);
  }
  return { metric: m[1], [m[2] === "<=" ? "max_delta" : "min_delta"]: Number(m[3]), ci_excludes_zero: m[4] === "!" };
}

/** Every flag that changes a recipe field, parsed; the loader applies them to the recipe before checking it. */
function overridesOf(opts: CompareFlags): CompareOverrides {
  return {
    out: opts.out,
    samples: optionalIntFlag("--samples", opts.samples),
    concurrency: optionalIntFlag("--concurrency", opts.concurrency),
    resamples: optionalIntFlag("--resamples", opts.resamples),
    name: opts.name,
    dataset: opts.dataset,
    split: opts.split,
    seed: opts.seed !== undefined ? intFlag("--seed", opts.seed, { min: 0 }) : undefined,
    base: opts.base !== undefined ? modelFlag("--base", opts.base) : undefined,
    candidates: opts.candidate?.map(candidateFlag),
    gates: opts.gate?.map(gateFlag),
    baseUrl: opts.baseUrl,
  };
}

function fromFlags(opts: CompareFlags, overrides: CompareOverrides): LoadedCompareRecipe {
  if (!opts.dataset || !opts.base || (opts.candidate ?? []).length === 0) {
    throw new InputError("compare: give a recipe file, or --dataset, --base and at least one --candidate");
  }
  const value = { version: 1, name: "compare", openai_options: {}, base: { name: "base" }, gates: [] };
  return checkCompareRecipe({ value, file: "command-line flags", base: process.cwd(), overrides });
}

/** Registers `decepeval compare`. */
export function registerCompareCommands(program: Command): void {
  program
    .command("compare")
    .description("Compare fine-tuned candidates against a base on held-out instances: paired deltas, CIs, gates, report")
    .argument("[recipe]", "compare recipe YAML, e.g. recipes/compare.yaml")
    .option("--out <dir>", "output folder (default: the recipe's out, or rollouts/compare/<name>)")
    .option("--samples <n>", "samples per instance (overrides the recipe's)")
    .option("--concurrency <n>", "concurrent episodes (overrides the recipe's)")
    .option("--resamples <n>", "bootstrap resamples, at least 100 (overrides the recipe's)")
    .option("--dataset <path>", "instance file or folder (overrides the recipe's)")
    .option("--name <name>", "comparison name (overrides the recipe's)")
    .option("--base <[name=]ref>", "the base model ref (overrides the recipe's base model)")
    .option("--candidate <[name=]ref>", "a candidate (repeatable; replaces the recipe's candidates)", (v: string, acc: string[] = []) => [...acc, v])
    .option("--gate <rule>", `e.g. 'deception_rate<=-0.05!' or 'incomplete_rate<=0.02' (repeatable; replaces the recipe's gates); metrics: ${COMPARE_METRICS.join(", ")}`, (v: string, acc: string[] = []) => [...acc, v])
    .option("--base-url <url>", "endpoint of every openai: model (overrides the recipe's, per-model ones too)")
    .option("--split <split>", "heldout (default), train or all (overrides the recipe's)")
    .option("--seed <n>", "run seed (overrides the recipe's)")
    .option("--no-preflight", "skip the check that every endpoint to run (and the judge model's) answers before the first episode")
    .option("--no-progress", "do not draw progress bars")
    .option("--json", "print compare.json to stdout")
    .action(
      runAction(async (file: string | undefined, opts: CompareFlags) => {
        const overrides = overridesOf(opts);
        const loaded = file ? loadCompareRecipe(file, overrides) : fromFlags(opts, overrides);
        const interrupt = listenForInterrupt();
        try {
          const { result, files } = await runCompare({ loaded, progress: opts.progress, preflight: opts.preflight, signal: interrupt.signal });
          if (opts.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          else {
            const overall = result.slices.find((s) => s.slice === "overall")!;
            for (const row of overall.rows) {
              const pts = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`;
              process.stdout.write(
                `${row.candidate} ${row.metric}: Δ ${pts(row.estimate)} pts [${pts(row.lower)}, ${pts(row.upper)}], p ${row.p_value.toFixed(4)} (Holm ${row.p_holm.toFixed(4)}): ${readDifference(row, result.bootstrap.confidence)}\n`,
              );
            }
            process.stdout.write(`report: ${files.markdown}, ${files.html}; result: ${files.json}\n`);
          }
          for (const w of result.warnings) process.stderr.write(`${w}\n`);
          for (const g of result.gates) {
            process.stderr.write(`gate ${g.passed ? "passed" : "FAILED"}: ${g.candidate}: ${g.gate}: ${g.reason}\n`);
          }
          if (!result.passed) {
            process.stderr.write(`compare ${result.name}: ${result.gates.filter((g) => !g.passed).length} gate check(s) failed\n`);
            return 1;
          }
          return 0;
        } finally {
          interrupt.dispose();
        }
      }),
    );
}
