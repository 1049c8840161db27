import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, retryDelayMs } from "../../../src/models/openai/retry-policy.js";

describe("parseRetryAfter", () => {
  it("reads seconds, milliseconds and HTTP dates", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "3" }))).toBe(3000);
    expect(parseRetryAfter(new Headers({ "retry-after": "0.5" }))).toBe(500);
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:07 GMT" }), now)).toBe(7000);
  });

  it("ignores absent, negative and unreadable values", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
    expect(parseRetryAfter(new Headers({ "retry-after": "-1" }))).toBeUndefined();
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }))).toBeUndefined();
  });
});

describe("retryDelayMs", () => {
  const policy = { ...DEFAULT_RETRY_POLICY, initialDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

  it("doubles the window each retry, with half of it jittered, capped", () => {
    expect(retryDelayMs({ policy, retry: 0, random: () => 0 })).toBe(50);
    expect(retryDelayMs({ policy, retry: 0, random: () => 1 })).toBe(100);
    expect(retryDelayMs({ policy, retry: 2, random: () => 0.5 })).toBe(300);
    expect(retryDelayMs({ policy, retry: 10, random: () => 1 })).toBe(1000);
  });

  it("lets Retry-After win, within its cap", () => {
    expect(retryDelayMs({ policy, retry: 0, retryAfterMs: 2000, random: () => 0 })).toBe(2000);
    expect(retryDelayMs({ policy, retry: 0, retryAfterMs: 60_000 })).toBe(5000);
  });
});

describe("isRetryableStatus", () => {
  it("retries rate limits, timeouts and server errors only", () => {
    expect([408, 409, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });
});
