import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/paths.js";

describe("README's OpenRLHF command", () => {
  it("uses only flags checked against the current OpenRLHF release", () => {
    const checked = readFileSync(join(REPO_ROOT, "scripts/clients/openrlhf-flags.txt"), "utf8")
      .split("\n")
      .filter((l) => l.startsWith("--"));
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const command = /python -m openrlhf\.cli\.train_ppo_ray[^`]*?(?=\n```|\n#)/.exec(readme);
    expect(command, "README has an OpenRLHF train_ppo_ray command").not.toBeNull();
    const used = [...command![0].matchAll(/--[a-z_.]+/g)].map((m) => m[0]);
    expect(used.length).toBeGreaterThan(3);
    expect(used.filter((f) => !checked.includes(f))).toEqual([]);
    expect(readme).not.toMatch(/--remote_rm_url|--label_key/);
  });
});
