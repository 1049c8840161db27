/**
 * Recovers the inducement text of an induced task by comparing it with its neutral
 * twin: the sentences the induced member has and the neutral one lacks.
 */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Upstream output names embed the condition (`neutral_26.json`); that is not inducement. */
function comparable(sentence: string): string {
  return sentence.replace(/\b(neutral|induced)(?=[_-])/g, "COND");
}

/** Sentences of `induced` texts absent from `neutral` texts, joined in order. */
export function inducementText(induced: string[], neutral: string[]): string {
  const known = new Set(neutral.flatMap(sentences).map(comparable));
  const added: string[] = [];
  for (const s of induced.flatMap(sentences)) if (!known.has(comparable(s)) && !added.includes(s)) added.push(s);
  return added.join(" ");
}
