/**
 * One process per run folder: two writers appending to one store would duplicate work.
 * A lock left by a killed process (its pid is gone) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { InputError } from "../errors.js";
import { processAlive } from "../io/process-alive.js";
import { runFolder } from "../run-folder/layout.js";

/** Takes the run folder's lock; returns the release function. */
export function acquireRunLock(runDir: string): () => void {
  const file = runFolder(runDir).lock;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && processAlive(pid)) {
        throw new InputError(`${runDir}: the run is in use by process ${pid}; wait for it or stop it first`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new InputError(`${runDir}: could not take the run lock (${file})`);
}
