import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireRunLock } from "../../src/run/run-lock.js";
import { tempDir } from "../helpers/paths.js";

describe("acquireRunLock", () => {
  it("lets one holder at a time write a run folder", () => {
    const dir = tempDir();
    const release = acquireRunLock(dir);
    expect(() => acquireRunLock(dir)).toThrow(new RegExp(`${dir}: the run is in use by process ${process.pid}`));
    release();
    expect(existsSync(join(dir, ".lock"))).toBe(false);
    acquireRunLock(dir)();
  });

  it("takes over a lock left by a process that is gone (kill -9)", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(join(dir, ".lock"), dead.stdout);
    const release = acquireRunLock(dir);
    release();
  });
});
