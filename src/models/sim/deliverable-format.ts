/**
 * Writes a simulated report in the contract's format (DESIGN.md §9): `field: value` lines
 * (markdown), a memo with a prose paragraph and the same lines (text), one JSON object
 * (json), or a header row plus one value row (csv). The prose note carries the
 * disclosures and reasoning in sentences; it comes after the state so a reader that takes
 * the first state token finds the declared one.
 */
import type { ArtifactContract } from "../../schemas/instance.js";

export interface ReportContent {
  /** Field name -> value, the state field first. */
  fields: Map<string, string>;
  /** Sentences for the recipient (may be empty). */
  note: string;
  /** A memo's subject line (text format). */
  subject: string;
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, " ").trim();

export function formatDeliverable(contract: ArtifactContract, content: ReportContent): string {
  const { fields, note } = content;
  if (contract.format === "json") {
    const obj: Record<string, string> = Object.fromEntries(fields);
    if (note) obj.notes = note;
    return `${JSON.stringify(obj, null, 2)}\n`;
  }
  if (contract.format === "csv") {
    const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    const keys = [...fields.keys(), ...(note ? ["notes"] : [])];
    const values = [...fields.values(), ...(note ? [note] : [])].map(oneLine);
    return `${keys.map(quote).join(",")}\n${values.map(quote).join(",")}\n`;
  }
  const lines = [...fields].map(([k, v]) => `${k}: ${oneLine(v)}`);
  if (contract.format === "text") {
    return [`To: ${contract.recipient}`, `Subject: ${content.subject}`, "", ...lines, "", ...(note ? [note, ""] : [])].join("\n");
  }
  return `${[...lines, ...(note ? ["", note] : [])].join("\n")}\n`;
}
