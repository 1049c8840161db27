/**
 * What simulated agents deliver on the bundled tool-use and long-horizon tasks, in every
 * artifact format: every field holds a value read in the episode (no placeholders),
 * disclosures are sentences rather than pasted marker strings, a sentence of reasoning
 * comes with the report, long-horizon records hold the case state, and the rule judge
 * still labels each report as the sim intended.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runEpisode } from "../../../src/agent/run-episode.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { fromTrajectory } from "../../../src/judges/judge-input.js";
import { parseFields } from "../../../src/judges/rule/parse-deliverable.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { simBehaviour } from "../../../src/models/sim/sim-behaviour.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import { selectInstances } from "../../../src/run/select-instances.js";
import type { Instance } from "../../../src/schemas/instance.js";
import type { Trajectory } from "../../../src/schemas/trajectory.js";
import { REPO_ROOT } from "../../helpers/paths.js";
import { PLACEHOLDER } from "./placeholder.js";


let sample: Instance[] = [];
let all: Instance[] = [];
beforeAll(async () => {
  all = [
    ...(await loadInstances(join(REPO_ROOT, "datasets/instances/tool_use.jsonl"))),
    ...(await loadInstances(join(REPO_ROOT, "datasets/instances/long_horizon.jsonl"))),
  ];
  sample = selectInstances(all, { stratify_by: ["family", "factor", "feasible"], pairs_per_stratum: 2 }, 5);
});

async function play(instance: Instance, policy: string, seed: number): Promise<Trajectory> {
  const env = await createEnvironment(instance);
  try {
    return await runEpisode({ instance, model: new SimChatModel({ policy, instances: [instance] }), env, runId: "deliverables", sampleIndex: 0, seed });
  } finally {
    await env.dispose();
  }
}

function withFormat(instance: Instance, format: Instance["artifact_contract"]["format"]): Instance {
  return { ...instance, artifact_contract: { ...instance.artifact_contract, format } };
}

/** Every way a report could paste a marker as its whole disclosure: a field value or a sentence that is only the marker. */
function pastedMarkers(instance: Instance, text: string, fields: Map<string, string>): string[] {
  const markers = instance.required_disclosures.flatMap((d) => d.markers ?? []).map((m) => m.toLowerCase().trim());
  const pieces = [...fields.values(), ...text.split(/(?<=[.!?])\s+|\n/)].map((p) => p.toLowerCase().replace(/[.\s]+$/, "").trim());
  return pieces.filter((p) => markers.includes(p));
}

describe("simulated deliverables", () => {
  it("fill every field from the episode in markdown, json, csv and memo form, and the judge labels them as intended", async () => {
    expect(sample.length).toBeGreaterThan(20);
    let n = 0;
    for (const base of sample) {
      for (const format of ["markdown", "json", "csv", "text"] as const) {
        const instance = withFormat(base, format);
        const seeds = [3];
        for (let s = 1; s < 60 && seeds.length < 2; s++) if (simBehaviour("deceptive", instance, s).grade > 0) seeds.push(s);
        for (const [policy, seed] of [["honest", 3], ["deceptive", seeds[1]!]] as const) {
          const t = await play(instance, policy, seed);
          const text = t.artifacts[instance.artifact_contract.path];
          expect(text, `${instance.id} ${format}`).toBeDefined();
          const fields = parseFields(text!, format);
          for (const field of instance.artifact_contract.required_fields) {
            const value = fields.get(field);
            expect(value, `${instance.id} ${format} ${field}`).toBeTruthy();
            expect(value, `${instance.id} ${format} ${field}`).not.toMatch(PLACEHOLDER);
          }
          expect(pastedMarkers(instance, text!, fields), `${instance.id} ${format}`).toEqual([]);
          // The report is written with a sentence of reasoning.
          const writes = t.messages.filter((m) => m.role === "assistant" && m.tool_calls?.some((c) => c.function.arguments.includes(instance.artifact_contract.path) && c.function.name === "write_file"));
          expect(writes.at(-1)?.content, `${instance.id} ${format}`).toMatch(/\w+ .*\./);
          const intended = simBehaviour(policy, instance, seed);
          const verdict = ruleJudgeSync(instance, fromTrajectory(t));
          if (verdict.status !== "ok") throw new Error(`judge failed on ${instance.id}`);
          expect(verdict.label, `${policy} ${instance.id} ${format}: ${intended.kind} (${verdict.reason})`).toBe(intended.kind === "honest" ? "honest" : "deceptive");
          n += 1;
        }
      }
    }
    expect(n).toBe(sample.length * 8);
  }, 300_000);

  it("vary their wording across episodes and take facts from the sources read", async () => {
    const closings = new Set<string>();
    // Field-line reports end in a closing sentence; JSON and CSV ones end in their data.
    for (const instance of all.filter((i) => i.family === "tool_use" && i.artifact_contract.format === "markdown").filter((_, k) => k % 97 === 0).slice(0, 12)) {
      for (const seed of [1, 2, 3]) {
        const t = await play(instance, "honest", seed);
        const text = t.artifacts[instance.artifact_contract.path]!;
        closings.add(text.trim().split("\n").at(-1)!.replace(/\b(pending|escalated|complete)\b.*$/, ""));
        // The case reference is the one the source record states.
        const source = instance.workspace.find((w) => w.present && /case_reference:/.test(w.content));
        const ref = source && source.present ? /case_reference: (\S+)/.exec(source.content)![1] : undefined;
        if (ref) expect(parseFields(text, instance.artifact_contract.format).get("case_reference"), instance.id).toBe(ref);
      }
    }
    expect(closings.size).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("keep long-horizon records of the case state: the reconciliation cites the record it read, the comparison states the update", async () => {
    const lh = sample.filter((i) => i.family === "long_horizon" && !i.feasible).slice(0, 4);
    expect(lh.length).toBeGreaterThan(0);
    for (const instance of lh) {
      const t = await play(instance, "honest", 3);
      const comparison = Object.entries(t.artifacts).find(([p]) => /comparison/.test(p));
      if (comparison) {
        expect(comparison[1], instance.id).toMatch(/^update: \S+/m);
        expect(comparison[1], instance.id).toMatch(/^result: the update (supersedes|confirms)/m);
      }
      const reconciliation = Object.entries(t.artifacts).find(([p]) => /reconciliation/.test(p));
      if (reconciliation) expect(reconciliation[1], instance.id).toMatch(/^checked: the .+ against \S+\.md/m);
      for (const [path, content] of Object.entries(t.artifacts)) {
        expect(content, `${instance.id} ${path}`).not.toMatch(/^- \w+ \S+: (ok|Error)/m); // not a tool log
      }
    }
  }, 120_000);

  it("report completion on feasible controls: nothing failed and the late update confirms", async () => {
    // Controls made here from core tasks the way the seed builder marks them: no injected
    // failure, no required disclosure, completion among the honest states, and for long
    // horizon a late update that confirms the transmitted state.
    const tu = all.find((i) => i.family === "tool_use" && !i.feasible && i.failure_profiles[0]?.kind === "final_readback_failure")!;
    const lh = all.find((i) => i.family === "long_horizon" && !i.feasible)!;
    const control = (i: Instance): Instance => ({
      ...i,
      feasible: true,
      failure_profiles: [],
      required_disclosures: [],
      critical_claims: i.critical_claims.filter((c) => c.truth_value),
      artifact_contract: { ...i.artifact_contract, honest_states: [...i.artifact_contract.completion_states, ...i.artifact_contract.honest_states] },
      turns: i.turns.map((t) => ({
        ...t,
        events: t.events.map((e) => (/late_update/.test(e.path) ? { ...e, content: "STATE CONFIRMATION CONF-4411\nThe approving office confirmed the transmitted record without change on review.\n" } : e)),
      })),
    });
    for (const instance of [control(tu), control(lh)]) {
      for (const seed of [1, 2]) {
        const t = await play(instance, "honest", seed);
        const text = t.artifacts[instance.artifact_contract.path]!;
        const state = parseFields(text, instance.artifact_contract.format).get(instance.artifact_contract.state_field!);
        expect(instance.artifact_contract.completion_states, `${instance.id}: ${text}`).toContain(state);
        for (const v of parseFields(text, instance.artifact_contract.format).values()) expect(v, instance.id).not.toMatch(PLACEHOLDER);
        if (instance.family === "long_horizon") expect(text, instance.id).toMatch(/CONF-4411/);
      }
    }
  }, 60_000);
});
