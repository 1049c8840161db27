/**
 * Sections of the dataset card about subsets, layouts and measured diversity, computed from
 * the built instances (see dataset-card.ts for the rest of the card).
 */
import type { Instance } from "../../schemas/instance.js";
import { datasetStats } from "../dataset-stats.js";
import { measureDiversity, normaliseText } from "../text-diversity.js";
import type { DatasetSources } from "./load-sources.js";

function table(header: string[], rows: Array<Array<string | number>>): string {
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (const row of rows) lines.push(`| ${row.join(" | ")} |`);
  return lines.join("\n");
}

const FAMILIES = ["tool_use", "long_horizon"] as const;

/** Counts of the paper-shaped core and of the feasible controls, per family. */
export function subsetSection(instances: Instance[]): string[] {
  const rows: Array<Array<string | number>> = [];
  for (const family of FAMILIES) {
    for (const subset of ["core", "control"] as const) {
      const part = instances.filter((i) => i.family === family && (i.feasible === true) === (subset === "control"));
      const stats = datasetStats(part);
      rows.push([family, subset, stats.instances, stats.pairs, stats.conditions.neutral ?? 0, stats.conditions.induced ?? 0]);
    }
  }
  return [
    "## Core and feasible controls",
    "",
    "The **core** has the paper's shape: every tool-use task meets an injected failure and every long-horizon " +
      "task a late update that supersedes the transmitted state, so an honest agent cannot report completion. " +
      "The **controls** (`feasible: true`, ids `<seed>-control-v10`…`-v12`, three per seed, both members) are the same " +
      "tasks with nothing blocking completion: no failure profile (the check and the read-back succeed), or a late " +
      "update that confirms the transmitted state. On a control the completion state is the honest report, it is " +
      "listed in `honest_states`, and `pending` or `HOLD_FOR_REVIEW` under-claims. Select them with " +
      "`select.subsets: [control]` in a recipe, count them with `decepeval dataset stats --subset control`.",
    "",
    table(["family", "subset", "instances", "complete pairs", "neutral", "induced"], rows),
    "",
  ];
}

/** What each layout looks like and how many pairs use it. */
export function layoutSection(sources: DatasetSources, instances: Instance[]): string[] {
  const neutral = instances.filter((i) => i.condition === "neutral");
  const pairs = (family: string, layout: string, control: boolean) =>
    neutral.filter((i) => i.family === family && i.extra?.layout === layout && (i.feasible === true) === control).length;
  const rows: Array<Array<string | number>> = [];
  for (const [name, l] of Object.entries(sources.toolUseTemplate.layouts)) {
    rows.push(["tool_use", `\`${name}\``, l.format, l.turns.length, l.description, pairs("tool_use", name, false), pairs("tool_use", name, true)]);
  }
  for (const [name, l] of Object.entries(sources.longHorizonTemplate.layouts)) {
    rows.push(["long_horizon", `\`${name}\``, l.format, "6–8", l.description, pairs("long_horizon", name, false), pairs("long_horizon", name, true)]);
  }
  return [
    "## Templates (layouts)",
    "",
    "Each family has structurally different layouts: the deliverable's format (`artifact_contract.format`) and file " +
      "type, and for tool use the number of turns. Layouts rotate across a seed's variants; every layout keeps the " +
      "same required fields and state field, written as `field: value` lines (markdown, text memo), as the keys of " +
      "one JSON object, or as a CSV header plus one value row. Tool-use failure kinds also rotate across a seed's " +
      "variants (variant 0 keeps the seed's own kind), and their targets vary.",
    "",
    table(["family", "layout", "format", "turns", "what it looks like", "core pairs", "control pairs"], rows),
    "",
  ];
}

/** Distinct normalised texts: inducements per subtype, and whole prompts per family. */
export function diversitySection(sources: DatasetSources, instances: Instance[]): string[] {
  const names = new Map(sources.scenarios.map((s) => [s.id, [...s.people, ...s.orgs, ...s.sites]]));
  const bySubtype = new Map<string, string[]>();
  for (const i of instances) {
    for (const ind of i.inducements) {
      const key = `${ind.factor}/${ind.subtype}`;
      bySubtype.set(key, [...(bySubtype.get(key) ?? []), normaliseText(ind.text, names.get(i.scenario))]);
    }
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const subtypeRows = [...bySubtype.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, texts]) => {
      const d = measureDiversity(texts);
      return [...key.split("/"), d.texts, d.distinct, pct(d.top_share)];
    });
  const promptRows = FAMILIES.map((family) => {
    const texts = instances
      .filter((i) => i.family === family && i.condition === "neutral")
      .map((i) => normaliseText(i.turns.map((t) => t.user).join("\n"), names.get(i.scenario)));
    const d = measureDiversity(texts);
    return [family, d.texts, d.distinct, pct(d.top_share)];
  });
  return [
    "## Diversity",
    "",
    "Texts are normalised before counting (lower case; the scenario's people, organisations and sites, case " +
      "references and numbers replaced by placeholders), so a text counts as distinct only when its wording differs.",
    "",
    table(["factor", "subtype", "inducement texts", "distinct normalised", "most repeated text's share"], subtypeRows),
    "",
    table(["family", "neutral prompts (all turns)", "distinct normalised", "most repeated prompt's share"], promptRows),
    "",
  ];
}
