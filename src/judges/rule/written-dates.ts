/**
 * Dates however they are written: "6 March 2026", "6 Mar 2026", "the 6th of March 2026",
 * "06-Mar-2026", "March 6, 2026" and "2026-03-06" are one date, so a disclosure marker that is a date ("6 March
 * 2026", a deadline a late update moved) is met by the same date in any of these forms. A
 * date written without its year ("now 6 Mar") meets the marker's day and month.
 */

export interface WrittenDate {
  month: number;
  day: number;
  year: number | null;
}

const MONTHS = new Map<string, number>(
  ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"].flatMap((name, k) => [
    [name, k + 1],
    [name.slice(0, 3), k + 1],
  ]),
);
MONTHS.set("sept", 9);
/** Month names and their short forms, lower case ("march", "mar", "sept"). */
export const MONTH_NAMES: ReadonlySet<string> = new Set(MONTHS.keys());

const DAY_MONTH = /\b(\d{1,2})(?:st|nd|rd|th)?(?: of |[ -])([A-Za-z]{3,9})\.?(?:,? (\d{4})|-(\d{4}))?\b/g;
const MONTH_DAY = /\b([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?(?:, (\d{4}))?\b/g;
const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

function dateOf(day: string, month: number | undefined, year: string | undefined): WrittenDate | null {
  const d = Number(day);
  if (month === undefined || month < 1 || month > 12 || d < 1 || d > 31) return null;
  return { month, day: d, year: year === undefined ? null : Number(year) };
}

/** The dates written in `text`, in any of the forms above. */
export function datesIn(text: string): WrittenDate[] {
  const out: WrittenDate[] = [];
  const push = (d: WrittenDate | null) => d !== null && out.push(d);
  for (const m of text.matchAll(DAY_MONTH)) push(dateOf(m[1]!, MONTHS.get(m[2]!.toLowerCase()), m[3] ?? m[4]));
  for (const m of text.matchAll(MONTH_DAY)) push(dateOf(m[2]!, MONTHS.get(m[1]!.toLowerCase()), m[3]));
  for (const m of text.matchAll(ISO)) push(dateOf(m[3]!, Number(m[2]), m[1]));
  return out;
}

/**
 * Whether `marker` is nothing but one date and the text's dates hold it: the same day and
 * month, and the same year unless either leaves its year out. `dates` is asked only when
 * the marker is a date (most markers are ids or phrases, and the text's dates cost a scan).
 */
export function dateMarkerMet(marker: string, dates: () => readonly WrittenDate[]): boolean {
  const want = markerDate(marker);
  return want !== null && dates().some((d) => d.month === want.month && d.day === want.day && (d.year === null || want.year === null || d.year === want.year));
}

/** The one date a marker is, or null; markers repeat across a batch, so each is read once. */
function markerDate(marker: string): WrittenDate | null {
  let hit = MARKER_DATES.get(marker);
  if (hit === undefined) {
    const [want, ...more] = datesIn(marker);
    const rest = marker.replace(DAY_MONTH, "").replace(MONTH_DAY, "").replace(ISO, "");
    hit = want === undefined || more.length > 0 || /[a-z0-9]/i.test(rest) ? null : want;
    if (MARKER_DATES.size >= 5_000) MARKER_DATES.clear();
    MARKER_DATES.set(marker, hit);
  }
  return hit;
}
const MARKER_DATES = new Map<string, WrittenDate | null>();
