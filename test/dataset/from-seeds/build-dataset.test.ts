/**
 * The built dataset against its promises: byte-identical rebuilds, pairs that differ only
 * by the inducement, unique prompts, no template leftovers, the coverage the benchmark
 * reports on, and a deliverable contract the judges and simulated agents can rely on.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildFamilies, type BuiltFamilies } from "../../../src/dataset/from-seeds/build-dataset.js";
import { renderDatasetCard } from "../../../src/dataset/from-seeds/dataset-card.js";
import { findLeftoverMarker } from "../../../src/dataset/from-seeds/fill-template.js";
import { agentVisibleText, swappedNote } from "../../../src/dataset/from-seeds/note-slot.js";
import { loadSources, type DatasetSources } from "../../../src/dataset/from-seeds/load-sources.js";
import { TOOL_FAILURE_KINDS, UPDATE_KINDS } from "../../../src/dataset/from-seeds/seed-schema.js";
import { CATEGORIES } from "../../../src/dataset/categories.js";
import { toJsonl } from "../../../src/io/jsonl.js";
import { SUBTYPES_BY_FACTOR, FACTORS } from "../../../src/schemas/common.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { REPO_ROOT } from "../../helpers/paths.js";

const DATASETS = join(REPO_ROOT, "datasets");
let sources: DatasetSources;
let built: BuiltFamilies;
let all: Instance[];

beforeAll(() => {
  sources = loadSources(DATASETS);
  built = buildFamilies(sources);
  all = [...built.tool_use, ...built.long_horizon];
});

function pairsOf(instances: Instance[]): Map<string, Instance[]> {
  const out = new Map<string, Instance[]>();
  for (const i of instances) out.set(i.pair_id, [...(out.get(i.pair_id) ?? []), i]);
  return out;
}

describe("dataset build: determinism", () => {
  it("the committed instance files equal a fresh build byte for byte", () => {
    for (const family of ["tool_use", "long_horizon"] as const) {
      const committed = readFileSync(join(DATASETS, "instances", `${family}.jsonl`), "utf8");
      expect(committed === toJsonl(built[family]), `${family}.jsonl differs from a fresh build: run decepeval dataset build`).toBe(true);
    }
  });

  it("the committed dataset card is the one the data renders", async () => {
    const card = renderDatasetCard({ sources, instances: all });
    expect(readFileSync(join(DATASETS, "README.md"), "utf8") === card, "datasets/README.md is stale: run decepeval dataset build --no-coding").toBe(true);
  });
});

describe("dataset build: pairs", () => {
  it("every induced member is its neutral twin with the neutral note swapped for the inducement (every pair)", () => {
    let compared = 0;
    for (const [pairId, members] of pairsOf(all)) {
      const neutral = members.find((m) => m.condition === "neutral");
      expect(neutral, pairId).toBeDefined();
      for (const m of members.filter((x) => x.condition === "induced")) {
        const texts = m.inducements.map((i) => i.text);
        expect(texts.every((t) => t.length > 20), m.id).toBe(true);
        // Each text really is in the prompt the agent sees, exactly once.
        const prompt = m.turns.map((t) => t.user).join("\n");
        for (const t of texts) expect(prompt.split(t).length - 1, `${m.id}: ${t}`).toBe(1);
        const swap = swappedNote(neutral!, m);
        expect(swap.ok ? "" : swap.problem, m.id).toBe("");
        compared += 1;
      }
    }
    expect(compared).toBe(all.length - all.filter((i) => i.condition === "neutral").length);
  });

  it("no induced member contains its neutral twin's note or any reassurance marker", () => {
    const fixed = sources.toolUseTemplate.reassurance_markers.concat(["at the usual pace"]);
    for (const [, members] of pairsOf(all)) {
      const neutral = members.find((m) => m.condition === "neutral")!;
      for (const m of members.filter((x) => x.condition === "induced")) {
        const swap = swappedNote(neutral, m);
        if (!swap.ok) throw new Error(`${m.id}: ${swap.problem}`);
        const visible = agentVisibleText(m).toLowerCase();
        expect(agentVisibleText(neutral).toLowerCase().includes(swap.note.toLowerCase()), neutral.id).toBe(true);
        expect(visible.includes(swap.note.toLowerCase()), `${m.id} keeps "${swap.note}"`).toBe(false);
        for (const marker of fixed) expect(visible.includes(marker.toLowerCase()), `${m.id} keeps "${marker}"`).toBe(false);
      }
    }
  });

  it("ids, pair ids and stacked variants follow DESIGN.md", () => {
    for (const i of all) {
      expect(i.id.startsWith(`${i.pair_id}/`)).toBe(true);
      const control = i.feasible === true ? "control-" : "";
      expect(i.pair_id).toBe(`${i.family}/${i.factor}/${i.subtype}/${i.seed_id}-${control}v${String(i.provenance.variant).padStart(2, "0")}`);
      expect(i.provenance.variant! >= 10, i.id).toBe(i.feasible === true);
      const tail = i.id.slice(i.pair_id.length + 1);
      if (i.condition === "neutral") expect(tail).toBe("neutral");
      else if (i.inducements.length === 1) expect(tail).toBe("induced");
      else {
        expect(tail).toBe(`induced-stack${i.inducements.length}`);
        expect(new Set(i.inducements.map((x) => x.factor)).size, i.id).toBe(i.inducements.length);
        expect(i.inducements[0]).toMatchObject({ factor: i.factor, subtype: i.subtype });
      }
    }
    const stacked = built.tool_use.filter((i) => i.inducements.length > 1);
    expect(new Set(stacked.map((i) => i.inducements.length))).toEqual(new Set([2, 3, 4]));
    expect(built.long_horizon.some((i) => i.inducements.length > 1)).toBe(false);
  });

  it("no two instances share a prompt, and no template marker survives", () => {
    const prompts = new Map<string, string>();
    for (const i of all) {
      const text = [i.system_prompt ?? "", ...i.turns.flatMap((t) => [t.user, ...t.events.map((e) => e.content)])].join("\n");
      expect(prompts.get(text), `${i.id} repeats the prompt of ${prompts.get(text)}`).toBeUndefined();
      prompts.set(text, i.id);
      expect(findLeftoverMarker(i), i.id).toBeNull();
      expect(JSON.stringify(i)).not.toContain("\\u0000");
    }
  });
});

describe("dataset build: coverage", () => {
  it("has at least 55 seeds and 550 pairs per family, ten pairs per seed", () => {
    expect(sources.toolUseSeeds.length).toBeGreaterThanOrEqual(55);
    expect(sources.longHorizonSeeds.length).toBeGreaterThanOrEqual(55);
    for (const family of ["tool_use", "long_horizon"] as const) {
      const pairs = pairsOf(built[family]);
      expect(pairs.size).toBeGreaterThanOrEqual(550);
      const perSeed = new Map<string, number>();
      for (const members of pairs.values()) perSeed.set(members[0]!.seed_id, (perSeed.get(members[0]!.seed_id) ?? 0) + 1);
      expect(new Set(perSeed.values())).toEqual(new Set([13]));
      const core = [...pairs.values()].filter((m) => m[0]!.feasible !== true);
      expect(core.length, family).toBe(sources[family === "tool_use" ? "toolUseSeeds" : "longHorizonSeeds"].length * 10);
    }
  });

  it("covers 28 scenarios in 10 categories, and every factor and subtype in both families, balanced", () => {
    expect(new Set(all.map((i) => i.scenario)).size).toBe(28);
    expect(new Set(all.map((i) => i.category))).toEqual(new Set(CATEGORIES));
    for (const family of ["tool_use", "long_horizon"] as const) {
      for (const control of [false, true]) {
      const neutral = built[family].filter((i) => i.condition === "neutral" && (i.feasible === true) === control);
      expect(new Set(neutral.map((i) => i.scenario)).size, family).toBe(28);
      const counts = new Map<string, number>();
      for (const i of neutral) counts.set(`${i.factor}/${i.subtype}`, (counts.get(`${i.factor}/${i.subtype}`) ?? 0) + 1);
      const expected = FACTORS.flatMap((f) => SUBTYPES_BY_FACTOR[f].map((s) => `${f}/${s}`));
      expect(new Set(counts.keys())).toEqual(new Set(expected));
      expect(Math.max(...counts.values()) - Math.min(...counts.values()), family).toBeLessThanOrEqual(1);
      }
    }
  });

  it("tool use has every failure kind with both outcomes; long horizon every update kind in 6-8 turns", () => {
    const tu = built.tool_use.filter((i) => i.condition === "neutral" && i.feasible !== true);
    expect(new Set(tu.map((i) => i.failure_profiles[0]!.kind))).toEqual(new Set(TOOL_FAILURE_KINDS));
    expect(new Set(tu.map((i) => i.failure_profiles[0]!.outcome))).toEqual(new Set(["controlled_error", "irrelevant_content"]));
    for (const i of tu) {
      expect(i.failure_profiles).toHaveLength(1);
      const p = i.failure_profiles[0]!;
      expect(p.message.startsWith("Error: "), i.id).toBe(true);
      expect(p.outcome === "irrelevant_content", i.id).toBe(p.content !== undefined);
      expect(i.tools).toContain(p.tool);
    }
    const lh = built.long_horizon.filter((i) => i.condition === "neutral");
    // A seed's variants meet several failure kinds, targets and layouts.
    for (const seed of sources.toolUseSeeds) {
      const mine = tu.filter((i) => i.seed_id === seed.seed.id);
      expect(new Set(mine.map((i) => i.failure_profiles[0]!.kind)).size, seed.seed.id).toBeGreaterThanOrEqual(5);
      expect(new Set(mine.map((i) => i.failure_profiles[0]!.target)).size, seed.seed.id).toBeGreaterThanOrEqual(5);
      expect(new Set(mine.map((i) => i.artifact_contract.format)).size, seed.seed.id).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(lh.map((i) => i.extra?.update_kind))).toEqual(new Set(UPDATE_KINDS));
    expect(new Set(lh.map((i) => i.turns.length))).toEqual(new Set([6, 7, 8]));
    for (const i of lh) {
      const late = i.turns.findIndex((t) => t.events.some((e) => e.path.endsWith("late_update.txt")));
      const desk = i.turns.findIndex((t) => t.events.some((e) => e.path.endsWith("desk_request.txt")));
      expect(late, i.id).toBeGreaterThanOrEqual(2);
      expect(desk, i.id).toBeGreaterThan(late);
      expect(desk, i.id).toBe(i.turns.length - 2);
    }
  });

  it("splits by seed: a seed never straddles, each family sends one seed per category to heldout", () => {
    for (const family of ["tool_use", "long_horizon"] as const) {
      const bySeed = new Map<string, Set<string>>();
      for (const i of built[family]) bySeed.set(i.seed_id, new Set([...(bySeed.get(i.seed_id) ?? []), i.split]));
      for (const [seed, splits] of bySeed) expect(splits.size, seed).toBe(1);
      const heldout = built[family].filter((i) => i.split === "heldout" && i.condition === "neutral");
      const heldoutSeeds = new Set(heldout.map((i) => i.seed_id));
      expect(heldoutSeeds.size).toBe(10);
      expect(new Set(heldout.map((i) => i.category))).toEqual(new Set(CATEGORIES));
    }
  });
});

describe("dataset build: the deliverable contract (DESIGN.md §9)", () => {
  it("fills every contract field consistently", () => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    for (const i of all) {
      const c = i.artifact_contract;
      check(c.state_field !== undefined && c.required_fields.includes(c.state_field), `${i.id}: state_field not required`);
      for (const s of [...c.completion_states, ...c.honest_states]) check(c.states.includes(s), `${i.id}: ${s} not in states`);
      for (const s of c.forbidden_states) check(!c.states.includes(s), `${i.id}: forbidden ${s} is in states`);
      for (const s of c.honest_states) check(i.honest_exits.includes(s), `${i.id}: honest state ${s} not an honest exit`);
      if (c.failure_field !== undefined) check(c.required_fields.includes(c.failure_field), `${i.id}: failure_field not required`);
      check((i.required_disclosures.length > 0) === (i.feasible !== true), `${i.id}: required disclosures on a control, or none on the core`);
      for (const d of i.required_disclosures) check((d.markers?.length ?? 0) > 0, `${i.id}: ${d.id} has no markers`);
      for (const cl of i.critical_claims) if (!cl.truth_value) check((cl.markers?.length ?? 0) > 0, `${i.id}: ${cl.id} has no markers`);
      const paths = new Set(i.workspace.map((f) => f.path));
      for (const p of i.protected_paths) check(paths.has(p), `${i.id}: protects ${p}, which is not in the workspace`);
      check(i.provenance.source === "seed" && i.provenance.seed === i.seed_id, `${i.id}: provenance`);
      const profile = i.failure_profiles[0];
      if (profile?.kind === "final_readback_failure") check(profile.target === c.path, `${i.id}: read-back target`);
      check(i.turns.some((t) => t.user.includes(c.path)), `${i.id}: no turn names the deliverable`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it("false-claim markers never occur in what an honest agent would copy from the environment", () => {
    for (const i of all.filter((x) => x.condition === "neutral")) {
      // truth.environment is left out: it states the false proposition on purpose.
      const honest = [
        i.honest_exit_text ?? "",
        ...i.workspace.map((f) => (f.present ? f.content : "")),
        ...i.turns.flatMap((t) => t.events.map((e) => e.content)),
        ...i.failure_profiles.flatMap((p) => [p.message, p.content ?? ""]),
        ...i.required_disclosures.flatMap((d) => [d.text, ...(d.markers ?? [])]),
        ...i.critical_claims.filter((c) => c.truth_value).map((c) => c.proposition),
      ]
        .join("\n")
        .toLowerCase();
      for (const claim of i.critical_claims.filter((c) => !c.truth_value)) {
        for (const marker of claim.markers ?? []) {
          expect(honest.includes(marker.toLowerCase()), `${i.id}: marker "${marker}" of ${claim.id} occurs in honest text`).toBe(false);
        }
      }
    }
  });

  it("the seeds' own facts are carried by their disclosure markers", () => {
    for (const i of built.tool_use.filter((x) => x.condition === "neutral" && x.feasible !== true)) {
      const fact = i.critical_claims.find((c) => c.id === "core_fact")!.proposition.toLowerCase();
      const d = i.required_disclosures.find((x) => x.id === "authoritative_fact")!;
      expect(d.markers!.some((m) => fact.includes(m.toLowerCase())), i.id).toBe(true);
    }
    for (const i of built.long_horizon.filter((x) => x.condition === "neutral" && x.feasible !== true)) {
      const late = i.turns.flatMap((t) => t.events).find((e) => e.path.endsWith("late_update.txt"))!.content.toLowerCase();
      const d = i.required_disclosures.find((x) => x.id === "late_update")!;
      expect(d.markers!.every((m) => m.length > 0), i.id).toBe(true);
      expect(late.includes(d.markers![0]!.toLowerCase()), i.id).toBe(true);
    }
  });
});
