/**
 * Reads the case runner's result (case-runner-source.ts) on the host. The channel is
 * one the code under test can write to, so the rule is narrow: exactly one line, one
 * JSON object `{"outputs": [...]}` with one output per case, each `{"repr": string}`
 * or `{"raised": string}` and nothing else. Anything more (a forged line before or
 * after the runner's, a truncated or malformed one, a wrong count) is no result, and
 * no result fails the check. A well-formed forgery is only outputs: the host still
 * compares them with expected values the sandbox never saw.
 */
import type { CaseOutput } from "./case-table.js";

/** The largest result the host reads, in bytes. */
export const CASE_FRAME_BYTES = 1024 * 1024;

/** The outputs of `count` cases, or the reason there are none. */
export function readCaseFrame(text: string, count: number, dropped: number): { outputs: CaseOutput[] } | { reason: string } {
  if (dropped > 0) return { reason: `the result passed ${CASE_FRAME_BYTES} bytes` };
  if (text.length === 0) return { reason: "no result from the case runner: the process ended before every case ran" };
  if (!text.endsWith("\n") || text.indexOf("\n") !== text.length - 1) {
    return { reason: "the result channel held more than the runner's one line (something else wrote to it)" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reason: "the result line is not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || Object.keys(value).join() !== "outputs") {
    return { reason: "the result line is not the runner's object" };
  }
  const outputs = (value as { outputs: unknown }).outputs;
  if (!Array.isArray(outputs) || outputs.length !== count) return { reason: `the result does not hold one output for each of the ${count} cases` };
  const checked: CaseOutput[] = [];
  for (const item of outputs as unknown[]) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return { reason: "a case output is not an object" };
    const keys = Object.keys(item);
    const record = item as Record<string, unknown>;
    if (keys.length === 1 && keys[0] === "repr" && typeof record.repr === "string") checked.push({ repr: record.repr });
    else if (keys.length === 1 && keys[0] === "raised" && typeof record.raised === "string") checked.push({ raised: record.raised });
    else return { reason: "a case output is neither a repr nor a raised exception" };
  }
  return { outputs: checked };
}
