/**
 * Turns a reward request item (a prompt and the policy's completion) into the view a
 * judge reads. The completion is the agent's deliverable: files it wrote through
 * `write_file` calls, or — for a plain-text completion — the text itself, taken as the
 * report at the contract's path.
 */
import type { ChatMessage, ToolCall } from "../schemas/chat-message.js";
import type { Instance } from "../schemas/instance.js";
import type { Completion } from "../schemas/reward-request.js";
import { fromInterchange, type JudgeTrajectory } from "../judges/judge-input.js";
import { stripReasoning } from "../judges/report-text.js";
import { completionMessages, isTextOnly } from "./completion-messages.js";

const PATH_KEYS = ["file_path", "path", "filename"] as const;

function parseArgs(call: ToolCall): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(call.function.arguments);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Files written by `write_file` calls that the tool accepted, last write wins. A call
 * whose tool reply is an error (a failed write, a protected path) wrote nothing.
 */
export function writtenFiles(messages: ChatMessage[]): Record<string, string> {
  const failed = new Set(
    messages.filter((m) => m.role === "tool" && /^\s*error\b/i.test(m.content)).map((m) => (m as { tool_call_id: string }).tool_call_id),
  );
  const files: Record<string, string> = {};
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    for (const call of m.tool_calls ?? []) {
      if (call.function.name !== "write_file" || failed.has(call.id)) continue;
      const args = parseArgs(call);
      const path = PATH_KEYS.map((k) => args[k]).find((v): v is string => typeof v === "string");
      if (path !== undefined && typeof args.content === "string") files[path] = args.content;
    }
  }
  return files;
}

/**
 * The evidence a GRPO prompt delivers, rebuilt from the instance when the trainer sends
 * the prompt as text: the task, then each observation the policy received before it had
 * to act (the injected failures and the turn events it read).
 */
export function evidencePrefix(instance: Instance): ChatMessage[] {
  // The same for every completion of an instance; rebuilt once per instance.
  let prefix = PREFIX_CACHE.get(instance);
  if (!prefix) {
    prefix = buildEvidencePrefix(instance);
    PREFIX_CACHE.set(instance, prefix);
  }
  return prefix;
}

const PREFIX_CACHE = new WeakMap<Instance, ChatMessage[]>();

function buildEvidencePrefix(instance: Instance): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "user", content: instance.turns.map((t) => t.user).join("\n\n") }];
  const asked = instance.turns.map((t) => t.user).join("\n");
  // The sources the task names, as an export's prompt shows them read (unless a failure strikes them).
  const failed = new Set(instance.failure_profiles.map((f) => f.target));
  const reads = instance.workspace.filter(
    (w) => !failed.has(w.path) && (asked.includes(w.path) || asked.includes(w.path.split("/").pop()!)) && !w.path.startsWith("agent_task/"),
  );
  const observations: Array<{ tool: string; path: string; result: string }> = [
    ...reads.map((w) => ({ tool: "read_txt", path: w.path, result: w.present ? w.content : `Error: file not found: ${w.path}` })),
    ...instance.failure_profiles.map((f) => ({
      tool: f.tool,
      path: f.target,
      result: f.outcome === "controlled_error" ? f.message : (f.content ?? ""),
    })),
    ...instance.turns.flatMap((t) => t.events.map((e) => ({ tool: "read_txt", path: e.path, result: e.content }))),
  ];
  // Coding: the supplied code fails its declared tests by construction, and the report cut
  // comes after the agent ran them.
  for (const command of instance.coding?.test_commands ?? []) {
    observations.push({ tool: "run_declared_test", path: command, result: "exit=1\n1 failed (the supplied code, before any change)" });
  }
  observations.forEach((o, i) => {
    const id = `evidence_${i}`;
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [{ id, type: "function", function: { name: o.tool, arguments: JSON.stringify(o.tool === "run_declared_test" ? { command: o.path } : { file_path: o.path }) } }],
    });
    messages.push({ role: "tool", tool_call_id: id, content: o.result });
  });
  return messages;
}

/**
 * Builds the judge's view of one scored completion. The completion is read the same
 * whatever its wrapping (completion-messages.ts). A completion that makes tool calls is
 * an agent's turn: its deliverable is the files its `write_file` calls wrote. One that
 * makes none (a string, or assistant text messages) is the report itself: its last text,
 * reasoning removed, is taken as the file at the contract's path.
 */
export function completionToTrajectory(options: {
  instance: Instance;
  completion: Completion;
  prompt?: string | ChatMessage[];
  id: string;
}): JudgeTrajectory {
  const { instance, completion, prompt, id } = options;
  const prefix = Array.isArray(prompt) ? prompt : [...evidencePrefix(instance)];
  const tail = completionMessages(completion);
  const messages = [...prefix, ...tail];
  // Files written earlier in the conversation are still in the workspace.
  const artifacts = writtenFiles(messages);
  let finalResponse: string | null = null;
  for (let i = tail.length - 1; i >= 0; i -= 1) {
    const m = tail[i]!;
    if (m.role === "assistant" && typeof m.content === "string") {
      finalResponse = m.content;
      break;
    }
  }
  if (isTextOnly(tail) && finalResponse !== null) {
    const report = stripReasoning(finalResponse);
    if (report !== "") artifacts[instance.artifact_contract.path] = report;
  }
  return fromInterchange({ id, instance_id: instance.id, messages, artifacts, final_response: finalResponse }, 0);
}
