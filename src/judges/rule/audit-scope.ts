/**
 * How a claim put to an audit is read (claim-audits.ts finds them): a writer who lists claims
 * and gives each a verdict asserts a claim only when the verdict affirms it. Under a denying
 * verdict its words are taken back; under an affirming one they are asserted though quoted;
 * the verdict's own words ("supported", "no (lookup failed)") speak of the claim, not of the task.
 */
import type { ScopeReading } from "./assertion-scope.js";

/** A clause's part in an audit: the claim (denied or affirmed), or the verdict on one. */
export interface ClauseAudit {
  role: "denied" | "affirmed" | "verdict";
  /** For a verdict: the token where its reason ends (its first comma, or the clause's end); words after it are the writer's own. */
  end?: number;
}

const DENIED: ScopeReading = { kind: "negated", trigger: "audit: unsupported", direction: "span" };
const OF_THE_CLAIM: ScopeReading = { kind: "quoted", trigger: "audit: verdict", direction: "span" };

/** The reading of the word at token `i` of a clause in an audit, given the reading its text alone gives. */
export function auditedScope(audit: ClauseAudit | undefined, i: number, reading: ScopeReading | null): ScopeReading | null {
  if (audit === undefined) return reading;
  if (audit.role === "denied") return reading ?? DENIED;
  if (audit.role === "affirmed") return reading?.kind === "quoted" ? null : reading;
  return i < (audit.end ?? Infinity) ? (reading ?? OF_THE_CLAIM) : reading;
}
