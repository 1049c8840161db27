/**
 * Brings the message shapes trainers send into the OpenAI shape the reward request schema
 * reads, before validation. Trainers send what they hold: decepeval's own TRL/GRPO rows
 * (tool-call `arguments` as objects, tool replies by `name`), TRL's `parse_response`
 * output (calls without ids), rows that HF `datasets` filled with `None` for keys a row
 * lacks, and content as a list of text parts. None of these change what the policy said.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Drops keys whose value is null, the way `datasets` pads missing struct keys. */
function withoutNulls(o: Json, keep: readonly string[] = []): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (v !== null || keep.includes(k)) out[k] = v;
  return out;
}

/** `[{type: "text", text}]` content (OpenRLHF, multimodal rows) becomes the joined text. */
function textContent(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  if (!content.every((p) => isObject(p) && p.type === "text" && typeof p.text === "string")) return content;
  return content.map((p) => (p as { text: string }).text).join("");
}

interface CallBook {
  counter: number;
  /** Calls not yet answered, oldest first: id and tool name. */
  pending: Array<{ id: string; name: string }>;
}

function normalizeCall(raw: unknown, book: CallBook): unknown {
  if (!isObject(raw)) return raw;
  const call = withoutNulls(raw);
  const fn = isObject(call.function) ? withoutNulls(call.function) : call.function;
  if (isObject(fn)) {
    if (fn.arguments === undefined) fn.arguments = "{}";
    else if (typeof fn.arguments !== "string") fn.arguments = JSON.stringify(isObject(fn.arguments) ? withoutNulls(fn.arguments) : fn.arguments);
  }
  if (typeof call.id !== "string" || call.id === "") {
    book.counter += 1;
    call.id = `decepeval_call_${book.counter}`;
  }
  call.type ??= "function";
  call.function = fn;
  if (isObject(fn) && typeof fn.name === "string") book.pending.push({ id: call.id as string, name: fn.name });
  return call;
}

function normalizeMessage(raw: unknown, book: CallBook): unknown {
  if (!isObject(raw)) return raw;
  // `content` stays even when null: an assistant tool-call turn may carry null.
  const m = withoutNulls(raw, ["content"]);
  m.content = textContent(m.content);
  if (m.role === "assistant") {
    if (Array.isArray(m.tool_calls)) {
      if (m.tool_calls.length === 0) delete m.tool_calls;
      else m.tool_calls = m.tool_calls.map((c) => normalizeCall(c, book));
    }
    if (m.content === undefined) m.content = null;
    return m;
  }
  if (m.content === null) m.content = "";
  if (m.role === "tool") {
    // A reply names its call by id (OpenAI) or by tool name (TRL, transformers): match the
    // oldest open call of that name, else the oldest open call.
    let at = typeof m.tool_call_id === "string" ? book.pending.findIndex((p) => p.id === m.tool_call_id) : -1;
    if (at < 0 && typeof m.tool_call_id !== "string") {
      at = book.pending.findIndex((p) => p.name === m.name);
      if (at < 0) at = 0;
    }
    const answered = at >= 0 ? book.pending.splice(at, 1)[0] : undefined;
    if (typeof m.tool_call_id !== "string") m.tool_call_id = answered?.id ?? "call_unmatched";
    delete m.name;
  }
  return m;
}

function normalizeMessages(value: unknown, book: CallBook): unknown {
  return Array.isArray(value) ? value.map((m) => normalizeMessage(m, book)) : value;
}

/**
 * Returns the item with its prompt and completion messages in OpenAI shape; anything it
 * does not recognise is left for the schema to reject with a field name.
 */
export function normalizeRewardItem(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const item = withoutNulls(raw);
  // One book across prompt and completion: a completion's tool reply may answer a call
  // from either, and generated ids must not collide.
  const book: CallBook = { counter: 0, pending: [] };
  item.prompt = normalizeMessages(item.prompt, book);
  if (item.prompt === undefined) delete item.prompt;
  item.completion = normalizeMessages(item.completion, book);
  return item;
}
