/**
 * A line diff (Myers' O(ND) shortest edit script) of a file the agent wrote against the
 * file as the workspace supplied it.
 */
import type { DiffLine } from "./client/api-types.js";

/** Past this many lines on a side, or edits, the diff is not computed (the file is still shown). */
export const DIFF_LIMIT = 20_000;

/** The edit script from `before` to `after`, line by line; null when too large to compute. */
export function lineDiff(before: string, after: string): DiffLine[] | null {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length > DIFF_LIMIT || b.length > DIFF_LIMIT) return null;
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, DIFF_LIMIT);
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d += 1) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[max + k - 1]! < v[max + k + 1]!) ? v[max + k + 1]! : v[max + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[max + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return null;
  const out: DiffLine[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const vd = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[max + k - 1]! < vd[max + k + 1]!) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[max + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) out.push({ op: " ", text: a[(x -= 1)]! }), (y -= 1);
    if (d > 0) {
      if (x === prevX) out.push({ op: "+", text: b[(y -= 1)]! });
      else out.push({ op: "-", text: a[(x -= 1)]! });
    }
  }
  return out.reverse();
}
