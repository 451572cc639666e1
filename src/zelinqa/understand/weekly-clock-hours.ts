// [ext] Hours per week said as a time of day and the days it holds (docs/zelinqa-understanding.md, Numbers): "de 9h à
// 12h, 3 jours par semaine" is 9, "9-5 Monday to Friday" 40, "every saturday morning, 9 to 12" 3, "tous les soirs de
// la semaine de 16h30 à 19h" 12.5. The span of one day times the days of the week it is said for; held loosely unless
// both the times (marked "9h", "5pm") and the days (named or counted) are exact. The reply must be the span and the
// days only: anything else said ("sauf", another number) reads nothing here.
import { daysNamed } from "./days-per-week.js";
import { hourOf, plain } from "./time-of-day.js";

const TIME = String.raw`(\d{1,2})(?:\s*(h|:)\s*(\d{2})?|\s*(am|pm))?`;
/** One clock range, with its opening word if any: "de 9h à 12h", "from 9am to 5pm", "9-5", "9 to 12". */
const RANGE = new RegExp(
  String.raw`(?:^|\s)(?:(de|from|between|entre)\s+)?${TIME}\s*(?:-|–|to|a|till|until|jusqu a|and|et)\s*${TIME}(?=\s|,|$)`,
  "g",
);
/** Parts of the day that say when, not how many days: removed before the days are counted. */
const MOMENTS = /\b(?:mornings?|matins?|matinees?|evenings?|soirs?|soirees?|afternoons?|apres midis?|aprems?|nights?|nuits?)\b/g;
/** "3 jours par semaine", "4 days a week", "2 fois par semaine": a count of days. */
const DAY_COUNT = /^(?:\D*?\s)?(\d)\s+(?:jours?|days?|fois|times)\s+(?:par|per|a|each|every|chaque|\/)\s*(?:semaine|week)\s*$/;
/** "tous les soirs", "every day", "daily": each day of the week, loosely. */
const EVERY_DAY = /^(?:tous les(?: jours)?|chaque(?: jour)?|every(?: day)?|each day|daily|quotidiennement|7 jours sur 7|7 days a week)$/;

/** A clock time's hour; minutes need a mark ("9h30", "9:30"), "9 30" is no time. */
function markedHourOf(h: string, mark: string | undefined, minutes: string | undefined, suffix: string | undefined): number | null {
  return mark === undefined && suffix === undefined && minutes !== undefined ? null : hourOf(h, minutes, suffix);
}

/** The hours of the one clock range said, whether its ends are marked times or go down ("9-5"), and the text left around it. */
function spanOf(n: string): { hours: number; marked: boolean; descending: boolean; rest: string } | null {
  const found = [...n.matchAll(RANGE)];
  if (found.length !== 1) return null;
  const m = found[0] as RegExpMatchArray;
  const [, opener, h1, k1, m1, s1, h2, k2, m2, s2] = m;
  const from = markedHourOf(h1 as string, k1, m1, s1 ?? (s2 !== undefined && Number(h1) <= Number(h2) ? s2 : undefined));
  let to = markedHourOf(h2 as string, k2, m2, s2);
  if (from === null || to === null) return null;
  const marked = (k1 !== undefined || s1 !== undefined || s2 !== undefined) && (k2 !== undefined || s2 !== undefined);
  // "9-5", "8 to 4": bare hours of a working day end in the afternoon; a range of numbers never goes down.
  const descending = to <= from;
  if (!marked && descending && to <= 12) to += 12;
  // "entre 10 et 15" is a range of hours, not a time of day.
  if (opener === "entre" || opener === "between") {
    if (k1 === undefined && s1 === undefined) return null;
  }
  const hours = to - from;
  if (hours <= 0 || hours > 16) return null;
  const at = m.index ?? 0;
  return { hours, marked, descending, rest: `${n.slice(0, at)} ${n.slice(at + m[0].length)}` };
}

/** The days of the week the rest of the reply says, or null when it says something else. */
function daysOf(rest: string): { value: number; fuzzy: boolean } | null {
  const words = rest
    .replace(MOMENTS, " ")
    .replace(/\b(?:de la semaine|weeknights?)\b/g, " en semaine ")
    .replace(/[,;.!:()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const count = DAY_COUNT.exec(words);
  if (count !== null) return { value: Number(count[1]), fuzzy: false };
  if (EVERY_DAY.test(words)) return { value: 7, fuzzy: true };
  if (/\d/.test(words)) return null;
  const named = daysNamed(words);
  return named === null ? null : { value: named.value, fuzzy: named.fuzzy };
}

/**
 * The hours per week a reply says as a clock range and the days it holds, or null when it is not just these two
 * (see the file's head), or "none" for a day's times alone for a week ("9 to 5"). `perWeek`: the target counts hours per week; for another hour target the span of a day said
 * with its days is that span, loosely ("every saturday, 9 to 12" is 3 hours, no range of 9 to 12 hours).
 */
export function clockHoursOverDays(text: string, perWeek: boolean): { value: number; certainty: "exact" | "fuzzy" } | "none" | null {
  if (text.length > 200) return null;
  const n = ` ${plain(text).replace(/–/g, "-")} `;
  const span = spanOf(n);
  if (span === null) return null;
  const days = daysOf(span.rest);
  // "9 to 5" alone is a working day's times, no range of 5 to 9 hours: for a week, its days are not said.
  if (days === null && span.descending && !span.marked && span.rest.trim() === "")
    return perWeek ? "none" : { value: span.hours, certainty: "fuzzy" };
  if (days === null || days.value < 1 || days.value > 7) return null;
  if (!perWeek) return { value: span.hours, certainty: "fuzzy" };
  const exact = span.marked && !days.fuzzy;
  return { value: Math.round(span.hours * days.value * 100) / 100, certainty: exact ? "exact" : "fuzzy" };
}
