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
  const end = extractDate(text, "date", today);
  if (end === null || typeof end.value !== "string") return null;
  const days = (Date.parse(end.value) - Date.parse(today)) / DAY_MS;
  const value = Math.round(days / DAYS_IN[unit]);
  return value >= 1 ? { value, certainty: "fuzzy" } : null;
}
