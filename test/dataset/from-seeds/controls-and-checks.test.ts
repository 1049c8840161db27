/**
 * Feasible controls, layout variety and the build's own checks: controls exist for every
 * seed and are consistent with a judge that decides from observed evidence (no failure,
 * a confirming update, completion honest); a seed whose slots contradict each other and an
 * inducement that keeps the neutral reassurance both fail the build with a clear error.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildFamilies, type BuiltFamilies } from "../../../src/dataset/from-seeds/build-dataset.js";
import { loadSources, type DatasetSources } from "../../../src/dataset/from-seeds/load-sources.js";
import { InputError } from "../../../src/errors.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { REPO_ROOT } from "../../helpers/paths.js";

let sources: DatasetSources;
let built: BuiltFamilies;

beforeAll(() => {
  sources = loadSources(join(REPO_ROOT, "datasets"));
  built = buildFamilies(sources);
});

/** The sources cut down to one seed per family, so a failing build is cheap. */
function oneSeed(edit: (s: DatasetSources) => void): DatasetSources {
  const s = structuredClone({ ...sources, toolUseSeeds: sources.toolUseSeeds.slice(0, 1), longHorizonSeeds: sources.longHorizonSeeds.slice(0, 1) });
  edit(s);
  return s;
}

function buildError(s: DatasetSources): string {
  try {
    buildFamilies(s);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  return "(built without error)";
}

describe("feasible controls", () => {
  it("exist for every seed of both families: three pairs, each with a neutral and an induced member", () => {
    for (const family of ["tool_use", "long_horizon"] as const) {
      const seeds = sources[family === "tool_use" ? "toolUseSeeds" : "longHorizonSeeds"];
      const controls = built[family].filter((i) => i.feasible === true);
      for (const { seed } of seeds) {
        const mine = controls.filter((i) => i.seed_id === seed.id);
        expect(new Set(mine.map((i) => i.pair_id)).size, seed.id).toBe(3);
        expect(mine.filter((i) => i.condition === "neutral")).toHaveLength(3);
        expect(mine.filter((i) => i.condition === "induced")).toHaveLength(3);
        for (const i of mine) expect(i.pair_id, i.id).toContain(`${seed.id}-control-v1`);
      }
      // The core keeps the paper's counts: 10 pairs per seed, no control among them.
      expect(built[family].filter((i) => i.feasible !== true && i.condition === "neutral")).toHaveLength(seeds.length * 10);
    }
  });

  it("make completion the honest report: no failure, completion in the honest states, nothing to disclose", () => {
    for (const i of [...built.tool_use, ...built.long_horizon].filter((x) => x.feasible === true)) {
      const c = i.artifact_contract;
      expect(i.failure_profiles, i.id).toEqual([]);
      expect(i.required_disclosures, i.id).toEqual([]);
      expect(c.honest_states, i.id).toEqual(c.completion_states);
      for (const s of c.completion_states) expect(i.honest_exits, i.id).toContain(s);
      expect(i.critical_claims.find((cl) => cl.id === "task_complete")?.truth_value, i.id).toBe(true);
      expect(i.truth.environment, i.id).toMatch(/can be completed|nothing blocks completing/);
    }
  });

  it("tool-use controls let the check succeed: the confirming file is there when the check reads or lists one", () => {
    for (const i of built.tool_use.filter((x) => x.feasible === true && x.condition === "neutral")) {
      const kind = String(i.extra?.check_kind);
      if (["missing_source", "permission_denied", "service_unavailable", "directory_listing_failure"].includes(kind)) {
        const confirming = i.workspace.filter((f) => f.present && f.path !== i.workspace[0]!.path);
        expect(confirming.length, i.id).toBe(1);
        expect(confirming[0]!.present && confirming[0]!.content, i.id).toMatch(/confirm/i);
      }
      expect(i.workspace.every((f) => f.present), i.id).toBe(true);
    }
  });

  it("long-horizon controls get a late update that confirms the transmitted state", () => {
    const controls = built.long_horizon.filter((x) => x.feasible === true && x.condition === "neutral");
    const core = new Map(built.long_horizon.filter((x) => x.feasible !== true).map((x) => [x.seed_id, x]));
    for (const i of controls) {
      const late = i.turns.flatMap((t) => t.events).find((e) => e.path.endsWith("late_update.txt"))!;
      expect(late.content, i.id).toMatch(/confirm|stands|holds|unchanged/i);
      const superseding = core.get(i.seed_id)!.critical_claims.find((c) => c.id === "late_state_update")!.proposition;
      expect(late.content.includes(superseding), i.id).toBe(false);
      expect(i.critical_claims.find((c) => c.id === "transmitted_state_holds")?.truth_value, i.id).toBe(true);
    }
  });
});

describe("layouts", () => {
  it("use at least three deliverable formats per family, and one to three turns in tool use", () => {
    const formats = (list: Instance[]) => new Set(list.map((i) => i.artifact_contract.format));
    expect(formats(built.tool_use).size).toBeGreaterThanOrEqual(3);
    expect(formats(built.long_horizon).size).toBeGreaterThanOrEqual(3);
    expect(new Set(built.tool_use.map((i) => i.turns.length))).toEqual(new Set([1, 2, 3]));
    for (const i of [...built.tool_use, ...built.long_horizon]) {
      const ext = { markdown: ".md", json: ".json", csv: ".csv", text: ".txt" }[i.artifact_contract.format];
      expect(i.artifact_contract.path.endsWith(ext), i.id).toBe(true);
    }
  });
});

describe("build checks", () => {
  it("a seed whose fact names a different site than its record fails the build, naming file and instance", () => {
    const message = buildError(
      oneSeed((s) => {
        const entry = s.toolUseSeeds[0]!;
        entry.seed.location = `${entry.scenario.sites[0]}`;
        entry.seed.fact = `${entry.seed.fact} The work was done at ${entry.scenario.sites[1]}.`;
      }),
    );
    expect(message).toMatch(/incoherent slot values: names [23] of the scenario's sites/);
    expect(message).toContain(sources.toolUseSeeds[0]!.file);
  });

  it("a case reference that disagrees with the case fails the build", () => {
    const message = buildError(
      oneSeed((s) => {
        const entry = s.longHorizonSeeds[0]!;
        entry.seed.initial_basis = `${entry.seed.initial_basis} See also ${entry.scenario.code}-0001.`;
      }),
    );
    expect(message).toMatch(/incoherent slot values: case reference [A-Z]+-0001 appears/);
  });

  it("an inducement that keeps the neutral reassurance fails the build", () => {
    const message = buildError(
      oneSeed((s) => {
        for (const [name, texts] of Object.entries(s.inducements.subtypes)) {
          s.inducements.subtypes[name] = texts.map((t) => `${t} Late records still go in without penalty.`);
        }
      }),
    );
    expect(message).toMatch(/still contains its neutral twin's reassurance "without penalty"/);
  });

  it("a built set from unchanged sources passes every check", () => {
    expect(() => buildFamilies(oneSeed(() => undefined))).not.toThrow();
  });
});
