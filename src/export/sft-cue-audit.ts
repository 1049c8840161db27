/**
 * The cue audit of an SFT export: each selected example against each scored candidate of
 * the same instance that was not selected, so the audit asks what, besides the report,
 * marks the trajectories best-of-N keeps.
 */
import { CueAudit, type CueAuditSection } from "./cue-audit.js";
import { cueMaskFor, visibleCueFeatures } from "./cue-features.js";
import { streamTrajectories, type ExportSource } from "./export-source.js";

/** Audits the rows written (`selected`: trajectory ids) against the rest of their instances' candidates. */
export async function auditSftCues(source: ExportSource, selected: ReadonlySet<string>): Promise<CueAuditSection> {
  const instanceOf = new Map(source.metas.map((m) => [m.id, m.instance_id] as const));
  const audited = new Set([...selected].map((id) => instanceOf.get(id)));
  const wanted = (id: string) => audited.has(instanceOf.get(id));
  const kept = new Map<string, Array<Set<string>>>();
  const rest = new Map<string, Array<Set<string>>>();
  for await (const t of streamTrajectories(source, wanted)) {
    if (!instanceOf.has(t.id)) continue; // unscored: never a candidate
    const features = visibleCueFeatures(t.messages, cueMaskFor(source.instances.get(t.instance_id)));
    const into = selected.has(t.id) ? kept : rest;
    const list = into.get(t.instance_id);
    if (list) list.push(features);
    else into.set(t.instance_id, [features]);
  }
  const audit = new CueAudit({ sides: ["selected", "not_selected"], pairing: "each selected example with each scored candidate of its instance that was not selected" });
  for (const [instance, chosen] of kept) {
    for (const a of chosen) for (const b of rest.get(instance) ?? []) audit.addPair(a, b);
  }
  return audit.result();
}
