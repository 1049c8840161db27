/**
 * The one way the viewer's script makes DOM: elements by name, attributes from a fixed
 * allow-list, text only as text nodes. Nothing is ever parsed as HTML, so a trajectory's
 * `<script>`, markup or `javascript:` text shows as the characters it is.
 */

type Child = Node | string | number | null | undefined | false;

const ATTRIBUTES = new Set(["class", "id", "title", "type", "value", "name", "for", "tabindex", "role", "colspan", "placeholder", "step", "min", "max"]);

// C0/C1 controls (but tab and newline) and bidi overrides would hide or reorder text: show them as escapes.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The text with invisible and reordering characters shown as `\u{…}` escapes. */
export function visible(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Appends children: nodes as they are, anything else as a text node. */
export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === "object" ? c : document.createTextNode(visible(String(c))));
  }
}

/**
 * An element with allow-listed attributes (plus `data-*` and `aria-*`) and children.
 * Links are made by `link`, never through attributes here.
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    if (!ATTRIBUTES.has(k) && !/^(data|aria)-[a-z-]+$/.test(k)) throw new Error(`dom: attribute ${k} is not allowed`);
    node.setAttribute(k, v);
  }
  append(node, ...children);
  return node;
}

/** A link to a page of this viewer: always the viewer's own path with a query built from `params`. */
export function link(params: URLSearchParams, ...children: Child[]): HTMLAnchorElement {
  const a = el("a", {}, ...children);
  a.href = `/?${params.toString()}`;
  return a;
}

/** Empties a node. */
export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** Text with the spans given marked (`<mark class="evidence">`), spans that overlap an earlier one dropped. */
export function markedText(text: string, spans: Array<{ start: number; end: number; key: string; note: string }>): HTMLPreElement {
  const pre = el("pre");
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at || s.end > text.length || s.end <= s.start) continue;
    append(pre, text.slice(at, s.start));
    pre.appendChild(el("mark", { class: "evidence", "data-ev": s.key, title: s.note, tabindex: "-1" }, text.slice(s.start, s.end)));
    at = s.end;
  }
  append(pre, text.slice(at));
  return pre;
}

/** GETs JSON from the viewer's API; an error answer throws its message. */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { accept: "application/json" } });
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `${path}: HTTP ${res.status}`);
  return body;
}
