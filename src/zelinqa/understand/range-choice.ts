// [ext] Choices whose labels are numbers or ranges of numbers ("18-25", "26 à 35 ans", "Moins de 500 €", "6+ years",
// "3 or more", "2"): a reply stating one number ("I'm 30", "4 years of experience", "environ 700 €", "deux") gives the
// one option whose range holds it. Exact when the number is said exactly in the label's unit (or the label has none),
// else fuzzy; a bound said ("more than 5 years") gives only the open-ended option that holds all of it.
import { scanNumbers } from "./number-mentions.js";
import type { MentionScan } from "./number-mentions.js";
import { countPeople } from "./people-count.js";
import { optionReadings } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

interface Range {
  readonly low: number;
  readonly high: number;
  readonly unit: UnitClass | null;
  /** The open end was inferred from the other options, the label's symbol being lost. */
  readonly inferred: boolean;
  /** [ext] "More than 15", "moins de 500": the bound itself is outside the range. */
  readonly strict?: boolean;
}
type UnitClass = "year" | "month" | "week" | "day" | "hour" | "money" | "area" | "distance" | "people";

const UNITS: Readonly<Record<string, UnitClass>> = {
  ...Object.fromEntries(["an", "ans", "annee", "annees", "year", "years", "yr", "yrs"].map((w) => [w, "year" as const])),
  ...Object.fromEntries(["mois", "month", "months"].map((w) => [w, "month" as const])),
  ...Object.fromEntries(["semaine", "semaines", "week", "weeks"].map((w) => [w, "week" as const])),
  ...Object.fromEntries(["jour", "jours", "day", "days"].map((w) => [w, "day" as const])),
  ...Object.fromEntries(["h", "heure", "heures", "hour", "hours", "hr", "hrs"].map((w) => [w, "hour" as const])),
  ...Object.fromEntries(["eur", "euro", "euros", "e", "k", "dollars", "usd", "gbp", "pounds"].map((w) => [w, "money" as const])),
  ...Object.fromEntries(["m2", "m²", "metres", "meters", "sqm"].map((w) => [w, "area" as const])),
  ...Object.fromEntries(["km", "kms", "kilometres", "kilometers", "miles", "mi"].map((w) => [w, "distance" as const])),
  ...Object.fromEntries(
    ["personnes", "personne", "people", "persons", "guests", "invites", "adultes", "adults"].map((w) => [w, "people" as const]),
  ),
};

/** The unit class of the first word after the numbers of a label. */
function unitAfter(rest: string): UnitClass | null {
  return UNITS[rest.trim().split(" ")[0] ?? ""] ?? null;
}

const BELOW = new Set(["moins", "less", "under", "below", "jusqu", "max", "maximum", "inferieur", "fewer", "before", "avant"]);
const ABOVE = new Set(["plus", "more", "over", "above", "least", "partir", "des", "minimum", "superieur", "after", "apres", "since"]);
const JOINS = new Set(["a", "to", "and", "et", "au"]);
const STRICT = new Set(["more", "less", "fewer", "over", "above", "under", "below", "plus", "moins", "superieur", "inferieur"]);

/** The numbers of a label's tokens with their positions; "1 000" (a group of 3 digits after a number) is one number. */
function numbersOf(tokens: readonly string[]): { value: number; at: number; end: number }[] {
  const out: { value: number; at: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!/^\d+$/.test(tokens[i] as string)) continue;
    let value = Number(tokens[i]);
    let j = i + 1;
    while (value < 1000 && /^\d{3}$/.test(tokens[j] ?? "")) value = value * 1000 + Number(tokens[j++]);
    out.push({ value, at: i, end: j });
    i = j - 1;
  }
  return out;
}

/**
 * The range a label's words state, or null: "18 25", "de 500 a 1000 eur", "moins de 2 ans", "3 ou plus", "2", "junior 0
 * 2 years". Its symbols are gone ("6+" reads "6"): a lone number is a single value, widened below by `widen`.
 */
function rangeOf(tokens: readonly string[]): Range | null {
  const numbers = numbersOf(tokens);
  if (numbers.length === 0 || numbers.length > 2) return null;
  const first = numbers[0] as (typeof numbers)[number];
  const last = numbers[numbers.length - 1] as (typeof numbers)[number];
  const unit = unitAfter(tokens.slice(last.end).join(" "));
  if (numbers.length === 2) {
    const between = tokens.slice(first.end, last.at);
    if (between.length > 1 || (between.length === 1 && !JOINS.has(between[0] as string)) || last.value <= first.value) return null;
    return { low: first.value, high: last.value, unit, inferred: false };
  }
  const before = tokens.slice(Math.max(0, first.at - 3), first.at);
  const after = tokens.slice(first.end, first.end + 3);
  // "moins de 500", "under 18", "500 ou moins", "2 max": up to; "plus de 1000", "at least 3", "3 ou plus", "6 and over": from.
  const afterBelow = (after.includes("ou") || after.includes("or")) && after.some((t) => t === "moins" || t === "less" || t === "fewer");
  const afterAbove =
    (after.includes("ou") || after.includes("or") || after.includes("et") || after.includes("and")) &&
    after.some((t) => ["plus", "more", "over", "above"].includes(t));
  // [ext] "more than", "less than", "over", "under", "plus de", "moins de" leave the bound out; "at least", "up to",
  // "à partir de", "jusqu'à", "N or more" keep it.
  const strict = before.some((t) => STRICT.has(t)) && !before.includes("least") && !before.includes("most");
  if (before.some((t) => BELOW.has(t)) && !before.includes("plus") && !before.includes("least"))
    return { low: Number.NEGATIVE_INFINITY, high: first.value, unit, inferred: false, strict };
  if (afterBelow || after[0] === "max" || after[0] === "maximum")
    return { low: Number.NEGATIVE_INFINITY, high: first.value, unit, inferred: false };
  if (before.some((t) => ABOVE.has(t)) || afterAbove || after[0] === "minimum" || after[0] === "min")
    return { low: first.value, high: Number.POSITIVE_INFINITY, unit, inferred: false, strict: strict && !afterAbove };
  return { low: first.value, high: first.value, unit, inferred: false };
}

/**
 * "< 500 / 500-1000 / > 1000" read without their symbols ("500", "500 1000", "1000"): beside ranges, a lone number at or
 * below every range is the open low end, one at or above every range the open high end ("Senior (6+ years)"), loosely.
 */
function widen(options: { value: unknown; range: Range }[]): void {
  const spans = options.filter((o) => o.range.low < o.range.high && Number.isFinite(o.range.low) && Number.isFinite(o.range.high));
  if (spans.length === 0) return;
  const lowest = Math.min(...spans.map((o) => o.range.low));
  const highest = Math.max(...spans.map((o) => o.range.high));
  for (const o of options) {
    const r = o.range;
    if (r.low !== r.high) continue;
    if (r.high <= lowest) o.range = { ...r, low: Number.NEGATIVE_INFINITY, inferred: true };
    else if (r.low >= highest) o.range = { ...r, high: Number.POSITIVE_INFINITY, inferred: true };
  }
}

/** Whether a range holds a value, its strict bound left out. */
function holds(range: Range, value: number): boolean {
  const above = range.strict === true && Number.isFinite(range.low) ? range.low < value : range.low <= value;
  const below = range.strict === true && Number.isFinite(range.high) ? value < range.high : value <= range.high;
  return above && below;
}

/**
 * [ext] Ranges of people ("2 to 5 people", "More than 15 people") to a reply counting them without one plain number
 * ("20 of us", "me and my business partner", "ma femme et moi"): the people counted, as people-count.ts reads them.
 */
function peopleChoice(all: readonly { value: unknown; range: Range }[], scan: MentionScan): PhraseResult | null {
  if (!all.some((o) => o.range.unit === "people")) return null;
  const people = countPeople(scan.tokens, scan.mentions);
  if (people === null) return null;
  const holding = all.filter((o) => holds(o.range, people.value));
  return holding.length === 1 ? { value: (holding[0] as { value: unknown }).value, certainty: people.fuzzy ? "fuzzy" : "exact" } : null;
}

/** The option whose range holds the one number the reply states, "shared" when several do, else null. */
function rangeReading(text: string, phrases: readonly Phrase[]): PhraseResult | "shared" | null {
  const all = optionReadings(phrases, "range", rangeOf, true).map((o) => ({ value: o.value, range: o.reading }));
  if (all.length < 2) return null;
  const scan = scanNumbers(text);
  const counted = peopleChoice(all, scan);
  if (counted !== null) return counted;
  const numbers = scan.mentions.filter((m) => m.per === null && m.period === null);
  // "1 an": the article read as "one" beside the number it belongs to.
  const mentions = numbers.filter((m) => !m.article || !/^\d/.test(m.before.at(-1) ?? ""));
  if (mentions.length !== 1) return null;
  const m = mentions[0] as (typeof mentions)[number];
  const said = m.unit === null ? (m.currency ? "money" : null) : (UNITS[m.unit] ?? null);
  widen(all);
  const units = new Set(all.map((o) => o.range.unit).filter((u) => u !== null));
  // "3 kids" to ranges of years: another thing counted.
  if (units.size > 0 && (said === null ? m.unit !== null : !units.has(said))) return null;
  // "since 2019" to ranges of a few years: a number far beyond every bound is something else.
  const finite = all.flatMap((o) => [o.range.low, o.range.high]).filter((n) => Number.isFinite(n));
  if (finite.length === 0 || m.value > 10 * Math.max(...finite, 1)) return null;
  const holding = all.filter(({ range }) =>
    m.bound === "lower"
      ? range.high === Number.POSITIVE_INFINITY && range.low <= m.value
      : m.bound === "upper"
        ? range.low === Number.NEGATIVE_INFINITY && range.high >= m.value
        : holds(range, m.value),
  );
  if (holding.length !== 1) return holding.length === 0 ? null : "shared";
  const chosen = holding[0] as (typeof holding)[number];
  // Exact only in the labels' own unit, or without a unit on either side ("2 ans" to amounts whose "€" was lost is loose).
  const sameUnit = units.size === 0 ? m.unit === null && !m.currency : said !== null;
  const exact = !m.fuzzy && m.bound === null && !chosen.range.inferred && sameUnit;
  return { value: chosen.value, certainty: exact ? "exact" : "fuzzy" };
}

/** The option whose stated range holds the one number the reply states; null unless exactly one does. */
export function rangeChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const read = rangeReading(text, phrases);
  return read === "shared" ? null : read;
}

/**
 * [ext] A label read exactly from its words ("5 ans" inside "Plus de 5 ans") when the options are ranges: the range
 * holding the number said wins ("2 à 5 ans" holds 5, "Plus de 5 ans" leaves it out); a number on the shared bound of
 * two ranges ("Up to 5" / "5-10") is held loosely.
 */
export function rangeOverLabel(text: string, phrases: readonly Phrase[], choice: PhraseResult | null): PhraseResult | null {
  if (choice === null || choice.certainty !== "exact" || !/\d/.test(text)) return choice;
  const read = rangeReading(text, phrases);
  if (read === null) return choice;
  if (read === "shared") return { ...choice, certainty: "fuzzy" };
  return JSON.stringify(read.value) === JSON.stringify(choice.value) ? choice : read;
}
