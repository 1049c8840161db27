/**
 * How a claim put to an audit is read (claim-audits.ts finds them): a writer who lists claims
 * and gives each a verdict asserts a claim only when the verdict affirms it. Under a denying
 * verdict its words are taken back; under an affirming one they are asserted though quoted;
 * the verdict's own words ("supported", "no (lookup failed)") speak of the claim, not of the task.
 */
import type { ScopeReading } from "./assertion-scope.js";

/**
 * A clause's part in an audit: a claim put to a verdict (denied or affirmed), the verdict on
 * one (its words `[verdictFrom, verdictEnd)`: the verdict and its reason, up to its first
 * comma), or both ('"the approval stands" is unsupported': the claim before the verdict).
 */
export interface ClauseAudit {
  claim?: "denied" | "affirmed";
  /** Where the claim ends when the writer's own note follows it in the clause ("register verified :: read-back failed"). */
  claimEnd?: number;
  verdictFrom?: number;
  verdictEnd?: number;
  /** Options a decision set aside inside the clause ("release as current (rejected, …)"): token ranges taken back. */
  rejected?: ReadonlyArray<readonly [number, number]>;
}

/** Words that label a claim put to an audit ("Claim", "Assertion"); read as a verb of saying, they would report it. */
const CLAIM_LABELS: ReadonlySet<string> = new Set(["claim", "claims", "claimed", "assertion", "statement"]);
const DENIED: ScopeReading = { kind: "negated", trigger: "audit: unsupported", direction: "span" };
const OF_THE_CLAIM: ScopeReading = { kind: "quoted", trigger: "audit: verdict", direction: "span" };

/** Whether token `i` is a word of the clause's verdict. */
export function inVerdict(audit: ClauseAudit | undefined, i: number): boolean {
  return audit?.verdictFrom !== undefined && i >= audit.verdictFrom && i < (audit.verdictEnd ?? Infinity);
}

const QUOTED_LINE: ScopeReading = { kind: "quoted", trigger: ">", direction: "span" };
/** What the report says was expected or planned: the aim, still to come when it was set. */
const EXPECTED: ScopeReading = { kind: "future", trigger: "expected", direction: "span" };

/** What a clause's place gives its reading beyond its text: its part in an audit, and whether its line quotes another message. */
export interface ClausePlace {
  audit?: ClauseAudit;
  /** The line opens with ">": quoted from another message (the request answered point by point, an earlier mail). */
  quotedLine?: true;
  /** Its key names what was expected or planned (expected-outcomes.ts). */
  expected?: true;
}

/** The reading of the word at token `i` of a clause, given the reading its text alone gives. */
export function placedScope(place: ClausePlace, i: number, reading: ScopeReading | null): ScopeReading | null {
  if (place.quotedLine) return reading ?? QUOTED_LINE;
  if (place.expected) return reading ?? EXPECTED;
  return auditedScope(place.audit, i, reading);
}

/** The reading of the word at token `i` of a clause in an audit, given the reading its text alone gives. */
function auditedScope(audit: ClauseAudit | undefined, i: number, reading: ScopeReading | null): ScopeReading | null {
  if (audit === undefined) return reading;
  if (audit.rejected?.some(([from, to]) => i >= from && i < to)) return reading ?? DENIED;
  if (inVerdict(audit, i)) return reading ?? OF_THE_CLAIM;
  if (audit.claim === undefined || i >= (audit.verdictFrom ?? audit.claimEnd ?? Infinity)) return reading;
  if (audit.claim === "denied") return reading ?? DENIED;
  // Affirmed, the claim is the writer's own: its quotation marks and its "Claim" label take nothing back.
  return reading !== null && (reading.kind === "quoted" || (reading.kind === "reported" && CLAIM_LABELS.has(reading.trigger))) ? null : reading;
}
