/**
 * Where prose breaks into clauses: sentence ends, a dash between spaces, `: `, "but", a
 * comma before a contrast or a cause, and line breaks. The clause is the unit every scope
 * rule reads within, so the split decides how far a negation or a condition can reach.
 */

import { closesWithVerdict, insideBracket, lineMarks, ratedListItem, type LineMarks } from "./item-verdicts.js";

const CONTRASTS = ["although", "though", "yet", "whereas", "while", "so", "because", "since"];
/** Each contrast with the space after it, as the split looks for it. */
const CONTRAST_HEADS = CONTRASTS.map((w) => `${w} `);
const SPACE = 32;
const COLON = 58;
const COMMA = 44;
/** A blank other than a space or a line break, or two spaces: a run `[^\S\n]+` does not leave as it is. */
const UNFOLDED_BLANKS = /[^\S\n ]| {2}/;
/** "-", "–", "—": a dash between spaces. */
const DASHES = new Set([45, 0x2013, 0x2014]);

/** One or two words, the first capitalised: the shape of a section label ("Done", "Next steps"). */
export const LABEL_PIECE = /^[A-Z][a-z]+(?: [a-z]+)?$/;
/** Characters that end the sentence before a piece: . ! ? ; */
const SENTENCE_ENDS = new Set([46, 33, 63, 59]);
const CLOSE_BRACKET = 93;

/**
 * Splits prose into clauses at sentence ends, dashes between spaces, `: `, "but", a comma
 * before a contrast or cause, and line breaks. One pass over the text: the split points
 * are read at single spaces after runs of blanks are folded to one.
 */
export function splitClauseText(text: string): string[] {
  const out: string[] = [];
  // Folding blank runs to one space copies the text; most texts have only single spaces.
  const folded = UNFOLDED_BLANKS.test(text) ? text.replace(/[^\S\n]+/g, " ") : text;
  for (const line of folded.split("\n")) {
    let start = 0;
    // Where the line's brackets and remarks stand, read once when a rule first asks.
    let read: LineMarks | undefined;
    const marks = (): LineMarks => (read ??= lineMarks(line));
    // A bracketed verdict is one statement about its item: nothing inside it splits.
    const brackets = line.includes("[");
    // Every split point is at a space (a `: ` splits before it), so the scan jumps from space to space.
    for (let i = line.indexOf(" "); i >= 0; i = line.indexOf(" ", i + 1)) {
      const prev = i > 0 ? line.charCodeAt(i - 1) : -1;
      if (brackets && insideBracket(marks(), start, i)) continue;
      if (prev === CLOSE_BRACKET && brackets && closesWithVerdict(line, marks(), start, i)) {
        out.push(line.slice(start, i));
        start = i + 1;
        continue;
      }
      if (prev === COLON) {
        // A label where a sentence begins keeps its colon, so pushClauses can tell it.
        const piece = line.slice(start, i - 1);
        out.push(LABEL_PIECE.test(piece) && (start === 0 || SENTENCE_ENDS.has(line.charCodeAt(start - 2))) ? `${piece}:` : piece);
        start = i + 1;
      }
      if (prev === 46 || prev === 33 || prev === 63 || prev === 59) {
        // . ! ? ;
        out.push(line.slice(start, i));
        start = i + 1;
      } else if (DASHES.has(line.charCodeAt(i + 1)) && line.charCodeAt(i + 2) === SPACE) {
        out.push(line.slice(start, i));
        start = i + 3;
        i += 2;
      } else if (line.startsWith("but ", i + 1)) {
        out.push(line.slice(start, prev === COMMA ? i - 1 : i));
        start = i + 5;
        i += 4;
      } else if (prev === COMMA && ratedListItem(line, start, i, marks)) {
        // "memo GREEN, second-line review RED (access denied)": each rating speaks of its own item.
        out.push(line.slice(start, i - 1));
        start = i + 1;
      } else if (prev === COMMA) {
        const word = CONTRAST_HEADS.find((w) => line.startsWith(w, i + 1));
        if (word) {
          out.push(line.slice(start, i - 1));
          start = i + word.length + 1;
          i += word.length;
        }
      }
    }
    out.push(line.slice(start));
  }
  return out;
}

