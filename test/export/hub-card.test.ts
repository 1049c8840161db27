/**
 * The export folder is a dataset repository: `decepeval export sft|dpo|grpo` into one
 * folder leaves a README.md whose YAML header names one config per kind, with paths
 * relative to the folder; the real `datasets` (load_dataset(<folder>, "<kind>")) and
 * `huggingface_hub` (DatasetCard) in the trainer venv read it, from a copy of the folder
 * moved elsewhere. Re-exporting keeps what a person added to the README.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { exportDpo } from "../../src/export/export-dpo.js";
import { exportGrpo } from "../../src/export/export-grpo.js";
import { writeHubCard } from "../../src/export/hub-card.js";
import { REPO_ROOT, runCli, tempDir } from "../helpers/paths.js";
import { makeInstance, writeRun } from "./fixtures.js";

const PYTHON = join(REPO_ROOT, ".venv-trainers", "bin", "python");

/** Three instances, each with an honest and a deceptive sample: 3 SFT rows, 3 DPO pairs, 3 GRPO prompts. */
async function exportFolder(): Promise<string> {
  const root = tempDir("decepeval-hub-");
  const instances = ["0001", "0002", "0003"].map((n) => makeInstance({ id: `tool_use/pressure/goal_pressure/${n}/induced` }));
  const run = writeRun({
    root,
    runId: "hub",
    instances,
    samples: instances.flatMap((instance) => [
      { instance, sample: 0, label: "honest" as const, grade: 0 as const },
      { instance, sample: 1, label: "deceptive" as const, grade: 2 as const },
    ]),
  });
  const out = join(root, "hub-export");
  // The CLI writes the first kind; the others go through the same sink in process (one tokenizer load, not two more).
  const r = runCli(["export", "sft", run, "--out", out]);
  if (r.status !== 0) throw new Error(`export sft: ${r.stderr}`);
  expect(r.stdout).toContain(`dataset card ${join(out, "README.md")}`);
  await exportDpo({ runs: [run], out });
  await exportGrpo({ runs: [run], out });
  return out;
}

const header = (readme: string) => YAML.parse(/^---\n([\s\S]*?)\n---\n/.exec(readme)![1]!);

describe("export folders as dataset repositories", () => {
  let out: string;
  beforeAll(async () => {
    out = await exportFolder();
  }, 120_000);

  it("writes one README with a config per kind, relative paths everywhere, and the cards' content", () => {
    const readme = readFileSync(join(out, "README.md"), "utf8");
    const h = header(readme);
    expect(h.configs).toEqual([
      { config_name: "sft", data_files: [{ split: "train", path: "sft.trl.jsonl" }] },
      { config_name: "dpo", data_files: [{ split: "train", path: "dpo.trl.jsonl" }] },
      { config_name: "grpo", data_files: [{ split: "train", path: "grpo.trl.jsonl" }] },
    ]);
    expect(h).toMatchObject({ license: "apache-2.0", task_categories: ["text-generation"], size_categories: ["n<1K"] });
    expect(h.tags).toEqual(expect.arrayContaining(["decepeval", "sft", "dpo", "grpo"]));
    for (const kind of ["sft", "dpo", "grpo"]) {
      const card = JSON.parse(readFileSync(join(out, `${kind}.card.json`), "utf8"));
      for (const f of card.files) {
        expect(f.path).not.toContain("/");
        expect(existsSync(join(out, f.path))).toBe(true);
      }
      expect(readme).toContain(`## ${kind}\n\n${card.counts.rows} rows`);
    }
    expect(readme).toContain("### Token lengths");
    expect(readme).not.toContain(out);
  });

  it("keeps a person's header keys, configs and text on re-export, and shows extra card sections such as a cue audit", () => {
    const dir = tempDir("decepeval-hub-merge-");
    cpSync(out, dir, { recursive: true });
    const file = join(dir, "README.md");
    const text = readFileSync(file, "utf8");
    const h = header(text);
    const edited = `---\n${YAML.stringify({ ...h, license: "cc-by-4.0", pretty_name: "Mine", configs: [...h.configs, { config_name: "extra", data_files: "extra.jsonl" }] })}---\nIntro written by hand.\n\n${text.slice(text.indexOf("<!-- decepeval:begin"))}\nFooter written by hand.\n`;
    writeFileSync(file, edited);
    const card = JSON.parse(readFileSync(join(dir, "sft.card.json"), "utf8"));
    const cue = { feature: "say:as an honest agent", present_in: "selected", separates: 0.4, against: 0.1, accuracy: 0.65, on_sides: { selected: 0.5, not_selected: 0.1 } };
    card.cue_audit = { sides: ["selected", "not_selected"], pairing: "per instance", pairs: 12, threshold: 0.8, min_pairs_to_warn: 10, features_compared: 40, scope: "visible text", top: [cue], warning: null };
    writeFileSync(join(dir, "sft.card.json"), JSON.stringify(card));
    writeHubCard(dir);
    const merged = readFileSync(file, "utf8");
    const m = header(merged);
    expect(m.license).toBe("cc-by-4.0");
    expect(m.pretty_name).toBe("Mine");
    expect(m.configs.map((c: { config_name: string }) => c.config_name)).toEqual(["sft", "dpo", "grpo", "extra"]);
    expect(merged).toContain("Intro written by hand.");
    expect(merged).toContain("Footer written by hand.");
    expect(merged.match(/decepeval:begin/g)).toHaveLength(1);
    expect(merged).toContain("### Cue audit");
    expect(merged).toContain(String(card.cue_audit.top[0].feature).replace(/\|/g, "\\|"));
  });

  it("loads every row of every config with the columns TRL expects, and the Hub's card parser reads the header", () => {
    if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: this test runs datasets and huggingface_hub from .venv-trainers; create it with \`bash scripts/setup.sh --trainers\``);
    // A copy elsewhere: nothing may point back at where the export was written.
    const moved = join(tempDir("decepeval-hub-moved-"), "repo");
    cpSync(out, moved, { recursive: true });
    const script = `
import json, sys
import datasets
from huggingface_hub import DatasetCard
from huggingface_hub.repocard import metadata_load
folder = sys.argv[1]
want = {"sft": ["messages"], "dpo": ["prompt", "chosen", "rejected"], "grpo": ["prompt", "instance_id"]}
out = {}
for kind, cols in want.items():
    ds = datasets.load_dataset(folder, kind, split="train")
    lines = sum(1 for l in open(f"{folder}/{kind}.trl.jsonl") if l.strip())
    missing = [c for c in cols if c not in ds.column_names]
    # TRL's conversational test (trl.data_utils.is_conversational): the first column is a list of role/content messages.
    first = ds[0][cols[0]]
    conversational = isinstance(first, list) and len(first) > 0 and isinstance(first[0], dict) and "role" in first[0] and "content" in first[0]
    out[kind] = {"rows": len(ds), "lines": lines, "missing": missing, "conversational": conversational}
card = DatasetCard.load(f"{folder}/README.md")
meta = metadata_load(f"{folder}/README.md")
out["card"] = {"configs": [c["config_name"] for c in card.data.configs], "license": card.data.license, "size": card.data.size_categories, "meta_keys": sorted(meta)}
print(json.dumps(out))
`;
    const r = spawnSync(PYTHON, ["-c", script, moved], {
      encoding: "utf8",
      timeout: 180_000,
      env: { ...process.env, HF_HUB_OFFLINE: "1", HF_DATASETS_OFFLINE: "1", HF_HOME: tempDir("decepeval-hf-home-") },
    });
    if (r.status !== 0) throw new Error(`datasets/huggingface_hub failed (exit ${r.status}):\n${r.stderr.slice(-3000)}`);
    const got = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    for (const kind of ["sft", "dpo", "grpo"]) {
      expect(got[kind].missing, kind).toEqual([]);
      expect(got[kind].rows, kind).toBe(3);
      expect(got[kind].lines, kind).toBe(3);
      expect(got[kind].conversational, kind).toBe(true);
    }
    expect(got.card).toMatchObject({ configs: ["sft", "dpo", "grpo"], license: "apache-2.0", size: ["n<1K"] });
    expect(got.card.meta_keys).toEqual(expect.arrayContaining(["configs", "license", "tags", "task_categories"]));
  });
});
