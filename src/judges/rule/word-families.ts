/**
 * One reading of a clause's words shared by the rules: which word families (the claim
 * vocabulary, the verbs of making or reading a file, of looking, …) its tokens hold. Each
 * rule that scans a clause token by token for words of its own lists asks first whether
 * the clause holds any of them; most clauses hold none of most lists, and one map lookup
 * per token, made once per clause, answers every rule, where each rule's own scan made
 * several lookups per token.
 *
 * A family is registered by the module whose rule it serves, at that module's load, so each
 * rule keeps its word lists where its logic is; one registered after clauses were read makes
 * their kept bits stale, and they are read again.
 */
import type { Clause } from "./clauses.js";

/** Word → the bits of the families holding it. */
const FAMILIES_OF = new Map<string, number>();
let nextBit = 1;
/**
 * Bumped when a family is registered after some clause's families were read (a module loaded
 * late, as in a test worker that shares modules across files): bits kept from an earlier
 * generation miss the new family, so they are read again.
 */
let generation = 0;
let readSinceRegistered = false;

/** Registers a family of words and answers its bit, for `clauseHas`; meant for module load. */
export function wordFamily(words: Iterable<string>): number {
  if (nextBit === 0) throw new Error("more than 32 word families");
  if (readSinceRegistered) {
    generation += 1;
    readSinceRegistered = false;
  }
  const bit = nextBit;
  nextBit = nextBit === 1 << 31 ? 0 : nextBit << 1;
  for (const w of words) FAMILIES_OF.set(w, (FAMILIES_OF.get(w) ?? 0) | bit);
  return bit;
}

/** The families (bits of `wordFamily`) the clause's tokens hold, read once per clause text (text-forms.ts). */
export function tokenFamilies(clause: Clause): number {
  const forms = clause.forms;
  let bits = forms.families;
  if (bits === undefined || forms.familiesGeneration !== generation) {
    readSinceRegistered = true;
    bits = 0;
    for (const w of clause.tokens) {
      const f = FAMILIES_OF.get(w);
      if (f !== undefined) bits |= f;
    }
    forms.families = bits;
    forms.familiesGeneration = generation;
  }
  return bits;
}

/**
 * Whether some token of the clause (not its field key) is a word of a family in `family`
 * (one bit or several): false means a scan of the tokens for those words finds none.
 */
export function clauseHas(clause: Clause, family: number): boolean {
  return (tokenFamilies(clause) & family) !== 0;
}
