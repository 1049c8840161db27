// Renders the generated reference from the code that defines it: the CLI reference from
// the commander command tree (src/cli/program.ts and src/cli/commands/*), and JSON Schema
// files from the zod schemas (src/schemas/*). Output depends only on the code, so
// test/docs/reference.test.ts can compare the committed files with a fresh rendering.
// Needs dist/ (npm run build).
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const dist = (p) => pathToFileURL(join(root, "dist", p)).href;

/** The schema files: name, title, what the file holds, the zod schema, and which side of it. */
async function schemaSpecs() {
  const s = await import(dist("schemas/index.js"));
  const { CompareRecipeSchema } = await import(dist("schemas/compare-recipe.js"));
  const { CompareResultSchema } = await import(dist("schemas/compare-result.js"));
  // A rollout recipe is a run recipe plus its `rollout:` section (src/rollout/load-rollout-recipe.ts).
  const RolloutRecipeSchema = s.RecipeSchema.extend({ rollout: s.RolloutSectionSchema.optional() });
  return [
    { name: "recipe", title: "Run recipe (decepeval run)", schema: s.RecipeSchema, io: "input" },
    { name: "rollout-recipe", title: "Rollout recipe (decepeval rollout)", schema: RolloutRecipeSchema, io: "input" },
    { name: "compare-recipe", title: "Compare recipe (decepeval compare)", schema: CompareRecipeSchema, io: "input" },
    { name: "instance", title: "Instance record (datasets/instances/*.jsonl)", schema: s.InstanceSchema, io: "output" },
    { name: "trajectory", title: "Trajectory record (trajectories.jsonl)", schema: s.TrajectorySchema, io: "output" },
    { name: "interchange-trajectory", title: "Interchange trajectory (bring your own trajectories)", schema: s.InterchangeTrajectorySchema, io: "input" },
    { name: "judgement", title: "Judgement record", schema: s.JudgementSchema, io: "output" },
    { name: "reward", title: "Reward record", schema: s.RewardSchema, io: "output" },
    { name: "run-manifest", title: "Run manifest (manifest.json)", schema: s.RunManifestSchema, io: "output" },
    { name: "data-card", title: "Data card of an export (card.json)", schema: s.DataCardSchema, io: "output" },
    { name: "trl-sft-row", title: "SFT row, TRL messages format", schema: s.TrlSftRowSchema, io: "output" },
    { name: "openai-sft-row", title: "SFT row, OpenAI chat fine-tuning format", schema: s.OpenAiSftRowSchema, io: "output" },
    { name: "trl-dpo-row", title: "DPO row, TRL preference format", schema: s.TrlDpoRowSchema, io: "output" },
    { name: "openai-dpo-row", title: "DPO row, OpenAI preference format", schema: s.OpenAiDpoRowSchema, io: "output" },
    { name: "grpo-prompt-row", title: "GRPO prompt row", schema: s.GrpoPromptRowSchema, io: "output" },
    { name: "compare-result", title: "Compare result (compare.json)", schema: CompareResultSchema, io: "output" },
  ];
}

function jsonSchema(spec) {
  const body = z.toJSONSchema(spec.schema, { io: spec.io, unrepresentable: "any" });
  const { $schema, ...rest } = body;
  return `${JSON.stringify({ $schema, $id: `${spec.name}.schema.json`, title: spec.title, ...rest }, null, 2)}\n`;
}

const cell = (text) => String(text ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ");

function argumentLine(a) {
  const name = `${a.name()}${a.variadic ? "..." : ""}`;
  return a.required ? `<${name}>` : `[${name}]`;
}

function commandSection(cmd, path) {
  const full = [...path, cmd.name()].join(" ");
  const lines = [`## \`${full}\``, "", cmd.description(), ""];
  const usage = [full, ...(cmd.options.length > 0 ? ["[options]"] : []), ...cmd.registeredArguments.map(argumentLine)].join(" ");
  if (cmd.commands.length === 0 || cmd.registeredArguments.length > 0) lines.push("```text", usage, "```", "");
  if (cmd.registeredArguments.length > 0) {
    lines.push("| argument | description |", "|---|---|");
    for (const a of cmd.registeredArguments) lines.push(`| \`${argumentLine(a)}\` | ${cell(a.description)} |`);
    lines.push("");
  }
  const options = cmd.options.filter((o) => !o.hidden);
  if (options.length > 0) {
    lines.push("| option | description | default |", "|---|---|---|");
    for (const o of options) {
      const choices = o.argChoices ? ` (one of: ${o.argChoices.join(", ")})` : "";
      const dflt = o.defaultValue === undefined ? "" : `\`${cell(JSON.stringify(o.defaultValue))}\``;
      lines.push(`| \`${cell(o.flags)}\` | ${cell(o.description)}${choices} | ${dflt} |`);
    }
    lines.push("");
  }
  if (cmd.commands.length > 0) {
    lines.push("Subcommands: " + cmd.commands.map((c) => `[\`${c.name()}\`](#${anchor([...path, cmd.name(), c.name()].join(" "))})`).join(", ") + ".", "");
  }
  return [lines.join("\n"), ...cmd.commands.flatMap((c) => commandSection(c, [...path, cmd.name()]))];
}

/** GitHub's heading anchor for `## \`a b\``. */
function anchor(title) {
  return title.toLowerCase().replace(/[^a-z0-9 -]/g, "").replace(/ /g, "-");
}

async function cliReference() {
  const { buildProgram } = await import(dist("cli/program.js"));
  const program = await buildProgram();
  const top = program.commands.map((c) => `- [\`decepeval ${c.name()}\`](#${anchor(`decepeval ${c.name()}`)}): ${c.description()}`);
  const head = [
    "<!-- Generated by `npm run gen:reference` from the command definitions (src/cli/). Do not edit by hand. -->",
    "# CLI reference",
    "",
    program.description(),
    "",
    "Exit status: 0 success, 1 a check or gate failed (or some input was skipped and reported), 2 bad input or usage, 130 interrupted.",
    "",
    ...top,
    "",
  ].join("\n");
  const sections = program.commands.flatMap((c) => commandSection(c, ["decepeval"]));
  return `${[head, ...sections].join("\n").trimEnd()}\n`;
}

function schemaIndex(specs) {
  const lines = [
    "<!-- Generated by `npm run gen:reference` from the zod schemas (src/schemas/). Do not edit by hand. -->",
    "# Record and recipe formats",
    "",
    "JSON Schema (draft 2020-12) files generated from the zod schemas the code validates with. Recipes are",
    "described as you write them (defaults optional); records as decepeval writes them.",
    "Point your editor at one with a first line such as",
    "`# yaml-language-server: $schema=../docs/reference/schemas/rollout-recipe.schema.json` (the bundled recipes do).",
    "",
    "| file | what it describes |",
    "|---|---|",
    ...specs.map((s) => `| [\`schemas/${s.name}.schema.json\`](schemas/${s.name}.schema.json) | ${s.title} |`),
    "",
  ];
  return lines.join("\n");
}

/** Every generated reference file: path relative to the repository root -> content. */
export async function renderReference() {
  const specs = await schemaSpecs();
  const files = new Map();
  files.set("docs/reference/cli.md", await cliReference());
  files.set("docs/reference/formats.md", schemaIndex(specs));
  for (const spec of specs) files.set(`docs/reference/schemas/${spec.name}.schema.json`, jsonSchema(spec));
  return files;
}
