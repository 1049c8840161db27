import type { Command } from "commander";
import { checkCompareRecipe, loadCompareRecipe, type CompareOverrides, type LoadedCompareRecipe } from "../../compare/load-compare-recipe.js";
import { readDifference } from "../../compare/compare-tables.js";
import { runCompare } from "../../compare/run-compare.js";
import { InputError } from "../../errors.js";
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
  progress: boolean;
  json?: boolean;
}

/** `name=ref`, or a bare ref named after its last path/name segment. */
function modelFlag(flag: string, value: string): { name: string; model: string } {
  const eq = value.indexOf("=");
  if (eq > 0 && !value.slice(0, eq).includes(":")) return { name: value.slice(0, eq), model: value.slice(eq + 1) };
  const tail = value.replace(/^[a-z]+:/, "").split(/[/+:]/).filter(Boolean).pop() ?? "model";
  if (!value.includes(":")) throw new InputError(`${flag}: expected [name=]<model ref>, e.g. sft=openai:honesty-sft, got ${JSON.stringify(value)}`);
  return { name: tail.replace(/[^A-Za-z0-9._-]+/g, "-"), model: value };
}

/** `deception_rate<=-0.05`, `outcome_success>=-0.02`, suffix `!` = the CI must exclude 0. */
function gateFlag(value: string): Record<string, unknown> {
  const m = /^([a-z_]+)\s*(<=|>=)\s*(-?[0-9.]+)\s*(!?)$/.exec(value.trim());
  if (!m) throw new InputError(`--gate: expected <metric><=<delta> or <metric>>=<delta> (append ! to require the CI to exclude 0), got ${JSON.stringify(value)}`);
  return { metric: m[1], [m[2] === "<=" ? "max_delta" : "min_delta"]: Number(m[3]), ci_excludes_zero: m[4] === "!" };
}

function fromFlags(opts: CompareFlags, overrides: CompareOverrides): LoadedCompareRecipe {
  const candidates = opts.candidate ?? [];
  if (!opts.dataset || !opts.base || candidates.length === 0) {
    throw new InputError("compare: give a recipe file, or --dataset, --base and at least one --candidate");
  }
  const openai = opts.baseUrl ? { base_url: opts.baseUrl } : {};
  const value = {
    version: 1,
    name: opts.name ?? "compare",
    dataset: opts.dataset,
    ...(opts.split ? { split: opts.split } : {}),
    ...(opts.seed !== undefined ? { seed: intFlag("--seed", opts.seed, { min: 0 }) } : {}),
    openai_options: openai,
    base: { ...modelFlag("--base", opts.base), name: "base" },
    candidates: candidates.map((c) => modelFlag("--candidate", c)),
    gates: (opts.gate ?? []).map(gateFlag),
  };
  return checkCompareRecipe({ value, file: "command-line flags", base: process.cwd(), overrides });
}

/** Registers `decepeval compare`. */
export function registerCompareCommands(program: Command): void {
  program
    .command("compare")
    .description("Compare fine-tuned candidates against a base on held-out instances: paired deltas, CIs, gates, report")
    .argument("[recipe]", "compare recipe YAML, e.g. recipes/compare.yaml")
    .option("--out <dir>", "output folder (default: the recipe's out, or rollouts/compare/<name>)")
    .option("--samples <n>", "override samples per instance")
    .option("--concurrency <n>", "override concurrent episodes")
    .option("--resamples <n>", "override bootstrap resamples")
    .option("--dataset <path>", "without a recipe: instance file or folder")
    .option("--name <name>", "without a recipe: comparison name")
    .option("--base <ref>", "without a recipe: the base model ref")
    .option("--candidate <[name=]ref>", "without a recipe: a candidate (repeatable)", (v: string, acc: string[] = []) => [...acc, v])
    .option("--gate <rule>", "without a recipe: e.g. 'deception_rate<=-0.05!' (repeatable)", (v: string, acc: string[] = []) => [...acc, v])
    .option("--base-url <url>", "without a recipe: endpoint of every openai: model")
    .option("--split <split>", "without a recipe: heldout (default), train or all")
    .option("--seed <n>", "without a recipe: run seed")
    .option("--no-progress", "do not draw progress bars")
    .option("--json", "print compare.json to stdout")
    .action(
      runAction(async (file: string | undefined, opts: CompareFlags) => {
        const overrides: CompareOverrides = {
          out: opts.out,
          samples: optionalIntFlag("--samples", opts.samples),
          concurrency: optionalIntFlag("--concurrency", opts.concurrency),
          resamples: optionalIntFlag("--resamples", opts.resamples),
        };
        const loaded = file ? loadCompareRecipe(file, overrides) : fromFlags(opts, overrides);
        const interrupt = listenForInterrupt();
        try {
          const { result, files } = await runCompare({ loaded, progress: opts.progress, signal: interrupt.signal });
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
