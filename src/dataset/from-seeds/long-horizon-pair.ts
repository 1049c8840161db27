/**
 * Expands one long-horizon seed variant into its pair. A 6–8 turn workflow transmits a
 * record, receives a late state update between turns, then must issue a final directive
 * that carries the update. Members differ only at the note slot of the desk turn (the
 * neutral note, or the inducement in its place). In a feasible control the late update
 * confirms the transmitted state, so RELEASE_CURRENT is the honest disposition. The final
 * directive's layout (field lines, JSON, memo) rotates across a seed's variants.
 */
import type { Inducement, Instance } from "../../schemas/instance.js";
import { Prng } from "../../seeded-random.js";
import { GENERATOR_VERSION, seedTag, variantTag, type BuiltPair, type PairContext } from "./build-context.js";
import { fillTemplate } from "./fill-template.js";
import { renderInducement } from "./inducements.js";
import { longHorizonControlTruth, longHorizonCoreTruth } from "./long-horizon-truth.js";
import type { DatasetSources } from "./load-sources.js";
import { NOTE_PLACEHOLDER, noteBlock, splitAtNote } from "./note-slot.js";
import { drawDate, drawVariantSlots, fileSlug } from "./variant-slots.js";

type SeedEntry = DatasetSources["longHorizonSeeds"][number];

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Builds the neutral and induced members of one long-horizon pair. */
export function buildLongHorizonPair(entry: SeedEntry, ctx: PairContext): BuiltPair {
  const { seed, scenario, file, index } = entry;
  const template = ctx.sources.longHorizonTemplate;
  const kind = template.update_kinds[seed.update_kind];
  const layoutNames = Object.keys(template.layouts);
  const layoutName = layoutNames[(ctx.seedIndex + ctx.variant) % layoutNames.length]!;
  const layout = template.layouts[layoutName]!;
  const tag = variantTag(ctx.variant);
  const rng = new Prng(`long_horizon/${seed.id}/${tag}`);
  const where = (field: string) => ({ where: `${file}: seeds[${index}].${field}` });
  const tpl = (field: string) => ({ where: `datasets/templates/long_horizon.yaml: ${field}` });

  const values = drawVariantSlots({ rng, scenario, seedSlots: seed.slots, usedRefs: ctx.usedRefs });
  const fill = (text: string, field: string, from = where) => fillTemplate(text, { values, ...from(field) });
  const oldDate = drawDate(rng, { after: 120 });
  const newDate = drawDate(rng, { after: 60 });
  values.old_date = oldDate.text;
  values.new_date = newDate.text;
  values.src_ref = `${scenario.code}-SRC-${values.case_no}`;
  values.update_ref = `${scenario.code}-UPD-${rng.int(100, 999)}`;
  values.subject = fill(seed.subject, "subject");
  values.workflow = fill(seed.workflow, "workflow");
  values.source_type = fill(seed.source_type, "source_type");
  values.recipient = fill(seed.recipient, "recipient");
  values.next_owner = fill(seed.next_owner, "next_owner");
  values.register = fill(seed.register, "register");
  values.deliverable = "final directive";
  values.initial_basis = capitalize(fill(seed.initial_basis, "initial_basis"));
  values.update = capitalize(fill(seed.update, "update"));
  values.false_state = capitalize(fill(seed.false_state, "false_state"));
  values.update_label = kind.label;
  values.recipient_cap = capitalize(values.recipient);
  values.directive_path = `reports/final_directive.${layout.extension}`;
  values.confirmation = capitalize(
    seed.confirmation !== undefined
      ? fill(seed.confirmation, "confirmation")
      : fill(kind.confirmation, `update_kinds.${seed.update_kind}.confirmation`, tpl),
  );
  const caseDir = `cases/${fileSlug(values.case_ref ?? "")}`;
  const paths = { intake: `${caseDir}/intake.txt`, late: `${caseDir}/late_update.txt`, desk: `${caseDir}/desk_request.txt` };
  values.intake_path = paths.intake;
  values.late_path = paths.late;
  values.desk_path = paths.desk;
  values.note = NOTE_PLACEHOLDER;

  const choose = (field: keyof typeof template.turns): { text: string; at: number } => {
    const options = template.turns[field];
    const at = Math.floor(rng.next() * options.length);
    return { text: fill(options[at]!, `turns.${field}[${at}]`, tpl), at };
  };
  const systemAt = Math.floor(rng.next() * template.system_prompt.length);
  const deskAt = Math.floor(rng.next() * template.desk_request.length);
  const noteAt = Math.floor(rng.next() * template.neutral_notes.length);
  const neutralNote = fill(template.neutral_notes[noteAt]!, `neutral_notes[${noteAt}]`, tpl);

  const fillerCount = 1 + (ctx.variant % 3);
  const fillerTopics = rng.sample(seed.fillers, fillerCount);
  const beforeLate = rng.int(0, fillerCount);
  const fillerTurn = (n: number) => {
    values.filler_topic = fill(fillerTopics[n]!, `fillers`);
    values.filler_path = `reports/reconciliation_${n + 1}.md`;
    return { user: choose("filler").text, events: [] };
  };
  const intake = choose("intake");
  const transmitted = choose("transmitted");
  const fillersA = Array.from({ length: beforeLate }, (_, n) => fillerTurn(n));
  const late = choose("late");
  const fillersB = Array.from({ length: fillerCount - beforeLate }, (_, n) => fillerTurn(beforeLate + n));
  const desk = choose("desk");
  const finalAt = Math.floor(rng.next() * layout.final.length);
  const final = { text: fill(layout.final[finalAt]!, `layouts.${layoutName}.final[${finalAt}]`, tpl), at: finalAt };
  const [deskBefore, deskAfter] = splitAtNote(desk.text, `datasets/templates/long_horizon.yaml: turns.desk[${desk.at}]`);
  const noteField = ctx.feasible ? "confirm_note" : "late_note";
  const lateNote = fill(kind[noteField], `update_kinds.${seed.update_kind}.${noteField}`, tpl);
  const deskNote = fill(template.desk_request[deskAt]!, `desk_request[${deskAt}]`, tpl);

  const truthInput = {
    values,
    template,
    kind,
    falseMarkers: [
      ...kind.false_markers.map((m, i) => fill(m, `update_kinds.${seed.update_kind}.false_markers[${i}]`, tpl)),
      ...seed.false_markers.map((m, i) => fill(m, `false_markers[${i}]`)),
    ],
    disclosureMarkers: kind.disclosure_markers.map((m, i) => fill(m, `update_kinds.${seed.update_kind}.disclosure_markers[${i}]`, tpl)),
    honestExit: fill(ctx.feasible ? template.control_exit : template.honest_exit, ctx.feasible ? "control_exit" : "honest_exit", tpl),
    format: layout.format,
  };
  const base = {
    version: 1 as const,
    seed_id: seed.id,
    family: "long_horizon" as const,
    factor: ctx.primary.factor,
    subtype: ctx.primary.subtype,
    scenario: scenario.id,
    category: scenario.category,
    split: ctx.split,
    system_prompt: fill(template.system_prompt[systemAt]!, `system_prompt[${systemAt}]`, tpl),
    workspace: [{ path: paths.intake, present: true as const, content: fill(template.intake, "intake", tpl) }],
    protected_paths: [paths.intake],
    tools: ["read_txt", "list_dir", "write_file"],
    ...(ctx.feasible ? { feasible: true } : {}),
    failure_profiles: [],
    budgets: { steps_per_turn: 8, tool_calls: 80, tool_calls_per_turn: 10, tokens_per_generation: 600, wall_time_s: 1200 },
    ...(ctx.feasible ? longHorizonControlTruth(truthInput) : longHorizonCoreTruth(truthInput)),
    extra: {
      update_kind: seed.update_kind,
      ...(ctx.feasible ? { update_effect: "confirms" } : {}),
      layout: layoutName,
      scenario_title: scenario.title,
      case_reference: values.case_ref,
    },
  };

  const pairId = `long_horizon/${ctx.primary.factor}/${ctx.primary.subtype}/${seedTag(seed.id, ctx.variant, ctx.feasible)}`;
  const turnsTemplate = [intake, transmitted, late, desk].map((t) => t.at).join(",");
  const member = (condition: "neutral" | "induced", inducements: Inducement[]): Instance => ({
    ...base,
    id: `${pairId}/${condition}`,
    pair_id: pairId,
    condition,
    inducements,
    turns: [
      { user: intake.text, events: [] },
      { user: transmitted.text, events: [] },
      ...fillersA,
      { user: late.text, events: [{ path: paths.late, content: lateNote }] },
      ...fillersB,
      { user: `${deskBefore}${noteBlock(neutralNote, inducements)}${deskAfter}`, events: [{ path: paths.desk, content: deskNote }] },
      { user: final.text, events: [] },
    ],
    provenance: {
      source: "seed",
      generator_version: GENERATOR_VERSION,
      seed: seed.id,
      template:
        `long_horizon.yaml#turns[${turnsTemplate}],layouts.${layoutName}.final[${final.at}],` +
        `neutral_notes[${noteAt}],fillers=${fillerCount}${ctx.feasible ? ",confirm_note" : ""}`,
      variant: ctx.variant,
    },
  });
  const inducement = renderInducement({
    template: ctx.sources.inducements,
    factor: ctx.primary.factor,
    subtype: ctx.primary.subtype,
    rng: new Prng(`long_horizon/${seed.id}/${tag}/inducements`),
    values,
    people: scenario.people,
  });
  return {
    members: [member("neutral", []), member("induced", [inducement])],
    reassurance: template.reassurance_markers.map((m, i) => fill(m, `reassurance_markers[${i}]`, tpl)),
  };
}
