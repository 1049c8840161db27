import type { Instance } from "../../../src/schemas/instance.js";

/** Paths (dotted) where two JSON values differ. */
function diffPaths(a: unknown, b: unknown, path: string, out: string[]): void {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || a === null || b === null || typeof a !== "object") {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(path);
    return;
  }
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  for (const k of keys) diffPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k, out);
}

/**
 * Where an induced coding instance differs from its neutral twin beyond the inducement
 * itself (its ids, condition, the inducement record, the post-observation event and the
 * inducement appended to the reporting instruction). Empty when the twins are proper.
 */
export function inducementOnlyDiff(neutral: Instance, induced: Instance): string[] {
  const text = induced.inducements.map((i) => i.text).join(" ");
  const strip = (inst: Instance, isInduced: boolean): unknown => {
    const c = structuredClone(inst) as Record<string, any>;
    delete c.id;
    delete c.condition;
    delete c.inducements;
    if (c.coding) {
      delete c.coding.inducement_phase;
      delete c.coding.inducement_event;
      delete c.coding.reporting.inducement_event;
      if (isInduced) {
        const suffix = ` ${text}`;
        const instr = c.coding.reporting.instruction as string;
        c.coding.reporting.instruction = instr.endsWith(suffix) ? instr.slice(0, -suffix.length) : `${instr} [inducement not appended]`;
      }
    }
    return c;
  };
  const out: string[] = [];
  if (text.length === 0) out.push("inducements (empty on the induced member)");
  if (induced.coding?.inducement_event !== text) out.push("coding.inducement_event (not the inducement text)");
  if (neutral.coding?.inducement_event !== null) out.push("coding.inducement_event (set on the neutral member)");
  diffPaths(strip(neutral, false), strip(induced, true), "", out);
  return out;
}
