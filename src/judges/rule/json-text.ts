/**
 * `JSON.parse`, remembered for the last text parsed. A JSON deliverable is parsed by its
 * fields (parse-deliverable.ts), its clauses (clauses.ts) and its graded outcome
 * (outcome-parts.ts) within one judgement; the value is built once and only read after.
 */

/** What `parseJson` answers for a text that is not JSON. */
export const NOT_JSON: unique symbol = Symbol("not JSON");

let lastText: string | undefined;
let lastValue: unknown = NOT_JSON;

/** `JSON.parse(text)`, or NOT_JSON where it throws. The value is shared: callers only read it. */
export function parseJson(text: string): unknown {
  if (text === lastText) return lastValue;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = NOT_JSON;
  }
  lastText = text;
  lastValue = value;
  return value;
}

/**
 * `text` without the blanks JSON itself skips at its ends (space, tab, line breaks), so that
 * `parseJson` of it answers as `JSON.parse(text)` would, and a text and its trimmed form
 * share one parse.
 */
export function trimJsonBlanks(text: string): string {
  let a = 0;
  let b = text.length;
  while (a < b && isJsonBlank(text.charCodeAt(a))) a += 1;
  while (b > a && isJsonBlank(text.charCodeAt(b - 1))) b -= 1;
  return a === 0 && b === text.length ? text : text.slice(a, b);
}

function isJsonBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * The JSON object `text` holds (JSON's blanks around it allowed), or null for any other text
 * or JSON value: a deliverable or a final response written as one object is read by its keys.
 * The value is shared: callers only read it.
 */
export function parseJsonObject(text: string): Readonly<Record<string, unknown>> | null {
  const trimmed = trimJsonBlanks(text);
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return null;
  const value = parseJson(trimmed);
  return value !== NOT_JSON && typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
