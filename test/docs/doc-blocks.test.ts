import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/paths.js";
import { bashBlocks, docFiles, namedOutputs } from "./doc-blocks.js";

describe("doc block extraction", () => {
  it("takes bash blocks in order with their line, honours no-run, and ignores other languages", () => {
    const root = tempDir();
    const file = join(root, "guide.md");
    writeFileSync(file, ["# G", "```bash", "echo one", "```", "```text", "not run", "```", "- step:", "  ```bash no-run", "  train --gpu", "  ```", ""].join("\n"));
    expect(bashBlocks(file, root)).toEqual([
      { where: "guide.md:2", code: "echo one", run: true },
      { where: "guide.md:9", code: "train --gpu", run: false },
    ]);
  });

  it("names the line of an unclosed block, and leaves generated folders out", () => {
    const root = tempDir();
    writeFileSync(join(root, "bad.md"), "text\n```bash\necho x\n");
    expect(() => bashBlocks(join(root, "bad.md"), root)).toThrow(/bad\.md:2: code block never closed/);
    mkdirSync(join(root, "reference"));
    writeFileSync(join(root, "reference", "cli.md"), "```bash\nx\n```\n");
    expect(docFiles(root).map((f) => f.slice(root.length + 1))).toEqual(["bad.md"]);
  });

  it("collects the rollouts/ paths the prose names, not those inside code blocks", () => {
    const root = tempDir();
    const file = join(root, "g.md");
    writeFileSync(file, ["Writes `rollouts/a/t.jsonl` and `rollouts/a/` (see `docs/x.md`).", "```bash", "echo `rollouts/b`", "```", ""].join("\n"));
    expect(namedOutputs(file)).toEqual(["rollouts/a/t.jsonl", "rollouts/a"]);
  });
});
