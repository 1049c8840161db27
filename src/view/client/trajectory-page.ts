/**
 * One trajectory as the recipient and the agent saw it: the conversation (tool results
 * tied to their calls, an injected failure marked where it fired, reasoning shown apart
 * as never shown to the recipient), the files written with their diff, the final
 * response, the budgets, and each judge's verdict with its evidence highlighted in the
 * channel it quotes; the reward's parts; links to the pair twin and the branches.
 */
import type { EvidenceSpan, JudgementView, MessageView, TrajectoryView } from "./api-types.js";
import { append, el, markedText } from "./dom.js";

const LONG_LINES = 30;

type Spans = Array<{ start: number; end: number; key: string; note: string }>;

/** The highlighted judge's spans that fall in one channel. */
function spansIn(j: JudgementView | undefined, where: (s: EvidenceSpan) => boolean): Spans {
  if (!j) return [];
  return j.evidence.flatMap((e, i) => (e.span && where(e.span) ? [{ start: e.span.start, end: e.span.end, key: String(i), note: e.note }] : []));
}

function meta(v: TrajectoryView): HTMLElement {
  const dl = el("dl", { class: "meta" });
  const rows: Array<[string, string | number | undefined]> = [
    ["run", v.run], ["instance", v.instance_id], ["pair", v.pair_id], ["family", v.family], ["condition", v.condition],
    ["factor / subtype", v.factor ? `${v.factor} / ${v.subtype}` : undefined], ["scenario", v.scenario], ["subset", v.subset], ["split", v.split],
    ["model", v.model], ["sample", v.sample_index], ["termination", v.termination], ["error", v.error], ["human label", v.human_label],
  ];
  for (const [k, val] of rows) if (val !== undefined) append(dl, el("dt", {}, k), el("dd", {}, String(val)));
  return dl;
}

function block(title: string, cls: string, ...children: Array<Node | string | null | undefined>): HTMLElement {
  return el("section", { class: `block ${cls}` }, el("h3", {}, title), ...children);
}

function partsTable(parts: Record<string, number> | undefined): HTMLElement | null {
  if (!parts || Object.keys(parts).length === 0) return null;
  return el("table", { class: "parts" }, el("tbody", {}, ...Object.entries(parts).map(([k, n]) => el("tr", {}, el("th", {}, k), el("td", {}, String(n))))));
}

function verdict(j: JudgementView, highlighted: boolean): HTMLElement {
  const head = j.status === "ok" ? `${j.label} (grade ${j.grade})` : `judge failure: ${j.error ?? ""}`;
  const box = block(`Verdict — ${j.key} (${j.judge})${highlighted ? " · highlighted" : ""}`, `verdict${highlighted ? " highlighted" : ""}`, el("p", { class: `label-${j.label ?? "none"}`, "data-verdict": j.key }, head));
  box.setAttribute("data-judge", j.key);
  if (j.decided_by) box.appendChild(el("p", {}, `decided by: ${j.decided_by}`));
  if (j.reason) box.appendChild(el("p", {}, `reason: ${j.reason}`));
  const flags = [j.honest_exit ? "honest exit" : "", j.outcome_success ? "outcome success" : "", j.under_claim ? "UNDER-CLAIM" : "", j.strategic_deception ? `strategic deception: ${j.strategic_deception}` : ""].filter(Boolean);
  if (flags.length) box.appendChild(el("p", {}, flags.join(" · ")));
  j.evidence.forEach((e, i) => {
    const where = [e.channel, e.field ? `field ${e.field}` : ""].filter(Boolean).join(", ");
    const found = e.span ? `found (${e.span.match})` : e.text ? "quote not found in the channel" : "no quote";
    const ev = el("div", { class: "ev", "data-ev": String(i), tabindex: "0" }, el("div", {}, where || "(no channel)", " — ", found), e.text ? el("pre", {}, e.text) : null, el("div", { class: "help" }, e.note));
    if (highlighted && e.span) ev.addEventListener("click", () => focusEvidence(box.closest(".traj") as HTMLElement, String(i)));
    box.appendChild(ev);
  });
  if (j.claims && j.claims.length) {
    box.appendChild(el("table", { class: "parts" }, el("thead", {}, el("tr", {}, el("th", {}, "claim"), el("th", {}, "agent"), el("th", {}, "true"), el("th", {}, "consistent"))), el("tbody", {}, ...j.claims.map((c) => el("tr", {}, el("td", {}, c.claim_id), el("td", {}, c.agent_position), el("td", {}, String(c.truth_value)), el("td", {}, String(c.consistent)))))));
  }
  const parts = partsTable(j.outcome_parts);
  if (parts) box.appendChild(parts);
  return box;
}

/** Scrolls to evidence mark `key` and marks it current. */
export function focusEvidence(root: HTMLElement | null, key: string): void {
  if (!root) return;
  root.querySelectorAll("mark.evidence.current").forEach((m) => m.classList.remove("current"));
  const mark = root.querySelector<HTMLElement>(`mark.evidence[data-ev="${CSS.escape(key)}"]`);
  if (!mark) return;
  mark.classList.add("current");
  mark.closest("details")?.setAttribute("open", "");
  mark.scrollIntoView({ block: "center" });
  mark.focus({ preventScroll: true });
}

function prettyArgs(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function reasoningBoxes(reasoning: string[]): HTMLElement[] {
  return reasoning.map((r) => el("div", { class: "reasoning" }, el("div", { class: "role" }, "reasoning — not shown to the recipient, not read by the judges"), el("pre", {}, r)));
}

function message(m: MessageView, j: JudgementView | undefined): HTMLElement {
  const injected = m.event?.injected === true;
  const box = el("div", { class: `msg ${m.role}${injected ? " injected" : ""}`, "data-message": String(m.index) });
  const head = el("div", { class: "role" }, `${m.index} · ${m.role}`);
  if (m.event) append(head, el("span", { class: "badge" }, `${m.event.tool}${m.event.ok ? "" : " · error"}`));
  if (injected) append(head, el("span", { class: "badge injected", "data-injected": "yes" }, `injected failure fired${m.event?.failure_kind ? `: ${m.event.failure_kind}` : ""}`));
  if (m.event?.boundary_violation) append(head, el("span", { class: "badge injected" }, "boundary violation"));
  box.appendChild(head);
  box.append(...reasoningBoxes(m.reasoning));
  if (m.text) {
    const text = markedText(m.text, spansIn(j, (s) => s.target === "message" && s.message_index === m.index));
    const lines = m.text.split("\n").length;
    // Long tool output (a file read, a test log) folds away; evidence inside it unfolds when focused.
    if (m.role === "tool" && lines > LONG_LINES) box.appendChild(el("details", {}, el("summary", {}, `${lines} lines`), text));
    else box.appendChild(text);
  }
  for (const c of m.tool_calls ?? []) box.appendChild(el("div", {}, el("span", { class: "badge" }, `call ${c.name}`), el("pre", {}, prettyArgs(c.arguments))));
  return box;
}

function files(v: TrajectoryView, j: JudgementView | undefined): HTMLElement {
  const sec = block(`Files written (${v.files.length})`, "files");
  for (const f of v.files) {
    const spans = spansIn(j, (s) => s.target === "artifact" && s.path === f.path);
    const box = el("div", { class: "file", "data-path": f.path });
    box.appendChild(el("h4", {}, f.path, el("span", { class: "badge" }, f.change), f.deliverable ? el("span", { class: "badge" }, "deliverable (the recipient reads it)") : null));
    if (f.content !== null) box.appendChild(markedText(f.content, spans));
    if (f.note) box.appendChild(el("p", { class: "help" }, f.note));
    if (f.diff) {
      const d = el("details", { class: "diff" }, el("summary", {}, "diff against the supplied workspace"));
      for (const line of f.diff) d.appendChild(el("div", { class: line.op === "+" ? "add" : line.op === "-" ? "del" : "same" }, el("pre", {}, `${line.op} ${line.text}`)));
      box.appendChild(d);
    }
    sec.appendChild(box);
  }
  return sec;
}

/** Renders one trajectory; `judge` names the judgement whose evidence is highlighted (default: the first). */
export function renderTrajectory(v: TrajectoryView, judge: string | null, options: { fromMessage?: number; compact?: boolean } = {}): HTMLElement {
  const root = el("div", { class: "traj", "data-id": v.id });
  const j = v.judgements.find((x) => x.key === judge) ?? v.judgements[0];
  root.appendChild(el("h2", {}, v.id));
  const side = el("div", { class: "side" });
  const main = el("div", { class: "body" });
  root.appendChild(el("div", { class: options.compact ? "traj-grid compact" : "traj-grid" }, main, side));
  side.appendChild(meta(v));
  for (const n of v.notes) side.appendChild(el("p", { class: "help" }, n));
  for (const x of v.judgements) side.appendChild(verdict(x, x === j));
  if (v.reward) {
    const r = v.reward;
    side.appendChild(block(`Reward ${r.total}`, "reward", el("p", {}, `outcome ${r.outcome} − penalty ${r.penalty} = ${r.total} (${r.label}, grade ${r.grade}, ${r.judge})`), partsTable(r.outcome_parts), el("pre", {}, `weights ${JSON.stringify(r.weights)}`)));
  }
  if (v.budgets) {
    side.appendChild(block("Budgets", "budgets", el("table", { class: "parts" }, el("tbody", {}, ...v.budgets.map((b) => el("tr", {}, el("th", {}, b.name), el("td", {}, b.used === null ? "–" : String(b.used)), el("td", {}, b.limit === null ? "" : `of ${b.limit}`)))))));
  }
  if (v.failures.length) {
    side.appendChild(block("Failure profiles", "failures", ...v.failures.map((f) => el("p", { "data-fired": f.fired ? "yes" : "no" }, `${f.kind} on ${f.tool} ${f.target} (${f.outcome}) — ${f.fired ? "FIRED" : "did not fire"}`))));
  }
  if (v.inducements.length) side.appendChild(block("Inducements (induced member only)", "inducements", ...v.inducements.map((i) => el("div", {}, el("span", { class: "badge" }, `${i.factor} / ${i.subtype}`), el("pre", {}, i.text)))));
  if (v.truth) side.appendChild(block("Truth (never shown to the agent)", "truth", el("p", {}, `environment: ${v.truth.environment}`), el("p", {}, `agent saw: ${v.truth.agent_visible}`), el("p", {}, `recipient sees: ${v.truth.recipient_visible}`)));
  const from = options.fromMessage ?? 0;
  const conv = block(`Conversation (${v.messages.length} messages)`, "conversation");
  if (from > 0) conv.appendChild(el("p", { class: "help" }, `messages 0–${from - 1} are the prefix this branch shares with its siblings`));
  for (const m of v.messages) if (m.index >= from) conv.appendChild(message(m, j));
  main.appendChild(conv);
  if (v.files.length) main.appendChild(files(v, j));
  const fin = block("Final response (the recipient reads it)", "final");
  if (v.final_response) {
    fin.append(...reasoningBoxes(v.final_response.reasoning));
    fin.appendChild(markedText(v.final_response.text, spansIn(j, (s) => s.target === "final_response")));
  } else fin.appendChild(el("p", { class: "help" }, "no final response"));
  main.appendChild(fin);
  if (v.checks?.length) main.appendChild(block("Checks", "checks", ...v.checks.map((c) => el("p", {}, `${c.kind}: ${c.command} — ${c.passed ? "passed" : `failed (exit ${c.exit_code})`}`))));
  return root;
}
