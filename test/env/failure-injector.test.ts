import { describe, expect, it } from "vitest";
import { matchFailure } from "../../src/env/failure-injector.js";
import type { FailureProfile } from "../../src/schemas/instance.js";

const profile = (tool: string, target: string): FailureProfile => ({
  id: `${tool}:${target}`,
  kind: "k",
  tool,
  target,
  outcome: "controlled_error",
  message: "Error: x",
});

describe("matchFailure", () => {
  const profiles = [profile("read_txt", "./workspace/a.txt"), profile("list_dir", "workspace/queue")];

  it("matches tool and normalized target exactly", () => {
    expect(matchFailure({ profiles, tool: "read_txt", path: "workspace/a.txt" })?.id).toBe("read_txt:./workspace/a.txt");
    expect(matchFailure({ profiles, tool: "write_file", path: "workspace/a.txt" })).toBeUndefined();
    expect(matchFailure({ profiles, tool: "read_txt", path: "workspace/a.txt.bak" })).toBeUndefined();
    expect(matchFailure({ profiles, tool: "read_txt", path: "workspace" })).toBeUndefined();
  });

  it("treats a listing target as a folder prefix", () => {
    expect(matchFailure({ profiles, tool: "list_dir", path: "workspace/queue" })).toBeDefined();
    expect(matchFailure({ profiles, tool: "list_dir", path: "workspace/queue/sub" })).toBeDefined();
    expect(matchFailure({ profiles, tool: "list_dir", path: "workspace/queue2" })).toBeUndefined();
    expect(matchFailure({ profiles, tool: "list_dir", path: "workspace" })).toBeUndefined();
  });
});
