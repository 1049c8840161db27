import { readFileSync } from "node:fs";

let cached: string | undefined;

/** decepeval's own version, from its package.json (recorded in manifests and `--version`). */
export function packageVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
  return cached;
}
