/**
 * When and how long to wait before retrying a failed model call. Kept apart from the
 * client so the schedule (exponential backoff with jitter, capped, overridden by the
 * server's Retry-After) can be tested without a network.
 */

export interface RetryPolicy {
  /** Retries after the first attempt (so attempts = maxRetries + 1). */
  maxRetries: number;
  /** Delay before the first retry, before jitter. */
  initialDelayMs: number;
  /** Cap on the backoff delay. */
  maxDelayMs: number;
  /** Cap on a server's Retry-After, so a misconfigured server cannot stall a run for hours. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 5,
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** Statuses worth retrying: timeouts, conflicts, rate limits and server-side failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Parses `retry-after-ms` (milliseconds) or `Retry-After` (seconds or an HTTP date) into
 * a wait in milliseconds; undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0-based). A Retry-After from the server wins
 * (capped); otherwise exponential backoff with "equal jitter": half the window fixed,
 * half random, so synchronized clients spread out without ever retrying at once.
 */
export function retryDelayMs(options: {
  policy: RetryPolicy;
  retry: number;
  retryAfterMs?: number;
  random?: () => number;
}): number {
  const { policy, retry, retryAfterMs } = options;
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  const window = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  const random = options.random ?? Math.random;
  return window / 2 + random() * (window / 2);
}
