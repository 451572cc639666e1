// Date extraction [docs/zelinqa-api.md §10.5.5 + ext]. Own rules for the forms whose meaning we fix — ISO, day-first
// numeric dates, day and month names without a year (the next such day on or after the reference), parts of
// months ("début mars", "mi-janvier", "end of january", fuzzy), a month alone (its first day, fuzzy) — and
// chrono-node (French, English) for relative expressions ("dans deux semaines", "next friday"); [ext] when none of these
// gave a date, holidays (named-days.ts), a day of the month alone ("le 15") and an immediate start ("tout de suite"). The reference
// day is the message's occurred_at, else the server's date, both read in UTC (docs/zelinqa-understanding.md).
import * as chrono from "chrono-node";
import { MONTHS_BY_NAME, WEEKDAYS_BY_NAME, namedDays } from "./named-days.js";
import { isNegationAt } from "./clauses.js";
import { normalise, tokenise } from "./normalise.js";
import { isNumberWord, wordNumbers } from "./number-words.js";
import { periodDays, yearAlone, yearNamed } from "./calendar-periods.js";
import { decadeMiddle, statedDurations } from "./number-extractor.js";
import type { PhraseResult } from "./phrase-match.js";
import { fullYear, yearWordsAsDigits } from "./spoken-years.js";
import { weeksAhead } from "./weeks-ahead.js";

const FULL_MONTHS: Record<string, number> = Object.fromEntries(MONTHS_BY_NAME);
const MONTHS: Record<string, number> = {
  ...FULL_MONTHS,
  jan: 1,
  janv: 1,
  feb: 2,
  fev: 2,
  fevr: 2,
  mar: 3,
  apr: 4,
  avr: 4,
  jun: 6,
  jul: 7,
  juil: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
// A month named alone is a date only when it cannot be an ordinary word ("may", "mars" stay with a day or year).
const AMBIGUOUS_ALONE = new Set(["may", "mai", "mars", "march"]);
/**
 * [ext] A short month name alone ("feb", "in nov", "en fév") is the month as a full name is, first in the reply or after
 * "en"/"in"; never "sept" (seven) nor "mar" (Tuesday), which need a day or a year.
 */
const SHORT_NOT_ALONE = new Set(["sept", "mar"]);
/** [ext] (s27) Except after English "in" ("since my new job in sept", "in mar"), where neither is French. */
const shortMonthAlone = (tokens: readonly string[], i: number) =>
  SHORT_NOT_ALONE.has(tokens[i] as string) ? tokens[i - 1] === "in" : i === 0 || MONTH_INTRO.has(tokens[i - 1] as string);
const ALTERNATIVE_DAY = /\b(?:[12]?\d|3[01])(?: ?(?:er|st|nd|rd|th))? (?:ou|or) (?:le |the )?(?:[12]?\d|3[01])(?: ?(?:er|st|nd|rd|th))?\b/;
/**
 * Going back to work or home, said as a verb: the day said follows the last day of an absence. Nouns ("retour",
 * "return", "reprise") are left out: a label saying them asks for that very day.
 */
const RESUMING = new Set(["reprends", "reprend", "reprenons", "back", "returning", "rentre", "rentrons"]);
/** "or"/"ou" offering something else than the day read (not "or so", "ou pas", "or not", "ou bien" before nothing). */
const ALTERNATIVE_OFFERED = / (?:or|ou|sinon|otherwise) (?!so |pas |not |plus tard |later )\S/;
const LOOSE_DATE_WORDS = new Set([
  "vers",
  "environ",
  "around",
  "about",
  "approximately",
  "roughly",
  "circa",
  "avant",
  "before",
  "by",
  "autour",
  "alentours",
  // [ext] "after the 14th", "après le 10": a bound, the day itself or one after it.
  "after",
  "apres",
]);
/** "avant-hier", "après-demain", "the day after tomorrow" name a day: their "avant"/"after" is no bound. */
const SAME_DAY_AFTER = new Set(["hier", "yesterday", "demain", "tomorrow"]);
const AFTER_WORDS = new Set(["after", "apres"]);
/** "after the 14th", "après le 10", "after monday" bound a day; "after work", "after a fall" do not. */
function boundsADay(word: string, next: string | undefined): boolean {
  if (!AFTER_WORDS.has(word)) return true;
  return (
    next !== undefined &&
    (["the", "le", "la", "l"].includes(next) || DAY.test(next) || MONTHS[next] !== undefined || WEEKDAYS_BY_NAME.has(next))
  );
}
const MONTH_INTRO = new Set(["en", "in", "de", "courant", "during", "since", "depuis"]);
const EARLY = new Set(["debut", "early", "beginning", "start", "commencement"]);
const MID = new Set(["mi", "mid", "middle", "milieu", "moitie"]);
const LATE = new Set(["fin", "end", "late", "endof"]);
const LINKS = new Set(["of", "de", "du", "d", "the", "en", "this", "ce"]);
const CHRONO_TRIGGERS = new Set([
  ...WEEKDAYS_BY_NAME.keys(),
  "semaine",
  "semaines",
  "week",
  "weeks",
  "mois",
  "month",
  "months",
  "jour",
  "jours",
  "day",
  "days",
  "prochain",
  "prochaine",
  "next",
  "weekend",
  "ans",
  "an",
  "year",
  "years",
  "annee",
  "quinzaine",
  "fortnight",
]);

interface Found {
  readonly iso: string;
  readonly fuzzy: boolean;
  /** Token or character span, to drop overlapping readings of the same words. */
  readonly from: number;
  readonly to: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A valid calendar date as YYYY-MM-DD, or null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${year}-${pad(month)}-${pad(day)}`;
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function addDays(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The next (month, day) on or after the reference day; [ext] for a date asked as already past ("since when?"), the
 * last one on or before it. An impossible day gives null.
 */
function nextOccurrence(today: string, month: number, day: number | "last", past = false): string | null {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const dayIn = (year: number) => (day === "last" ? lastDay(year, month) : day);
  const year = past ? (month < m || (month === m && dayIn(y) <= d) ? y : y - 1) : month > m || (month === m && dayIn(y) >= d) ? y : y + 1;
  return isoDate(year, month, dayIn(year));
}

/**
 * [ext] (s24) Words that point a stated duration forward from the reference day: "in 3 weeks", "dans quinze jours",
 * "d'ici un mois" (tokens d, ici), "within a fortnight", "sous huit jours". Of them, ici/within/sous set a deadline
 * (that day or before), held loosely.
 */
const FORWARD_WORDS: ReadonlySet<string> = new Set(["in", "dans", "ici", "within", "sous"]);
const DEADLINE_WORDS: ReadonlySet<string> = new Set(["ici", "within", "sous"]);
/** A forward word, then at most an article or "next" and the number, then a unit of days or more. */
const FORWARD_DURATION =
  / (?:in|dans|ici|within|sous) (?:(?:the|a|an|un|une|les|des|next|prochains?|prochaines?) )?(?:\S+ )?(?:days?|jours?|j|weeks?|semaines?|months?|mois|years?|ans?|annees?|fortnights?) /;

/** The one duration said in days, weeks, months or years, as [base, amount] (statedDurations), or null. */
function oneStatedDuration(text: string): { base: "day" | "month"; amount: number; fuzzy: boolean } | null {
  const said = statedDurations(text).filter((d) => !d.key.startsWith("minute:"));
  if (new Set(said.map((d) => d.key)).size !== 1) return null;
  const [base, amount] = (said[0] as { key: string }).key.split(":") as ["day" | "month", string];
  return { base, amount: Math.round(Number(amount)), fuzzy: said.some((d) => d.fuzzy) };
}

/** The reference day moved by `amount` days or months (a month keeps its day, or the month's last one). */
function shiftedDay(today: string, base: "day" | "month", amount: number): string {
  const day = new Date(`${today}T00:00:00.000Z`);
  if (base === "day") day.setUTCDate(day.getUTCDate() + amount);
  else {
    const wanted = day.getUTCDate();
    day.setUTCDate(1);
    day.setUTCMonth(day.getUTCMonth() + amount);
    day.setUTCDate(Math.min(wanted, lastDay(day.getUTCFullYear(), day.getUTCMonth() + 1)));
  }
  return day.toISOString().slice(0, 10);
}

/**
 * [ext] (s26) French says a week and two weeks as "huit jours" and "quinze jours" (digits too): "dans 15 jours" is in two
 * weeks, the 14th day or the 15th (testers wrote both), so the day it gives is held loosely, forward as backward.
 */
const WEEKS_IN_DAYS = / (?:quinzaine|quinze jours|15 jours|huit jours|8 jours) /;
/** [ext] (s24) A time back counted in weeks or fortnights ("3 weeks", "quinze jours", "huit jours"): a round figure. */
const ROUNDED_BACK = new RegExp(` (?:weeks?|semaines?|fortnights?)(?= )|${WEEKS_IN_DAYS.source}`);

/** A number of years that is someone's age: after a possessive ("ses 6 ans", "my 18 years") or before "old". */
const AN_AGE = / (?:ses|mes|tes|nos|vos|leurs|his|her|my|their|our) \S+ (?:ans|years?) | (?:years?|yrs?) old /;

/** [ext] "3 weeks", "about two months", "depuis 10 jours" for a date already past: the reference day minus it. */
function pastDurations(text: string, tokens: readonly string[], today: string, found: Found[]): void {
  // "in 3 weeks", "dans 10 jours", "d'ici un mois", "within a week" point forward: not a start already past.
  if (tokens.some((t) => FORWARD_WORDS.has(t))) return;
  // [ext] (s26) "depuis ses 6 ans", "since my 18 years", "when he was 6 years old": an age, not a time back.
  if (AN_AGE.test(` ${tokens.join(" ")} `)) return;
  const said = oneStatedDuration(text);
  if (said === null) return;
  // [ext] "2 years ago", "il y a 6 mois": a time back in months or years is rounded by the person; the day it gives
  // is not a day they said, so it is held loosely. (s24) So is a time back in weeks ("3 weeks ago", "il y a quinze
  // jours"): a week count is a round figure, not a day. Days back ("3 days ago") name the day.
  const weeks = ROUNDED_BACK.test(` ${tokens.join(" ")} `);
  found.push({ iso: shiftedDay(today, said.base, -said.amount), fuzzy: said.base !== "day" || said.fuzzy || weeks, from: -1, to: -1 });
}

/**
 * [ext] (s24) "dans quinze jours", "in a fortnight", "sous huit jours" for a date to come, where chrono reads no number
 * word but its own: the reference day plus the days or weeks said (months and years are read before, and "dans un an
 * et demi" is left undecided). A deadline is that day or before: held loosely.
 */
function aheadDurations(text: string, tokens: readonly string[], today: string, found: Found[]): void {
  if (!FORWARD_DURATION.test(` ${tokens.join(" ")} `)) return;
  const said = oneStatedDuration(text);
  if (said === null || said.base !== "day") return;
  const deadline = tokens.some((t) => DEADLINE_WORDS.has(t));
  const weeks = WEEKS_IN_DAYS.test(` ${tokens.join(" ")} `);
  found.push({ iso: shiftedDay(today, "day", said.amount), fuzzy: said.fuzzy || deadline || weeks, from: -1, to: -1 });
}

const DAY = /^(\d{1,2})(er|ere|st|nd|rd|th|eme|e)?$/;
const dayOf = (t: string | undefined) => {
  const m = t === undefined ? null : DAY.exec(t);
  return m ? Number(m[1]) : null;
};
const yearOf = (t: string | undefined) => (t !== undefined && /^\d{4}$/.test(t) ? Number(t) : null);
/** Words that may follow a two-digit year ending a date ("le 3 juillet 78 à Lyon", "22 feb 88 and"): none of a count. */
const AFTER_SHORT_YEAR = new Set(["a", "in", "at", "et", "and", "mais", "but", "je", "i", "il", "elle", "he", "she", "donc", "so"]);
/**
 * [ext] A two-digit year after a day and its month ("22nd feb 88", "le 3 juillet 78"), at the end of the reply or before
 * a word that cannot make it a count: its full year (spoken-years.ts). For a date to come, a year already gone makes
 * the date invalid rather than let the day and month land in the coming year.
 */
function shortYearAt(tokens: readonly string[], at: number, today: string, past: boolean): number | "invalid" | null {
  const t = tokens[at];
  const next = tokens[at + 1];
  if (t === undefined || !/^\d{2}$/.test(t) || (next !== undefined && !AFTER_SHORT_YEAR.has(next))) return null;
  const year = fullYear(Number(t), today, past);
  return !past && year < Number(today.slice(0, 4)) ? "invalid" : year;
}

// [ext] "pain is like 6/10", "un 8/10": a score after these words, not a day and month.
const SCORE_LEADS = new Set([
  "is",
  "like",
  "about",
  "around",
  "a",
  "an",
  "est",
  "environ",
  "genre",
  "score",
  "note",
  "level",
  "niveau",
  "rated",
  "rate",
  "rating",
]);
// In passing, a day and month without a year must be introduced as a date ("since 14/11", "le 20/12"): a bare "7/10" there answers
// another question (a score).
const DATE_LEADS = new Set([
  "le",
  "the",
  "on",
  "du",
  "au",
  "since",
  "depuis",
  "from",
  "des",
  "until",
  "jusqu",
  "avant",
  "before",
  "after",
  "apres",
]);

/** Longer than any lead word, with room for its accents and apostrophes as typed. */
const LEAD_WINDOW_CHARS = 64;

/**
 * The last word of N(text) before `end`, read from the characters just before it: tokenising the whole start for every
 * date of a reply costs the square of its length ("1/2 1/2 …"). A word longer than the window is no lead word whole or cut.
 */
function lastWordBefore(text: string, end: number): string | undefined {
  return tokenise(text.slice(Math.max(0, end - LEAD_WINDOW_CHARS), end)).at(-1);
}

function numericDates(text: string, today: string, found: Found[], passing = false, past = false): void {
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    found.push({ iso: isoDate(Number(m[1]), Number(m[2]), Number(m[3])) ?? "invalid", fuzzy: false, from: -1, to: -1 });
  }
  for (const m of text.matchAll(/(?<![\d-])(\d{1,2})([/.-])(\d{1,2})\2(\d{2,4})(?!\d)/g)) {
    const yearText = m[4] as string;
    // [ext] "5/11/63" for a date already past (a birth): a two-digit year's century is the one that puts it behind the
    // reference day (spoken-years.ts); for a date to come, "03/03/27" stays unread.
    const year = yearText.length === 4 ? Number(yearText) : yearText.length === 2 && past ? fullYear(Number(yearText), today, past) : null;
    const iso = year === null ? null : isoDate(year, Number(m[3]), Number(m[1]));
    found.push({ iso: iso ?? "invalid", fuzzy: false, from: -1, to: -1 });
  }
  // [ext] "le 20/12": day first, without a year.
  for (const m of text.matchAll(/(?<![\d/.,-])(\d{1,2})\/(\d{1,2})(?![\d/])/g)) {
    const lead = lastWordBefore(text, m.index);
    if (lead !== undefined && SCORE_LEADS.has(lead)) continue;
    if (passing && (lead === undefined || !(DATE_LEADS.has(lead) || WEEKDAYS_BY_NAME.has(lead)))) continue;
    const iso = nextOccurrence(today, Number(m[2]), Number(m[1]), past);
    if (iso !== null) found.push({ iso, fuzzy: false, from: -1, to: -1 });
  }
}

const ORDINAL_WORDS: Record<string, string> = {
  first: "one",
  second: "two",
  third: "three",
  fifth: "five",
  eighth: "eight",
  ninth: "nine",
  twelfth: "twelve",
  twentieth: "twenty",
  thirtieth: "thirty",
  premier: "un",
  premiere: "une",
};
/**
 * [ext] A day of the month written in words just before its month ("vingt-quatre décembre", "the twenty-fourth of
 * December", "le premier mars"): written as digits for the day-and-month rules. Not a lone article ("un mars").
 */
function dayWordsAsDigits(tokens: readonly string[]): readonly string[] {
  const cardinal = (t: string) => ORDINAL_WORDS[t] ?? (t.endsWith("th") && isNumberWord(t.slice(0, -2)) ? t.slice(0, -2) : t);
  const words = tokens.map(cardinal);
  const out = [...tokens];
  for (const n of wordNumbers(words)) {
    const next = words[n.end] === "of" || words[n.end] === "de" ? n.end + 1 : n.end;
    const premier = n.end - n.start === 1 && ["premier", "premiere", "first"].includes(tokens[n.start] as string);
    if (MONTHS[tokens[next] as string] === undefined || (n.article && !premier) || n.value < 1 || n.value > 31) continue;
    // "the two may come": before "may", "mai", "mars", "march" the day needs "le"/"the" or an ordinal, and the month
    // ends the reply or comes before a year.
    const ordinal = tokens.slice(n.start, n.end).some((t, k) => t !== words[n.start + k]);
    const after = tokens[next + 1];
    const monthEnds = after === undefined || /^\d{4}$/.test(after);
    // [ext] A year after the month makes it a date whatever comes before the day ("douze mai 1970").
    const yearAfter = after !== undefined && /^\d{4}$/.test(after);
    if (
      AMBIGUOUS_ALONE.has(tokens[next] as string) &&
      !yearAfter &&
      (!monthEnds || (!ordinal && !["le", "the"].includes(tokens[n.start - 1] as string)))
    )
      continue;
    out.splice(n.start, n.end - n.start, String(n.value), ...Array<string>(n.end - n.start - 1).fill("_"));
  }
  return out.filter((t) => t !== "_");
}

function wordDates(tokens: readonly string[], today: string, found: Found[], past = false): void {
  for (let i = 0; i < tokens.length; i++) {
    const month = MONTHS[tokens[i] as string];
    if (month === undefined) continue;
    const linked = LINKS.has(tokens[i - 1] as string);
    const before = dayOf(tokens[linked ? i - 2 : i - 1]);
    const after = dayOf(tokens[i + 1]);
    const partAt = linked ? i - 2 : i - 1;
    const part = tokens[partAt] ?? "";
    const partThe = tokens[partAt - 1] ?? "";
    const isPart = (set: Set<string>) => set.has(part) || (part === "of" && set.has(partThe));
    const yearAt = before !== null ? i + 1 : after !== null ? i + 2 : i + 1;
    const short = before !== null || after !== null ? shortYearAt(tokens, yearAt, today, past) : null;
    if (short === "invalid") {
      found.push({ iso: "invalid", fuzzy: false, from: i, to: yearAt });
      continue;
    }
    // [ext] (s24) "march this year", "mars l'an dernier", "june next year": the year said in words after the month.
    const year = yearOf(tokens[yearAt]) ?? short ?? (before === null && after === null ? yearNamed(tokens, i + 1, today) : null);
    // [ext] "last march", "en mars dernier", "next june", "juin prochain": the month before or after this one.
    const direction = monthDirection(tokens, i);
    const at = (m: number, d: number | "last") =>
      year !== null
        ? isoDate(year, m, d === "last" ? lastDay(year, m) : d)
        : direction !== undefined
          ? directedOccurrence(today, m, d, direction)
          : nextOccurrence(today, m, d, past);
    const from = before !== null ? (linked ? i - 2 : i - 1) : isPart(EARLY) || isPart(MID) || isPart(LATE) ? partAt : i;
    const to = year !== null ? yearAt : after !== null ? i + 1 : i;
    if (before !== null) found.push({ iso: at(month, before) ?? "invalid", fuzzy: false, from, to });
    else if (after !== null && after <= 31) found.push({ iso: at(month, after) ?? "invalid", fuzzy: false, from, to });
    else if (isPart(EARLY)) found.push({ iso: at(month, 1) ?? "invalid", fuzzy: true, from, to });
    else if (isPart(MID)) found.push({ iso: at(month, 15) ?? "invalid", fuzzy: true, from, to });
    else if (isPart(LATE)) found.push({ iso: at(month, "last") ?? "invalid", fuzzy: true, from, to });
    // "en mars", "in may", "au mois de mai": after "en"/"in" an ambiguous month name is the month.
    else if (
      year !== null ||
      (FULL_MONTHS[tokens[i] as string] !== undefined &&
        (!AMBIGUOUS_ALONE.has(tokens[i] as string) || MONTH_INTRO.has(tokens[i - 1] as string) || direction !== undefined)) ||
      (FULL_MONTHS[tokens[i] as string] === undefined && shortMonthAlone(tokens, i))
    ) {
      found.push({ iso: at(month, 1) ?? "invalid", fuzzy: true, from, to });
    }
  }
}

const MONTH_LAST_AFTER = new Set(["dernier", "passe"]);
const MONTH_NEXT_AFTER = new Set(["prochain"]);

/** "last march", "mars dernier" (the last one before this month); "next june", "juin prochain" (the next one after it). */
function monthDirection(tokens: readonly string[], i: number): "last" | "next" | undefined {
  if (tokens[i - 1] === "last" || MONTH_LAST_AFTER.has(tokens[i + 1] as string)) return "last";
  if (tokens[i - 1] === "next" || MONTH_NEXT_AFTER.has(tokens[i + 1] as string)) return "next";
  return undefined;
}

/** The day of that month in the last such month before the reference month, or the next one after it. */
function directedOccurrence(today: string, month: number, day: number | "last", direction: "last" | "next"): string | null {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const year = direction === "last" ? (month < m ? y : y - 1) : month > m ? y : y + 1;
  return isoDate(year, month, day === "last" ? lastDay(year, month) : day);
}

/** How many months apart two days' months are ("2026-08-15" and "2026-07-01": 1). */
const monthsApart = (a: string, b: string) =>
  Math.abs(Number(a.slice(0, 4)) * 12 + Number(a.slice(5, 7)) - Number(b.slice(0, 4)) * 12 - Number(b.slice(5, 7)));

function nextMonday(today: string): string {
  const isoWeekday = new Date(`${today}T00:00:00.000Z`).getUTCDay() || 7;
  return addDays(today, 8 - isoWeekday);
}

const YEAR_COUNTS: Record<string, number> = { a: 1, an: 1, one: 1, un: 1, "1": 1, two: 2, deux: 2, "2": 2, three: 3, trois: 3, "3": 3 };
const YEAR_COUNT = Object.keys(YEAR_COUNTS).join("|");
// Not "un an et demi", "a year and a half", "a year or two": a half or an alternative makes no day.
const NOT_WHOLE = "(?!(?:s )?(?:time )?(?:et|and|or|ou|half|demi|to|a) )";
const YEARS_ON = new RegExp(` (?:in|dans|d ici) (${YEAR_COUNT}) (?:years?|ans?|annees?) ${NOT_WHOLE}`);
const YEARS_FROM_NOW = new RegExp(` (${YEAR_COUNT}) years? (?:from now|from today) ${NOT_WHOLE}`);

function relativeDates(tokens: readonly string[], today: string, found: Found[], passing: boolean): void {
  const joined = ` ${tokens.join(" ")} `;
  // In passing, "aujourd'hui" / "today" usually means "currently" ("je gagne 35k aujourd'hui").
  if (!passing && (joined.includes(" aujourd hui ") || joined.includes(" today ")))
    found.push({ iso: today, fuzzy: false, from: -1, to: -1 });
  // [ext] "après-demain", "the day after tomorrow": two days on, never "demain".
  if (/ (apres demain|day after tomorrow) /.test(joined)) found.push({ iso: addDays(today, 2), fuzzy: false, from: -1, to: -1 });
  else if (joined.includes(" demain ") || joined.includes(" tomorrow "))
    found.push({ iso: addDays(today, 1), fuzzy: false, from: -1, to: -1 });
  // [ext] "hier", "yesterday", "avant-hier", "the day before yesterday"; in passing it is mostly another event's day.
  if (!passing) {
    const dayBefore = / (avant hier|day before yesterday) /.test(joined);
    if (dayBefore) found.push({ iso: addDays(today, -2), fuzzy: false, from: -1, to: -1 });
    else if (joined.includes(" hier ") || joined.includes(" yesterday "))
      found.push({ iso: addDays(today, -1), fuzzy: false, from: -1, to: -1 });
  }
  // [ext] "a year from now", "dans un an", "in two years": the same day that many years on, held loosely.
  const years = !passing && (YEARS_ON.exec(joined) ?? YEARS_FROM_NOW.exec(joined));
  if (years) {
    const n = YEAR_COUNTS[years[1] as string] as number;
    const [y, m, d] = today.split("-").map(Number) as [number, number, number];
    const iso = isoDate(y + n, m, Math.min(d, lastDay(y + n, m)));
    if (iso !== null) found.push({ iso, fuzzy: true, from: -1, to: -1 });
  }
  // "fin du mois", "end of the month": this month's last day (fuzzy).
  if (/ (fin du mois|fin de mois|end of the month|end of this month|end of month) /.test(joined)) {
    const [y, m] = today.split("-").map(Number) as [number, number];
    found.push({ iso: isoDate(y, m, lastDay(y, m)) as string, fuzzy: true, from: -1, to: -1 });
  }
}

const RELATIVE_CUES =
  /\b(next|prochain|prochaine|dans|in|this|ce|cette|cet|demain|tomorrow|apres|after|suivant|suivante|following|from now)\b/;
const PAST_CUES = /\b(ago|il y a)\b/;
const WEEKDAYS =
  /\b(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week end)\b/;
/** A weekday said as the last one: "last friday", "vendredi dernier", "mardi passé" (in the normalised reply). */
const LAST_WEEKDAY = new RegExp(`\\blast ${WEEKDAYS.source}|${WEEKDAYS.source} (dernier|derniere|passe|passee)\\b`);

/** The last day of this weekday (0 Sunday) strictly before the reference day. */
function weekdayBefore(today: string, weekday: number): string {
  const dow = new Date(`${today}T00:00:00.000Z`).getUTCDay();
  return addDays(today, -((dow - weekday + 7) % 7 || 7));
}

const HAS_NUMBER =
  /\d|\b(deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\b/i;

/** A reading of chrono that is next week itself, not one of its days. */
const WEEK_ITSELF = -2;

function chronoDates(text: string, tokens: readonly string[], today: string, found: Found[], passing: boolean, past = false): void {
  if (!tokens.some((t) => CHRONO_TRIGGERS.has(t))) return;
  const ref = { instant: new Date(`${today}T12:00:00.000Z`), timezone: "UTC" };
  const seen = new Set<string>();
  // "d'ici trois mois" (by then) reads as "dans trois mois", held loosely: a deadline, not a day; so does "within".
  const by = /\bd['\u2019 ]\s*ici\b/i;
  const deadline = by.test(text) || tokens.includes("within");
  const read = deadline ? text.replace(new RegExp(by.source, "gi"), "dans") : text;
  // A weekday said as the last one, read only for a weekday; punctuation kept as a break: "vendredi, dernier délai" is
  // no "vendredi dernier".
  let said: string | undefined;
  const saysLastWeekday = () =>
    LAST_WEEKDAY.test(
      (said ??= text
        .split(/[,;.!?:()]/)
        .map((part) => normalise(part))
        .join(" | ")),
    );
  // [ext] (s27) "next week, wednesday", "la semaine prochaine, jeudi": the week and its day said apart name one day, the
  // weekday in next week (chrono reads two dates: next week's Monday and the coming weekday).
  const start = found.length;
  let nextWeek = false;
  const weekdays: number[] = [];
  for (const parser of [chrono.fr, chrono.en]) {
    // [ext] For a date already past ("since monday"), a weekday is the last one, not the next.
    for (const r of parser.parse(read, ref, { forwardDate: !past })) {
      const s = r.start;
      const textTokens = tokenise(r.text);
      // Month names are read by our own rules; chrono adds the relative expressions only.
      if (textTokens.some((t) => MONTHS[t] !== undefined)) continue;
      if (!s.isCertain("day") && !s.isCertain("weekday") && !s.isCertain("month")) continue;
      // "4000 a month" is a rate, not a date: a relative reading needs a number, a weekday or a direction word.
      const plain = normalise(r.text);
      if (!HAS_NUMBER.test(r.text) && !WEEKDAYS.test(plain) && !RELATIVE_CUES.test(plain)) continue;
      // In passing, "two weeks" is a duration: a date needs a direction ("in two weeks", "next friday").
      // [ext] For a target dating what has begun ("Problem since"), "3 weeks ago" / "il y a 3 semaines" has its direction.
      if (passing && !RELATIVE_CUES.test(plain) && !WEEKDAYS.test(plain) && !(past && PAST_CUES.test(plain))) continue;
      // "next month", "le mois prochain": the month's first day, as for a month named alone.
      const monthOnly = !s.isCertain("day") && /\b(next|prochain)\b/.test(plain) && /\b(month|mois)\b/.test(plain);
      // "la semaine prochaine", "next week": the Monday that starts it, as a month starts on its first day.
      const weekOnly = !WEEKDAYS.test(plain) && /\b(semaine prochaine|next week)\b/.test(plain);
      nextWeek ||= weekOnly;
      let iso = weekOnly ? nextMonday(today) : isoDate(s.get("year") ?? 0, s.get("month") ?? 0, monthOnly ? 1 : (s.get("day") ?? 0));
      // chrono.fr reads a bare weekday in the current week whatever the direction: "depuis jeudi" is the last one.
      if (past && iso !== null && iso > today && s.isCertain("weekday") && !/\b(next|prochain|prochaine)\b/.test(plain))
        iso = addDays(iso, -7);
      // [ext] (s24) Reading forward, chrono turns "last tuesday" / "mardi dernier" into the next one: it is the last one
      // before the reference day, whatever the target.
      if (iso !== null && s.isCertain("weekday") && saysLastWeekday() && !/\b(next|prochain|prochaine)\b/.test(plain))
        iso = weekdayBefore(today, s.get("weekday") ?? 0);
      if (iso === null || seen.has(`${r.index}:${iso}`)) continue;
      seen.add(`${r.index}:${iso}`);
      // [ext] A time back in months or years ("il y a 2 ans", "6 months ago") is rounded: held loosely (pastDurations).
      const roundedBack =
        PAST_CUES.test(plain) && (/\b(?:mois|months?|ans?|annees?|years?)\b/.test(plain) || ROUNDED_BACK.test(` ${plain} `));
      const exact =
        s.isCertain("day") &&
        HAS_NUMBER.test(r.text) &&
        !WEEKDAYS.test(plain) &&
        !deadline &&
        !roundedBack &&
        !WEEKS_IN_DAYS.test(` ${plain} `);
      found.push({ iso, fuzzy: !exact, from: -1, to: -1 });
      weekdays.push(weekOnly ? WEEK_ITSELF : s.isCertain("weekday") && !past ? (s.get("weekday") ?? -1) : -1);
    }
  }
  // Every reading a weekday or the week itself ("next week, monday or tuesday" offers two days of it); not when the
  // week is denied ("not next week, thursday").
  const named = weekdays.filter((d) => d >= 0);
  const denied = / (?:not|pas|no) (?:la )?(?:next week|semaine prochaine) /.test(` ${tokens.join(" ")} `);
  if (!nextWeek || denied || named.length === 0 || weekdays.includes(-1)) return;
  const days = named.map((d) => ({ iso: addDays(nextMonday(today), (d + 6) % 7), fuzzy: true, from: -1, to: -1 }));
  found.splice(start, found.length - start, ...days);
}

// A day number alone is a date only after "le"/"the"/"du", a weekday, or as an ordinal ("15th", "1er"); and only when
// what follows cannot make it a count or an ordinal of another thing ("le 15 ans", "the 3rd floor", "le 15e").
const BARE_DAY = /^(\d{1,2})(er|st|nd|rd|th)?$/;
const DAY_ARTICLES = new Set(["le", "the", "du"]);
const BARE_DAY_FOLLOWERS = new Set([
  "si",
  "if",
  "please",
  "pls",
  "plz",
  "svp",
  "stp",
  "s",
  "merci",
  "thanks",
  "thank",
  "ou",
  "or",
  "et",
  "and",
  "mais",
  "but",
  "ca",
  "c",
  "it",
  "that",
  "je",
  "j",
  "i",
  "we",
  "on",
  "nous",
  "ideally",
  "idealement",
  "normalement",
  "normally",
  "probablement",
  "probably",
  "peut",
  "maybe",
  "sans",
  "at",
  "a",
  "vers",
  "au",
  "latest",
  "ok",
  "okay",
  "works",
  "would",
  "serait",
  "prochain",
  "next",
  "then",
  "puis",
  "alors",
  "so",
  "donc",
  "because",
  "car",
  "parce",
  "de",
  "du",
  "of",
  "this",
  "ce",
  "cette",
  "ideal",
  "parfait",
  "perfect",
  "sounds",
  "good",
  "bien",
]);

/**
 * [ext] (s27) In passing (a reply to another question), a day of the month alone is a date only when said as one: "on the
 * 12th", "from the 5th" (a rank has no "on": "my 4th", "the 3rd one"), "le 12", "le 1er" (French "le" before a bare
 * number is the day), or after its weekday ("jeudi 10"); said after the answer, never as the whole reply. The followers
 * allowed are bareDays' own.
 */
function dayInPassing(tokens: readonly string[], i: number, suffix: string | undefined, weekday: boolean): boolean {
  if (weekday) return true;
  // After the answer only: a whole reply "le 20" answers the question asked (a table, a line), it dates nothing else.
  const before = tokens[i - 1];
  if (before === "le") return i >= 2 && (suffix === undefined || suffix === "er");
  return i >= 3 && before === "the" && suffix !== undefined && suffix !== "er" && DAY_PREPOSITIONS.has(tokens[i - 2] as string);
}
const DAY_PREPOSITIONS = new Set(["on", "from"]);

/** "le 15", "on the 15th", "le samedi 12", "the 3rd of next month": the next such day (see BARE_DAY). */
function bareDays(tokens: readonly string[], today: string, found: Found[], past = false, passing = false): void {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  for (let i = 0; i < tokens.length; i++) {
    const match = BARE_DAY.exec(tokens[i] as string);
    if (match === null) continue;
    const dayNumber = Number(match[1]);
    const article = DAY_ARTICLES.has(tokens[i - 1] as string);
    const weekday = WEEKDAYS_BY_NAME.get(tokens[article ? i - 2 : i - 1] as string);
    if (!article && weekday === undefined && match[2] === undefined) continue;
    if (passing && !dayInPassing(tokens, i, match[2], weekday !== undefined)) continue;
    // "le 15", "the 15th" alone: only at the end, or before a word that cannot make it another thing's number.
    const next = tokens[i + 1];
    if (next !== undefined && !BARE_DAY_FOLLOWERS.has(next)) continue;
    // "le 15 du mois prochain", "the 3rd of next month", "de ce mois": the month is said; "the 15 of us" is no date.
    let month: "next" | "this" | null = null;
    if (next === "de" || next === "du" || next === "of") {
      const said = tokens.slice(i + 2, i + 5).join(" ");
      if (/^(mois prochain|next month|the next month|the following month|mois suivant)\b/.test(said)) month = "next";
      else if (/^(ce mois|this month|the month|mois)\b/.test(said)) month = "this";
      else continue;
    }
    // A day of the month alone is the next one to come (not today: that would be "aujourd'hui"). The 29th to the
    // 31st are not in every month, and alone they are mostly an end of month the person has in mind: none.
    if (dayNumber < 1 || dayNumber > 28) continue;
    const thisMonth = isoDate(y, m, dayNumber) as string;
    const nextMonth = isoDate(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, dayNumber) as string;
    const lastMonth = isoDate(m === 1 ? y - 1 : y, m === 1 ? 12 : m - 1, dayNumber) as string;
    // [ext] For a date already past, "since the 15th" is the last 15th on or before the reference day.
    const future =
      month === "next" ? nextMonth : month === "this" ? (dayNumber > d ? thisMonth : "invalid") : dayNumber > d ? thisMonth : nextMonth;
    const iso = !past ? future : month !== null ? "invalid" : dayNumber <= d ? thisMonth : lastMonth;
    // "samedi 12": the weekday must be that day's, else the two disagree and none is recorded.
    const agrees = weekday === undefined || (iso !== "invalid" && new Date(`${iso}T00:00:00.000Z`).getUTCDay() === weekday);
    found.push({ iso: agrees ? iso : "invalid", fuzzy: false, from: i, to: i });
  }
}

/**
 * [ext] "after christmas, say the 28th", "après les fêtes, le 5": a day of the month said beside one holiday read loosely
 * is the day meant, the holiday only anchoring it; it is the such day nearest the holiday (from 15 days before it), held
 * loosely. Beside a day named exactly ("christmas eve, the 24th") the day of the month is decoration, as before.
 */
function dayBesideAnchor(named: ReturnType<typeof namedDays>, today: string, found: Found[]): void {
  const anchor = named.found[0];
  if (named.found.length !== 1 || anchor === undefined || !anchor.fuzzy) return;
  const days: Found[] = [];
  bareDays(named.rest, addDays(anchor.iso, -15), days);
  const day = days[0];
  if (days.length === 1 && day !== undefined && day.iso !== "invalid" && day.iso >= today) found.push({ ...day, fuzzy: true });
}

// "tout de suite", "right away", "dès maintenant": the reference day. "asap", "dès que possible", "immédiatement"
// ask for the earliest day the other side can do, which is not a day the person gave: none.
const NOW_PHRASES = [
  "tout de suite",
  "de suite",
  "des maintenant",
  "a partir de maintenant",
  "des a present",
  "sur le champ",
  "right now",
  "right away",
  "straight away",
  "straightaway",
  "starting now",
  "from now on",
  "as of now",
].map((p) => p.split(" "));
const NOW_WORDS = new Set(["maintenant", "now"]);
const NOW_STARTS = new Set([...NOW_PHRASES.map((p) => p[0] as string), ...NOW_WORDS]);
const NEGATIONS = new Set(["pas", "not", "no", "non", "jamais", "never", "n"]);
const POLITENESS = new Set([
  "si",
  "possible",
  "please",
  "svp",
  "stp",
  "merci",
  "thanks",
  "if",
  "ideally",
  "idealement",
  "s",
  "il",
  "vous",
  "plait",
]);

/** The reference day for an immediate start; none when negated ("pas tout de suite", "not right now"). */
function immediateStart(tokens: readonly string[], today: string, found: Found[]): void {
  const negatedAt = (i: number) => NEGATIONS.has(tokens[i - 1] as string) || NEGATIONS.has(tokens[i - 2] as string);
  for (let i = 0; i < tokens.length; i++) {
    // "a month from now": an offset from now, not now.
    if (!NOW_STARTS.has(tokens[i] as string) || tokens[i - 1] === "from") continue;
    const phrase = NOW_PHRASES.find((p) => p.every((w, k) => tokens[i + k] === w));
    // "maintenant" / "now" alone says when only at the end of the reply ("je peux commencer maintenant"), not in
    // "now I have two kids".
    const word = phrase === undefined && NOW_WORDS.has(tokens[i] as string) && tokens.slice(i + 1).every((t) => POLITENESS.has(t));
    if ((phrase !== undefined || word) && !negatedAt(i)) found.push({ iso: today, fuzzy: false, from: -1, to: -1 });
  }
}

// "n'importe quel samedi de janvier", "any day in march", "whenever": the person leaves the day open, none is recorded.
// (s26) So does one such day with an indefinite article before a month: "un week-end en janvier", "a saturday in march".
const ANY_DAY =
  /\b(n importe|anytime|any time|whenever|any (?:day|date|week|weekend|month|of)|any (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|(?:un|a|one) (?:week end|weekend|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:en|in|de|d|of|during|courant))\b/;
export const END_BOUND: ReadonlySet<string> = new Set(["jusqu", "until", "till", "til"]);

/**
 * The text without its questions back ("vous êtes ouverts le dimanche ?"): asked, not stated. [ext] (s27) With
 * `keepRequests`, a question asking to be allowed or for a visit keeps its day: "can I come tomorrow?", "vous pouvez
 * passer jeudi ?" propose that day. Linear: split after each end of sentence.
 */
function withoutQuestions(text: string, keepRequests = false): string {
  if (!text.includes("?")) return text;
  return text
    .split(/(?<=[.!?\n])/)
    .filter((sentence) => !sentence.endsWith("?") || (keepRequests && REQUEST.test(sentence)))
    .join(" ");
}
/** Asking to be allowed or for someone to come: "can I", "could you", "vous pouvez", "pourriez-vous", "possible". */
const REQUEST = /(?<![\p{L}])(?:(?:can|could|may) (?:i|we|you)|pouvez|pourriez|pouvons|peux|pourrais|possible)(?![\p{L}])/iu;

/**
 * One date for a `date`/`date-time` schema, or null when none, invalid, or several distinct dates.
 * `today` (YYYY-MM-DD) is the message's occurred_at day, else the server's UTC date (docs/zelinqa-api.md §10.5.5). `passing`: the
 * text answers another question, where "today" is not a date. [ext] `past`: the date is asked as a start already past
 * ("Since when…?", target-words.ts): days without a year, weekdays and bare durations are read backwards, and a day
 * after the reference day makes no date; "birth" reads the same but a bare duration (an age) gives no date.
 */
const RANGE_OPENERS = new Set(["du", "from", "between", "entre"]);
const RANGE_LINKS = new Set(["au", "to", "until", "till", "jusqu", "and", "et"]);
const DAY_NUMBER = /^(\d{1,2})(er|st|nd|rd|th)?$/;

/**
 * [ext] A range of days, "du 24 au 31 décembre", "from the 3rd to the 7th of January", "between 2 and 5 May": its first
 * and last day, or null. The first day may borrow the month (and year) of the last. Both must read as one date each,
 * the first not after the last.
 */
export function dateRange(text: string, today: string): { start: string; end: string } | null {
  const tokens = tokenise(text);
  const open = tokens.findIndex((t) => RANGE_OPENERS.has(t));
  if (open < 0) return null;
  const link = tokens.findIndex((t, i) => i > open + 1 && RANGE_LINKS.has(t));
  if (link < 0 || (["and", "et"].includes(tokens[link] as string) && !["between", "entre"].includes(tokens[open] as string))) return null;
  const left = tokens.slice(open + 1, link).filter((t) => t !== "le" && t !== "the");
  const right = tokens.slice(link + 1);
  const end = dayInText(right.join(" "), "date", today, false, false, undefined, false);
  if (end === null || end.certainty !== "exact" || left.length === 0) return null;
  const borrowed = right.filter((t) => MONTHS[t] !== undefined || /^\d{4}$/.test(t));
  const bare = left.length === 1 && DAY_NUMBER.test(left[0] as string);
  const start = dayInText((bare ? [...left, ...borrowed] : left).join(" "), "date", today, false, false, undefined, false);
  if (start === null || start.certainty !== "exact") return null;
  const [a, b] = [String(start.value), String(end.value)];
  // "du 28 au 3 janvier": the first day, read in the month of the last, is after it; the month before is meant.
  return a <= b ? { start: a, end: b } : null;
}

const SINCE = /(?<![\p{L}\d])(?:since|depuis)(?![\p{L}\d])([^,;.!?:()\n]*)/iu;

/**
 * [ext] The date said after "since"/"depuis" in a reply to another question, read as a date already past up to the end
 * of its clause (a day to come makes none), loosely. For a target dating a start ("begun": "Date the problem started"),
 * "printer, jammed since yesterday"; for the last time something was done ("last": "Dernier entretien"), only a denial
 * ("la pelouse n'a pas été tondue depuis juin": June was the last time). Null without "since", after a duration ("client
 * depuis 10 ans" is how long another thing lasts), or with no date after it.
 */
export function sinceDate(text: string, format: "date" | "date-time", today: string, side: "begun" | "last"): PhraseResult | null {
  const read = withoutQuestions(text);
  const m = SINCE.exec(read);
  if (m === null || statedDurations(m[1] as string).length > 0) return null;
  if (side === "last") {
    const before = tokenise(
      read
        .slice(0, m.index)
        .split(/[,;.!?:()\n]/u)
        .at(-1) ?? "",
    );
    if (!before.some((_, i) => isNegationAt(before, i))) return null;
  }
  const found = extractDate(m[1] as string, format, today, false, true);
  return found === null ? null : { value: found.value, certainty: "fuzzy" };
}

/**
 * [ext] "the 5th of june… no sorry, the 6th", "le 12 mars, enfin le 13": a correction that gives a bare day keeps the
 * month (and year) said before it. The corrected part with that month written after its day; unchanged when it names a
 * month itself, has no bare day, or the part before names no single month.
 */
export function withMonthOf(before: string, after: string): string {
  const said = tokenise(after);
  if (said.some((t) => MONTHS[t] !== undefined) || /\d[/.-]\d/.test(after)) return after;
  const months = tokenise(before).filter((t) => FULL_MONTHS[t] !== undefined || (MONTHS[t] !== undefined && t.length >= 3));
  if (new Set(months.map((t) => MONTHS[t])).size !== 1) return after;
  const year = tokenise(before).find((t) => /^\d{4}$/.test(t));
  const at = said.findIndex((t, i) => {
    const m = BARE_DAY.exec(t);
    return m !== null && (m[2] !== undefined || DAY_ARTICLES.has(said[i - 1] as string));
  });
  if (at < 0) return after;
  return [...said.slice(0, at + 1), months[0] as string, ...(year === undefined ? [] : [year]), ...said.slice(at + 1)].join(" ");
}

/** Which day of a range the target wants: its first ("Premier jour", "Start date") or last ("Dernier jour", "End date"). */
export type RangeSide = "start" | "end";

/** The first of two dates a day apart said with "or"/"ou" between them, or null. */
function adjacentAlternatives(distinct: ReadonlySet<string>, tokens: readonly string[]): string | null {
  if (distinct.size !== 2 || !tokens.some((t) => t === "or" || t === "ou")) return null;
  const [a, b] = [...distinct].sort() as [string, string];
  return Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`) === 86_400_000 ? a : null;
}

export function extractDate(
  text: string,
  format: "date" | "date-time",
  today: string,
  passing = false,
  pastOrBirth: boolean | "birth" = false,
  side?: RangeSide,
  labelled = false,
): PhraseResult | null {
  // [ext] A birth date is a date already past where a bare duration is an age ("j'ai 45 ans"), not a time back.
  const past = pastOrBirth !== false;
  // [ext] A range: the start for a start, the end for an end; for a target that says neither, the start, held loosely.
  const range = !passing && !past ? dateRange(text, today) : null;
  if (range !== null) {
    const iso = side === "end" ? range.end : range.start;
    return { value: format === "date" ? iso : `${iso}T00:00:00Z`, certainty: side === undefined ? "fuzzy" : "exact" };
  }
  // [ext] (s27) "demain, il vomit depuis ce matin", "thursday, it's been dripping since yesterday": for a day still to
  // come, what follows "depuis"/"since" dates the start of something else; a day said before it is the answer.
  // [ext] (s27) "car arrives 15th jan so before that, the 13th?", "on part le 20, donc avant ça le 18": a day set against
  // another one said first ("before that", "après ça") is the one asked; a bare day keeps the month said before it.
  const against = passing ? null : AGAINST_THAT.exec(text);
  if (against !== null && against.index > 0) {
    const first = text.slice(0, against.index);
    const then = dayInText(withMonthOf(first, text.slice(against.index)), format, today, passing, pastOrBirth, side, labelled);
    if (then !== null && dayInText(first, format, today, passing, pastOrBirth, side, labelled) !== null) return then;
  }
  const since = passing || past ? null : SINCE_WORD.exec(text);
  const before =
    since === null || since.index === 0 ? null : dayInText(text.slice(0, since.index), format, today, passing, pastOrBirth, side, labelled);
  return before ?? dayInText(text, format, today, passing, pastOrBirth, side, labelled);
}
/** A bound set against a date said before: "before that", "after that", "avant ça", "après cela". */
const AGAINST_THAT = /(?<![\p{L}\p{N}])(?:(?:before|after) (?:that|then)|(?:avant|apr[eè]s) (?:[cç]a|cela))(?![\p{L}\p{N}])/iu;
const SINCE_WORD = /(?<![\p{L}\p{N}])(?:depuis|since)(?![\p{L}\p{N}])/iu;

/**
 * The one date `text` states, read as extractDate reads it once no range was found. An end of a range is read here, not
 * through extractDate: a range inside an end would be looked for again in what follows its own link, and so on, which
 * costs the square of the reply's length ("du 1 au du 1 au …": 0.4 s for 1,000 words, once per date target).
 */
function dayInText(
  text: string,
  format: "date" | "date-time",
  today: string,
  passing: boolean,
  pastOrBirth: boolean | "birth",
  side: RangeSide | undefined,
  labelled: boolean,
): PhraseResult | null {
  const past = pastOrBirth !== false;
  // In passing, a question back states nothing; answering, it offers the date loosely ("le 15 ?").
  const read = passing ? withoutQuestions(text, true) : text;
  const asked = !passing && text.includes("?");
  // [ext] "nineteen fifty two", "mille neuf cent quatre-vingt": a year in words reads as its digits (spoken-years.ts).
  const tokens = yearWordsAsDigits(tokenise(read));
  const joined = ` ${tokens.join(" ")} `;
  // [ext] (s24) "any day next week", "n'importe quel jour la semaine prochaine": the week is said, the day left open:
  // the week's Monday, held loosely (as "next week" alone). With a day excepted ("except wednesday") a set of days is
  // left: none.
  if (ANY_DAY.test(joined)) {
    if (passing || past || !/ (?:next week|la semaine prochaine|semaine prochaine) /.test(joined)) return null;
    if (/ (?:except|sauf|apart from|but not|excepte|hors|other than) /.test(joined)) return null;
    const monday = nextMonday(today);
    return { value: format === "date" ? monday : `${monday}T00:00:00Z`, certainty: "fuzzy" };
  }
  // [ext] (s23) "the week after next", "vendredi en huit", "le premier lundi de janvier" (weeks-ahead.ts), loosely.
  const ahead = passing || past ? null : weeksAhead(tokens, today);
  if (ahead !== null) return { value: format === "date" ? ahead : `${ahead}T00:00:00Z`, certainty: "fuzzy" };
  // "jusqu'en juin" answering how long: the end of something else, not the other target's date.
  if (passing && tokens.some((t) => END_BOUND.has(t))) return null;
  const named = namedDays(tokens, today, past && !passing);
  const found: Found[] = [];
  numericDates(read, today, found, passing, past);
  wordDates(dayWordsAsDigits(named.rest), today, found, past);
  relativeDates(named.rest, today, found, passing);
  // [ext] "last summer", "le mois dernier", "this morning", "a couple of weeks ago" (calendar-periods.ts).
  // [ext] (s27) A month or day said with a season it falls in narrows it: "cet été je crois, en août" is August.
  if (!passing)
    for (const { season, ...p } of periodDays(named.rest, today, past))
      if (!season || !found.some((f) => monthsApart(f.iso, p.iso) <= 1)) found.push({ ...p, from: -1, to: -1 });
  // Holidays, a day of the month alone, chrono's relative expressions and "tout de suite" are read only when no date was
  // stated: "after the holidays, mid january" is mid-January; next to a stated date, a weekday is decoration.
  if (found.length === 0 && !passing && !past) dayBesideAnchor(named, today, found);
  if (found.length === 0) for (const f of named.found) found.push({ ...f, from: -1, to: -1 });
  if (found.length === 0) bareDays(named.rest, today, found, past, passing);
  if (found.length === 0 && past && !passing && pastOrBirth !== "birth") pastDurations(read, named.rest, today, found);
  // [ext] "in 2019", "en 2024": a year alone, its first day, loosely (calendar-periods.ts).
  const year = found.length === 0 && !passing ? yearAlone(named.rest, today, past) : null;
  if (year !== null) found.push({ ...year, from: -1, to: -1 });
  // [ext] (s25) "dans les années 90", "back in the eighties" for a date already past: the decade's middle year, loosely.
  const decade = found.length === 0 && !passing && past ? decadeMiddle(named.rest) : null;
  if (decade !== null && decade <= Number(today.slice(0, 4))) found.push({ iso: `${decade}-01-01`, fuzzy: true, from: -1, to: -1 });
  if (found.length === 0) chronoDates(read, named.rest, today, found, passing, past);
  if (found.length === 0 && !passing && !past) aheadDurations(read, named.rest, today, found);
  if (found.length === 0 && !passing) immediateStart(tokens, today, found);
  const distinct = new Set(found.map((f) => (past && f.iso > today ? "invalid" : f.iso)));
  // [ext] "monday or tuesday next week", "le 3 ou le 4": two days in a row offered as alternatives give the first,
  // held loosely, for a labelled target (what is asked is known); days further apart ("15 janvier ou 1er février") stay
  // undecided.
  const pair = passing || past || !labelled ? null : adjacentAlternatives(distinct, tokens);
  if (pair !== null) return { value: format === "date" ? pair : `${pair}T00:00:00Z`, certainty: "fuzzy" };
  if (distinct.size !== 1 || distinct.has("invalid")) return null;
  // "le 15 ou le 20 janvier", "the 3rd or 4th of May": a bare day offered as an alternative is a second date.
  if (ALTERNATIVE_DAY.test(tokens.join(" "))) return null;
  const iso = (found[0] as Found).iso;
  // "vers le 20 décembre", "avant le 1er janvier": an approximate day or a deadline is held loosely.
  const loose =
    asked ||
    // [ext] "je reprends le 11", "back at work on monday" for a last day: the day said is the one after it, or it.
    (side === "end" && tokens.some((t) => RESUMING.has(t))) ||
    found.some((f) => f.fuzzy) ||
    // [ext] (s23) "tomorrow or the day after", "lundi, ou mardi au pire": another day offered besides.
    ALTERNATIVE_OFFERED.test(joined) ||
    // "avant-hier", "the day before yesterday" name a day, not a deadline.
    tokens.some((t, i) => LOOSE_DATE_WORDS.has(t) && !SAME_DAY_AFTER.has(tokens[i + 1] as string) && boundsADay(t, tokens[i + 1])) ||
    / (au plus tard|at the latest|aux alentours) /.test(joined) ||
    // [ext] (s26) "the week of the 14th", "la semaine du 11 janvier", "le week-end du 12": a week named by one of its
    // days offers any day of it; the day said is held loosely.
    / (?:week of|weekend of|week end of|semaine du|semaine de|week end du|weekend du) /.test(joined);
  return { value: format === "date" ? iso : `${iso}T00:00:00Z`, certainty: loose ? "fuzzy" : "exact" };
}
