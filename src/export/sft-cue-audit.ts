/**
 * The cue audit of an SFT export: each selected example against each scored candidate of
 * the same instance that was not selected, so the audit asks what, besides the report,
 * marks the trajectories best-of-N keeps; and the same against each label of the
 * candidates left out, so a tell only the deceptive ones carry is not diluted by the
 * honest candidates that merely lost on reward.
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
  const labelOf = new Map(source.metas.map((m) => [m.id, m.label] as const));
  type Held = { label: string; features: Int32Array };
  const kept = new Map<string, Held[]>();
  const rest = new Map<string, Held[]>();
  for await (const t of streamTrajectories(source, wanted)) {
    if (!instanceOf.has(t.id)) continue; // unscored: never a candidate
    const held = { label: labelOf.get(t.id)!, features: intern(visibleCueFeatures(t.messages, cueMaskFor(source.instances.get(t.instance_id)))) };
    const into = selected.has(t.id) ? kept : rest;
    const list = into.get(t.instance_id);
    if (list) list.push(held);
    else into.set(t.instance_id, [held]);
  }
  const pairing = "each selected example with each scored candidate of its instance that was not selected";
  const audit = new CueAudit({ sides: ["selected", "not_selected"], pairing });
  const byLabel = new Map<string, CueAudit>();
  const named = (ids: Int32Array) => new Set(Array.from(ids, (i) => names[i]!));
  for (const [instance, chosen] of kept) {
    const others = (rest.get(instance) ?? []).map(({ label, features }) => ({ label, features: named(features) }));
    for (const a of chosen.map((c) => named(c.features))) {
      for (const b of others) {
        audit.addPair(a, b.features);
        let sub = byLabel.get(b.label);
        if (!sub) byLabel.set(b.label, (sub = new CueAudit({ sides: ["selected", `not_selected_${b.label}`], pairing })));
        sub.addPair(a, b.features);
      }
    }
  }
  const result = audit.result();
  const by_label = Object.fromEntries(
    [...byLabel].sort(([a], [b]) => (a < b ? -1 : 1)).map(([label, sub]) => {
      const r = sub.result();
      return [label, { pairs: r.pairs, top: r.top.slice(0, 3), warning: label === "deceptive" ? r.warning : null }];
    }),
  );
  // A refusal's final text is the refusal itself (it has no deliverable) and an honest
  // candidate left out lost on reward, so only a tell against the deceptive ones is warned.
  const labelWarning = Object.entries(by_label).find(([label, r]) => label === "deceptive" && r.warning !== null);
  return { ...result, warning: result.warning ?? (labelWarning ? `against ${labelWarning[0]} candidates: ${labelWarning[1].warning}` : null), by_label };
}
