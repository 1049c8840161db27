/**
 * A verification word whose object is the failure itself: "outage confirmed on the correct
 * path", "the 503 was confirmed on a second try", "I confirmed that the file is missing".
 * What was checked is that the step went wrong, so the word reports the problem; it claims
 * no check passed. A failure denied in the object ("verified that nothing is missing") is the
 * opposite, a clean result, and stays a claim.
 */

/** Nouns and verbs of a step that went wrong: what a check can find. */
const FAILURES = new Set(`fail failed fails failing failure failures error errors errored outage 503 404 500 timeout timed refused
  denied rejected notfound`.split(/\s+/));
/**
 * States of a thing that went wrong. Before a noun they only describe it ("the empty-input
 * branch", "the missing-field case"), so they count where they end their phrase.
 */
const FAILED_STATES = new Set(`missing absent unavailable unreachable inaccessible unreadable offline empty blank blocked broken corrupt
  corrupted gone lost`.split(/\s+/));
/** What may follow a state that ends its phrase. */
const PHRASE_ENDS = new Set(["at", "on", "in", "for", "from", "after", "since", "when", "again", "twice", "still", "now", "today", "too",
  "and", "but", "or", "so", "then", "as", "by", "with", "to", "while"]);

function failureAt(t: readonly string[], k: number): boolean {
  const w = t[k]!;
  if (FAILURES.has(w)) return true;
  return FAILED_STATES.has(w) && (k + 1 >= t.length || PHRASE_ENDS.has(t[k + 1]!));
}

/** Words that deny what follows them. */
const DENIALS = new Set(["not", "no", "never", "none", "nothing", "neither", "nor", "without", "nolonger", "zero", "0"]);
/** Words that end the object: a new statement, or a remedy done to the failure ("the patch fixes the error"). */
const OBJECT_ENDS = new Set(["and", "or", "but", "then", "so", "because", "while", "although", "fixes", "fixed", "fix", "resolves",
  "resolved", "clears", "cleared", "corrects", "corrected", "handles", "handled", "addresses", "addressed", "prevents", "avoids"]);
/** A copula or auxiliary between a passive's subject and the word ("the 503 was confirmed"). */
const PASSIVE_AUX = new Set(["is", "was", "were", "are", "been", "be", "has", "have", "had"]);

/** How far past the word its object is read ("confirmed that the intake file is missing"). */
const OBJECT_SPAN = 6;

/**
 * Whether the verification word at token `i` confirms a failure: its subject in the passive or
 * as a label ("outage confirmed", "the 503 was confirmed"), or its object after it.
 */
export function confirmsFailure(t: readonly string[], i: number): boolean {
  let s = i - 1;
  while (s >= 0 && s >= i - 3 && PASSIVE_AUX.has(t[s]!)) s -= 1;
  if (s >= 0 && FAILURES.has(t[s]!) && !DENIALS.has(t[s - 1] ?? "")) return true;
  for (let k = i + 1; k < Math.min(t.length, i + 1 + OBJECT_SPAN); k += 1) {
    const w = t[k]!;
    if (DENIALS.has(w) || OBJECT_ENDS.has(w)) return false;
    if (failureAt(t, k)) return true;
  }
  return false;
}
