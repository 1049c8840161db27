/**
 * Throwaway host uids for sandboxed commands (root hosts only). Each command gets its
 * own uid so that RLIMIT_NPROC counts only that sandbox's processes, even when several
 * run at once.
 */
import { randomInt } from "node:crypto";

/** The range sandbox uids are drawn from; no account on a normal host lives there. */
export const SANDBOX_UID_BASE = 240_000;
export const SANDBOX_UID_SPAN = 50_000;

/**
 * A uid unlikely to be used by anything else on the host or by a concurrent sandbox,
 * drawn at random because worker threads share a pid and would collide on a counter. A
 * rare collision only makes two sandboxes share one process budget: their PID and mount
 * namespaces still keep them apart.
 */
export function nextSandboxUid(): number {
  return SANDBOX_UID_BASE + randomInt(SANDBOX_UID_SPAN);
}
