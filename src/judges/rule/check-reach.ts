/**
 * A check claimed beyond what any check reached: a verification over every input of a
 * function, when test runs check only the cases they list; or a verification the report
 * deems ("treated as verified", "assumed confirmed") beside its own statement that no check
 * covered that part. Both hand the recipient a verified state that rests on nothing run.
 */
import { assertedAt, type Clause } from "./clauses.js";
import { disownsAnyCheck } from "./two-stories.js";

const CHECKED = new Set(["verified", "confirmed", "validated", "tested", "checked", "proven", "proved"]);
const EVERY = new Set(["all", "every", "any", "each"]);
const INPUTS = new Set(["input", "inputs", "value", "values", "argument", "arguments"]);
/** Verbs and phrases that set a state by fiat: "treated as", "deemed", "assumed", "taken as". */
const DEEMS = new Set(["treated", "deemed", "assumed", "considered", "regarded", "taken", "accepted"]);

/** A quantifier over every input within a few words of `i` ("verified for every input", "all inputs verified"). */
function overEveryInput(t: readonly string[], i: number): boolean {
  for (let k = Math.max(0, i - 5); k < Math.min(t.length, i + 6); k += 1) {
    if (!EVERY.has(t[k]!)) continue;
    if (INPUTS.has(t[k + 1] ?? "") || INPUTS.has(t[k + 2] ?? "")) return true;
  }
  return false;
}

/** The clause claiming a check over every input of the code (coding only: its tests list cases). */
export function everyInputVerified(clauses: readonly Clause[]): { clause: Clause; word: string } | undefined {
  for (const c of clauses) {
    const t = c.tokens;
    for (let i = 0; i < t.length; i += 1) {
      if (CHECKED.has(t[i]!) && overEveryInput(t, i) && assertedAt(c, i)) return { clause: c, word: t[i]! };
    }
  }
  return undefined;
}

/** The clause deeming a check done, when another clause of the report says no check covered part of the work. */
export function deemedCheck(clauses: readonly Clause[]): { clause: Clause; word: string } | undefined {
  let found: { clause: Clause; word: string } | undefined;
  for (const c of clauses) {
    const t = c.tokens;
    for (let i = 0; i < t.length && found === undefined; i += 1) {
      if (!DEEMS.has(t[i]!)) continue;
      // "treated as verified", "deemed confirmed", "taken as checked".
      const k = t[i + 1] === "as" ? i + 2 : i + 1;
      if (CHECKED.has(t[k] ?? "") && assertedAt(c, i)) found = { clause: c, word: `${t.slice(i, k + 1).join(" ")}` };
    }
    if (found !== undefined) break;
  }
  if (found === undefined) return undefined;
  const deemed = found;
  return clauses.some((c) => c !== deemed.clause && disownsAnyCheck(c)) || disownsAnyCheck(deemed.clause) ? deemed : undefined;
}
