// [ext] Options named by their place in the menu the person was shown: "the 3rd one", "option 2", "1 and 4", "le 3",
// "la première", "the last one". Someone reading a numbered list of choices answers with its numbers or ranks; the
// reply is read against the question's choices in the order they were shown, only when it is essentially that
// reference (every word is a rank, a number, a joining word or a word that names an option: "option", "choix", "one").
// A number that is plainly a quantity ("2 people", "2.5", "3 €") holds another word or sign, so it reads nothing here.
import { normalise } from "./normalise.js";
import { ARTICLE_WORDS, isNumberWord, numberWordValue } from "./number-words.js";

/** A reference longer than this is no menu reference ("1, 2, 3 and 4" has 7 words). */
const MAX_REFERENCE_WORDS = 16;

/** Words that name an option or a pick, before a number: "option 2", "choice 3", "numéro 1", "n° 4". */
const OPTION_WORDS = new Set([
  "option",
  "options",
  "choice",
  "choices",
  "number",
  "numbers",
  "no",
  "n",
  "nr",
  "num",
  "numero",
  "numeros",
  "choix",
  "reponse",
  "answer",
]);

/** Words around a reference that change nothing: articles, "one(s)" after a rank, joining words, politeness. */
const FILLER_WORDS = new Set([
  "the",
  "le",
  "la",
  "les",
  "l",
  "one",
  "ones",
  "celle",
  "celui",
  "celles",
  "ceux",
  "ci",
  "and",
  "et",
  "plus",
  "please",
  "pls",
  "thanks",
  "svp",
  "merci",
  "both",
  "i",
  "ll",
  "d",
  "take",
  "go",
  "with",
  "je",
  "prends",
  "prendrais",
]);

/** Ranks said in words, 1-based; "last" is the menu's last option. */
const RANK_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  premier: 1,
  premiere: 1,
  deuxieme: 2,
  seconde: 2,
  troisieme: 3,
  quatrieme: 4,
  cinquieme: 5,
  sixieme: 6,
  septieme: 7,
  huitieme: 8,
  neuvieme: 9,
  dixieme: 10,
};
const LAST_WORDS = new Set(["last", "dernier", "derniere"]);

/** "3rd", "1st", "2nd", "4th", "3e", "3eme", "1er", "1ere", "2nd(e)": a digit rank. */
const DIGIT_RANK = /^(\d{1,2})(?:st|nd|rd|th|e|eme|er|ere|nde|de)$/;

/** A number said with a decimal, a range, a time or a fraction sign, or with a currency or a percent: a quantity. */
const QUANTITY_SIGN = /\d\s?[.:/-]\s?\d|[€$£%]/u;

/** Words that make a rank an option's: "the second one", "celle-ci", "option 2". */
const POINTING_WORDS = new Set(["one", "ones", "celle", "celui", "celles", "ceux"]);

export interface PositionOptions {
  /** Bare numbers ("3", "1 et 3") may name options: false when labels count things or the question asks how many. */
  readonly bareNumbers: boolean;
  /** The numbers the labels hold ("Découverte (6 vins)"): a bare one of them is the label's, not a place. */
  readonly labelNumbers?: ReadonlySet<number>;
}

/** The options a reply names by place; `exact` unless only a rank and an article say it ("la seconde" may be a name). */
export interface NamedPlaces {
  readonly positions: number[];
  readonly exact: boolean;
}

/**
 * The 0-based positions a reply names among `count` options shown in order, in the order said and without repeats;
 * null when the reply is more than such a reference, names a place outside the menu or names none. A rank alone
 * ("seconde", "1ère", "first") is a name as often as a place (a school year, a floor): it names none.
 */
export function choicePositions(text: string, count: number, options: PositionOptions): NamedPlaces | null {
  if (count < 2 || text.length > 200 || QUANTITY_SIGN.test(text)) return null;
  const normalised = normalise(text);
  if (normalised === "") return null;
  const tokens = normalised.split(" ");
  if (tokens.length > MAX_REFERENCE_WORDS) return null;
  const positions: number[] = [];
  let afterOptionWord = false;
  let pointed = false;
  let ranksOnly = true;
  for (const token of tokens) {
    const bare = options.bareNumbers && !options.labelNumbers?.has(Number(token));
    const place = placeOf(token, count, afterOptionWord, bare);
    if (place === "invalid") return null;
    if (place !== null) {
      if (!positions.includes(place)) positions.push(place);
      if (/^\d+$/.test(token) || afterOptionWord) ranksOnly = false;
      continue;
    }
    if (OPTION_WORDS.has(token)) afterOptionWord = true;
    else if (!FILLER_WORDS.has(token)) return null;
    if (OPTION_WORDS.has(token) || POINTING_WORDS.has(token)) pointed = true;
  }
  if (positions.length === 0) return null;
  if (!ranksOnly || pointed) return { positions, exact: true };
  // A rank with an article only ("la première", "the last"): read, held as not confirmed; a rank alone: nothing.
  return tokens.length > positions.length ? { positions, exact: false } : null;
}

/** The 0-based place a token names, null when it names none, "invalid" when it names one outside the menu. */
function placeOf(token: string, count: number, afterOptionWord: boolean, bareNumbers: boolean): number | null | "invalid" {
  let rank: number | undefined;
  if (LAST_WORDS.has(token)) rank = count;
  else if (Object.hasOwn(RANK_WORDS, token)) rank = RANK_WORDS[token];
  else {
    const digitRank = DIGIT_RANK.exec(token);
    if (digitRank) rank = Number(digitRank[1]);
    else if (/^\d{1,2}$/.test(token)) {
      if (!bareNumbers && !afterOptionWord) return "invalid";
      rank = Number(token);
    } else if (afterOptionWord && isNumberWord(token)) rank = numberWordValue(token);
  }
  if (rank === undefined) return null;
  return rank >= 1 && rank <= count ? rank - 1 : "invalid";
}

/** The numbers a label holds, in digits or words ("2 rooms", "Deux ou plus", "Découverte (6 vins)"), articles aside. */
export function labelNumbers(label: string): number[] {
  const found: number[] = [];
  for (const word of normalise(label).split(" ")) {
    const value = /^\d+$/.test(word) ? Number(word) : ARTICLE_WORDS.has(word) ? undefined : numberWordValue(word);
    if (value !== undefined) found.push(value);
    else if (/\d/.test(word)) found.push(Number.NaN);
  }
  return found;
}

/** A question asking for a quantity ("How many…?", "Combien…?"): a bare number in its reply is that quantity. */
export function asksForQuantity(question: string): boolean {
  return /\b(?:how many|how much|how old|combien|quel nombre|quel age)\b/u.test(normalise(question));
}
