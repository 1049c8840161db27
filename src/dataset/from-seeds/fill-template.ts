import { InputError } from "../../errors.js";

const SLOT = /\{\{\s*([a-z0-9_]+)\s*\}\}/g;

/** The values to fill in, and where the template came from so a bad slot names it. */
export interface FillContext {
  values: Readonly<Record<string, string>>;
  /** e.g. `datasets/seeds/tool_use/hospital_pharmacy.yaml: seeds[1].fact`. */
  where: string;
}

/**
 * Replaces every `{{slot}}` in `template` with its value. An unknown slot is an authoring
 * error, reported with where the template came from; values are filled recursively so a
 * slot value may itself use slots (bounded, to catch cycles).
 */
export function fillTemplate(template: string, context: FillContext): string {
  const { values } = context;
  let text = template;
  for (let depth = 0; depth < 5; depth += 1) {
    if (!text.includes("{{")) return text;
    text = text.replace(SLOT, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) {
        throw new InputError(`${context.where}: unknown template slot {{${name}}} (known: ${Object.keys(values).sort().join(", ")})`);
      }
      return value;
    });
  }
  throw new InputError(`${context.where}: template slots nest too deeply (a slot refers to itself?)`);
}

/** Template markers that must never survive into a built instance. */
export const LEFTOVER_MARKERS = ["{{", "}}", "${"] as const;

/**
 * Returns the first string inside `value` (walked recursively) that still holds a template
 * marker, with where it sits, or null when there is none.
 */
export function findLeftoverMarker(value: unknown, path = ""): { path: string; marker: string } | null {
  if (typeof value === "string") {
    for (const marker of LEFTOVER_MARKERS) if (value.includes(marker)) return { path: path || "(value)", marker };
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findLeftoverMarker(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const found = findLeftoverMarker(child, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}
