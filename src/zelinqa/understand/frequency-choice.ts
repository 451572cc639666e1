// [ext] Choices of how often ("Every week" / "Every two weeks" / "Once a month", "Quotidien" / "Hebdomadaire"): each
// option's period is read from its label, the reply's from its own words ("une fois par mois", "every fortnight", "tous
// les 15 jours", "twice a week"), and the option with the same period is chosen: exact when equal, loosely when within
// a tenth ("twice a month" for "Every two weeks"). Nothing when two options or none have it. Read before durations, so
// that "twice a month" is no "a month". Rates are read by ordered-scale.ts (one reader of frequencies), which also
// takes the nearest option of a frequency scale when no period is equal or near.
import { tokenise } from "./normalise.js";
import { scanNumbers } from "./number-mentions.js";
import { optionReadings } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { rateOf } from "./ordered-scale.js";

/** The period in days a text states ("every two weeks", "tous les 15 jours", "twice a month", "weekly"), or null. */
function periodOf(tokens: readonly string[]): number | null {
  const rate = rateOf(tokens, true);
  return rate === null || rate <= 0 ? null : 7 / rate;
}

/** The option whose period is the reply's; null unless at least two options state a period and one matches. */
export function frequencyChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const periods = optionReadings(phrases, "period", periodOf).map((o) => ({ value: o.value, days: o.reading }));
  if (periods.length < 2) return null;
  const said = periodOf(tokenise(text));
  if (said === null) return null;
  const equal = periods.filter((o) => o.days === said);
  // [ext] "toutes les 5 semaines à peu près": a count said approximately is held loosely.
  const approximate = () => scanNumbers(text).mentions.some((m) => m.fuzzy);
  if (equal.length === 1) return { value: (equal[0] as { value: unknown }).value, certainty: approximate() ? "fuzzy" : "exact" };
  if (equal.length > 1) return null;
  const near = periods.filter((o) => Math.abs(o.days - said) <= o.days / 10);
  return near.length === 1 ? { value: (near[0] as { value: unknown }).value, certainty: "fuzzy" } : null;
}
