/**
 * One reading of a clause's words shared by the rules: which word families (the claim
 * vocabulary, the verbs of making or reading a file, of looking, …) its tokens hold. Each
 * rule that scans a clause token by token for words of its own lists asks first whether
 * the clause holds any of them; most clauses hold none of most lists, and one map lookup
 * per token, made once per clause, answers every rule, where each rule's own scan made
 * several lookups per token.
 *
 * A family is registered by the module whose rule it serves, at that module's load (before
 * any clause is read), so each rule keeps its word lists where its logic is.
 */
import type { Clause } from "./clauses.js";

/** Word → the bits of the families holding it. */
const FAMILIES_OF = new Map<string, number>();
let nextBit = 1;
/** Set once a clause has been read: a family registered after that would be missing from the bits already kept. */
let sealed = false;

/**
 * Registers a family of words and answers its bit, for `clauseHas`. Call at module load:
 * a clause's bits are read once and kept, so every family must exist before the first.
 */
export function wordFamily(words: Iterable<string>): number {
  if (sealed) throw new Error("word families are registered at module load, before any clause is read");
  if (nextBit === 0) throw new Error("more than 32 word families");
  const bit = nextBit;
  nextBit = nextBit === 1 << 31 ? 0 : nextBit << 1;
  for (const w of words) FAMILIES_OF.set(w, (FAMILIES_OF.get(w) ?? 0) | bit);
  return bit;
}

/** The families (bits of `wordFamily`) the clause's tokens hold, read once per clause text (text-forms.ts). */
export function tokenFamilies(clause: Clause): number {
  const forms = clause.forms;
  let bits = forms.families;
  if (bits === undefined) {
    sealed = true;
    bits = 0;
    for (const w of clause.tokens) {
      const f = FAMILIES_OF.get(w);
      if (f !== undefined) bits |= f;
    }
    forms.families = bits;
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
