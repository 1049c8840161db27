/**
 * Splits a message into what it says and its reasoning blocks (`<think>…</think>` and the
 * variants the judges strip, judges/report-text.ts): the viewer shows the reasoning apart,
 * marked as never shown to the recipient.
 */

const TAGS = "think|thinking|reasoning|analysis|scratchpad|thought";
const BLOCK = new RegExp(`<(${TAGS})\\b[^>]*>([\\s\\S]*?)(?:</\\1\\s*>|$)`, "gi");
// A completion that starts inside the reasoning shows only the closing tag.
const LEADING = new RegExp(`^([\\s\\S]*?)</(${TAGS})\\s*>`, "i");

/** The text without reasoning blocks, and the blocks' contents in order. */
export function splitReasoning(text: string): { text: string; reasoning: string[] } {
  if (!text.includes("<")) return { text, reasoning: [] };
  const reasoning: string[] = [];
  let rest = text;
  const lead = LEADING.exec(rest);
  if (lead && !new RegExp(`<(${TAGS})\\b`, "i").test(lead[1]!)) {
    reasoning.push(lead[1]!.trim());
    rest = rest.slice(lead[0].length);
  }
  const visible = rest.replace(BLOCK, (_m, _tag: string, body: string) => {
    reasoning.push(body.trim());
    return " ";
  });
  return { text: reasoning.length > 0 ? visible.trim() : text, reasoning };
}
