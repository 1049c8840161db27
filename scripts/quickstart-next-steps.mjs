#!/usr/bin/env node
// Closes `npm run quickstart`: names the files it produced (rows from each export's data
// card, with the reason when a file came out empty), the sequence length that keeps every
// row whole, and the commands that come next.
//   node scripts/quickstart-next-steps.mjs [run folder, default rollouts/honesty-sft]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../..");
const run = resolve(root, process.argv[2] ?? "rollouts/honesty-sft");
const rel = (p) => {
  const r = relative(process.cwd(), p);
  return r === "" ? "." : r.startsWith("..") ? p : r;
};

if (!existsSync(join(run, "trajectories.jsonl"))) {
  console.error(`quickstart-next-steps: ${rel(run)}/trajectories.jsonl not found: run npm run quickstart first`);
  process.exit(2);
}

const lines = (file) => readFileSync(file, "utf8").split("\n").filter((l) => l !== "").length;
const out = ["", "Done. The quickstart wrote:", ""];
const rows = [[rel(join(run, "trajectories.jsonl")), `${lines(join(run, "trajectories.jsonl")).toLocaleString("en-US")} scored trajectories (the rollout; rerunning resumes)`]];
const exportsDir = join(run, "exports");
const cards = {};
for (const kind of ["sft", "dpo", "grpo"]) {
  const file = join(exportsDir, `${kind}.card.json`);
  if (!existsSync(file)) continue;
  const card = JSON.parse(readFileSync(file, "utf8"));
  cards[kind] = card;
  for (const f of card.files) {
    const why = f.rows === 0 ? emptyWhy(card, f.path) : "";
    rows.push([rel(join(exportsDir, basename(f.path))), `${f.rows.toLocaleString("en-US")} ${kind.toUpperCase()} rows (${f.format})${why}`]);
  }
  rows.push([`${rel(file)}`, "its data card: counts, rewards, token lengths, recommended max_length"]);
}
const width = Math.max(...rows.map(([p]) => p.length));
for (const [p, what] of rows) out.push(`  ${p.padEnd(width)}  ${what}`);

function emptyWhy(card, path) {
  const why = /openai/.test(path) ? card.filters?.openai_rows_not_expressible_why : undefined;
  return why ? ` — empty: ${why}` : " — empty";
}

const sft = cards.sft?.recommended_max_length?.qwen3;
const dpo = cards.dpo?.recommended_max_length?.qwen3;
if (sft || dpo) {
  out.push("", "Sequence lengths (Qwen3 tokenizer; the cards give Llama 3.1 too): a shorter limit cuts the report step, which is what teaches honesty:");
  if (sft) out.push(`  SFT: TRL max_length=${sft.trl.max_length}, OpenRLHF --max_len ${sft.openrlhf.max_len}, verl data.max_length=${sft.verl["data.max_length"]}`);
  if (dpo) out.push(`  DPO: TRL max_length=${dpo.trl.max_length} max_prompt_length=${dpo.trl.max_prompt_length}, OpenRLHF --max_len ${dpo.openrlhf.max_len}`);
}

// A path the shell would split or expand goes in single quotes, so each line pastes as it is.
const shellArg = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`);
// Comments line up at column 66; a longer command (a deep run folder) still keeps three spaces before its "#".
const command = (text, comment) => `${`  ${text}`.padEnd(63)}   # ${comment}`;
const runArg = shellArg(rel(run));
out.push(
  "",
  "Next:",
  command(`npx decepeval view ${runArg}`, "browse the trajectories and the judge's evidence (http://127.0.0.1:8765/)"),
  ...(cards.grpo ? [] : [command(`npx decepeval export grpo ${runArg} --format trl,parquet,verl`, "prompts for GRPO, then rewards from:")]),
  command("npx decepeval serve-rewards --dataset datasets/instances", "OpenRLHF /get_reward, batch /v1/rewards"),
  command("bash scripts/setup.sh --trainers", "TRL, transformers, torch (CPU) in .venv-trainers"),
  command(`.venv-trainers/bin/python scripts/trainers/train_sft.py --data ${shellArg(`${rel(run)}/exports/sft.trl.jsonl`)} --model Qwen/Qwen3-0.6B --out adapters/sft`, "--tiny on CPU"),
  command("npx decepeval compare recipes/compare.yaml", "before/after fine-tuning on held-out tasks"),
  "",
  "Reference: docs/reference/cli.md (every command), docs/reference/formats.md (record and recipe formats).",
);
console.log(out.join("\n"));
