import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonlAt, readJsonlLines } from "../../src/io/jsonl.js";
import { tempDir } from "../helpers/paths.js";

const Row = z.object({ id: z.string() }).passthrough();

describe("the JSONL reader's line places", () => {
  // A line longer than a read chunk (64 KiB), multi-byte text, a CRLF ending, blank lines, no final newline.
  const lines = [JSON.stringify({ id: "a" }), "", JSON.stringify({ id: "b", v: "x".repeat(300_000) }), `${JSON.stringify({ id: "c", v: "é漢" })}\r`, "  ", JSON.stringify({ id: "d" })];

  it("gives every record its line number and the exact bytes it occupies", async () => {
    const file = join(tempDir("decepeval-jsonl-"), "rows.jsonl");
    writeFileSync(file, lines.join("\n"));
    const got = [];
    for await (const l of readJsonlLines(file)) got.push(l);
    expect(got.map((l) => [l.line, (l.value as { id: string }).id])).toEqual([[1, "a"], [3, "b"], [4, "c"], [6, "d"]]);
    const bytes = readFileSync(file);
    for (const l of got) expect(JSON.parse(bytes.toString("utf8", l.offset, l.offset + l.bytes))).toEqual(l.value);

    // Read back by place, in another order.
    const back = [];
    const places = [...got].reverse().map((l) => ({ file, line: l.line, offset: l.offset, bytes: l.bytes, id: (l.value as { id: string }).id }));
    for await (const r of readJsonlAt(places, Row, "row")) back.push(r.id);
    expect(back).toEqual(["d", "c", "b", "a"]);
  });

  it("refuses a place whose line no longer holds the record it named", async () => {
    const file = join(tempDir("decepeval-jsonl-"), "rows.jsonl");
    writeFileSync(file, `${JSON.stringify({ id: "a" })}\n${JSON.stringify({ id: "b" })}\n`);
    const read = async () => {
      for await (const _ of readJsonlAt([{ file, line: 2, offset: 11, bytes: 10, id: "a" }], Row)) void _;
    };
    await expect(read()).rejects.toThrow(/rows\.jsonl: line 2: the file changed while it was being exported/);
  });
});
