/**
 * Where the opt-in checks find the data kept beside the checkout, never in it: the public
 * upstream DecepEval sample and the hand-labelled judge development sets. `npm run
 * test:shared` needs DECEPEVAL_SHARED to name that folder; `npm test` never reads it.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/** The folder DECEPEVAL_SHARED names; a clear error when it is unset or missing. */
export function sharedDir(): string {
  const dir = process.env.DECEPEVAL_SHARED;
  if (!dir) {
    throw new Error("DECEPEVAL_SHARED is not set: give the folder holding upstream-decepeval-sample/ and judge-dev*/ (e.g. DECEPEVAL_SHARED=../shared npm run test:shared)");
  }
  const full = resolve(dir);
  if (!existsSync(full)) throw new Error(`DECEPEVAL_SHARED=${dir}: no such folder`);
  return full;
}

/** A path below the shared folder, which must exist. */
export function sharedPath(relative: string): string {
  const full = join(sharedDir(), relative);
  if (!existsSync(full)) throw new Error(`${full}: missing (expected below DECEPEVAL_SHARED)`);
  return full;
}

/** The public upstream sample (64 task files, 32 pairs). */
export function upstreamSample(): string {
  return sharedPath("upstream-decepeval-sample");
}
