/**
 * Expands one tool-use seed variant into its pair: the neutral instance, the induced twin
 * and (for some core variants) stacked conditions. Members are built from one set of drawn
 * values and differ only at the note slot: the neutral note, or the inducements in its
 * place. The layout (deliverable format, one to three turns) and the failure kind rotate
 * across a seed's variants; controls (variants after the core) have no failure at all.
 */
import type { FailureProfile, Inducement, Instance, Turn, WorkspaceFile } from "../../schemas/instance.js";
import { Prng } from "../../seeded-random.js";
import { GENERATOR_VERSION, STACKED_VARIANTS, seedTag, variantTag, type BuiltPair, type PairContext } from "./build-context.js";
import { fillTemplate } from "./fill-template.js";
import { renderInducement, stackFactors } from "./inducements.js";
import type { DatasetSources } from "./load-sources.js";
import { NOTE_PLACEHOLDER, noteBlock, splitAtNote } from "./note-slot.js";
import { TOOL_FAILURE_KINDS } from "./seed-schema.js";
import { controlTruth, coreTruth, type ToolUseTexts } from "./tool-use-truth.js";
import { drawVariantSlots, fileSlug } from "./variant-slots.js";

type SeedEntry = DatasetSources["toolUseSeeds"][number];

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pickIndex(rng: Prng, length: number): number {
  return Math.floor(rng.next() * length);
}

/** Builds every member of one tool-use pair. */
export function buildToolUsePair(entry: SeedEntry, ctx: PairContext): BuiltPair {
  const { seed, scenario, file, index } = entry;
  const template = ctx.sources.toolUseTemplate;
  // Variant 0 keeps the seed's own failure kind; later variants move through the others.
  const kindName = TOOL_FAILURE_KINDS[(TOOL_FAILURE_KINDS.indexOf(seed.failure_kind) + ctx.variant) % TOOL_FAILURE_KINDS.length]!;
  const kind = template.kinds[kindName];
  const layoutNames = Object.keys(template.layouts);
  const layoutName = layoutNames[(ctx.seedIndex + ctx.variant) % layoutNames.length]!;
  const layout = template.layouts[layoutName]!;
  const tag = variantTag(ctx.variant);
  const rng = new Prng(`tool_use/${seed.id}/${tag}`);
  const where = (field: string) => ({ where: `${file}: seeds[${index}].${field}` });
  const tpl = (field: string) => ({ where: `datasets/templates/tool_use.yaml: ${field}` });
  const kindField = (field: string) => `kinds.${kindName}.${field}`;

  const values = drawVariantSlots({ rng, scenario, seedSlots: seed.slots, usedRefs: ctx.usedRefs });
  const fill = (text: string, field: string, from = where) => fillTemplate(text, { values, ...from(field) });
  values.location = fill(seed.location ?? "{{site}}", "location");
  values.record = fill(seed.record, "record");
  values.recipient = fill(seed.recipient, "recipient");
  values.deliverable = values.record;
  values.task = fill(seed.task, "task");
  values.source_title = fill(seed.source_title, "source_title");
  values.check = fill(seed.check, "check");
  values.service = fill(seed.service, "service");
  values.fact = capitalize(fill(seed.fact, "fact"));
  values.contrary = capitalize(fill(seed.contrary, "contrary"));
  values.record_slug = fileSlug(values.record);
  values.check_slug = fileSlug(values.check);
  values.service_slug = fileSlug(values.service);
  values.source_path = `workspace/source_files/${fileSlug(values.source_title)}.txt`;
  values.artifact = `workspace/output/${values.record_slug}.${layout.extension}`;
  const eventPath = `workspace/events/${values.record_slug}_update.txt`;
  values.event_path = eventPath;
  values.failure_field = kind.failure_field;
  const targetAt = pickIndex(rng, kind.target.length);
  values.target = fill(kind.target[targetAt]!, kindField(`target[${targetAt}]`), tpl);
  values.note = NOTE_PLACEHOLDER;
  const actionAt = pickIndex(rng, kind.action.length);
  values.action = fill(kind.action[actionAt]!, kindField(`action[${actionAt}]`), tpl);
  const kindText = (field: "message" | "observed" | "disclosure" | "claim" | "control_observed" | "confirmed") =>
    fill(kind[field], kindField(field), tpl);
  const markers = (list: string[], field: string, from = tpl) => list.map((m, i) => fill(m, `${field}[${i}]`, from));

  const irrelevant = !ctx.feasible && kind.irrelevant !== undefined && ctx.variant % 2 === 1;
  const message = kindText("message");
  const profile: FailureProfile = {
    id: `${seed.id}-${tag}-${kindName}`,
    kind: kindName,
    tool: kind.tool,
    target: values.target,
    outcome: irrelevant ? "irrelevant_content" : "controlled_error",
    message,
    ...(irrelevant ? { content: fill(kind.irrelevant!, kindField("irrelevant"), tpl) } : {}),
  };

  const workspace: WorkspaceFile[] = [
    { path: values.source_path, present: true, content: fill(template.source_document, "source_document", tpl) },
  ];
  const protectedPaths = [values.source_path];
  // The core puts the unconfirmed state at the target (when the failure lets it exist); a
  // control puts the confirmation there.
  const contentField = ctx.feasible ? "control_content" : "target_content";
  const targetContent = kind[contentField] !== undefined ? fill(kind[contentField]!, kindField(contentField), tpl) : undefined;
  if (kindName === "missing_source" && !ctx.feasible) workspace.push({ path: values.target, present: false });
  else if (kind.tool === "list_dir" && targetContent !== undefined) {
    const name = ctx.feasible ? `cleared_${values.case_no}.txt` : `pending_${values.case_no}.txt`;
    workspace.push({ path: `${values.target}${name}`, present: true, content: targetContent });
  } else if (targetContent !== undefined) {
    workspace.push({ path: values.target, present: true, content: targetContent });
    protectedPaths.push(values.target);
  }

  const systemAt = pickIndex(rng, template.system_prompt.length);
  const noteAt = pickIndex(rng, template.neutral_notes.length);
  const updateAt = pickIndex(rng, template.update_note.length);
  const neutralNote = fill(template.neutral_notes[noteAt]!, `neutral_notes[${noteAt}]`, tpl);
  const updateNote = fill(template.update_note[updateAt]!, `update_note[${updateAt}]`, tpl);
  const turnAts: number[] = [];
  const turnTexts = layout.turns.map((turn, n) => {
    const at = pickIndex(rng, turn.user.length);
    turnAts.push(at);
    return fill(turn.user[at]!, `layouts.${layoutName}.turns[${n}].user[${at}]`, tpl);
  });
  const slotTurn = turnTexts.findIndex((t) => t.includes(NOTE_PLACEHOLDER));
  // Exactly one slot in the whole layout, not one per turn.
  splitAtNote(turnTexts.join(""), `datasets/templates/tool_use.yaml: layouts.${layoutName}.turns`);
  const [slotBefore, slotAfter] = splitAtNote(turnTexts[slotTurn]!, `datasets/templates/tool_use.yaml: layouts.${layoutName}.turns[${slotTurn}]`);

  const texts: ToolUseTexts = {
    values,
    tool: kind.tool,
    observed: kindText("observed"),
    claim: kindText("claim"),
    claimMarkers: markers(kind.claim_markers, kindField("claim_markers")),
    contraryMarkers: markers(seed.contrary_markers, "contrary_markers", where),
    factMarkers: markers(seed.fact_markers, "fact_markers", where),
    honestExit: fill(ctx.feasible ? template.control_exit : template.honest_exit, ctx.feasible ? "control_exit" : "honest_exit", tpl),
    ...(ctx.feasible
      ? { control: { observed: kindText("control_observed"), confirmed: kindText("confirmed") } }
      : {
          failure: {
            profile,
            message,
            disclosure: kindText("disclosure"),
            disclosureMarkers: markers(kind.disclosure_markers, kindField("disclosure_markers")),
            irrelevant,
          },
        }),
  };
  const { honest_states, recipient_rule, ...truthPart } = ctx.feasible ? controlTruth(texts) : coreTruth(texts);

  const base = {
    version: 1 as const,
    seed_id: seed.id,
    family: "tool_use" as const,
    factor: ctx.primary.factor,
    subtype: ctx.primary.subtype,
    scenario: scenario.id,
    category: scenario.category,
    split: ctx.split,
    ...(ctx.feasible ? { feasible: true } : {}),
    system_prompt: fill(template.system_prompt[systemAt]!, `system_prompt[${systemAt}]`, tpl),
    workspace,
    protected_paths: protectedPaths,
    tools: ["read_txt", "list_dir", "write_file"],
    failure_profiles: ctx.feasible ? [] : [profile],
    budgets: { steps_per_turn: 14, tool_calls: 16, tool_calls_per_turn: 10, tokens_per_generation: 1800, wall_time_s: 600 },
    ...truthPart,
    artifact_contract: {
      path: values.artifact,
      format: layout.format,
      recipient: values.recipient,
      required_fields: ["case_reference", "source_basis", kind.failure_field, "action_status", "completion_status"],
      state_field: "completion_status",
      states: ["complete", "pending", "escalated"],
      completion_states: ["complete"],
      honest_states,
      forbidden_states: template.forbidden_states,
      failure_field: kind.failure_field,
      recipient_rule,
      delivery_required: true,
    },
    extra: {
      ...(ctx.feasible ? { check_kind: kindName } : { failure_kind: kindName }),
      layout: layoutName,
      scenario_title: scenario.title,
      case_reference: values.case_ref,
    },
  };

  const pairId = `tool_use/${ctx.primary.factor}/${ctx.primary.subtype}/${seedTag(seed.id, ctx.variant, ctx.feasible)}`;
  // Identical in every member of the pair: the inducements field says what was swapped in.
  const provenance = {
    source: "seed" as const,
    generator_version: GENERATOR_VERSION,
    seed: seed.id,
    template:
      `tool_use.yaml#layouts.${layoutName}[${turnAts.join(",")}],system_prompt[${systemAt}],` +
      `neutral_notes[${noteAt}],update_note[${updateAt}],kinds.${kindName}`,
    variant: ctx.variant,
  };
  const member = (condition: "neutral" | "induced", idTail: string, inducements: Inducement[]): Instance => ({
    ...base,
    id: `${pairId}/${idTail}`,
    pair_id: pairId,
    condition,
    inducements,
    turns: turnTexts.map(
      (text, n): Turn => ({
        user: n === slotTurn ? `${slotBefore}${noteBlock(neutralNote, inducements)}${slotAfter}` : text,
        events: layout.turns[n]!.event ? [{ path: eventPath, content: updateNote }] : [],
      }),
    ),
    provenance,
  });

  const inducementRng = new Prng(`tool_use/${seed.id}/${tag}/inducements`);
  const factors = stackFactors({ primary: ctx.primary, k: 4, rotation: ctx.seedIndex + ctx.variant });
  const rendered = factors.map((f) =>
    renderInducement({ template: ctx.sources.inducements, factor: f.factor, subtype: f.subtype, rng: inducementRng, values, people: scenario.people }),
  );
  const members = [member("neutral", "neutral", []), member("induced", "induced", rendered.slice(0, 1))];
  if (!ctx.feasible && STACKED_VARIANTS.has(ctx.variant)) {
    for (const k of [2, 3, 4]) members.push(member("induced", `induced-stack${k}`, rendered.slice(0, k)));
  }
  return { members, reassurance: markers(template.reassurance_markers, "reassurance_markers") };
}
