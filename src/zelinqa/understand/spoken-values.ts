// [ext] Numbers said the way people say them (docs/zelinqa-understanding.md, "Numbers said in passing and in words"):
// two alternatives ("10 ou 11", "2012 or 2013"), a year said as two pairs ("twenty twenty"), a home with no bedroom
// ("a studio"), one thing for each of N ("one for each of our 2 kids"), first names counted as people ("Léo et Jade"),
// a year beside the thing it dates ("a 2012 peugeot", "une Clio de 2015"). Small FR/EN word tables, cheap checks.
import type { MentionScan, NumberMention } from "./number-mentions.js";
import { wordNumbers } from "./number-words.js";
import { tokenise } from "./normalise.js";
import { centuryAndDigits } from "./spoken-years.js";
import type { TargetWords } from "./target-words.js";
import { tokenHasStem } from "./target-words.js";

const OR_WORDS = new Set(["or", "ou"]);
/** Words that may sit between two alternatives: "2 or maybe 3", "10 ou peut-être 11". */
const OR_FILLERS = new Set(["maybe", "perhaps", "peut", "etre", "possibly", "even", "meme", "sinon"]);

/**
 * "10 ou 11", "2012 or 2013", "2 or 3 bedrooms": exactly two plain numbers offered as alternatives for one value. The
 * first one said, to be held loosely (the other is the person's second guess). Null when they are not plain (bounds,
 * ranges, approximations) or something else is said between them.
 */
export function firstOfAlternatives(scan: MentionScan, parts: readonly NumberMention[]): NumberMention | null {
  return alternativePair(scan, parts)?.[0] ?? null;
}

/** "one", "un", "une": a lone article that is the number one before "for" or when another number follows ("one or two"). */
const ONE_WORDS = new Set(["one", "un", "une"]);

/**
 * The two numbers of `parts` offered as alternatives ("10 ou 11", "one or two", "un ou deux", "3 ou 4 personnes"), in
 * the order said, or null (see firstOfAlternatives). `fillers`: whether "maybe" may stand after the "or" ("2 or maybe
 * 3" leans to the first).
 */
export function alternativePair(
  scan: MentionScan,
  parts: readonly NumberMention[],
  fillers = true,
): readonly [NumberMention, NumberMention] | null {
  if (parts.length !== 2) return null;
  const [a, b] = parts as [NumberMention, NumberMention];
  // [ext] "an hour or two", "une semaine ou deux": the article before its unit is the first alternative; "one or two",
  // "un ou deux": the number one said as a word.
  const articleFirst = a.article && ((a.unit !== null && b.unit === null) || ONE_WORDS.has(scan.tokens[a.start]?.norm ?? ""));
  if (a.value === b.value || a.bound !== null || b.bound !== null || (a.article && !articleFirst) || b.article || a.per !== null)
    return null;
  const between = scan.tokens.slice(a.end, b.start).map((t) => t.norm);
  // "10 jours ou 11": the first one's unit may stand between them.
  // [ext] "soit 3 soit 4": "soit" before each alternative (one "soit" alone concludes: "2 + 1, soit 3").
  const eitherWord = scan.tokens[a.start - 1]?.norm === "soit" ? "soit" : null;
  const rest = between[0] === a.unit && !OR_WORDS.has(a.unit ?? "") && a.unit !== eitherWord ? between.slice(1) : between;
  const either = eitherWord !== null && rest[0] === eitherWord;
  if (rest.length === 0 || !(OR_WORDS.has(rest[0] as string) || either) || !rest.slice(1).every((t) => fillers && OR_FILLERS.has(t)))
    return null;
  return [a, b];
}

/** "voire", "maybe", "or even": what makes the second of two numbers only a possibility ("2 voire 3", "250 maybe 300"). */
const POSSIBLY = [
  ["voire"],
  ["voire", "meme"],
  ["maybe"],
  ["perhaps"],
  ["possibly"],
  ["peut", "etre"],
  ["eventuellement"],
  ["or", "even"],
  ["ou", "meme"],
  ["even"],
  ["maybe", "even"],
  ["perhaps", "even"],
];
/** [ext] "3, bientôt 4", "2 and soon 3": the number now, the next one to come (only the next one). */
const SOON = [["bientot"], ["et", "bientot"], ["soon"], ["and", "soon"]];

/**
 * [ext] "2 voire 3", "250 maybe 300", "800 or even 1000": a number said plainly, then a second one said only as a
 * possibility. The first, to be held loosely (the person may go up to the second). Between them only the first one's
 * unit, a pause and the possibility word(s); a possibility word the engine blanked out of a hesitant reply (a run of
 * spaces, evidence-plan.ts) counts too. Not "2 or 3" (spoken-values' alternatives) nor "2 or maybe 3".
 */
export function firstWithPossibleMore(text: string, scan: MentionScan, parts: readonly NumberMention[]): NumberMention | null {
  if (parts.length !== 2) return null;
  const [a, b] = parts as [NumberMention, NumberMention];
  if (a.value === b.value || a.bound !== null || b.bound !== null || a.article || b.article) return null;
  const between = scan.tokens.slice(a.end, b.start).map((t) => t.norm);
  const rest = between[0] === a.unit && a.unit !== null ? between.slice(1) : between;
  const lastOfA = scan.tokens[a.end - 1];
  const firstOfB = scan.tokens[b.start];
  const list = b.value === a.value + 1 ? [...POSSIBLY, ...SOON] : POSSIBLY;
  const possibility = (words: readonly string[]) => list.some((p) => p.length === words.length && p.every((w, i) => words[i] === w));
  if (possibility(between) || (rest.length > 0 && possibility(rest))) return a;
  return rest.length === 0 && lastOfA !== undefined && firstOfB !== undefined && /\s{3,}/.test(text.slice(lastOfA.end, firstOfB.start))
    ? a
    : null;
}

/**
 * "twenty twenty", "nineteen ninety-five", "twenty fifteen": a year said in two pairs of words, for a target that counts
 * calendar years. Only when the whole number is said in words (digits are read as digits), neither pair approximate.
 */
export function yearInPairs(text: string): number | null {
  const words = wordNumbers(tokenise(text));
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i] as (typeof words)[number];
    const b = words[i + 1] as (typeof words)[number];
    const year = a.fuzzy || b.fuzzy || a.article || b.value < 10 ? null : centuryAndDigits(a, b);
    if (year !== null) return year;
  }
  return null;
}

/** Homes with no separate bedroom: "a studio", "un studio", "une studette", "a bedsit", "un T1". */
const NO_BEDROOM_HOMES = new Set(["studio", "studette", "bedsit", "t1", "f1"]);
const BEDROOM_STEMS = new Set(["bedroom", "chambre"]);
/**
 * [ext] "a studio is fine", "un studio suffit" for a number of bedrooms: none. Only when the label counts bedrooms
 * (bedroom/chambre) and no number is said.
 */
export function noBedroomHome(text: string, words: TargetWords | undefined, scan: MentionScan): boolean {
  if (words === undefined || ![...words.own].some((w) => tokenHasStem(w, BEDROOM_STEMS))) return false;
  if (scan.mentions.some((m) => !m.article)) return false;
  return tokenise(text).some((t) => NO_BEDROOM_HOMES.has(t));
}

const EACH_WORDS = new Set(["each", "chacun", "chacune", "every"]);
const FOR_WORDS = new Set(["for", "pour"]);
const POSSESSIVES = new Set(["of", "de", "d", "our", "my", "the", "their", "nos", "mes", "les", "leurs", "ses", "his", "her"]);
/**
 * [ext] "one for us and one for each of our 2 kids", "une pour nous et une pour chacun de nos 3 enfants": one thing for
 * each of N people is N, plus one for every other "one for …" said. Held loosely (the person composed the count).
 */
export function oneForEach(scan: MentionScan): number | null {
  const norms = scan.tokens.map((t) => t.norm);
  let total = 0;
  let each = false;
  for (let i = 0; i < norms.length; i++) {
    if (!ONE_WORDS.has(norms[i] as string) || !FOR_WORDS.has(norms[i + 1] ?? "")) continue;
    if (!EACH_WORDS.has(norms[i + 2] ?? "")) {
      total += 1;
      continue;
    }
    let k = i + 3;
    while (POSSESSIVES.has(norms[k] ?? "")) k++;
    const n = scan.mentions.find((m) => m.start === k && !m.article && Number.isInteger(m.value));
    if (n === undefined) return null;
    total += n.value;
    each = true;
  }
  return each ? total : null;
}

/** Words that are no first name though written with a capital: yes/no, articles, "Me", pronouns. */
const NOT_NAMES = new Set(["oui", "non", "yes", "no", "me", "moi", "nous", "us", "le", "la", "les", "the", "mes", "my", "aucun", "none"]);
/**
 * [ext] "Léo et Jade", "Tom, Lily and Sam" for a number of people: the reply only names people by their first names
 * (capitalised words joined by commas, "et", "and", "&"). Two or more; held loosely (a name is no count said).
 */
export function firstNamesCount(text: string): number | null {
  const parts = text
    .trim()
    .replace(/[.!]+$/, "")
    .split(/\s*(?:,|&|\bet\b|\band\b)\s*/u)
    .filter((p) => p !== "");
  if (parts.length < 2 || parts.length > 8) return null;
  const name = (p: string) => /^\p{Lu}[\p{Ll}'-]+$/u.test(p) && !NOT_NAMES.has(tokenise(p).join(" "));
  if (!parts.every(name)) return null;
  const words = tokenise(text);
  return wordNumbers(words).length > 0 ? null : parts.length;
}

/** Words before a year that dates a thing: "a 2012 peugeot", "my 2015 Clio". */
const THING_OPENERS = new Set(["a", "an", "my", "our", "une", "un", "ma", "mon", "notre"]);
/** "Ford Focus from 2015", "une Clio de 2015": after a thing's name. */
const FROM_WORDS = new Set(["from", "de", "du", "of"]);
/** Words after "from"/"de" that are no thing's name: "I'm away from 2027". */
const NOT_THINGS = new Set([
  "away",
  "date",
  "start",
  "starting",
  "loin",
  "partir",
  "debut",
  "fin",
  "end",
  "since",
  "depuis",
  "is",
  "it",
  "me",
  "us",
  "on",
  "go",
  "la",
  "le",
  "en",
]);

/**
 * [ext] A year of four digits beside the thing it dates — "a 2012 peugeot", "my 2015 model", after a name written with
 * its capital "Ford Focus from 2015", "une Clio de 2015" (`named`: that second form counts). Never after "in", "en",
 * "since", "until" (when something happens), nor a year in a date (a month before it).
 */
export function yearOfAThing(m: NumberMention, scan: MentionScan, text: string, named = true): boolean {
  const raw = scan.tokens[m.start];
  if (raw?.kind !== "digits" || !/^(19|20)\d\d$/.test(raw.norm) || m.end !== m.start + 1) return false;
  const prev = scan.tokens[m.start - 1]?.norm ?? "";
  const prev2 = scan.tokens[m.start - 2];
  const next = scan.tokens[m.end];
  if (THING_OPENERS.has(prev)) return next?.kind === "word" && next.norm.length >= 3;
  // "Ford Focus from 2015", "une Clio de 2015": after a name, written with its capital ("un budget de 2000" is none).
  const capital = prev2 !== undefined && /^\p{Lu}/u.test(text.slice(prev2.start, prev2.end));
  return named && FROM_WORDS.has(prev) && prev2?.kind === "word" && capital && !NOT_THINGS.has(prev2.norm);
}

/** Shares of a whole said in words, as percentages: the words, then the share (thirds rounded to two decimals). */
const shares = (percent: number, phrases: string): [string[], number][] => phrases.split(",").map((w) => [w.trim().split(" "), percent]);
const SHARES: readonly [words: readonly string[], percent: number][] = [
  ...shares(50, "la moitie, moitie, half, a half, one half, half of it, 50 50, fifty fifty, moitie moitie"),
  ...shares(33.33, "un tiers, a third, one third, le tiers"),
  ...shares(66.67, "deux tiers, two thirds, les deux tiers"),
  ...shares(25, "un quart, a quarter, one quarter, le quart"),
  ...shares(75, "trois quarts, three quarters, les trois quarts"),
  ...shares(100, "tout, la totalite, totalite, everything, all, all of it, 100 pour cent, the lot, the whole lot"),
  ...shares(0, "rien, nothing, none, none of it, aucun, aucune, zero"),
];
const ALMOST = new Set(["presque", "quasi", "quasiment", "almost", "nearly", "pratiquement", "practically"]);
const ABOUT = new Set(["environ", "about", "around", "roughly", "approx", "a", "peu", "pres", "genre", "like", "maybe", "peut", "etre"]);
const NOT_WHOLE_AFTER = new Set(["de", "a", "le", "les", "good", "right", "fine", "ok", "the", "set", "done", "day", "year", "week"]);
/** Words that may close a share without changing it: "la moitié du total", "half of it", "a third please". */
const SHARE_TAIL = new Set(["du", "total", "de", "of", "it", "the", "price", "prix", "please", "stp", "svp", "merci", "thanks"]);

/**
 * [ext] "la moitié", "un tiers", "three quarters", "tout", "rien" for a target counted in percent: the share as a
 * percentage, from the start of the reply. Exact when the first clause says only that (and words closing it), loosely
 * when more follows ("tout d'un coup si c'est moins cher") or after "environ"; "presque tout" is 90, loosely. Null when
 * the reply does not open on a share.
 */
export function shareInWords(text: string): { value: number; fuzzy: boolean } | null {
  const clause = tokenise(text.split(/[,;.!?:(\n]/)[0] ?? "");
  let i = 0;
  let almost = false;
  let about = false;
  while (i < clause.length && (ALMOST.has(clause[i] as string) || ABOUT.has(clause[i] as string))) {
    if (ALMOST.has(clause[i] as string)) almost = true;
    else about = true;
    i += 1;
  }
  let best: readonly [readonly string[], number] | undefined;
  for (const share of SHARES)
    if (share[0].every((w, j) => clause[i + j] === w) && (best === undefined || share[0].length > best[0].length)) best = share;
  if (best === undefined) return null;
  const rest = clause.slice(i + best[0].length);
  // "tout de suite", "tout à fait", "all good", "all the time": no share.
  if (best[0].length === 1 && NOT_WHOLE_AFTER.has(rest[0] ?? "")) return null;
  if (almost) return best[1] === 100 ? { value: 90, fuzzy: true } : null;
  return { value: best[1], fuzzy: about || !rest.every((w) => SHARE_TAIL.has(w)) };
}
