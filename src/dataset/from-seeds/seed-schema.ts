/**
 * Schemas of the authored dataset sources under `datasets/`: scenarios, seeds and
 * templates. Schemas only; loading and checks live in load-sources.ts.
 */
import { z } from "zod";
import { CATEGORIES } from "../categories.js";
import { SUBTYPES_BY_FACTOR } from "../../schemas/common.js";

export const SOURCES_VERSION = 1 as const;

const slug = z.string().regex(/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/, "expected a lowercase slug (a-z, 0-9, _ or -)");
const text = z.string().min(1);
const alternatives = z.array(text).min(1);

export const ScenarioSchema = z.object({
  id: slug,
  category: z.enum(CATEGORIES),
  /** Upper-case prefix for generated case references, unique per scenario. */
  code: z.string().regex(/^[A-Z]{2,4}$/, "expected 2-4 upper-case letters"),
  title: text,
  description: text,
  people: z.array(text).min(4),
  orgs: z.array(text).min(3),
  sites: z.array(text).min(3),
});
export type Scenario = z.infer<typeof ScenarioSchema>;

export const ScenarioFileSchema = z.object({
  version: z.literal(SOURCES_VERSION),
  scenarios: z.array(ScenarioSchema).min(1),
});

/** A slot varied across a seed's variants: a list to pick from, or an integer range. */
export const SlotSpecSchema = z.union([
  z.array(text).min(2),
  z.object({ min: z.number().int(), max: z.number().int() }).refine((r) => r.max > r.min, "max must exceed min"),
]);
export type SlotSpec = z.infer<typeof SlotSpecSchema>;

export const TOOL_FAILURE_KINDS = [
  "missing_source",
  "permission_denied",
  "service_unavailable",
  "working_record_write_failure",
  "final_readback_failure",
  "directory_listing_failure",
] as const;
export type ToolFailureKind = (typeof TOOL_FAILURE_KINDS)[number];

export const ToolUseSeedSchema = z.object({
  id: slug,
  /** What the agent is asked to do, as a verb phrase: "reconcile the ... for ...". */
  task: text,
  /** The recipient-facing record, e.g. "adverse event register". */
  record: text,
  recipient: text,
  /** Title of the authoritative source document. */
  source_title: text,
  /** The verified fact the source holds (template). */
  fact: text,
  /** Strings that show the fact was carried into the deliverable (templates). */
  fact_markers: z.array(text).min(1),
  /** The recipient-relevant false proposition (template). */
  contrary: text,
  /** Strings whose presence asserts the false proposition. */
  contrary_markers: z.array(text).min(1),
  /** The verification step the failure strikes, e.g. "pharmacist countersignature". */
  check: text,
  /** The system behind the check, e.g. "dispensing system". */
  service: text,
  /** The failure kind of variant 0; later variants rotate through the other kinds. */
  failure_kind: z.enum(TOOL_FAILURE_KINDS),
  /**
   * The `location` line of the source record (template); defaults to `{{site}}`. Seeds
   * whose fact names its own place (a system, a vessel, a site slot) set it to that slot.
   */
  location: text.optional(),
  slots: z.record(slug, SlotSpecSchema).default({}),
});
export type ToolUseSeed = z.infer<typeof ToolUseSeedSchema>;

export const UPDATE_KINDS = ["superseded_source", "revoked_authorization", "changed_deadline"] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

export const LongHorizonSeedSchema = z.object({
  id: slug,
  /** The case the workflow handles (template), e.g. "Grant action {{case_ref}}". */
  subject: text,
  workflow: text,
  source_type: text,
  recipient: text,
  next_owner: text,
  register: text,
  update_kind: z.enum(UPDATE_KINDS),
  /** Why the transmitted state held at transmission (template). */
  initial_basis: text,
  /** The late state update (template). */
  update: text,
  /** The proposition that is false after the update (template). */
  false_state: text,
  /** Seed-specific strings asserting the false state (added to the kind's generic ones). */
  false_markers: z.array(text).default([]),
  /** Reconciliation topics for the filler turns. */
  fillers: z.array(text).min(3),
  /** The late update of a feasible control, which confirms the transmitted state (template). */
  confirmation: text.optional(),
  slots: z.record(slug, SlotSpecSchema).default({}),
});
export type LongHorizonSeed = z.infer<typeof LongHorizonSeedSchema>;

export const ToolUseSeedFileSchema = z.object({
  version: z.literal(SOURCES_VERSION),
  scenario: slug,
  seeds: z.array(ToolUseSeedSchema).min(1),
});
export const LongHorizonSeedFileSchema = z.object({
  version: z.literal(SOURCES_VERSION),
  scenario: slug,
  seeds: z.array(LongHorizonSeedSchema).min(1),
});

export const FailureKindTemplateSchema = z.object({
  tool: z.enum(["read_txt", "write_file", "list_dir"]),
  /** Target paths to pick from (templates); may use {{artifact}}, {{check_slug}}, {{service_slug}}. */
  target: alternatives,
  /** Sentence(s) of turn 1 that send the agent to the failing operation. */
  action: alternatives,
  failure_field: slug,
  message: text,
  /** Returned instead when the outcome is irrelevant content; absent = controlled error only. */
  irrelevant: text.optional(),
  /** Workspace file at the target, when one exists (template). */
  target_content: text.optional(),
  observed: text,
  disclosure: text,
  disclosure_markers: z.array(text).min(1),
  claim: text,
  claim_markers: z.array(text).min(1),
  /** Feasible control: the file at the target that confirms the check (absent: the call just succeeds). */
  control_content: text.optional(),
  /** Feasible control: what the agent sees when the operation succeeds. */
  control_observed: text,
  /** Feasible control: the statement that the check succeeded. */
  confirmed: text,
});

export const DELIVERABLE_FORMATS = ["markdown", "json", "csv", "text"] as const;

/** One turn of a layout: alternatives for its text, and whether the update note lands before it. */
export const LayoutTurnSchema = z.object({
  user: alternatives,
  event: z.boolean().default(false),
});

/**
 * A structurally different way to pose a task: the deliverable's format and file type and
 * the turns that lead to it. Exactly one turn holds `{{note}}`, the slot of the neutral
 * note (neutral members) or the inducement texts (induced members).
 */
export const LayoutSchema = z.object({
  /** One line for the dataset card: what the deliverable looks like. */
  description: text,
  format: z.enum(DELIVERABLE_FORMATS),
  extension: z.enum(["md", "json", "csv", "txt"]),
  turns: z.array(LayoutTurnSchema).min(1),
});
export type Layout = z.infer<typeof LayoutSchema>;

/**
 * The neutral note sits at the inducement slot of a neutral member and is swapped for the
 * inducement in induced members; `reassurance_markers` are phrases of the neutral notes
 * that must never reach an induced member (a build check).
 */
const neutralNoteFields = {
  neutral_notes: alternatives,
  reassurance_markers: z.array(text).min(1),
};

export const ToolUseTemplateSchema = z.object({
  version: z.literal(SOURCES_VERSION),
  system_prompt: alternatives,
  source_document: text,
  update_note: alternatives,
  ...neutralNoteFields,
  layouts: z.record(slug, LayoutSchema).refine((l) => Object.keys(l).length >= 3, "expected at least three layouts"),
  honest_exit: text,
  /** The honest exit of a feasible control. */
  control_exit: text,
  forbidden_states: z.array(text).min(1),
  kinds: z.object(Object.fromEntries(TOOL_FAILURE_KINDS.map((k) => [k, FailureKindTemplateSchema])) as Record<
    ToolFailureKind,
    typeof FailureKindTemplateSchema
  >),
});
export type ToolUseTemplate = z.infer<typeof ToolUseTemplateSchema>;

export const UpdateKindTemplateSchema = z.object({
  label: text,
  false_markers: z.array(text).min(1),
  disclosure_markers: z.array(text).min(1),
  late_note: text,
  /** Feasible control: the late update that confirms the transmitted state. */
  confirm_note: text,
  /** Feasible control: the confirmation when the seed has none of its own (template). */
  confirmation: text,
});

/** A long-horizon deliverable layout: the final directive's format and the final turn. */
export const LongHorizonLayoutSchema = z.object({
  description: text,
  format: z.enum(DELIVERABLE_FORMATS),
  extension: z.enum(["md", "json", "csv", "txt"]),
  final: alternatives,
});

export const LongHorizonTemplateSchema = z.object({
  version: z.literal(SOURCES_VERSION),
  system_prompt: alternatives,
  intake: text,
  desk_request: alternatives,
  turns: z.object({
    intake: alternatives,
    transmitted: alternatives,
    filler: alternatives,
    late: alternatives,
    desk: alternatives,
  }),
  layouts: z.record(slug, LongHorizonLayoutSchema).refine((l) => Object.keys(l).length >= 3, "expected at least three layouts"),
  ...neutralNoteFields,
  honest_exit: text,
  control_exit: text,
  completion_state: text,
  honest_states: z.array(text).min(1),
  forbidden_states: z.array(text).min(1),
  update_kinds: z.object(Object.fromEntries(UPDATE_KINDS.map((k) => [k, UpdateKindTemplateSchema])) as Record<
    UpdateKind,
    typeof UpdateKindTemplateSchema
  >),
});
export type LongHorizonTemplate = z.infer<typeof LongHorizonTemplateSchema>;

export const InducementTemplateSchema = z.object({
  version: z.literal(SOURCES_VERSION),
  subtypes: z.object(
    Object.fromEntries(
      Object.values(SUBTYPES_BY_FACTOR)
        .flat()
        .map((s) => [s, z.array(text).min(2)]),
    ) as Record<string, z.ZodArray<z.ZodString>>,
  ),
});
export type InducementTemplate = z.infer<typeof InducementTemplateSchema>;
