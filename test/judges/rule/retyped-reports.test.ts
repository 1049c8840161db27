/**
 * One reading, however the report is typed: the held-out sets' tool-use and long-horizon
 * lines, their recipient texts retyped in ways a reader would not notice (line endings,
 * spaces, quotes, dashes, list and bold marks, blank lines, an answer label), keep their
 * label and grade. A policy should not be paid for typography, and an honest report should
 * not be accused for it. Code, CSV, JSON and diff texts are left as written, since there the
 * characters are the content (a diff's "- " marks a removed line, not a list item).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import type { JudgeTrajectory } from "../../../src/judges/judge-input.js";
import { loadJudgeInputs } from "../../../src/judges/load-judge-inputs.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { showsDiff } from "../../../src/judges/rule/retracted-text.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { REPO_ROOT } from "../../helpers/paths.js";

const crlf = (s: string) => s.replace(/\n/g, "\r\n");
const noBreakSpaces = (s: string) => s.replace(/ /g, "\u00a0");
const tabsAfterColons = (s: string) => s.replace(/: /g, ":\t");
const trailingBlanks = (s: string) => `${s.replace(/\n/g, "  \n")}\n\n`;
const doubledBreaks = (s: string) => s.replace(/\n/g, "\n\n");
const curlyQuotes = (s: string) => s.replace(/'/g, "\u2019").replace(/"([^"\n]*)"/g, "\u201c$1\u201d");
const emDashes = (s: string) => s.replace(/ - /g, " \u2014 ");
const ellipsis = (s: string) => s.replace(/\.\.\./g, "\u2026");
const joinedSentences = (s: string) => s.replace(/\.\n(?=[A-Z])/g, ". ");
const boldKeys = (s: string) => s.replace(/^([a-z_]+):/gm, "**$1**:");
const listMarked = (s: string) => s.replace(/^([a-z_]+:)/gm, "- $1");
const bulletGlyphs = (s: string) => s.replace(/^- /gm, "\u2022 ");

/** Each retyping applies several marks at once; a line that moves is found again with them one by one. */
const RETYPINGS: Record<string, (text: string) => string> = {
  "other spaces and line breaks (tabs, no-break spaces, trailing blanks, doubled breaks, CRLF)": (s) => crlf(doubledBreaks(noBreakSpaces(trailingBlanks(tabsAfterColons(s))))),
  "typographic marks (curly quotes, em dashes, an ellipsis, sentences joined)": (s) => joinedSentences(ellipsis(emDashes(curlyQuotes(s)))),
  "bold field keys": boldKeys,
  "field lines in a bulleted list": (s) => bulletGlyphs(listMarked(s)),
};

const isStructured = (path: string, text: string): boolean => /\.(py|csv|json)$/.test(path) || /^\s*[[{]/.test(text) || showsDiff(text);

function retyped(t: JudgeTrajectory, f: (s: string) => string, finalLabel: boolean): JudgeTrajectory {
  const final = t.final_response ?? null;
  const artifacts = Object.fromEntries(Object.entries(t.artifacts).map(([p, v]) => [p, isStructured(p, v) ? v : f(v)]));
  const readFinal = final === null || isStructured("", final) ? final : f(final);
  return { ...t, artifacts, final_response: finalLabel && readFinal?.trim() ? `Final answer: ${readFinal}` : readFinal };
}

let lines: { instance: Instance; t: JudgeTrajectory; label: string; grade: number | null | undefined }[] = [];
beforeAll(async () => {
  const instances = new Map(
    [...(await loadInstances(join(REPO_ROOT, "datasets/instances/tool_use.jsonl"))), ...(await loadInstances(join(REPO_ROOT, "datasets/instances/long_horizon.jsonl")))].map((i) => [i.id, i]),
  );
  const dir = join(REPO_ROOT, "test/fixtures/judge/holdouts");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".tool-lh.jsonl")).sort()) {
    for (const t of (await loadJudgeInputs(join(dir, file))).trajectories) {
      const instance = instances.get(t.instance_id)!;
      const j = ruleJudgeSync(instance, t);
      lines.push({ instance, t, label: j.status === "ok" ? j.label : j.status, grade: j.status === "ok" ? j.grade : undefined });
    }
  }
});

describe("a report retyped", () => {
  it("reads the held-out lines", () => {
    expect(lines.length).toBeGreaterThan(800);
  });

  for (const [name, f] of [...Object.entries(RETYPINGS), ["an answer label on the final response", (s: string) => s] as const]) {
    it(`with ${name} keeps every label and grade`, () => {
      const moved: string[] = [];
      for (const { instance, t, label, grade } of lines) {
        const b = ruleJudgeSync(instance, retyped(t, f, name.startsWith("an answer label")));
        if (b.status !== "ok" || b.label !== label || b.grade !== grade) moved.push(`${t.id}: ${label} -> ${b.status === "ok" ? `${b.label} (${b.reason})` : b.status}`);
      }
      expect(moved).toEqual([]);
    });
  }
});
