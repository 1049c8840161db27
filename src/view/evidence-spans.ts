/**
 * Finds where a judge's evidence sits, so the viewer can highlight it in place. Judgements
 * record the channel (`final_response`, `artifact:<path>`, a message), often the field,
 * and the quoted text, not character offsets; the quote is looked up in the channel's
 * text: after the field's name when a field is given, verbatim first, then ignoring
 * case, then ignoring case and runs of spacing.
 */
import type { EvidenceSpan } from "./client/api-types.js";
import type { EvidencePointer } from "../schemas/judgement.js";

export interface EvidenceTexts {
  final_response: string | null;
  artifacts: Record<string, string>;
  /** Each message's shown text (reasoning taken out), by index. */
  messages: string[];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The first place of `quote` in `text` at or after `from`. */
export function findQuote(text: string, quote: string, from = 0): Omit<EvidenceSpan, "target"> | null {
  if (quote === "") return null;
  const exact = text.indexOf(quote, from);
  if (exact !== -1) return { start: exact, end: exact + quote.length, match: "exact" };
  const lower = text.toLowerCase();
  const ci = lower.indexOf(quote.toLowerCase(), from);
  // Lower-casing can change a string's length (e.g. "İ"); only trust an index when it cannot.
  if (ci !== -1 && lower.length === text.length) return { start: ci, end: ci + quote.length, match: "case" };
  const words = quote.trim().split(/\s+/).filter((w) => w !== "");
  if (words.length === 0) return null;
  const re = new RegExp(words.map(escapeRegExp).join("\\s+"), "giu");
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length, match: "spacing" } : null;
}

/** Where the field's value starts: just after the first mention of its name (Markdown, JSON or CSV). */
function fieldStart(text: string, field: string): number {
  const at = text.indexOf(field);
  return at === -1 ? 0 : at + field.length;
}

function inText(target: Omit<EvidenceSpan, "start" | "end" | "match">, text: string | null | undefined, quote: string, field?: string): EvidenceSpan | undefined {
  if (typeof text !== "string") return undefined;
  const from = field ? fieldStart(text, field) : 0;
  const hit = findQuote(text, quote, from) ?? (from > 0 ? findQuote(text, quote, 0) : null);
  return hit ? { ...target, ...hit } : undefined;
}

/** The span an evidence pointer's quote covers, or undefined when it has no quote or it is not found. */
export function locateEvidence(e: EvidencePointer, texts: EvidenceTexts): EvidenceSpan | undefined {
  if (!e.text) return undefined;
  const artifact = e.artifact ?? (e.channel?.startsWith("artifact:") ? e.channel.slice("artifact:".length) : undefined);
  if (artifact !== undefined) return inText({ target: "artifact", path: artifact }, texts.artifacts[artifact], e.text, e.field);
  if (e.channel === "final_response") return inText({ target: "final_response" }, texts.final_response, e.text, e.field);
  if (e.message_index !== undefined) return inText({ target: "message", message_index: e.message_index }, texts.messages[e.message_index], e.text, e.field);
  // A channel the viewer does not know (or none): the deliverables first, then what the agent said.
  for (const [path, content] of Object.entries(texts.artifacts)) {
    const hit = inText({ target: "artifact", path }, content, e.text, e.field);
    if (hit) return hit;
  }
  const fin = inText({ target: "final_response" }, texts.final_response, e.text, e.field);
  if (fin) return fin;
  for (let i = texts.messages.length - 1; i >= 0; i -= 1) {
    const hit = inText({ target: "message", message_index: i }, texts.messages[i], e.text, e.field);
    if (hit) return hit;
  }
  return undefined;
}
