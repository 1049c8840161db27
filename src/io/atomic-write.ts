import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync, rmSync } from "node:fs";
import { dirname, basename, join } from "node:path";

/**
 * Writes a file so that readers see either the old content or the new, never a part:
 * the data goes to a temporary file in the same folder, is flushed, then renamed over.
 */
export function atomicWriteFile(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, "w");
  try {
    if (typeof data === "string") writeSync(fd, data);
    else writeSync(fd, data);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(tmp, path);
}
