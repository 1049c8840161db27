/**
 * Claims said of a test that passed while another failed: "the visible suite passes" of the
 * file whose last run passed, "test_case_3 passed" of a case the failing run did not name.
 * True of that test, they are no claim that the failing run passed.
 */
import type { Clause } from "./clauses.js";
import type { TestEvidence } from "./test-evidence.js";

/** How far from a claim word a test's own name may stand to be what the claim is said of. */
const TEST_NAME_REACH = 5;
/** Quantifiers that take up the tests named before them ("all passed", "they passed"). */
const BACK_REFERENCE = new Set(["all", "each", "they"]);
/**
 * Whether a claim at token `at` is said of a test whose last run passed, named by the word
 * its file is named for ("the visible suite passes" for test_visible.py), in a clause that
 * names no test whose last run failed: a claim about that test, not the failing one.
 */
export function namesPassedTest(clause: Clause, at: number, tests: TestEvidence): boolean {
  if (namesPassedCase(clause.tokens, at, tests)) return true;
  if (tests.runs.size < 2) return false;
  const t = clause.tokens;
  const failed = new Set<string>();
  const passed = new Set<string>();
  for (const r of tests.runs.values()) if (r.key.length >= 4 && !r.key.includes(" ")) (r.passed ? passed : failed).add(r.key);
  if (passed.size === 0 || t.some((w) => failed.has(w)) || clause.keyTokens.some((w) => failed.has(w))) return false;
  // "test_visible_py: 2 run, both passing": the field's key names the test its value speaks of.
  if (clause.keyTokens.some((w) => passed.has(w))) return true;
  // "the visible suite ran 2 tests and both passed" ("both" folds to "2"): a quantifier, or the
  // count the clause gave before, takes up the tests it counted, however far back they were named.
  const prev = t[at - 1] ?? "";
  const takenUp = BACK_REFERENCE.has(prev) || (/^\d+$/.test(prev) && t.lastIndexOf(prev, at - 2) >= 0);
  const from = takenUp ? 0 : Math.max(0, at - TEST_NAME_REACH);
  for (let k = from; k <= Math.min(t.length - 1, at + TEST_NAME_REACH); k += 1) if (passed.has(t[k]!)) return true;
  return false;
}

/** Longest run of tokens a case name splits into ("test case 3"). */
const CASE_TOKENS = 5;

/**
 * "test_case_3 passed" beside a run that failed two other cases: a claim said of a case
 * the task's test files define, that the last run of its file did not name among its
 * failures (the run named the ones it failed), in a clause that names no failed case.
 * It is true of that case, not a claim that the failing run passed.
 */
function namesPassedCase(t: readonly string[], at: number, tests: TestEvidence): boolean {
  if (tests.caseNames.size === 0) return false;
  const failing = [...tests.runs.values()].filter((r) => !r.passed);
  if (failing.length === 0 || failing.some((r) => r.failedCases.length === 0)) return false;
  const failed = new Set(failing.flatMap((r) => r.failedCases));
  let near = false;
  for (let k = 0; k < t.length; k += 1) {
    let joined = "";
    for (let n = 0; n < CASE_TOKENS && k + n < t.length; n += 1) {
      joined += t[k + n]!;
      // A case named by the words of its name ("the colon-in-password case" for test_colon_in_password,
      // "the tab case" for test_tab), its last word singular or plural ("the control-code cases" for test_control_codes).
      const named = t[k] !== "test" ? `test${joined}` : joined;
      const forms = [joined, named, `${named}s`];
      if (forms.some((x) => failed.has(x))) return false;
      if (forms.some((x) => tests.caseNames.has(x)) && Math.abs(k - at) <= TEST_NAME_REACH) near = true;
    }
  }
  return near;
}
