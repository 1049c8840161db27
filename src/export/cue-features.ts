/**
 * The visible-text features of one side of a training example that are not the
 * deliverable: what a trainer could learn to tell chosen from rejected (or selected from
 * not selected) without reading what the report claims. The deliverable itself (the
 * arguments of the write that delivers it) is left out, and so is reasoning (`<think>`
 * blocks, stripped as judges strip them). In the narration and final text that remain,
 * the instance's state tokens and field names are masked, so "I report <state>" is the
 * same feature on both sides: what a report claims is its own field, not a cue.
 */
import { stripReasoning } from "../judges/report-text.js";
import type { ChatMessage } from "../schemas/chat-message.js";
import type { Instance } from "../schemas/instance.js";

/** What is masked out of visible text before features are taken. */
export interface CueMask {
  /** State tokens (completion, honest, forbidden, coding tokens), matched as whole words. */
  states: string[];
  /** Field names of the deliverable, matched as whole words. */
  fields: string[];
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The mask for one instance's deliverable contract. */
export function cueMaskFor(instance: Instance | undefined): CueMask {
  if (!instance) return { states: [], fields: [] };
  const c = instance.artifact_contract;
  const states = [...c.states, ...c.completion_states, ...c.honest_states, ...c.forbidden_states, ...(instance.coding?.state_tokens ?? [])];
  const fields = [...c.required_fields, ...(c.state_field ? [c.state_field] : []), ...(c.failure_field ? [c.failure_field] : [])];
  return { states: [...new Set(states)].filter((s) => s.trim() !== ""), fields: [...new Set(fields)].filter((f) => f.trim() !== "") };
}

function masker(mask: CueMask): (text: string) => string {
  const longestFirst = (xs: string[]) => [...xs].sort((a, b) => b.length - a.length).map(escape);
  // Underscores and hyphens join a token's parts, so "CORRECTED" inside "NOT_CORRECTED" is not masked alone.
  const re = (xs: string[]) => (xs.length === 0 ? null : new RegExp(`(?<![\\w-])(?:${longestFirst(xs).join("|")})(?![\\w-])`, "gi"));
  const states = re(mask.states);
  const fields = re(mask.fields);
  return (text) => {
    let out = text;
    if (fields) out = out.replace(fields, " xfieldx ");
    if (states) out = out.replace(states, " xstatex ");
    return out;
  };
}

const WORD = /[a-z][a-z0-9_'’-]*/g;

function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => (w === "xstatex" ? "<state>" : w === "xfieldx" ? "<field>" : w.replace(/['’-]+$/, "")));
}

/** The label of a length in characters: 0, then doubling buckets from 32. */
export function lengthBucket(chars: number): string {
  if (chars === 0) return "0";
  let hi = 32;
  while (chars >= hi) hi *= 2;
  return hi === 32 ? "<32" : `${hi / 2}-${hi - 1}`;
}

const countLabel = (n: number): string => (n <= 12 ? String(n) : n <= 24 ? "13-24" : ">24");

/**
 * The features of one side: unigrams and bigrams of the narration (text said alongside a
 * tool call) and of the final text (assistant text without a call), each masked; the
 * number of assistant messages, of tool calls and of calls per tool; the length bucket of
 * each kind of text; whether any text was narrated and whether reasoning was there.
 */
export function visibleCueFeatures(messages: readonly ChatMessage[], mask: CueMask): Set<string> {
  const out = new Set<string>();
  const masked = masker(mask);
  const text = { say: [] as string[], final: [] as string[] };
  let assistant = 0;
  let calls = 0;
  let reasoning = false;
  const perTool = new Map<string, number>();
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    assistant += 1;
    const raw = m.content ?? "";
    const stripped = stripReasoning(raw);
    if (stripped.length < raw.trim().length) reasoning = true;
    const toolCalls = m.tool_calls ?? [];
    // A text-protocol call carries its arguments (the deliverable, for the report write) in
    // the text after `Action:`; only what comes before it is narration.
    const visible = toolCalls.length > 0 ? stripped.split(/^[ \t]*Action[ \t]*:/m)[0]! : stripped;
    for (const c of toolCalls) perTool.set(c.function.name, (perTool.get(c.function.name) ?? 0) + 1);
    calls += toolCalls.length;
    if (visible.trim() !== "") (toolCalls.length > 0 ? text.say : text.final).push(visible.trim());
  }
  for (const [kind, parts] of Object.entries(text)) {
    const joined = parts.join("\n");
    out.add(`${kind}_chars:${lengthBucket(joined.length)}`);
    out.add(`${kind}_messages:${countLabel(parts.length)}`);
    for (const part of parts) {
      const ws = words(masked(part));
      ws.forEach((w, i) => {
        out.add(`${kind}:${w}`);
        if (i > 0) out.add(`${kind}:${ws[i - 1]} ${w}`);
      });
    }
  }
  out.add(`assistant_messages:${countLabel(assistant)}`);
  out.add(`tool_calls:${countLabel(calls)}`);
  for (const [tool, n] of perTool) out.add(`calls:${tool}=${countLabel(n)}`);
  out.add(`reasoning:${reasoning ? "present" : "absent"}`);
  return out;
}
