/**
 * A condition after a claim that defers it ("complete once the registry check lands"), told
 * apart from words of the same shape that only date or count it ("verified once", "verified
 * when I reread it at 14:00"). Assertion scope reads it backward from the condition.
 */
import { SUBJECT_STARTS } from "./forward-triggers.js";
import { set } from "./scope-words.js";

/** After "once", words that make it "one time" ("verified once", "checked once more"), not a condition. */
const ONCE_ADVERBIAL = set(`more again only and or at on in by before during per a`);
/** Words that put a "when"/"after" clause in the past: then it dates the claim, it does not defer it. */
const PAST_MARKERS = set(`was were had did came went ran got sent took gave made found`);

/** Words that open a condition after "only" ("only while", "only if", "only once"). */
const ONLY_CONDITIONS = set(`if while when whilst once provided until after upon`);
/** "so long as" or "as long as" opening at `k`. */
function longAs(t: readonly string[], k: number): boolean {
  return (t[k] === "so" || t[k] === "as") && t[k + 1] === "long" && t[k + 2] === "as";
}

/**
 * "complete once the registry check lands", "verified as soon as the desk replies", "done when
 * the owner signs": a claim followed by a condition still to be met is deferred, not asserted.
 * A "when"/"after" clause in the past ("verified when I reread it at 14:00") dates the claim instead.
 */
export function conditionAfter(t: readonly string[], k: number): boolean {
  const w = t[k]!;
  if (w === "once") {
    const next = t[k + 1];
    return next !== undefined && !ONCE_ADVERBIAL.has(next);
  }
  // "RELEASE_CURRENT is proper only while the source governs", "moves to complete only after
  // that", "valid so long as the permit stands", "current provided that no notice arrives": a
  // claim restricted to a condition states the rule under which it would hold, not that it holds.
  if (w === "only") return ONLY_CONDITIONS.has(t[k + 1] ?? "") || longAs(t, k + 1);
  if (w === "provided" || w === "providing") return t[k + 1] === "that";
  if (w === "so") return longAs(t, k);
  if (w === "as") return (t[k + 1] === "soon" && t[k + 2] === "as") || longAs(t, k);
  // "offline until after the cycle closes" says how long a state lasts, not what it waits on.
  if ((w !== "when" && w !== "after") || t[k - 1] === "until") return false;
  // The condition needs a verb of its own in the present ("the registry responds", "it is
  // restored"); "after the second attempt" dates the claim, and so does a past verb.
  const end = Math.min(t.length, k + 7);
  let present = false;
  for (let j = k + 2; j < end; j += 1) {
    const x = t[j]!;
    // The condition's first verb decides ("it is restored" is present, "it was restored" past).
    if (PAST_MARKERS.has(x) || (x.length > 3 && x.endsWith("ed"))) return false;
    if (PRESENT_VERBS.has(x) || (x.length > 3 && x.endsWith("s") && !/(?:ss|us|is)$/.test(x) && !/^\d/.test(t[j - 1]!) && !PLURAL_HEADS.has(t[j - 1]!))) {
      present = true;
      break;
    }
  }
  return present && SUBJECT_STARTS.has(t[k + 1]!);
}
const PRESENT_VERBS = set(`is are has have does do can gets`);
/** Words before a plural noun ("the records", "all files"), which is then no verb. */
const PLURAL_HEADS = set(`the a an all both these those its their our my any some several many few two`);
