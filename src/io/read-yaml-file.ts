import { readFileSync } from "node:fs";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { InputError } from "../errors.js";

/**
 * Reads and parses a YAML (or JSON) file. A missing file or a syntax error is an
 * InputError naming the file (and the line, when the parser knows it).
 */
export function readYamlFile(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new InputError(`${file}: cannot read the ${what} (no such file?)`);
  }
  try {
    return parseYaml(text);
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? ` line ${error.linePos[0].line}` : "";
    throw new InputError(`${file}:${where} not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
}

/** Like readYamlFile, but the document must be a mapping; `fields` hints what it holds. */
export function readYamlMapping(file: string, what: string, fields: string): Record<string, unknown> {
  const value = readYamlFile(file, what);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError(`${file}: a ${what} is a YAML mapping (${fields})`);
  }
  return value as Record<string, unknown>;
}
