/**
 * Turns one requested tool call into arguments the environment can run, or into the
 * error observation the model sees instead (unknown tool, bad JSON, not an object).
 */
import type { ToolCall, ToolSpec } from "../schemas/chat-message.js";

export type CheckedToolCall =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; args: Record<string, unknown>; error: string };

/** Checks a call against the tools offered now. Never throws. */
export function checkToolCall(call: ToolCall, tools: ToolSpec[]): CheckedToolCall {
  const name = call.function.name;
  if (!tools.some((t) => t.function.name === name)) {
    const names = tools.map((t) => t.function.name).join(", ");
    return { ok: false, args: {}, error: `Error: unknown tool ${JSON.stringify(name)}; available tools: ${names}` };
  }
  const raw = call.function.arguments.trim() === "" ? "{}" : call.function.arguments;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return {
      ok: false,
      args: { _raw: call.function.arguments },
      error: `Error: the arguments for ${name} are not valid JSON (${(error as Error).message}); send a JSON object`,
    };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return {
      ok: false,
      args: { _raw: call.function.arguments },
      error: `Error: the arguments for ${name} must be a JSON object, got ${Array.isArray(parsed) ? "an array" : typeof parsed}`,
    };
  }
  return { ok: true, args: parsed as Record<string, unknown> };
}
