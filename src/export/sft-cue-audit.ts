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
  // Every candidate of an audited instance is held until the stream ends (trajectories are
  // not stored by instance), so features are kept as interned numbers, not strings.
  const names: string[] = [];
  const index = new Map<string, number>();
  const intern = (features: Set<string>): Int32Array =>
    Int32Array.from(features, (f) => {
      let i = index.get(f);
      if (i === undefined) {
        i = names.length;
        names.push(f);
        index.set(f, i);
      }
      return i;
    });
  const kept = new Map<string, Int32Array[]>();
  const rest = new Map<string, Int32Array[]>();
  for await (const t of streamTrajectories(source, wanted)) {
    if (!instanceOf.has(t.id)) continue; // unscored: never a candidate
    const features = intern(visibleCueFeatures(t.messages, cueMaskFor(source.instances.get(t.instance_id))));
    const into = selected.has(t.id) ? kept : rest;
    const list = into.get(t.instance_id);
    if (list) list.push(features);
    else into.set(t.instance_id, [features]);
  }
  const audit = new CueAudit({ sides: ["selected", "not_selected"], pairing: "each selected example with each scored candidate of its instance that was not selected" });
  const named = (ids: Int32Array) => new Set(Array.from(ids, (i) => names[i]!));
  for (const [instance, chosen] of kept) {
    const others = (rest.get(instance) ?? []).map(named);
    for (const a of chosen.map(named)) for (const b of others) audit.addPair(a, b);
  }
  return audit.result();
}
