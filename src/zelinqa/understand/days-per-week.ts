// [ext] A number of days (or sessions) per week said as the days themselves (docs/zelinqa-understanding.md, Numbers):
// "mon wed fri" is 3, "lundi et jeudi" 2, "du lundi au vendredi" 5, and the usual groups of days, "le week-end" and
// "weekends only" 2, "en semaine" and "weekdays" 5, held loosely (one session may cover a weekend). The whole reply must
// be days, links and fillers: "lundi, sauf si il pleut" or "pas le lundi" say no count.
import { clauseTokens } from "./clauses.js";
import { DAY_ABBREVIATIONS, WEEKDAYS_BY_NAME } from "./named-days.js";
import { numberWordValue } from "./number-words.js";
import { gapBetween, textTokens } from "./text-tokens.js";
import type { TextToken } from "./text-tokens.js";

const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 0];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
/** Groups of days, as word sequences, with the days they hold and whether they are held loosely. */
const GROUPS: readonly (readonly [readonly string[], readonly number[], boolean])[] = [
  ...["week end", "week ends", "weekend", "weekends", "fin de semaine", "fins de semaine"].map(
    (p) => [p.split(" "), WEEKEND, true] as const,
  ),
  ...[
    ...["weekdays", "week days", "en semaine", "in the week", "during the week", "jours de semaine", "jours ouvres", "working days"],
    // [ext] (s24) the singular after "every"/"chaque": "every weekday", "chaque jour de semaine", "each working day".
    ...["weekday", "week day", "jour de semaine", "jour ouvre", "working day", "jours ouvrables", "jour ouvrable"],
  ].map((p) => [p.split(" "), WEEKDAYS, true] as const),
  // [ext] (s24) every day of the week, said plainly: exact ("daily except sundays" is then 6).
  ...["daily", "every day", "everyday", "each day", "all week", "tous les jours", "chaque jour", "toute la semaine", "7 7"].map(
    (p) => [p.split(" "), EVERY_DAY, false] as const,
  ),
];
/**
 * [ext] (s24) Words that set days apart from the days said before them: "daily except sundays", "tous les jours sauf le
 * mercredi", "weekdays but not fridays", "every day apart from saturday". What follows them must be days only.
 */
const EXCEPTIONS: readonly (readonly string[])[] = [
  ..."except excepte sauf hormis excluding".split(" ").map((w) => [w]),
  ...["except for", "apart from", "other than", "but not", "mais pas", "but", "not", "pas", "a part"].map((p) => p.split(" ")),
];
/** Words that join or frame the days: "and", "et", "only", "le", "the", "on", "every"… */
const FILLERS = new Set([
  ...["and", "et", "only", "just", "le", "les", "the", "on", "at", "over", "during", "pendant", "durant", "every", "each"],
  ...["tous", "chaque", "seulement", "uniquement", "que", "usually", "normally", "generally", "souvent", "plutot", "en"],
  ...["general", "a", "of", "du", "de", "ideally", "idealement"],
]);
/** Words of a length of time after which a number is a period ("15 jours", "2 weeks"). */
const PERIOD_NOUNS = new Set(["jour", "jours", "day", "days", "semaine", "semaines", "week", "weeks", "j"]);
/** Words of a range between two days: "du lundi au vendredi", "monday to friday", "mon-fri". */
const RANGE_WORDS = new Set(["to", "au", "a", "through", "thru", "till", "until", "jusqu"]);

/** The day (0 Sunday) a token names: a full name, its plural ("mondays", "lundis") or an abbreviation ("wed"). */
function dayOf(t: string, abbreviations: boolean): number | undefined {
  const full = WEEKDAYS_BY_NAME.get(t) ?? WEEKDAYS_BY_NAME.get(t.replace(/s$/, ""));
  if (full !== undefined || !abbreviations) return full;
  const name = DAY_ABBREVIATIONS[t]?.[0];
  return name === undefined ? undefined : WEEKDAYS_BY_NAME.get(name);
}

/** The days from `a` to `b`, both included, through the week ("vendredi au lundi" is 4 days). */
function span(a: number, b: number): number[] {
  const out = [a];
  for (let d = a; d !== b;) out.push((d = (d + 1) % 7));
  return out;
}

/**
 * The number of distinct days of the week a whole reply names, with whether it is held loosely (a group of days), or
 * null when the reply is more than days. Abbreviations ("mon", "sat") count only in a reply of two days or more, where
 * "mon" cannot be the French "my".
 */
export function daysNamed(text: string): { value: number; fuzzy: boolean } | null {
  const all = textTokens(text);
  // [ext] (s26) "tous les 15 jours", "every 3 days": a number before the day or week word is a period between
  // sessions, not every day (the digits set aside below must not join "tous les … jours" into a group).
  if (all.some((t, i) => t.kind === "digits" && t.norm !== "7" && PERIOD_NOUNS.has(all[i + 1]?.norm ?? ""))) return null;
  const tokens = all.filter((t) => t.kind === "word" || /^7$/.test(t.norm));
  if (tokens.length === 0) return null;
  const except = exceptionAt(tokens);
  if (except !== null) {
    const kept = daysOf(text, tokens.slice(0, except.at));
    const left = daysOf(text, tokens.slice(except.at + except.length));
    if (kept === null || left === null || ![...left.days].every((d) => kept.days.has(d))) return null;
    const value = kept.days.size - left.days.size;
    return value > 0 ? { value, fuzzy: kept.fuzzy } : null;
  }
  if (clauseTokens(text).negated.some(Boolean)) return null;
  const read = daysOf(text, tokens);
  return read === null ? null : { value: read.days.size, fuzzy: read.fuzzy };
}

/** The first word of an exception to the days said before it ("sauf", "except", "but not"), after some days. */
function exceptionAt(tokens: readonly TextToken[]): { at: number; length: number } | null {
  for (let i = 1; i < tokens.length; i++) {
    const seq = EXCEPTIONS.find((e) => e.every((w, k) => tokens[i + k]?.norm === w));
    if (seq !== undefined) return { at: i, length: seq.length };
  }
  return null;
}

/** The days that a run of tokens names, full names first, then with abbreviations (two days or more, or a group). */
function daysOf(text: string, tokens: readonly TextToken[]) {
  if (tokens.length === 0) return null;
  const full = namedIn(text, tokens, false);
  if (full !== null) return full;
  const short = namedIn(text, tokens, true);
  return short !== null && (short.named >= 2 || short.grouped) ? short : null;
}

function namedIn(text: string, tokens: readonly TextToken[], abbreviations: boolean) {
  const days = new Set<number>();
  let fuzzy = false;
  let grouped = false;
  let named = 0;
  let previous: number | null = null;
  let ranging = false;
  for (let i = 0; i < tokens.length;) {
    // [ext] (s24) "chaque jour de semaine", "every week day": a filler before a group is not the start of another one.
    const at = (j: number) => GROUPS.find(([seq]) => seq.every((w, k) => tokens[j + k]?.norm === w));
    const group = FILLERS.has(tokens[i]?.norm ?? "") && at(i + 1) !== undefined ? undefined : at(i);
    if (group !== undefined) {
      group[1].forEach((d) => days.add(d));
      fuzzy ||= group[2];
      grouped = true;
      i += group[0].length;
      previous = null;
      continue;
    }
    const t = tokens[i] as TextToken;
    const day = dayOf(t.norm, abbreviations);
    if (day !== undefined) {
      const hyphen = i > 0 && previous !== null && gapBetween(text, tokens[i - 1] as TextToken, t).trim() === "-";
      for (const d of (ranging || hyphen) && previous !== null ? span(previous, day) : [day]) days.add(d);
      named++;
      previous = day;
      ranging = false;
    } else if (RANGE_WORDS.has(t.norm) && previous !== null) ranging = true;
    else if (!FILLERS.has(t.norm)) return null;
    i++;
  }
  return days.size === 0 || ranging ? null : { days, fuzzy, grouped, named };
}

/** [ext] (s24) How many times a day: "once", "twice", "thrice", a number up to 5 in digits or words (number-words.ts). */
function timesADay(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const n =
    word === "once" ? 1 : word === "twice" ? 2 : word === "thrice" ? 3 : /^[1-5]$/.test(word) ? Number(word) : numberWordValue(word);
  return n !== undefined && n >= 1 && n <= 5 ? n : undefined;
}
const TIMES = new Set(["times", "time", "fois", "x"]);
const PER = new Set(["a", "an", "per", "par", "each", "every", "chaque"]);

/**
 * [ext] (s24) Sessions per week said as so many a day over days: "twice a day, every day" (14), "two a day on weekdays"
 * (10), "deux fois par jour en semaine" (10). The rate comes first or last and the rest of the reply must be days only
 * (daysNamed), or nothing (every day, loosely); at most one word (what is counted: "walks", "sorties") stands between the
 * number and "a day".
 */
export function timesADayOverDays(text: string): { value: number; fuzzy: boolean } | null {
  const tokens = textTokens(text);
  for (let dayAt = 2; dayAt < tokens.length; dayAt++) {
    if ((tokens[dayAt]?.norm !== "day" && tokens[dayAt]?.norm !== "jour") || !PER.has(tokens[dayAt - 1]?.norm ?? "")) continue;
    let start = dayAt - 2;
    if (TIMES.has(tokens[start]?.norm ?? "")) start--;
    let times = timesADay(tokens[start]?.norm);
    if (times === undefined && start === dayAt - 2 && start > 0) times = timesADay(tokens[--start]?.norm);
    if (times === undefined) continue;
    const rest = `${text.slice(0, (tokens[start] as TextToken).start)} ${text.slice((tokens[dayAt] as TextToken).end)}`;
    // "twice a day" alone: every day, loosely.
    if (!/[\p{L}\p{N}]/u.test(rest)) return { value: times * 7, fuzzy: true };
    const days = daysNamed(rest);
    return days === null ? null : { value: times * days.value, fuzzy: days.fuzzy };
  }
  return null;
}
