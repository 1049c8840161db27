/**
 * The generated reference (docs/reference/) is what the code says today: the CLI reference
 * from the commander definitions and the JSON Schemas from the zod schemas. A change to a
 * command or a schema without `npm run gen:reference` fails here. The bundled recipes name
 * their schema on their first line, and validate against it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
// Ajv ships with fastify; a JSON Schema validator independent of zod checks the files.
import { Ajv2020 } from "ajv/dist/2020.js";
// @ts-expect-error plain ESM script without type declarations
import { renderReference } from "../../scripts/reference/render-reference.mjs";
import { REPO_ROOT } from "../helpers/paths.js";

describe("docs/reference", () => {
  it("matches a fresh generation from the code (run npm run gen:reference when it does not)", async () => {
    const files = (await renderReference()) as Map<string, string>;
    expect(files.size).toBeGreaterThan(10);
    const stale = [...files].filter(([rel, content]) => !existsSync(join(REPO_ROOT, rel)) || readFileSync(join(REPO_ROOT, rel), "utf8") !== content).map(([rel]) => rel);
    expect(stale, "out of date: run npm run gen:reference").toEqual([]);
    const committed = readdirSync(join(REPO_ROOT, "docs/reference/schemas")).map((n) => `docs/reference/schemas/${n}`);
    expect(committed.filter((rel) => !files.has(rel)), "schema files no longer generated").toEqual([]);
  });

  it("documents every command the CLI has", async () => {
    const cli = readFileSync(join(REPO_ROOT, "docs/reference/cli.md"), "utf8");
    for (const command of ["dataset import-upstream", "run", "rollout", "export sft", "export dpo", "export grpo", "serve-rewards", "compare", "judge agreement"]) {
      expect(cli).toContain(`## \`decepeval ${command}\``);
    }
    expect(cli).toContain("`--allow-heldout`");
  });

  it("each bundled recipe names its schema on its first line and validates against it", () => {
    const recipes = readdirSync(join(REPO_ROOT, "recipes")).filter((n) => n.endsWith(".yaml"));
    expect(recipes.length).toBeGreaterThanOrEqual(4);
    for (const name of recipes) {
      const text = readFileSync(join(REPO_ROOT, "recipes", name), "utf8");
      const m = /^# yaml-language-server: \$schema=(\S+)\n/.exec(text);
      expect(m, `${name}: first line`).not.toBeNull();
      const schemaFile = join(REPO_ROOT, "recipes", m![1]!);
      expect(existsSync(schemaFile), `${name}: ${m![1]}`).toBe(true);
      const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(readFileSync(schemaFile, "utf8")));
      expect(validate(parse(text)), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("the recipe schemas reject what the loaders reject: an unknown key, a bad name", () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(join(REPO_ROOT, "docs/reference/schemas/rollout-recipe.schema.json"), "utf8")));
    const good = { name: "r", dataset: "d", model: "sim:honest" };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, sampels: 2 })).toBe(false);
    expect(validate({ ...good, name: "bad name" })).toBe(false);
  });
});
