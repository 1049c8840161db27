/**
 * The viewer shows untrusted model output, so every answer carries headers that keep it
 * inert even if some text slipped past the DOM-building code: a Content-Security-Policy
 * that allows only the viewer's own script and style files (no inline script, no inline
 * handlers, no plugins, no frames, no forms, no base rewriting), nosniff, no referrer, no
 * framing. The HTML report served at /report/ gets the same policy, except that its one
 * inline script (the table sorter) is allowed by its hash and its inline styles stay.
 */
import { createHash } from "node:crypto";
import { TABLE_SORT_SCRIPT } from "../report/table-sort-script.js";

export const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const sortScriptHash = createHash("sha256").update(TABLE_SORT_SCRIPT).digest("base64");

export const REPORT_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${sortScriptHash}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** The headers every answer carries, with the page's policy. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "no-store",
  };
}
