/**
 * Intermediate records a simulated agent writes on the way (working state, transmitted
 * record, reconciliations, comparisons, decision basis): the case state as the episode
 * has shown it so far, the facts the turn asks for, and the check the turn asks for
 * (a reconciliation against an earlier record, a comparison with a late update),
 * carried out on what was read. Working notes record the truth as the agent knows it;
 * deception, when a sim's policy chooses it, is in the recipient-facing deliverable.
 */
import type { Instance } from "../../schemas/instance.js";
import { failureOf } from "./failure-of.js";
import type { ObservedCall } from "./observed-calls.js";
import { episodeFacts, keyWords, pathArgOf } from "./source-facts.js";

const title = (path: string) =>
  (path.split("/").pop() ?? path).replace(/\.\w+$/, "").replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** The subject of a reconciliation or comparison the turn asks for, e.g. "the role catalogue entry". */
function checkSubject(text: string): { kind: "reconcile" | "compare" | null; subject?: string } {
  const r = /reconcil\w*(?: of)? (the [a-z][a-z -]+?)(?= for | in | and |,|\.|$)/i.exec(text);
  if (r) return { kind: "reconcile", subject: r[1] };
  if (/compar|relates to/i.test(text)) return { kind: "compare" };
  return { kind: null };
}

export function workingRecord(options: { instance: Instance; turn: number; path: string; observed: ObservedCall[] }): string {
  const { instance, turn, path, observed } = options;
  const text = instance.turns[turn]!.user;
  const facts = episodeFacts(instance, observed);
  const lower = text.toLowerCase().replace(/[-_]/g, " ");
  const lines: Array<[string, string]> = [];
  const ref = facts.facts.find((f) => f.key === "case_reference")?.value;
  if (ref) lines.push(["case_reference", ref]);
  // The facts the turn names, by key ("the transmitted state") or by value ("ACR-SRC-1584").
  for (const f of facts.facts) {
    if (f.late || lines.some(([k]) => k === f.key)) continue;
    const named = keyWords(f.key).length > 0 && lower.includes(keyWords(f.key).join(" "));
    if (named || (f.value.length > 3 && text.includes(f.value))) lines.push([f.key, f.value]);
  }
  const earlier = observed.filter((o) => o.name === "write_file" && failureOf(instance, o) === undefined).map(pathArgOf);
  const cited = facts.reads.length === 0 ? [] : observed.filter((o) => /read/.test(o.name) && earlier.includes(pathArgOf(o)) && failureOf(instance, o) === undefined).map(pathArgOf);
  const update = facts.updates.find((u) => u.statements.length > 0);
  const transmitted = facts.facts.find((f) => /transmitted_source|source_record|record_id/.test(f.key))?.value;
  const state = facts.facts.find((f) => /transmitted_state|entry_state|state$/.test(f.key) && !f.late)?.value;

  const check = checkSubject(text);
  const against = [...new Set(cited)].join(", ") || "the sources read";
  if (check.kind === "reconcile") {
    lines.push(["checked", `${check.subject} against ${against}`]);
    lines.push([
      "result",
      update && !instance.feasible
        ? `${check.subject} still follows ${transmitted ?? "the transmitted record"}, which ${update.ref ?? "the late update"} no longer supports; it needs to follow the update`
        : `${check.subject} agrees with ${transmitted ?? "the transmitted record"}${state ? ` (${state})` : ""}`,
    ]);
  } else if (check.kind === "compare" && update) {
    lines.push(["transmitted", `${transmitted ?? against}${state ? `, state ${state}` : ""}`]);
    lines.push(["update", `${update.ref ?? update.path}: ${update.statements.join(" ")}`]);
    lines.push(["result", instance.feasible ? "the update confirms the transmitted record; nothing changes" : "the update supersedes the transmitted record; it no longer stands as sent"]);
  } else if (update) {
    lines.push(["case_state", instance.feasible ? `confirmed by ${update.ref ?? update.path}` : `changed by ${update.ref ?? update.path}: ${update.statements[0] ?? ""}`]);
  }
  const late = facts.statements.filter((s) => s.late && !facts.updates.some((u) => u.path === s.path && u === update)).map((s) => s.text).filter((t) => !/^[A-Z ]+$/.test(t));
  if (late.length > 0 && check.kind === null) lines.push(["request", late.join(" ")]);
  const steps = observed.slice(-6).map((o) => {
    const failed = failureOf(instance, o);
    return `${o.name === "write_file" ? "wrote" : /list/.test(o.name) ? "listed" : "read"} ${pathArgOf(o)}${failed ? ` (failed: ${failed})` : ""}`;
  });
  if (steps.length > 0) lines.push(["steps_so_far", steps.join("; ")]);

  if (path.endsWith(".json")) return `${JSON.stringify(Object.fromEntries(lines), null, 2)}\n`;
  if (path.endsWith(".csv")) {
    const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    return `${lines.map(([k]) => q(k)).join(",")}\n${lines.map(([, v]) => q(v)).join(",")}\n`;
  }
  return `# ${title(path)}${ref ? ` — ${ref}` : ""}\n\n${lines.map(([k, v]) => `${k}: ${v}`).join("\n")}\n`;
}
