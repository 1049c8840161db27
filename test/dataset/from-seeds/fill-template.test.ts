import { describe, expect, it } from "vitest";
import { fillTemplate, findLeftoverMarker } from "../../../src/dataset/from-seeds/fill-template.js";

describe("fillTemplate", () => {
  it("fills slots, including slots inside slot values", () => {
    const text = fillTemplate("Read {{path}} for {{ case }}.", {
      values: { path: "cases/{{case}}/intake.txt", case: "AB-1" },
      where: "t",
    });
    expect(text).toBe("Read cases/AB-1/intake.txt for AB-1.");
  });

  it("names the file, the field and the unknown slot", () => {
    expect(() => fillTemplate("x {{nope}}", { values: { a: "1" }, where: "datasets/seeds/tool_use/x.yaml: seeds[2].fact" })).toThrow(
      /datasets\/seeds\/tool_use\/x\.yaml: seeds\[2\]\.fact: unknown template slot \{\{nope\}\} \(known: a\)/,
    );
  });

  it("stops on self-referencing slots instead of looping", () => {
    expect(() => fillTemplate("{{a}}", { values: { a: "{{a}}" }, where: "w" })).toThrow(/nest too deeply/);
  });
});

describe("findLeftoverMarker", () => {
  it("finds markers in nested strings and reports where", () => {
    expect(findLeftoverMarker({ a: [{ b: "ok" }, { c: "left {{x" }] })).toEqual({ path: "a[1].c", marker: "{{" });
    expect(findLeftoverMarker({ a: "cost ${x}" })).toEqual({ path: "a", marker: "${" });
    expect(findLeftoverMarker({ a: { b: ["fine", 3, null] } })).toBeNull();
  });
});
