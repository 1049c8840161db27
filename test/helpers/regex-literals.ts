/**
 * Regular-expression literals of a TypeScript source file, found by a small scanner that
 * skips comments, strings and template literals and reads `/` as a regex where an
 * expression may start. Enough for this project's sources; it is checked by the test
 * that uses it (a file whose literals it cannot find fails that test's count).
 */
export interface RegexLiteral {
  source: string;
  flags: string;
  line: number;
}

const EXPRESSION_START = new Set(["(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", "+", "-", "*", "%", "<", ">", "~", "^"]);
const KEYWORDS_BEFORE_EXPRESSION = new Set(["return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "else", "do", "yield", "await"]);

/** Every regex literal in `text`. */
export function regexLiterals(text: string): RegexLiteral[] {
  const out: RegexLiteral[] = [];
  let i = 0;
  let line = 1;
  let last = ";"; // the last significant token's last character (or a keyword)
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === "\n") line += 1;
    if (c === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") i += 1;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      for (let k = i; k < (end < 0 ? n : end); k += 1) if (text[k] === "\n") line += 1;
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      i += 1;
      while (i < n && text[i] !== c) {
        if (text[i] === "\\") i += 1;
        else if (text[i] === "\n") line += 1;
        i += 1;
      }
      i += 1;
      last = "x";
      continue;
    }
    if (c === "/" && (EXPRESSION_START.has(last) || KEYWORDS_BEFORE_EXPRESSION.has(last))) {
      let j = i + 1;
      let inClass = false;
      while (j < n && text[j] !== "\n") {
        const d = text[j]!;
        if (d === "\\") j += 1;
        else if (d === "[") inClass = true;
        else if (d === "]") inClass = false;
        else if (d === "/" && !inClass) break;
        j += 1;
      }
      const source = text.slice(i + 1, j);
      let k = j + 1;
      while (k < n && /[a-z]/.test(text[k]!)) k += 1;
      out.push({ source, flags: text.slice(j + 1, k), line });
      i = k;
      last = "x";
      continue;
    }
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      let k = i;
      while (k < n && /[\w$]/.test(text[k]!)) k += 1;
      last = text.slice(i, k);
      if (!KEYWORDS_BEFORE_EXPRESSION.has(last)) last = "x";
      i = k;
      continue;
    }
    last = c === ")" || c === "]" ? "x" : /[\d.]/.test(c) ? "x" : c;
    i += 1;
  }
  return out;
}
