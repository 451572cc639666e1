// Text normalisation N(s), tokens and similarity of docs/zelinqa-api.md §10.5.1.

const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /['\u2019\u2018\u02BC`´]/g;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** [ext] Ligatures NFKD keeps: "œufs" is typed "oeufs" on most keyboards, "ex æquo" "ex aequo". */
const LIGATURES = /[œæ]/g;
const UNLIGATED: Readonly<Record<string, string>> = { œ: "oe", æ: "ae" };

/**
 * N(s): NFKD, drop combining marks, lowercase, apostrophes and non-alphanumerics to spaces, collapse, trim; [ext] the
 * ligatures œ and æ written out.
 */
export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(LIGATURES, (l) => UNLIGATED[l] ?? l)
    .replace(APOSTROPHES, " ")
    .replace(NOT_LETTER_OR_DIGIT, " ")
    .replace(/ +/g, " ")
    .trim();
}

/** Emoji, their modifiers and joiners, and spaces at the end of a text: "do you give biscuits? 🍪" ends at its "?". */
const TRAILING_EMOJI = /(?:\s|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f)+$/u;

/** [ext] Whether a text ends as a question, emoji after its "?" aside ("can I bring my dog? 🐶"). */
export function endsAsQuestion(text: string): boolean {
  return text.replace(TRAILING_EMOJI, "").endsWith("?");
}

/** Words of N(s): the spaces of the normalised text, plus one. */
export function normalisedWordCount(text: string): number {
  const n = normalise(text);
  if (n === "") return 0;
  let words = 1;
  for (let i = n.indexOf(" "); i >= 0; i = n.indexOf(" ", i + 1)) words += 1;
  return words;
}

/**
 * [ext] At most this many words of one text go through the deterministic extractors. Their work grows with the words
 * (each is compared with every label word, fuzzily), and the API's limits count characters, which normalisation can
 * multiply: "\uFDFA" alone is 18 characters and 4 words under NFKD, so 8,000 of them (a valid `user_text`) made
 * 24,001 words (neighbours share one) and one answer held the server for seconds. A reply that long is read up to its
 * 1,000th word; the model-based extractor, when configured, still gets all of it.
 */
export const MAX_UNDERSTOOD_WORDS = 1000;

/** The first start of a text {@link understoodPart} counts the words of; a natural reply is shorter. */
const FIRST_PROBE = 256;

/**
 * The start of `text` that the deterministic extractors read, with its words: all of it when N(text) has at most
 * `maxWords` words, else the longest start that has (its last word may be cut short; a surrogate pair never is, and a
 * lone high surrogate makes no word).
 */
export function understoodPart(text: string, maxWords = MAX_UNDERSTOOD_WORDS): { text: string; words: number } {
  if (maxWords <= 0) return { text: "", words: 0 };
  // Starts of doubling length until one has too many words, so that a long text is never normalised whole (8,000
  // U+FDFA are 144,000 characters once decomposed); a reply of up to FIRST_PROBE characters is normalised once.
  let fits = { length: 0, words: 0 };
  let over: number;
  for (let probe = Math.min(text.length, FIRST_PROBE); ; probe = Math.min(text.length, probe * 2)) {
    const words = normalisedWordCount(text.slice(0, probe));
    if (words > maxWords) {
      over = probe;
      break;
    }
    if (probe === text.length) return { text, words };
    fits = { length: probe, words };
  }
  while (over - fits.length > 1) {
    const mid = (fits.length + over) >> 1;
    const words = normalisedWordCount(text.slice(0, mid));
    if (words <= maxWords) fits = { length: mid, words };
    else over = mid;
  }
  const highSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
  const end = highSurrogate(text.charCodeAt(fits.length - 1)) ? fits.length - 1 : fits.length;
  return { text: text.slice(0, end), words: fits.words };
}

export function tokenise(text: string): string[] {
  const n = normalise(text);
  return n === "" ? [] : n.split(" ");
}

/** 1.0 when N(a) = N(b); otherwise Jaccard similarity of the token sets, tokens of length ≥ 3 only. */
export function similarity(a: string, b: string): number {
  const na = normalise(a);
  const nb = normalise(b);
  if (na === nb) return 1;
  const sa = new Set(na.split(" ").filter((t) => t.length >= 3));
  const sb = new Set(nb.split(" ").filter((t) => t.length >= 3));
  if (sa.size === 0 && sb.size === 0) return 0;
  let inter = 0;
  for (const t of sa) if (sb.has(t)) inter += 1;
  return inter / (sa.size + sb.size - inter);
}

/** True when the phrase's tokens occur contiguously in `tokens` (whole-phrase match on normalised text). */
export function containsPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  return findPhrase(tokens, phrase, 0) >= 0;
}

export function findPhrase(tokens: readonly string[], phrase: readonly string[], from: number): number {
  if (phrase.length === 0) return -1;
  outer: for (let i = from; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}
