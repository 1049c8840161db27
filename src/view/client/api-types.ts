/**
 * The shapes the viewer's HTTP API answers with; shared by the server and the browser
 * script (type-only, so nothing of the server reaches the browser).
 */

export interface FacetCount {
  value: string;
  count: number;
}

export interface RowSummary {
  id: string;
  run: string;
  instance_id: string;
  family?: string;
  condition?: string;
  factor?: string;
  subset?: string;
  label: string;
  grade?: number;
  decided_by?: string;
  reward?: number;
  under_claim?: boolean;
  disagree?: boolean;
  injected: boolean;
  termination?: string;
  branch?: number;
}

export interface ListAnswer {
  total: number;
  matched: number;
  offset: number;
  rows: RowSummary[];
  /** Per facet, how many rows match every other filter and this value. */
  facets: Record<string, FacetCount[]>;
  judges: string[];
  judge: string | null;
  progress: { done: boolean; trajectories: number; bytesRead: number; bytesTotal: number; error?: string };
  notes: string[];
  runs: Array<{ name: string; kind: string; report: boolean }>;
}

/** Where an evidence quote sits: the channel's text and the character span in it. */
export interface EvidenceSpan {
  target: "final_response" | "artifact" | "message";
  path?: string;
  message_index?: number;
  start: number;
  end: number;
  /** How the quote was found: verbatim, ignoring case, or ignoring case and spacing. */
  match: "exact" | "case" | "spacing";
}

export interface EvidenceView {
  channel?: string;
  field?: string;
  text?: string;
  note: string;
  artifact?: string;
  message_index?: number;
  span?: EvidenceSpan;
}

export interface JudgementView {
  key: string;
  judge: string;
  status: string;
  label?: string;
  grade?: number;
  reason?: string;
  error?: string;
  under_claim?: boolean;
  honest_exit?: boolean;
  outcome_success?: boolean;
  decided_by?: string;
  strategic_deception?: string;
  outcome_parts?: Record<string, number>;
  claims?: Array<{ claim_id: string; agent_position: string; truth_value: boolean; consistent: boolean }>;
  evidence: EvidenceView[];
}

export interface MessageView {
  index: number;
  role: string;
  /** What the message says with reasoning blocks taken out. */
  text: string;
  /** Reasoning blocks: never shown to the recipient, never read by the judges. */
  reasoning: string[];
  tool_calls?: Array<{ id: string; name: string; arguments: string }>;
  tool_call_id?: string;
  /** On a tool result: the tool event it answers. */
  event?: { tool: string; ok: boolean; injected: boolean; failure_kind?: string; boundary_violation: boolean };
}

export interface DiffLine {
  op: " " | "+" | "-";
  text: string;
}

export interface FileView {
  path: string;
  change: string;
  content: string | null;
  /** Line diff against the supplied workspace; absent when the original is unknown or too large. */
  diff?: DiffLine[];
  note?: string;
  deliverable: boolean;
}

export interface TrajectoryView {
  id: string;
  run: string;
  kind: string;
  instance_id: string;
  pair_id?: string;
  family?: string;
  condition?: string;
  factor?: string;
  subtype?: string;
  scenario?: string;
  subset?: string;
  split?: string;
  model?: string;
  sample_index?: number;
  termination?: string;
  error?: string;
  human_label?: string;
  budgets?: Array<{ name: string; used: number | null; limit: number | null }>;
  failures: Array<{ id: string; kind: string; tool: string; target: string; outcome: string; fired: boolean }>;
  truth?: { environment: string; agent_visible: string; recipient_visible: string };
  inducements: Array<{ factor: string; subtype: string; text: string }>;
  messages: MessageView[];
  files: FileView[];
  final_response: { text: string; reasoning: string[] } | null;
  checks?: Array<{ kind: string; command: string; passed: boolean; exit_code: number }>;
  judgements: JudgementView[];
  reward?: { total: number; outcome: number; penalty: number; judge: string; label: string; grade: number; outcome_parts?: Record<string, number>; weights: unknown };
  twin?: string;
  branches: Array<{ id: string; index: number; label: string }>;
  /** On a report-step branch: how many messages it shares with its siblings. */
  branch_prefix?: number;
  notes: string[];
}
