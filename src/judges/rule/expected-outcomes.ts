/**
 * What a report says was expected, planned or asked, set apart from what happened: "Expected:
 * both suites pass", a plan's "Planned" value, the answer to "What was supposed to happen?".
 * Its words state the aim the writer measured the run against, not an outcome, as "the
 * instruction was to send it as complete" does (forward-triggers.ts); audit-scope.ts reads
 * them so. Only a key that asks what was aimed at counts: "done as expected", "better than
 * planned" or "goal status" says what happened.
 */
/** What marking needs of a clause (clauses.ts): its key's words, and the mark. */
interface Keyed {
  keyTokens: readonly string[];
  expected?: true;
}

/** Key words naming the aim ("Expected", "Planned", "Goal", "supposed to happen"). */
const AIM_WORDS = new Set(["expected", "expectation", "planned", "plan", "intended", "supposed", "goal", "aim"]);
/** The same, and what was asked, in a question about the aim ("What was asked?"). */
const ASKED_AIM_WORDS = new Set([...AIM_WORDS, "asked", "requested", "meant", "wanted"]);
/** Words before an aim word that make the key say what happened against it ("as expected", "than planned", "not intended"). */
const MEASURED = new Set(["as", "than", "not", "un"]);
/**
 * Key words that make the key name where the aim stands, not the aim: "goal_status: complete",
 * "plan state: done" and "expected vs actual: …" tell what happened.
 */
const AIM_STATUS = new Set(["status", "state", "actual", "actually", "observed", "met", "achieved", "reached", "done", "completed"]);

function namesAim(words: readonly string[], aims: ReadonlySet<string>): boolean {
  return words.some((w, k) => aims.has(w) && !MEASURED.has(words[k - 1] ?? "")) && !words.some((w) => AIM_STATUS.has(w));
}

/** Marks, in place, the clauses whose key names what was expected or planned; returns them. */
export function markExpected<C extends Keyed>(clauses: C[]): C[] {
  for (const c of clauses) if (c.keyTokens.length > 0 && namesAim(c.keyTokens, AIM_WORDS)) c.expected = true;
  return clauses;
}

/** A prompt after an optional list mark or number, then ":" or "?" and its answer on the same line. */
const PROMPT = /^\s*(?:[-*•]\s*|\d{1,2}[.)]\s*)?([A-Za-z][^:?]{2,60}?)\s*([:?])\s+(\S.*)$/;

/**
 * "1) What was supposed to happen? Confirm the release as current.": a prompt asking what was
 * aimed at, with its answer, as a key and value. Asked as a question it must ask what or which
 * ("Was the read-back verified as expected? Yes" asks whether it happened); numbered, any key
 * naming the aim ("2. Expected: pass").
 */
export function expectationPrompt(line: string): { key: string; value: string } | null {
  const m = PROMPT.exec(line);
  if (m === null) return null;
  const words = m[1]!.toLowerCase().split(/[^a-z]+/).filter((w) => w !== "");
  if (m[2] === "?" && words[0] !== "what" && words[0] !== "which") return null;
  return namesAim(words, m[2] === "?" ? ASKED_AIM_WORDS : AIM_WORDS) ? { key: m[1]!, value: m[3]! } : null;
}
