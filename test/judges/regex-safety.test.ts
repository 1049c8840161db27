/**
 * Every regular expression the judges run on policy text is linear: the ReDoS analyser
 * `recheck` reads each literal in src/judges (and the text helpers it relies on) and must
 * call it safe. A pattern that only ever sees text of bounded length may be listed below
 * with that bound; anything else that is not safe fails. The judges' patterns built at run
 * time (state tokens, declines) are checked with representative values.
 *
 * recheck's verdict depends on the pattern's source and flags and on recheck itself, so the
 * patterns it has called safe are kept, by hash, in regex-verdicts.json beside this file:
 * only patterns not listed there (new or edited ones) are analysed on each run. After changing
 * patterns, `UPDATE_REGEX_VERDICTS=1 npx vitest run test/judges/regex-safety.test.ts` analyses
 * every pattern again and rewrites the list (safe ones only); a newer recheck voids it.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { check } from "recheck";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/paths.js";
import { regexLiterals } from "../helpers/regex-literals.js";
import { tokenPattern } from "../../src/judges/rule/text-cues.js";
import { DECLINE_SENTENCE_CHARS, declines } from "../../src/judges/rule/declines.js";

/** Patterns applied only to slices of bounded length, with the bound that holds them. */
const BOUNDED: Record<string, string> = {
  "(?:\\bnot|\\bno|\\bnever|n't|\\bthan|\\binstead of|\\bwithout|\\buntil|\\bbefore|\\bnor)\\s+(?:\\w+\\s+){0,3}$": "find-state: the 40 characters before a state token",
  "\\b\\d+ (passed|failed)|exit\\s*[=:]?\\s*\\d|\\bexit code\\b": "outcome-parts: the 120 characters after a test name",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

const files = [...sources(join(REPO_ROOT, "src/judges")), join(REPO_ROOT, "src/conversation/report-cut.ts")];
const literals = files.flatMap((f) => regexLiterals(readFileSync(f, "utf8")).map((r) => ({ ...r, file: relative(REPO_ROOT, f) })));

/**
 * No time limit anywhere: the fuzz checker's time-bounded stages (seeding, incubation,
 * attack) count a slow step on a loaded machine as a sign of backtracking, so one safe
 * pattern read "vulnerable, polynomial" under a full suite run. Its step limits stay.
 */
const UNTIMED = { timeout: null, seedingTimeout: null, incubationTimeout: null, attackTimeout: null } as const;

const RECHECK_VERSION = (createRequire(import.meta.url)("recheck/package.json") as { version: string }).version;
const VERDICTS_FILE = join(REPO_ROOT, "test/judges/regex-verdicts.json");
const UPDATE = process.env["UPDATE_REGEX_VERDICTS"] === "1";

/** The patterns recheck called safe, by hash of [source, flags], for this recheck version. */
function knownSafe(): Set<string> {
  if (UPDATE) return new Set();
  const file = JSON.parse(readFileSync(VERDICTS_FILE, "utf8")) as { version: number; recheck: string; safe: string[] };
  return file.recheck === RECHECK_VERSION ? new Set(file.safe) : new Set();
}

const verdictKey = (source: string, flags: string): string => createHash("sha256").update(JSON.stringify([source, flags])).digest("hex").slice(0, 24);

describe("the judges' regular expressions", () => {
  it("finds the literals (the scanner works on these sources)", () => {
    expect(literals.length).toBeGreaterThan(60);
    expect(literals.some((l) => l.file.endsWith("text-scan.ts"))).toBe(true);
  });

  it("are all linear (recheck), or only ever see bounded input", async () => {
    // The same pattern written in several places is analysed once (recheck's verdict depends
    // on the source and flags only) and reported at each place.
    const places = new Map<string, typeof literals>();
    for (const l of literals) {
      if (BOUNDED[l.source]) continue;
      const key = JSON.stringify([l.source, l.flags.replace(/[^gimsuy]/g, "")]);
      places.set(key, [...(places.get(key) ?? []), l]);
    }
    const unsafe: string[] = [];
    const safe = knownSafe();
    const nowSafe: string[] = [];
    for (const [key, at] of places) {
      const [source, flags] = JSON.parse(key) as [string, string];
      const hash = verdictKey(source, flags);
      if (safe.has(hash)) continue;
      const r = await check(source, flags, UNTIMED);
      if (r.status === "safe") {
        nowSafe.push(hash);
        continue;
      }
      for (const l of at) unsafe.push(`${l.file}:${l.line} /${l.source}/${l.flags} (${r.status}${r.status === "vulnerable" ? `, ${r.complexity.type}` : ""})`);
    }
    expect(unsafe).toEqual([]);
    if (UPDATE) {
      writeFileSync(`${VERDICTS_FILE}.tmp`, `${JSON.stringify({ version: 1, recheck: RECHECK_VERSION, safe: nowSafe.sort() }, null, 1)}\n`);
      renameSync(`${VERDICTS_FILE}.tmp`, VERDICTS_FILE);
    }
  }, 120_000);

  it("built at run time are linear too: state tokens", async () => {
    for (const re of [tokenPattern("HOLD_FOR_REVIEW"), tokenPattern("complete pending check")]) {
      const r = await check(re.source, re.flags, UNTIMED);
      expect(r.status, re.source).toBe("safe");
    }
  }, 120_000);

  it("decline patterns read each sentence only up to a fixed length", () => {
    expect(DECLINE_SENTENCE_CHARS).toBeLessThanOrEqual(1000);
    // A decline past the cap of one endless sentence is not read; within it, it is.
    const filler = "i i ".repeat(DECLINE_SENTENCE_CHARS);
    expect(declines([`${filler}i decline this task`])).toBe(false);
    expect(declines([`i decline this task ${filler}`])).toBe(true);
  });
});
