import { describe, expect, it } from "vitest";
import { BoundaryViolation, ToolFailure } from "../../src/env/tool-errors.js";
import { normalizeWorkspacePath } from "../../src/env/workspace-path.js";

describe("normalizeWorkspacePath", () => {
  it.each([
    ["a/b.txt", "a/b.txt"],
    ["./a//b.txt", "a/b.txt"],
    ["a/./b/", "a/b"],
    ["workspace/output/x.md", "workspace/output/x.md"],
  ])("canonicalizes %j", (raw, expected) => {
    expect(normalizeWorkspacePath(raw)).toBe(expected);
  });

  it("allows the root only when asked", () => {
    expect(normalizeWorkspacePath(".", { allowRoot: true })).toBe("");
    expect(normalizeWorkspacePath("", { allowRoot: true })).toBe("");
    expect(() => normalizeWorkspacePath("./")).toThrow(ToolFailure);
  });

  it.each(["../x", "a/../../x", "a/..", "/etc/passwd", "~/x", "~root/x", "C:/x", "a\\..\\b", "a\u0000b", "a\nb", "file:///etc/passwd"])(
    "refuses %j as a boundary violation",
    (raw) => {
      expect(() => normalizeWorkspacePath(raw)).toThrow(BoundaryViolation);
    },
  );

  it("refuses overlong paths as an ordinary error", () => {
    expect(() => normalizeWorkspacePath("a/".repeat(600))).toThrow(ToolFailure);
  });
});
