// [ext] Days a week or more beyond the coming one, and a weekday counted in a month (docs/zelinqa-understanding.md,
// Dates): "the week after next" (its Monday), "friday after next", "vendredi en huit", "monday week" (British), "lundi
// en quinze", "the weekend after next" (its Saturday); "le premier lundi de janvier", "the first weekend of March",
// "the last friday of the month". Read before the relative expressions of chrono-node, which took "after next" for
// "next" and "en huit" for nothing. All held loosely: a week or a weekday said this way is a little vague.
import { MONTHS_BY_NAME, WEEKDAYS_BY_NAME } from "./named-days.js";

const DAY_MS = 86_400_000;
const asDate = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
/** The next given weekday (0 = Sunday) strictly after a day. */
const comingAfter = (d: Date, weekday: number) => plusDays(d, (weekday - d.getUTCDay() + 7) % 7 || 7);

const WEEKEND = new Set(["weekend", "week-end"]);
const ORDINALS: Record<string, number> = {
  ...{ first: 1, premier: 1, premiere: 1, "1er": 1, "1st": 1, second: 2, deuxieme: 2, "2nd": 2, "2e": 2 },
  ...{ third: 3, troisieme: 3, "3rd": 3, "3e": 3, fourth: 4, quatrieme: 4, "4th": 4, "4e": 4, last: -1, dernier: -1 },
};
const OF = new Set(["of", "de", "d", "du", "in", "en"]);
const THIS_MONTH = new Set(["month", "mois"]);

/** The weekday a token names, the weekend as Saturday. */
function weekdayOf(t: string | undefined): number | undefined {
  if (t === undefined) return undefined;
  if (WEEKEND.has(t)) return 6;
  return WEEKDAYS_BY_NAME.get(t) ?? WEEKDAYS_BY_NAME.get(t.replace(/s$/, ""));
}

/** The n-th weekday of a month of a year (n = -1 the last). */
function nthWeekday(y: number, m: number, weekday: number, n: number): Date {
  if (n < 0) {
    const last = new Date(Date.UTC(y, m, 0));
    return plusDays(last, -((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = new Date(Date.UTC(y, m - 1, 1));
  return plusDays(first, ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
}

/** "le premier lundi de janvier", "the last friday of the month": that day, the next such on or after `today`. */
function weekdayOfMonth(tokens: readonly string[], today: Date): Date | null {
  for (let i = 0; i < tokens.length; i++) {
    const n = ORDINALS[tokens[i] as string];
    const weekday = weekdayOf(tokens[i + 1]);
    if (n === undefined || weekday === undefined) continue;
    let k = i + 2;
    while (OF.has(tokens[k] ?? "") || tokens[k] === "the" || tokens[k] === "this" || tokens[k] === "ce") k++;
    const monthWord = tokens[k];
    const month = monthWord === undefined ? undefined : THIS_MONTH.has(monthWord) ? today.getUTCMonth() + 1 : MONTHS_BY_NAME.get(monthWord);
    if (month === undefined || k === i + 2) continue;
    for (let y = today.getUTCFullYear(); y <= today.getUTCFullYear() + 1; y++) {
      const d = nthWeekday(y, month, weekday, n);
      if (d.getUTCMonth() + 1 === month && d >= today) return d;
    }
  }
  return null;
}

/** The day a reply names a week or more beyond the coming one, or a weekday counted in a month; null when none. */
export function weeksAhead(said: readonly string[], todayIso: string): string | null {
  const today = asDate(todayIso);
  const tokens = ` ${said.join(" ")} `
    .replace(/ week end /g, " weekend ")
    .trim()
    .split(" ");
  const joined = ` ${tokens.join(" ")} `;
  // "the week after next": the Monday that starts it.
  if (/ week after next /.test(joined)) return isoOf(plusDays(comingAfter(today, 1), 7));
  // (s25) British "a week today", "a week tomorrow": that day, seven days on.
  const weekOn = / (?:a|one) week (today|tomorrow) /.exec(joined);
  if (weekOn !== null) return isoOf(plusDays(today, weekOn[1] === "today" ? 7 : 8));
  for (let i = 0; i < tokens.length; i++) {
    const weekday = weekdayOf(tokens[i]);
    if (weekday === undefined) continue;
    const next = tokens.slice(i + 1, i + 3).join(" ");
    // "friday after next", "vendredi en huit", "monday week", "lundi en quinze".
    const weeks =
      next === "after next" ||
      next === "en huit" ||
      (tokens[i + 1] === "week" && !WEEKEND.has(tokens[i] as string)) ||
      // (s25) British "a week on monday": the Monday after the coming one.
      (tokens[i - 1] === "on" && tokens[i - 2] === "week" && (tokens[i - 3] === "a" || tokens[i - 3] === "one"))
        ? 1
        : next === "en quinze"
          ? 2
          : 0;
    if (weeks > 0) return isoOf(plusDays(comingAfter(today, weekday), 7 * weeks));
  }
  const inMonth = weekdayOfMonth(tokens, today);
  return inMonth === null ? null : isoOf(inMonth);
}
