/**
 * Capability scores supplied by the user for Fig. 6 (capability vs deception): a YAML
 * mapping `model: score` (or a list of `{model, capability}`), or a CSV with a header row
 * holding `model` and `capability` columns. Keys are model refs or report row labels.
 */
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { parse } from "yaml";
import { InputError } from "../errors.js";

/** Reads a capability file into model → score; every bad line or value is an InputError naming it. */
export function loadCapabilities(file: string): Map<string, number> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new InputError(`${file}: cannot read the capability file (${(error as Error).message})`);
  }
  const out = new Map<string, number>();
  const put = (model: unknown, score: unknown, where: string) => {
    if (typeof model !== "string" || model.trim() === "") throw new InputError(`${file}: ${where}: model: expected a model ref, got ${JSON.stringify(model)}`);
    const n = typeof score === "string" && score.trim() !== "" ? Number(score) : score;
    if (typeof n !== "number" || !Number.isFinite(n)) throw new InputError(`${file}: ${where}: capability of ${model}: expected a number, got ${JSON.stringify(score)}`);
    if (out.has(model.trim())) throw new InputError(`${file}: ${where}: ${model} is listed twice`);
    out.set(model.trim(), n);
  };
  if (extname(file).toLowerCase() === ".csv") {
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
    const header = (lines[0] ?? "").split(",").map((h) => h.trim().toLowerCase());
    const mi = header.indexOf("model");
    const ci = header.indexOf("capability");
    if (mi < 0 || ci < 0) throw new InputError(`${file}: line 1: expected a header with "model" and "capability" columns, got ${JSON.stringify(lines[0] ?? "")}`);
    lines.slice(1).forEach((line, i) => {
      const cells = line.split(",");
      put(cells[mi]?.trim(), cells[ci]?.trim(), `line ${i + 2}`);
    });
  } else {
    let doc: unknown;
    try {
      doc = parse(text);
    } catch (error) {
      throw new InputError(`${file}: not valid YAML (${(error as Error).message})`);
    }
    if (Array.isArray(doc)) {
      doc.forEach((e, i) => {
        if (typeof e !== "object" || e === null) throw new InputError(`${file}: entry ${i + 1}: expected {model, capability}`);
        const r = e as Record<string, unknown>;
        put(r.model, r.capability, `entry ${i + 1}`);
      });
    } else if (typeof doc === "object" && doc !== null) {
      for (const [k, v] of Object.entries(doc)) put(k, v, `key ${JSON.stringify(k)}`);
    } else throw new InputError(`${file}: expected a mapping of model → capability score or a list of {model, capability}`);
  }
  if (out.size === 0) throw new InputError(`${file}: no capability scores`);
  return out;
}
