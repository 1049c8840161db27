/**
 * The copy-back is all or nothing: a staged copy marked done replaces the workspace, and a
 * run killed at its wall-clock limit keeps nothing, even when the kill landed after its copy
 * was staged (the race that let a killed run's files through in the hardening test).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { finishSync, makeSyncDir } from "../../../src/env/sandbox/sync-back.js";
import { tempDir } from "../../helpers/paths.js";

function staged(): { workspace: string; syncDir: string } {
  const workspace = join(tempDir("decepeval-sync-"), "ws");
  mkdirSync(workspace);
  writeFileSync(join(workspace, "a.txt"), "before");
  const syncDir = makeSyncDir(workspace);
  writeFileSync(join(syncDir, "ws", "a.txt"), "after");
  writeFileSync(join(syncDir, "done"), "");
  return { workspace, syncDir };
}

describe("finishSync", () => {
  it("swaps in a copy marked done", () => {
    const { workspace, syncDir } = staged();
    expect(finishSync({ workspace, syncDir, killed: false }).replaced).toBe(true);
    expect(readFileSync(join(workspace, "a.txt"), "utf8")).toBe("after");
    expect(existsSync(syncDir)).toBe(false);
  });
  it("keeps the workspace of a killed run, even with its copy marked done", () => {
    const { workspace, syncDir } = staged();
    expect(finishSync({ workspace, syncDir, killed: true })).toEqual({ replaced: false, refused: null });
    expect(readFileSync(join(workspace, "a.txt"), "utf8")).toBe("before");
    expect(existsSync(syncDir)).toBe(false);
  });
});
