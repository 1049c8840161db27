/**
 * Letters that look like Latin ones, read as the Latin letters they look like. A recipient
 * reads "CURRЕNT" with a Cyrillic Е, "vеrifiеd" with Cyrillic е, or "𝐂𝐔𝐑𝐑𝐄𝐍𝐓" in mathematical
 * bold as the words they show; the rules, reading code points, would not, so a policy could
 * hide a claim from them with letters nobody can tell apart. The table holds the Cyrillic and
 * Greek letters drawn like a Latin one (Unicode's confusables for the Latin alphabet); the
 * mathematical alphanumerics and fullwidth forms are their compatibility decomposition.
 */

const LOOK_ALIKE: Readonly<Record<string, string>> = {
  // Cyrillic
  "\u0430": "a", "\u0435": "e", "\u0451": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y", "\u0445": "x",
  "\u0456": "i", "\u0457": "i", "\u0458": "j", "\u0455": "s", "\u0501": "d", "\u051b": "q", "\u051d": "w", "\u04bb": "h", "\u04cf": "l",
  "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u0401": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H", "\u041e": "O", "\u0420": "P",
  "\u0421": "C", "\u0422": "T", "\u0425": "X", "\u0423": "Y", "\u04ae": "Y", "\u0406": "I", "\u0408": "J", "\u0405": "S", "\u051a": "Q", "\u051c": "W",
  // Greek
  "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "I", "\u039a": "K", "\u039c": "M", "\u039d": "N",
  "\u039f": "O", "\u03a1": "P", "\u03a4": "T", "\u03a5": "Y", "\u03a7": "X", "\u03bf": "o", "\u03b9": "i", "\u03ba": "k", "\u03bd": "v",
  "\u03c1": "p", "\u03c5": "u", "\u03c7": "x",
};

/** Any letter of the table, a mathematical alphanumeric (a surrogate pair) or a fullwidth ASCII form. */
const FOREIGN = new RegExp(`[${Object.keys(LOOK_ALIKE).join("")}]|[\\u{1d400}-\\u{1d7ff}]|[\\uff01-\\uff5e]`, "gu");

/** `text` with every look-alike letter as the Latin letter it is drawn like (see the module comment). */
export function latinLetters(text: string): string {
  return text.replace(FOREIGN, (ch) => LOOK_ALIKE[ch] ?? ch.normalize("NFKC"));
}
