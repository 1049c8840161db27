/**
 * Confines agent-supplied paths to the workspace. A path is a relative, slash-separated
 * name; anything that could point elsewhere is refused rather than repaired, so that
 * the attempt is visible in the trajectory as a boundary violation.
 */
import { BoundaryViolation, ToolFailure } from "./tool-errors.js";

const MAX_PATH = 1024;

/**
 * Returns the canonical form of `raw` (no `./`, no duplicate or trailing slashes), or ""
 * for the workspace root when `allowRoot`. Throws BoundaryViolation for `..`, absolute,
 * home-relative, drive-letter or backslash paths and control characters (NUL included).
 */
export function normalizeWorkspacePath(raw: string, options: { allowRoot?: boolean } = {}): string {
  if (raw.length > MAX_PATH) throw new ToolFailure(`path is longer than ${MAX_PATH} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw new BoundaryViolation(`path contains a control character (NUL or similar)`);
  if (raw.includes("\\")) throw new BoundaryViolation(`path "${raw}" contains a backslash; use forward slashes inside the workspace`);
  if (raw.startsWith("/")) throw new BoundaryViolation(`path "${raw}" is absolute; paths are relative to the workspace`);
  if (raw.startsWith("~")) throw new BoundaryViolation(`path "${raw}" points into a home folder, outside the workspace`);
  if (/^[A-Za-z]:/.test(raw)) throw new BoundaryViolation(`path "${raw}" names a drive, outside the workspace`);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) throw new BoundaryViolation(`path "${raw}" is a URL, not a workspace path`);
  const parts = raw.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.includes("..")) throw new BoundaryViolation(`path "${raw}" leaves the workspace with ".."`);
  const path = parts.join("/");
  if (path === "" && !options.allowRoot) throw new ToolFailure(`path "${raw}" names the workspace root, not a file`);
  return path;
}
