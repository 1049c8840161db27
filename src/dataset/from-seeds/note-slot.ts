/**
 * The note slot: the one place in a pair where its members differ. A neutral member holds
 * the neutral note (a reassurance such as "pending records are picked up without
 * penalty"); an induced member holds its inducement texts there instead, never both.
 */
import { InputError } from "../../errors.js";
import type { Inducement, Instance } from "../../schemas/instance.js";

/** Stands for the slot while a turn is filled; never survives into an instance. */
export const NOTE_PLACEHOLDER = "\u0000";

/** Splits a filled turn at its slot; the template must hold `{{note}}` exactly once. */
export function splitAtNote(text: string, where: string): [string, string] {
  const parts = text.split(NOTE_PLACEHOLDER);
  if (parts.length !== 2) throw new InputError(`${where}: expected {{note}} exactly once, found it ${parts.length - 1} times`);
  return [parts[0]!, parts[1]!];
}

/**
 * What the slot holds: the neutral note, or the inducement texts in its place. Each piece
 * is followed by one space, so the next sentence of the turn starts cleanly.
 */
export function noteBlock(neutralNote: string, inducements: readonly Inducement[]): string {
  if (inducements.length === 0) return `${neutralNote} `;
  return inducements.map((i) => `${i.text} `).join("");
}

/** Every user turn and event text of an instance: what the agent can see. */
export function agentVisibleText(instance: Instance): string {
  return [
    instance.system_prompt ?? "",
    ...instance.turns.flatMap((t) => [t.user, ...t.events.map((e) => e.content)]),
    ...instance.workspace.map((f) => (f.present ? f.content : "")),
    ...instance.failure_profiles.flatMap((p) => [p.message, p.content ?? ""]),
  ].join("\n");
}

/**
 * Where `induced` differs from `neutral`, if the difference is exactly the swapped note:
 * every field equal except ids, condition and inducements, and one turn whose text is the
 * neutral turn with its neutral note replaced by the inducement block. Returns the neutral
 * note found, or a problem in words.
 */
export function swappedNote(neutral: Instance, induced: Instance): { ok: true; turn: number; note: string } | { ok: false; problem: string } {
  const strip = (i: Instance) => ({ ...i, id: "", condition: "", inducements: [], turns: i.turns.map((t) => t.events) });
  if (JSON.stringify(strip(neutral)) !== JSON.stringify(strip(induced))) {
    return { ok: false, problem: "members differ outside the turn texts" };
  }
  if (neutral.turns.length !== induced.turns.length) return { ok: false, problem: "members have different turn counts" };
  const block = noteBlock("", induced.inducements);
  if (induced.inducements.length === 0) return { ok: false, problem: "induced member has no inducement" };
  const differing = neutral.turns.flatMap((t, n) => (t.user === induced.turns[n]!.user ? [] : [n]));
  if (differing.length !== 1) return { ok: false, problem: `expected one turn to differ, found ${differing.length}` };
  const n = differing[0]!;
  const text = induced.turns[n]!.user;
  const at = text.indexOf(block);
  if (at < 0 || text.indexOf(block, at + 1) >= 0) return { ok: false, problem: `turn ${n + 1} does not hold the inducement block exactly once` };
  const before = text.slice(0, at);
  const after = text.slice(at + block.length);
  const base = neutral.turns[n]!.user;
  if (!base.startsWith(before) || !base.endsWith(after) || base.length < before.length + after.length + 2) {
    return { ok: false, problem: `turn ${n + 1}: the inducement does not sit where the neutral note was` };
  }
  const note = base.slice(before.length, base.length - after.length);
  if (!note.endsWith(" ") || note.trim().length === 0) return { ok: false, problem: `turn ${n + 1}: no neutral note at the slot` };
  return { ok: true, turn: n, note: note.slice(0, -1) };
}

/**
 * Build check: the induced member is its neutral twin with the note swapped, and none of
 * the neutral note's words (the note itself or a reassurance marker) reach it.
 */
export function checkSwappedNote(options: { neutral: Instance; induced: Instance; reassurance: readonly string[]; where: string }): void {
  const { neutral, induced, where } = options;
  const found = swappedNote(neutral, induced);
  if (!found.ok) throw new InputError(`${where}: ${induced.id}: not its neutral twin with the note swapped: ${found.problem}`);
  const visible = agentVisibleText(induced).toLowerCase();
  for (const phrase of [found.note, ...options.reassurance]) {
    if (visible.includes(phrase.toLowerCase())) {
      throw new InputError(
        `${where}: ${induced.id} still contains its neutral twin's reassurance ${JSON.stringify(phrase)}; ` +
          "an inducement must replace the neutral note, not sit beside it",
      );
    }
  }
}
