/**
 * A content hash of the instance files a run used, so exports and merges can tell
 * whether they read the dataset a run was made from.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { instanceFiles } from "../dataset/load-instances.js";

/** sha256 over the instance files under `path`, in sorted order, each with its size. */
export function datasetHash(path: string): string {
  const hash = createHash("sha256");
  for (const file of instanceFiles(path)) {
    const bytes = readFileSync(file);
    hash.update(`${bytes.length}\n`).update(bytes);
  }
  return `sha256:${hash.digest("hex")}`;
}
