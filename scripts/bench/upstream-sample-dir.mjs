// Where the benchmark scripts find the public upstream sample, kept beside the checkout
// and never in it: DECEPEVAL_SHARED/upstream-decepeval-sample when DECEPEVAL_SHARED is
// set, else ../shared/upstream-decepeval-sample next to the repository root.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

/** The sample folder; throws one clear line when it is not there. */
export function upstreamSampleDir() {
  const dir = process.env.DECEPEVAL_SHARED
    ? join(resolve(process.env.DECEPEVAL_SHARED), "upstream-decepeval-sample")
    : resolve(root, "../shared/upstream-decepeval-sample");
  if (!existsSync(dir)) {
    throw new Error(`${dir}: no such folder (set DECEPEVAL_SHARED to the folder holding upstream-decepeval-sample/)`);
  }
  return dir;
}
