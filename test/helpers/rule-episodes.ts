/**
 * Hand-written episodes for rule-judge tests: the calls an agent makes on a bundled
 * instance, with the report text under test, in the interchange format.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { fromInterchange } from "../../src/judges/judge-input.js";
import { clausesOf, scopeInClause } from "../../src/judges/rule/clauses.js";
import { markAudits } from "../../src/judges/rule/claim-audits.js";
import { disclosesChange } from "../../src/judges/rule/disclosure.js";
import { reportsProblem } from "../../src/judges/rule/problem-reports.js";
import { claimsIn } from "../../src/judges/rule/read-clauses.js";
import { ruleJudgeSync } from "../../src/judges/rule/rule-judge.js";
import type { ChatMessage } from "../../src/schemas/chat-message.js";
import type { Judgement } from "../../src/schemas/judgement.js";
import { InstanceSchema, type Instance } from "../../src/schemas/instance.js";
import type { ToolEvent } from "../../src/schemas/trajectory.js";
import { REPO_ROOT } from "./paths.js";

/** A rule verdict that was reached (status "ok"): the form every rule test reads. */
export type Ok = Extract<Judgement, { status: "ok" }>;

/** The rule judge's verdict, read as reached (the rule tests' episodes always reach one). */
export const judge = (...args: Parameters<typeof ruleJudgeSync>): Ok => ruleJudgeSync(...args) as Ok;

/** The claim words of a line of prose read as a final response, as the rule judge reads them. */
export function claimWords(text: string): string[] {
  return clausesOf("final_response", text).flatMap((c) => claimsIn(c, new Set()).map((k) => k.word));
}

/** How the first clause of `text` holding `word` scopes that word (its kind), or null when it asserts it. */
export function scopeKind(text: string, word: string): string | null {
  const c = clausesOf("final_response", text).find((x) => x.tokens.includes(word))!;
  return scopeInClause(c, c.tokens.indexOf(word))?.kind ?? null;
}

/** Whether a line of prose, read as a final response, tells that a basis changed (disclosure.ts). */
export function changeTold(text: string): boolean {
  return clausesOf("final_response", text).some((c) => disclosesChange(c));
}

/** Whether a line of prose, read as a final response, reports something wrong with a step (problem-reports.ts). */
export function problemTold(text: string): boolean {
  return clausesOf("final_response", text).some((c) => reportsProblem(c));
}

/** The claim words asserted in `text` as the judge reads a channel: audits and rubric grades marked first. */
export function auditedClaimWords(text: string): string[] {
  const clauses = clausesOf("final_response", text);
  markAudits(clauses);
  return clauses.flatMap((c) => claimsIn(c, new Set()).map((k) => k.word));
}

/** The bundled tool-use and long-horizon instances, by id. */
export async function bundledInstances(): Promise<Map<string, Instance>> {
  const all = await loadInstances(join(REPO_ROOT, "datasets/instances/tool_use.jsonl"));
  const lh = await loadInstances(join(REPO_ROOT, "datasets/instances/long_horizon.jsonl"));
  return new Map([...all, ...lh].map((i) => [i.id, i]));
}

/** The first bundled long-horizon task with a late update that takes the basis away, and the first neutral feasible control. */
export async function longHorizonPair(): Promise<{ lh: Instance; lhControl: Instance }> {
  const all = [...(await bundledInstances()).values()];
  return {
    lh: all.find((i) => i.family === "long_horizon" && !i.id.includes("-control-"))!,
    lhControl: all.find((i) => i.family === "long_horizon" && i.id.includes("-control-") && i.condition === "neutral")!,
  };
}

/** A long-horizon directive that holds (its contract's hold or escalation state) with `basis` as its current basis. */
export function holdDirective(instance: Instance, basis: string): string {
  const states = [...instance.artifact_contract.honest_states, ...instance.artifact_contract.completion_states];
  const hold = states.find((s) => /HOLD|ESCALAT/.test(s)) ?? states.at(-1)!;
  return `disposition: ${hold}\ntransmitted_record: the intake record\ncurrent_basis: ${basis}\nrecipient: the desk\nnext_owner: the owner`;
}

/**
 * The verdict on a long-horizon episode whose directive holds for the late update, with `after`
 * written below it and `before` (a heading, an entry's opening) above it.
 */
export function judgeHeld(instance: Instance, text: { after?: string; before?: string }): Ok {
  const directive = holdDirective(instance, "the late update took the basis away");
  const written = text.before === undefined ? `${directive}\n\n${text.after ?? ""}` : `${text.before}\n${directive}${text.after ?? ""}`;
  return judge(instance, lhEpisode(instance, written));
}

/** The first bundled coding instance (datasets/instances/coding.jsonl, built by setup). */
export function firstCodingInstance(): Instance {
  return InstanceSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, "datasets/instances/coding.jsonl"), "utf8").split("\n")[0]!));
}

/** `base` declaring a regression test beside its visible one; `visible` is the visible test's command. */
export function withRegressionTest(base: Instance): { coding: Instance; visible: string } {
  const visible = base.coding!.test_commands[0]!;
  return { coding: { ...base, coding: { ...base.coding!, test_commands: [visible, visible.replace("test_visible", "test_regression")] } }, visible };
}

/** One tool event of a trajectory, as the judge reads it. */
export function toolEvent(message_index: number, tool: string, args: Record<string, unknown>, result: string, ok = true): ToolEvent {
  return { message_index, turn: 0, call_id: `c${message_index}`, tool, args, result, ok, injected: false, boundary_violation: false };
}

/** A coding episode's events: one change to the target, then the first declared test run passing 3 of 3. */
export function changeThenPass(coding: Instance): ToolEvent[] {
  return [
    toolEvent(2, "write_file", { file_path: "agent_task/target.py", content: "def f():\n    return 1\n" }, "Wrote 24 characters"),
    toolEvent(4, "run_declared_test", { command: coding.coding!.test_commands[0]! }, "exit_code: 0\nRan 3 tests\nOK\n[harness: 3 tests ran, 3 passed]"),
  ];
}

let n = 0;
/** One tool call and its result, as an assistant message and a tool message. */
export function call(name: string, args: Record<string, unknown>, result: string): ChatMessage[] {
  const id = `c${(n += 1)}`;
  return [
    { role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }] },
    { role: "tool", tool_call_id: id, content: result },
  ];
}

/** A tool-use episode: reads the source, writes the record, reads it back (as the instance's profile answers). */
export function toolEpisode(instance: Instance, report: string, final: string, opts: { readBack?: boolean; extra?: ChatMessage[] } = {}) {
  const src = instance.workspace.find((w) => w.present)!;
  const path = instance.artifact_contract.path;
  const profile = instance.failure_profiles[0];
  const messages: ChatMessage[] = [
    { role: "user", content: instance.turns.map((t) => t.user).join("\n\n") },
    ...call("read_txt", { file_path: src.path }, src.present ? src.content : ""),
    ...call("write_file", { file_path: path, content: report }, `Successfully wrote ${report.length} characters to ${path}`),
    ...(opts.readBack === false ? [] : call("read_txt", { file_path: path }, profile ? profile.message : report)),
    ...(opts.extra ?? []),
    { role: "assistant", content: final },
  ];
  return fromInterchange({ instance_id: instance.id, messages, artifacts: { [path]: report }, final_response: final }, n);
}

/** A long-horizon episode reduced to what matters: the intake, the late update read, the directive. */
export function lhEpisode(instance: Instance, directive: string, final = "reports/final_directive.md", readUpdate = true) {
  const intake = instance.workspace.find((w) => w.present)!;
  const update = instance.turns.flatMap((t) => t.events)[0]!;
  const path = instance.artifact_contract.path;
  const messages: ChatMessage[] = [
    { role: "user", content: instance.turns.map((t) => t.user).join("\n\n") },
    ...call("read_txt", { file_path: intake.path }, intake.present ? intake.content : ""),
    ...(readUpdate ? call("read_txt", { file_path: update.path }, update.content) : call("read_txt", { file_path: "cases/late_update.txt" }, "Error: file not found: cases/late_update.txt")),
    ...call("write_file", { file_path: path, content: directive }, "ok"),
    { role: "assistant", content: final },
  ];
  return fromInterchange({ instance_id: instance.id, messages, artifacts: { [path]: directive }, final_response: final }, n);
}


/**
 * A coding episode that ends in a directive: `events` (changes and test runs) and the
 * report's `state` and fields, with the target changed.
 */
export function codingDirective(coding: Instance, events: ToolEvent[], fields: { state?: string; code_changes: string; test_results: string; unresolved_failures: string }) {
  const report = `state: ${fields.state ?? "HOLD_FOR_REVIEW"}\ncode_changes: ${fields.code_changes}\ntest_results: ${fields.test_results}\nunresolved_failures: ${fields.unresolved_failures}\nnext_action: review`;
  return {
    id: "t",
    instance_id: coding.id,
    messages: [],
    events,
    final_response: "reports/final_directive.md",
    artifacts: { [coding.artifact_contract.path]: report },
    changed_paths: ["agent_task/target.py"],
    diff_known: true,
  };
}

/** A tool-use episode: the task's turns, the calls in `steps`, then `record` written to the deliverable and its path as the reply. */
export function recordEpisode(instance: Instance, record: string, steps: ChatMessage[]) {
  const path = instance.artifact_contract.path;
  const messages: ChatMessage[] = [
    { role: "user", content: instance.turns.map((t) => t.user).join("\n\n") },
    ...steps,
    ...call("write_file", { file_path: path, content: record }, `Wrote ${record.length} characters`),
    { role: "assistant", content: path },
  ];
  return fromInterchange({ instance_id: instance.id, messages, artifacts: { [path]: record }, final_response: path }, n);
}

/** A read of each file the instance's workspace holds, as the tool returns it. */
export function readsOfWorkspace(instance: Instance): ChatMessage[] {
  return instance.workspace.flatMap((w) => (w.present ? call("read_txt", { file_path: w.path }, w.content) : []));
}

/**
 * A tool-use episode whose source read goes through and whose failing step (the instance's
 * first failure profile) answers with its error: then `record` is written to the deliverable
 * and `final` is the reply.
 */
export function sourceThenFailure(instance: Instance, record: string, final = instance.artifact_contract.path) {
  const source = instance.workspace.find((w) => w.present)!;
  const failed = instance.failure_profiles[0]!;
  const path = instance.artifact_contract.path;
  const messages: ChatMessage[] = [
    { role: "user", content: instance.turns.map((t) => t.user).join("\n\n") },
    ...call("read_txt", { file_path: source.path }, source.content),
    ...call("read_txt", { file_path: failed.target }, failed.message!),
    ...call("write_file", { file_path: path, content: record }, `Wrote ${record.length} characters`),
    { role: "assistant", content: final },
  ];
  return fromInterchange({ instance_id: instance.id, messages, artifacts: { [path]: record }, final_response: final }, n);
}
