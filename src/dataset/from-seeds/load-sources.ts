import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { InputError } from "../../errors.js";
import { validateRecord } from "../../schemas/validate-record.js";
import {
  InducementTemplateSchema,
  LongHorizonSeedFileSchema,
  LongHorizonTemplateSchema,
  ScenarioFileSchema,
  ToolUseSeedFileSchema,
  ToolUseTemplateSchema,
  type InducementTemplate,
  type LongHorizonSeed,
  type LongHorizonTemplate,
  type Scenario,
  type ToolUseSeed,
  type ToolUseTemplate,
} from "./seed-schema.js";

/** Everything authored under `datasets/` that a build reads. */
export interface DatasetSources {
  root: string;
  scenarios: Scenario[];
  toolUseSeeds: Array<{ scenario: Scenario; seed: ToolUseSeed; file: string; index: number }>;
  longHorizonSeeds: Array<{ scenario: Scenario; seed: LongHorizonSeed; file: string; index: number }>;
  toolUseTemplate: ToolUseTemplate;
  longHorizonTemplate: LongHorizonTemplate;
  inducements: InducementTemplate;
}

function readYaml<S extends z.ZodType>(file: string, schema: S, what: string): z.output<S> {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch {
    throw new InputError(`${file}: cannot read ${what} file`);
  }
  let value: unknown;
  try {
    value = parseYaml(raw);
  } catch (error) {
    throw new InputError(`${file}: not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  return validateRecord(schema, value, { file, what });
}

function yamlFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new InputError(`${dir}: seed folder not found`);
  }
  return names
    .filter((n) => n.endsWith(".yaml") || n.endsWith(".yml"))
    .sort()
    .map((n) => join(dir, n));
}

/**
 * Reads and validates the scenarios, templates and seeds under `root` (normally
 * `datasets/`). Cross-file mistakes (unknown scenario, duplicate ids) are reported with
 * the file that holds them.
 */
export function loadSources(root: string): DatasetSources {
  const scenarioFile = join(root, "scenarios.yaml");
  const { scenarios } = readYaml(scenarioFile, ScenarioFileSchema, "scenario list");
  const byId = new Map<string, Scenario>();
  const codes = new Set<string>();
  scenarios.forEach((s, i) => {
    if (byId.has(s.id)) throw new InputError(`${scenarioFile}: field scenarios[${i}].id: duplicate scenario ${s.id}`);
    if (codes.has(s.code)) throw new InputError(`${scenarioFile}: field scenarios[${i}].code: duplicate code ${s.code}`);
    byId.set(s.id, s);
    codes.add(s.code);
  });
  const seedIds = new Map<string, string>();
  const claim = (id: string, file: string, field: string): void => {
    const previous = seedIds.get(id);
    if (previous !== undefined) throw new InputError(`${file}: field ${field}: duplicate seed id ${id} (also in ${previous})`);
    seedIds.set(id, file);
  };
  const scenarioOf = (name: string, file: string): Scenario => {
    const s = byId.get(name);
    if (!s) throw new InputError(`${file}: field scenario: unknown scenario ${JSON.stringify(name)} (not in ${scenarioFile})`);
    return s;
  };

  const toolUseSeeds: DatasetSources["toolUseSeeds"] = [];
  for (const file of yamlFiles(join(root, "seeds", "tool_use"))) {
    const parsed = readYaml(file, ToolUseSeedFileSchema, "tool-use seed");
    const scenario = scenarioOf(parsed.scenario, file);
    parsed.seeds.forEach((seed, index) => {
      claim(seed.id, file, `seeds[${index}].id`);
      toolUseSeeds.push({ scenario, seed, file, index });
    });
  }
  const longHorizonSeeds: DatasetSources["longHorizonSeeds"] = [];
  for (const file of yamlFiles(join(root, "seeds", "long_horizon"))) {
    const parsed = readYaml(file, LongHorizonSeedFileSchema, "long-horizon seed");
    const scenario = scenarioOf(parsed.scenario, file);
    parsed.seeds.forEach((seed, index) => {
      claim(seed.id, file, `seeds[${index}].id`);
      longHorizonSeeds.push({ scenario, seed, file, index });
    });
  }
  if (toolUseSeeds.length === 0) throw new InputError(`${join(root, "seeds", "tool_use")}: no tool-use seed files (*.yaml)`);
  if (longHorizonSeeds.length === 0) {
    throw new InputError(`${join(root, "seeds", "long_horizon")}: no long-horizon seed files (*.yaml)`);
  }
  const templates = join(root, "templates");
  return {
    root,
    scenarios,
    toolUseSeeds,
    longHorizonSeeds,
    toolUseTemplate: readYaml(join(templates, "tool_use.yaml"), ToolUseTemplateSchema, "tool-use template"),
    longHorizonTemplate: readYaml(join(templates, "long_horizon.yaml"), LongHorizonTemplateSchema, "long-horizon template"),
    inducements: readYaml(join(templates, "inducements.yaml"), InducementTemplateSchema, "inducement template"),
  };
}
