// [ext of docs/zelinqa-api.md §10.5.4] A duration given by its end, in a reply to the duration's own question: "jusqu'en
// juin", "until the end of March", "till June 15" → the days, weeks or months from the reference day to that day.
// "until June" counts to June's first day, "the end of March" to its last; either way it is a reading, held loosely.
import { END_BOUND, extractDate } from "./date-extractor.js";
import { tokenise } from "./normalise.js";
import { DAYS_IN, timeUnitOf } from "./number-extractor.js";
import type { PhraseResult } from "./phrase-match.js";
import type { TargetWords } from "./target-words.js";

const DAY_MS = 86_400_000;

/** Whole days, weeks or months from `today` (YYYY-MM-DD) to the end said after "jusqu'à"/"until", for such a target. */
export function durationUntil(text: string, today: string, words: TargetWords | undefined): PhraseResult | null {
  const unit = words === undefined ? null : timeUnitOf(words);
  if ((unit !== "day" && unit !== "week" && unit !== "month") || !tokenise(text).some((t) => END_BOUND.has(t))) return null;
  const end = extractDate(text, "date", today)?.value ?? seasonStart(text, today);
  if (typeof end !== "string") return null;
  const days = (Date.parse(end) - Date.parse(today)) / DAY_MS;
  const value = Math.round(days / DAYS_IN[unit]);
  return value >= 1 ? { value, certainty: "fuzzy" } : null;
}

/** [ext] Seasons and feasts by the month and day they start on: "until the summer", "jusqu'au printemps". */
const SEASON_STARTS: Record<string, string> = {
  ete: "06-21",
  summer: "06-21",
  printemps: "03-20",
  spring: "03-20",
  automne: "09-22",
  autumn: "09-22",
  fall: "09-22",
  hiver: "12-21",
  winter: "12-21",
  noel: "12-25",
  christmas: "12-25",
  xmas: "12-25",
};

/** The next start of the season or feast named right after the end word (the article between allowed), or null. */
function seasonStart(text: string, today: string): string | null {
  const tokens = tokenise(text);
  const at = tokens.findIndex((t) => END_BOUND.has(t));
  const named = tokens.slice(at + 1, at + 4).find((t) => SEASON_STARTS[t] !== undefined);
  const monthDay = named === undefined ? undefined : SEASON_STARTS[named];
  if (at < 0 || monthDay === undefined) return null;
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${monthDay}`;
  return thisYear > today ? thisYear : `${year + 1}-${monthDay}`;
}
