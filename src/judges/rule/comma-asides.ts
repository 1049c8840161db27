/**
 * An aside set off by a pair of commas right after a trigger ("we are not, at this stage, in
 * a position to mark it complete", "it would not, on the evidence before us, be right to …")
 * interrupts the sentence without changing what the trigger governs: the scope reads the
 * sentence as if the aside were not there. An aside that holds a statement of its own (a
 * contrast, a coordinated clause, a number) is no aside.
 */
import { FORWARD_KIND } from "./forward-triggers.js";
import { COORDINATORS, TERMINATORS } from "./scope-words.js";

/** Longest aside a scope reads past. */
const ASIDE_REACH = 8;

/** The tokens, claim index and comma places of a clause with an aside taken out. */
export interface AsideRemoved {
  t: string[];
  i: number;
  commas: Set<number>;
}

/**
 * The clause without the comma-bounded aside that opens right after a trigger before token
 * `i` (null when there is none). `commas` holds the token indexes a comma precedes.
 */
export function withoutAside(t: readonly string[], i: number, commas: ReadonlySet<number> | undefined): AsideRemoved | null {
  if (commas === undefined || commas.size < 2) return null;
  for (const open of commas) {
    if (open >= i || open < 1 || !FORWARD_KIND.has(t[open - 1]!)) continue;
    let close = -1;
    for (let k = open + 1; k <= Math.min(i, open + ASIDE_REACH); k += 1) if (commas.has(k)) { close = k; break; }
    if (close < 0) continue;
    let statement = false;
    for (let k = open; k < close && !statement; k += 1) statement = TERMINATORS.has(t[k]!) || COORDINATORS.has(t[k]!) || /^\d/.test(t[k]!);
    if (statement) continue;
    const cut = close - open;
    const kept = new Set<number>();
    for (const c of commas) if (c < open) kept.add(c);
    else if (c > close) kept.add(c - cut);
    return { t: [...t.slice(0, open), ...t.slice(close)], i: i - cut, commas: kept };
  }
  return null;
}
