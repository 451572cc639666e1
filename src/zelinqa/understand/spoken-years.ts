// [ext] Years said other than in four digits (docs/zelinqa-understanding.md, Dates): in words ("nineteen fifty two",
// "mille neuf cent quatre-vingt", "two thousand and five") and in two digits ("22 feb 88", "5/11/63"), whose century
// is the one that puts the date where the question places it.
import { wordNumbers } from "./number-words.js";

const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;

/**
 * The tokens with each year said in words written as its four digits: a whole number from 1900 to 2099 ("deux mille
 * cinq", "nineteen hundred and sixty"), a century and its two digits said apart ("nineteen fifty two", "twenty
 * twenty"), "two thousand and five". Other numbers are left as they are.
 */
export function yearWordsAsDigits(tokens: readonly string[]): readonly string[] {
  const numbers = wordNumbers(tokens);
  if (numbers.length === 0) return tokens;
  const out: (string | null)[] = [...tokens];
  for (let k = 0; k < numbers.length; k++) {
    const n = numbers[k] as (typeof numbers)[number];
    const next = numbers[k + 1];
    let year: number | null = null;
    let end = n.end;
    if (n.value >= FIRST_YEAR && n.value <= LAST_YEAR && !(n.value === 2000 && next !== undefined && joins(tokens, n.end, next.start))) {
      year = n.value;
    } else if (next !== undefined && next.value < 100 && !next.article) {
      // "nineteen fifty two" (19 then 52, adjacent); "two thousand and five" (2000, "and", 5).
      const thousands = n.value === 2000 && joins(tokens, n.end, next.start) ? 2000 + next.value : null;
      year = centuryAndDigits(n, next) ?? thousands;
      end = next.end;
      if (year !== null) k++;
    }
    if (year === null || year < FIRST_YEAR || year > LAST_YEAR) continue;
    out.fill(null, n.start, end);
    out[n.start] = String(year);
  }
  return out.filter((t): t is string => t !== null);
}

type WordNumber = ReturnType<typeof wordNumbers>[number];

/**
 * "nineteen fifty two", "twenty twenty": a century (19 or 20) said right before the year's last two digits (a number
 * under 100, no article), as the year; else null.
 */
export function centuryAndDigits(century: WordNumber, digits: WordNumber): number | null {
  const paired = century.value >= 19 && century.value <= 20 && digits.start === century.end && digits.value < 100 && !digits.article;
  return paired ? century.value * 100 + digits.value : null;
}

/** "two thousand and five", "deux mille et": only "and"/"et" between the thousands and what follows. */
const joins = (tokens: readonly string[], from: number, to: number) => to === from + 1 && (tokens[from] === "and" || tokens[from] === "et");

/**
 * The four-digit year of a two-digit one. For a date asked as already past (a birth, "since when"), the latest such
 * year not after the reference year ("88" → 1988, "21" → 2021); otherwise this century's, unless that is more than ten
 * years ahead, where the last century's is meant ("27" → 2027, "63" → 1963).
 */
export function fullYear(twoDigits: number, today: string, past: boolean): number {
  const reference = Number(today.slice(0, 4));
  const century = Math.floor(reference / 100) * 100;
  const limit = past ? reference : reference + 10;
  return century + twoDigits <= limit ? century + twoDigits : century - 100 + twoDigits;
}

/**
 * [ext] Whether the reply says the year of `iso` (in four digits, two digits or words). A birth date whose year was not
 * said is a guess of the year and is held loosely: "9 may" may be any year's.
 */
export function saysYearOf(tokens: readonly string[], text: string, iso: string): boolean {
  const year = iso.slice(0, 4);
  if (yearWordsAsDigits(tokens).includes(year)) return true;
  return new RegExp(`(?<!\\d)(?:${year}|${year.slice(2)})(?!\\d)`).test(text);
}

/** "80 years old", "he turned 80", "a eu 80 ans", "80 this year", "80 ans cette année": an age said with its marker. */
const AGE = /\b(?:turned|turns|a eu|aura|will be)\s+(\d{1,3})\b|\b(\d{1,3})\s+(?:ans|years? old|yo|this year|cette annee)\b/;
const THIS_YEAR = /\b(?:this year|cette annee|turned|a eu)\b/;

/**
 * [ext] A birth day said without its year next to an age ("birthday 9 May, he turned 80 this year", "le 3 mars, il a
 * 40 ans"): the year the age gives, or null. An age "this year" counts this year's birthday; an age now counts it only
 * once it has passed. `normalised` is the reply normalised; `iso` the day read (its year is replaced).
 */
export function yearFromAge(normalised: string, iso: string, today: string): string | null {
  const m = AGE.exec(normalised);
  const age = m === null ? NaN : Number(m[1] ?? m[2]);
  if (!(age >= 1 && age <= 120)) return null;
  const reference = Number(today.slice(0, 4));
  const passed = THIS_YEAR.test(normalised) || iso.slice(5) <= today.slice(5);
  return `${reference - age - (passed ? 0 : 1)}${iso.slice(4)}`;
}
