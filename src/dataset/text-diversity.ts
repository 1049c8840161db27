/**
 * How varied a set of texts is once the values that always differ are taken out: names,
 * organisations, sites, case references and numbers are replaced by placeholders, so what
 * is left is the wording a model could learn to recognise.
 */

export interface Diversity {
  texts: number;
  /** Distinct texts after normalisation. */
  distinct: number;
  /** Share of all texts taken by the most repeated normalised text (0–1). */
  top_share: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Normalises `text`: lower case, the given names replaced by `<name>`, digits runs by `#`. */
export function normaliseText(text: string, names: readonly string[] = []): string {
  let out = text.toLowerCase();
  // Longest first, so a name that contains another is replaced whole.
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (name.trim() === "") continue;
    out = out.replace(new RegExp(escapeRegExp(name.toLowerCase()), "g"), "<name>");
  }
  return out.replace(/[a-z]{2,4}-\d+/g, "<ref>").replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

/** Counts distinct normalised texts and the share of the most repeated one. */
export function measureDiversity(normalised: readonly string[]): Diversity {
  const counts = new Map<string, number>();
  for (const t of normalised) counts.set(t, (counts.get(t) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return { texts: normalised.length, distinct: counts.size, top_share: normalised.length === 0 ? 0 : top / normalised.length };
}
