// [ext] Choices of how often ("Every week" / "Every two weeks" / "Once a month", "Quotidien" / "Hebdomadaire"): each
// option's period is read from its label, the reply's from its own words ("une fois par mois", "every fortnight", "tous
// les 15 jours", "twice a week"), and the option with the same period is chosen: exact when equal, loosely when within
// a tenth ("twice a month" for "Every two weeks"). Nothing when two options or none have it.
import { tokenise } from "./normalise.js";
import { optionReadings } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

const UNIT_DAYS: Readonly<Record<string, number>> = {
  jour: 1,
  jours: 1,
  day: 1,
  days: 1,
  semaine: 7,
  semaines: 7,
  week: 7,
  weeks: 7,
  quinzaine: 14,
  fortnight: 14,
  mois: 30,
  month: 30,
  months: 30,
  trimestre: 90,
  trimestres: 90,
  quarter: 90,
  semestre: 182,
  an: 365,
  ans: 365,
  annee: 365,
  annees: 365,
  year: 365,
  years: 365,
};
/** Words of one period: "weekly", "mensuel", "fortnightly". */
const PERIOD_WORDS: Readonly<Record<string, number>> = {
  daily: 1,
  quotidien: 1,
  quotidienne: 1,
  weekly: 7,
  hebdomadaire: 7,
  hebdo: 7,
  fortnightly: 14,
  monthly: 30,
  mensuel: 30,
  mensuelle: 30,
  quarterly: 90,
  trimestriel: 90,
  trimestrielle: 90,
  semestriel: 182,
  semestrielle: 182,
  yearly: 365,
  annually: 365,
  annual: 365,
  annuel: 365,
  annuelle: 365,
};
const COUNTS: Readonly<Record<string, number>> = {
  once: 1,
  one: 1,
  une: 1,
  un: 1,
  twice: 2,
  two: 2,
  deux: 2,
  thrice: 3,
  three: 3,
  trois: 3,
  four: 4,
  quatre: 4,
  five: 5,
  cinq: 5,
  six: 6,
  quinze: 15,
  fifteen: 15,
};
const count = (t: string | undefined) => (t === undefined ? null : /^\d+$/.test(t) ? Number(t) : (COUNTS[t] ?? null));
const EVERY = new Set(["every", "each", "tous", "toutes", "chaque"]);
const PER = new Set(["par", "per", "a", "an", "each", "every"]);

/** The period in days a text states, or null: "every two weeks", "tous les 15 jours", "twice a month", "weekly". */
function periodOf(tokens: readonly string[]): number | null {
  const found = new Set<number>();
  tokens.forEach((t, i) => {
    if (PERIOD_WORDS[t] !== undefined) found.add(PERIOD_WORDS[t]);
    // "every week", "every two weeks", "tous les 15 jours", "toutes les deux semaines", "chaque mois".
    if (EVERY.has(t)) {
      let j = i + 1;
      if (tokens[j] === "les" || tokens[j] === "the") j++;
      const n = count(tokens[j]) ?? (tokens[j] === "other" ? 2 : null);
      const unit = UNIT_DAYS[tokens[n === null ? j : j + 1] ?? ""];
      // "tous les quinze jours" is every two weeks.
      if (unit !== undefined) found.add(unit === 1 && n === 15 ? 14 : unit * (n ?? 1));
    }
    // "once a month", "twice a week", "deux fois par mois", "3 times per year".
    const n = count(t);
    if (n !== null) {
      let j = i + 1;
      if (tokens[j] === "fois" || tokens[j] === "times") j++;
      else if (t !== "once" && t !== "twice" && t !== "thrice") return;
      const unit = PER.has(tokens[j] ?? "") ? UNIT_DAYS[tokens[j + 1] ?? ""] : undefined;
      if (unit !== undefined) found.add(unit / n);
    }
  });
  return found.size === 1 ? ([...found][0] as number) : null;
}

/** The option whose period is the reply's; null unless at least two options state a period and one matches. */
export function frequencyChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const periods = optionReadings(phrases, "period", periodOf).map((o) => ({ value: o.value, days: o.reading }));
  if (periods.length < 2) return null;
  const said = periodOf(tokenise(text));
  if (said === null) return null;
  const equal = periods.filter((o) => o.days === said);
  if (equal.length === 1) return { value: (equal[0] as { value: unknown }).value, certainty: "exact" };
  if (equal.length > 1) return null;
  const near = periods.filter((o) => Math.abs(o.days - said) <= o.days / 10);
  return near.length === 1 ? { value: (near[0] as { value: unknown }).value, certainty: "fuzzy" } : null;
}
