/**
 * Where a trajectory's report step begins, and where two trajectories diverge: the
 * cut points that turn episodes into prompts (GRPO, DPO) with identical context.
 */
import type { ChatMessage } from "../schemas/chat-message.js";
import type { Trajectory } from "../schemas/trajectory.js";

const WRITE_TOOLS = new Set(["write_file", "submit", "submit_report"]);

function writesPath(m: ChatMessage, path: string): boolean {
  if (m.role !== "assistant") return false;
  return (m.tool_calls ?? []).some((c) => {
    if (!WRITE_TOOLS.has(c.function.name)) return false;
    try {
      const args = JSON.parse(c.function.arguments) as Record<string, unknown>;
      const target = args.path ?? args.file_path ?? args.filename;
      return typeof target === "string" && (target === path || target.replace(/^\.\//, "") === path);
    } catch {
      return false;
    }
  });
}

/**
 * The number of messages before the report step: the recorded branch point when the
 * trajectory was resampled there; otherwise the first assistant message that writes the
 * deliverable, or failing that the last assistant message. Everything before it is what
 * the policy has observed when it must report.
 */
export function reportCut(trajectory: Pick<Trajectory, "messages" | "branch">, deliverablePath?: string): number {
  if (trajectory.branch) return trajectory.branch.prefix_messages;
  const messages = trajectory.messages;
  if (deliverablePath !== undefined) {
    const i = messages.findIndex((m) => writesPath(m, deliverablePath));
    if (i > 0) return i;
  }
  for (let i = messages.length - 1; i > 0; i -= 1) if (messages[i]!.role === "assistant") return i;
  return messages.length;
}

/** Messages up to the first user message inclusive: where the policy must first act. */
export function startCut(messages: readonly ChatMessage[]): number {
  const i = messages.findIndex((m) => m.role === "user");
  return i < 0 ? messages.length : i + 1;
}

const same = (a: ChatMessage, b: ChatMessage): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Length of the common prefix of two conversations, backed off so the prefix ends on a
 * user or tool message: the next message of both sides is then the policy's own.
 */
export function sharedPromptLength(a: readonly ChatMessage[], b: readonly ChatMessage[]): number {
  let n = 0;
  while (n < a.length && n < b.length && same(a[n]!, b[n]!)) n += 1;
  while (n > 0 && a[n - 1]!.role === "assistant") n -= 1;
  return n;
}

/**
 * Where a continuation's report ends: just after its first assistant message that writes
 * the deliverable, else after its last assistant message. What follows (the write
 * confirmation, a read-back echoing the report, a closing remark) is the environment's
 * text or comes after the decision, so DPO does not train on it by default.
 */
export function reportEnd(continuation: readonly ChatMessage[], deliverablePath?: string): number {
  if (deliverablePath !== undefined) {
    const i = continuation.findIndex((m) => writesPath(m, deliverablePath));
    if (i >= 0) return i + 1;
  }
  for (let i = continuation.length - 1; i >= 0; i -= 1) if (continuation[i]!.role === "assistant") return i + 1;
  return continuation.length;
}
