import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JsonlAppendStore } from "../../src/io/jsonl-append-store.js";
import { tempDir } from "../helpers/paths.js";

const Rec = z.object({ version: z.literal(1), id: z.string(), n: z.number() });
const open = (file: string) => JsonlAppendStore.open({ file, schema: Rec, key: (r) => r.id, what: "record", fsyncIntervalMs: 0 });

describe("JsonlAppendStore", () => {
  it("appends whole lines and reloads the keys", async () => {
    const file = join(tempDir(), "sub/out.jsonl");
    const { store } = await open(file);
    store.append({ version: 1, id: "a", n: 1 });
    store.append({ version: 1, id: "b", n: 2 });
    store.close();
    expect(readFileSync(file, "utf8")).toBe('{"version":1,"id":"a","n":1}\n{"version":1,"id":"b","n":2}\n');
    const again = await open(file);
    expect(again.report).toEqual({ records: 2, truncatedBytes: 0, duplicates: 0 });
    expect(again.store.has("a") && again.store.has("b") && !again.store.has("c")).toBe(true);
    again.store.close();
  });

  it("cuts a torn last line (a kill mid-write) and keeps appending cleanly", async () => {
    const file = join(tempDir(), "out.jsonl");
    writeFileSync(file, '{"version":1,"id":"a","n":1}\n{"version":1,"id":"b","n"');
    const { store, report } = await open(file);
    expect(report).toEqual({ records: 1, truncatedBytes: '{"version":1,"id":"b","n"'.length, duplicates: 0 });
    expect(store.has("b")).toBe(false);
    store.append({ version: 1, id: "b", n: 2 });
    store.close();
    expect(readFileSync(file, "utf8").split("\n")).toEqual(['{"version":1,"id":"a","n":1}', '{"version":1,"id":"b","n":2}', ""]);
  });

  it("refuses to store a key twice, and to store an invalid record", async () => {
    const { store } = await open(join(tempDir(), "out.jsonl"));
    store.append({ version: 1, id: "a", n: 1 });
    expect(() => store.append({ version: 1, id: "a", n: 1 })).toThrow(/record a is already stored/);
    expect(() => store.append({ version: 1, id: "z" } as never)).toThrow(/invalid record: .*n/);
    store.close();
  });

  it("names the file and line of a corrupt record in the middle", async () => {
    const file = join(tempDir(), "out.jsonl");
    writeFileSync(file, '{"version":1,"id":"a","n":1}\n{oops}\n{"version":1,"id":"b","n":2}\n');
    await expect(open(file)).rejects.toThrow(new RegExp(`${file}: line 2: not valid JSON`));
    writeFileSync(file, '{"version":1,"id":"a","n":"x"}\n');
    await expect(open(file)).rejects.toThrow(/line 1: invalid record/);
  });

  it("counts duplicate keys found on open", async () => {
    const file = join(tempDir(), "out.jsonl");
    appendFileSync(file, '{"version":1,"id":"a","n":1}\n{"version":1,"id":"a","n":1}\n');
    const { store, report } = await open(file);
    expect(report.duplicates).toBe(1);
    expect(store.size).toBe(1);
    store.close();
  });

  it("retains only accepted records, rewriting atomically and cutting a torn tail first", async () => {
    const file = join(tempDir(), "out.jsonl");
    writeFileSync(file, '{"version":1,"id":"a","n":1}\n{"version":1,"id":"b","n":2}\n{"version":1,"id":"c","n":3}\n{"version":1,"id"');
    const dropped = await JsonlAppendStore.retain({ file, schema: Rec, what: "record", keep: (r) => r.n !== 2 });
    expect(dropped).toBe(1);
    expect(readFileSync(file, "utf8")).toBe('{"version":1,"id":"a","n":1}\n{"version":1,"id":"c","n":3}\n');
    expect(await JsonlAppendStore.retain({ file: join(tempDir(), "none.jsonl"), schema: Rec, what: "record", keep: () => true })).toBe(0);
  });
});
