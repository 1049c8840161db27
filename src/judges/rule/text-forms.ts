/**
 * One shared analysis per clause text: what the text alone gives the rules, read once. Its
 * tokens are read when the clause is cut; the other forms (squashed text, paths, file
 * stems, comma places, hyphen-compound heads, word families, the scope of each claim word)
 * on first use, by the accessors in clauses.ts, read-clauses.ts, problem-reports.ts,
 * clause-subjects.ts and word-families.ts.
 *
 * Clause texts repeat across the trajectories of a batch (a status line, a report
 * template's sentences), so the forms are kept by text (text-cache.ts): every clause whose
 * text was read before shares its object and derives none of it again, with one lookup
 * where each form had its own. Everything here is a function of the text alone; readings
 * that also depend on the clause's field, lead or neighbours stay on the clause (`memo`).
 */
import type { ScopeReading } from "./assertion-scope.js";
import type { StepKind } from "./lexicon.js";
import { SHORT_TEXT_CHARS, TextCache } from "./text-cache.js";
import { foldedTokens, foldText } from "./tokens.js";

/** A clause text's forms. Shared by every clause of that text: callers only read them (the accessors fill them). */
export interface TextForms {
  /** `tokenize(text)`. */
  tokens: readonly string[];
  /** `foldText(text)`, kept from the tokens for the comma places when the text has a comma, until they are read. */
  folded: string | undefined;
  /** Token indexes a comma precedes (`commaBreaks`). */
  commas: Set<number> | undefined;
  /** Words only heading a hyphen compound (`compoundOnlyWords`). */
  compounds: Set<string> | undefined;
  /** `squash(text)`, and `text.toLowerCase()`. */
  squashed: string | undefined;
  lower: string | undefined;
  /** `pathsIn(text)` and `fileStemsIn(text)`. */
  paths: readonly string[] | undefined;
  stems: readonly string[] | undefined;
  /** The squashed last segments of the paths with a `/`. */
  pathEnds: string[] | undefined;
  /** Words of its paths, which name a file and no step; the steps its tokens name; the files it names, squashed (clause-subjects.ts). */
  pathWords: ReadonlySet<string> | undefined;
  concepts: Set<StepKind> | undefined;
  namedStems: string[] | undefined;
  /** The word families the tokens hold (word-families.ts), and the registry generation they were read in. */
  families: number | undefined;
  familiesGeneration: number;
  /** Token indexes that are pieces of a snake_case name ("test_no_separator"), not words of the sentence. */
  namePieces: ReadonlySet<number> | undefined;
  /** Its tokens as a set, for a long text (clause-subjects.ts `clauseHasAny`). */
  tokenSet: ReadonlySet<string> | undefined;
  /** The item ids its lower-cased text holds ("cb-7", "po-5521"; restated-facts.ts). */
  itemIds: readonly string[] | undefined;
  /** Why the one-word claim at each token place is not asserted (null: it is). */
  cancelled: Array<ScopeReading | null | undefined> | undefined;
}

/** Short texts (clauses) and long ones (a line with no split point) apart, as the token caches keep them. */
const formsCache = new TextCache<TextForms>(50_000);
const longFormsCache = new TextCache<TextForms>(2_000);

/** The forms of clause text `text`: kept ones when the text was read before, else new ones with its tokens read. */
export function textForms(text: string): TextForms {
  // Texts past 2000 characters are never kept, so they are not looked up either.
  const cache = text.length > 2000 ? undefined : text.length <= SHORT_TEXT_CHARS ? formsCache : longFormsCache;
  const hit = cache?.get(text);
  if (hit !== undefined) return hit;
  const folded = foldText(text);
  const forms: TextForms = {
    tokens: foldedTokens(folded),
    folded: text.includes(",") ? folded : undefined,
    commas: undefined,
    compounds: undefined,
    squashed: undefined,
    lower: undefined,
    paths: undefined,
    stems: undefined,
    pathEnds: undefined,
    pathWords: undefined,
    concepts: undefined,
    namedStems: undefined,
    families: undefined,
    familiesGeneration: 0,
    namePieces: undefined,
    tokenSet: undefined,
    itemIds: undefined,
    cancelled: undefined,
  };
  cache?.set(text, forms);
  return forms;
}
