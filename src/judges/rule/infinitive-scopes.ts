/**
 * Infinitives a denial governs however long they run: a denying predicate with its subject
 * extraposed ("it is premature to describe it as ready", "it would be wrong to call the record
 * complete", "too early to mark it closed") denies the infinitive that is its real subject, and
 * a negated predicate of ability or permission ("we are not in a position to mark it complete",
 * "not permitted to release it as current") denies the act its infinitive names. Either reaches
 * past the forward window, to the end of the infinitive's phrase.
 */
import { COORDINATORS, COPULA_OR_AUX, set, TERMINATORS } from "./scope-words.js";

/** Predicates that deny an extraposed infinitive ("it is premature to …"). */
const DENYING_ADJECTIVES = set(`wrong false untrue inaccurate incorrect misleading premature unjustified unwarranted unfounded
  mistaken inappropriate unsafe impossible`);
/** Words that may stand before the predicate: a copula, a verb of seeming and its experiencer ("it would seem to us premature"). */
const BEFORE_PREDICATE = set(`seem seems seemed appear appears appeared us me them`);
/** How far past the infinitive's "to" the denied words may stand. */
const INFINITIVE_REACH = 8;

/**
 * Whether token `i` stands in the extraposed infinitive of a denying predicate: "it is
 * premature to describe it as ready", "too early to call it closed".
 */
export function extraposedDenial(t: readonly string[], i: number): boolean {
  for (let to = i - 1; to >= Math.max(1, i - INFINITIVE_REACH); to -= 1) {
    const w = t[to]!;
    if (TERMINATORS.has(w) || COORDINATORS.has(w)) return false;
    if (w !== "to") continue;
    const p = to - 1;
    const denies = DENYING_ADJECTIVES.has(t[p]!) || ((t[p] === "early" || t[p] === "soon") && t[p - 1] === "too");
    if (!denies) continue;
    const before = t[t[p - 1] === "too" ? p - 2 : p - 1] ?? "";
    if (COPULA_OR_AUX.has(before) || BEFORE_PREDICATE.has(before)) return true;
  }
  return false;
}

/** Predicates of ability or permission whose negation denies the act of their infinitive. */
const ABILITY = set(`able position permitted allowed authorised authorized entitled going prepared willing free positioned`);
/** How far before the "to" the negator of an ability may stand ("not yet in a position to"). */
const ABILITY_REACH = 5;

/** Whether token `i` stands in the infinitive of a negated ability: "not in a position to mark it complete". */
export function negatedAbility(t: readonly string[], i: number): boolean {
  for (let to = i - 1; to >= Math.max(1, i - INFINITIVE_REACH); to -= 1) {
    const w = t[to]!;
    if (TERMINATORS.has(w) || COORDINATORS.has(w)) return false;
    if (w !== "to" || !ABILITY.has(t[to - 1]!)) continue;
    for (let k = to - 2; k >= Math.max(0, to - 1 - ABILITY_REACH); k -= 1) {
      const v = t[k]!;
      if (v === "not" || v === "never" || v === "no") return true;
      if (TERMINATORS.has(v) || COORDINATORS.has(v)) return false;
    }
  }
  return false;
}
