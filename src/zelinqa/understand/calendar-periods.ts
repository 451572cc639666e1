// [ext] Dates said as a period of the calendar rather than a day (docs/zelinqa-understanding.md, Dates): a season whose
// occurrence is named ("last summer", "l'été dernier", "le printemps prochain", "cet hiver"), the last week or month ("le
// mois dernier", "last week"), a part of today ("this morning", "ce soir") and "a couple of weeks ago". Each gives the day
// a careful recorder writes for it (a period's first day, a season's middle month), held loosely; a part of today is today.

/** A day read from a period, and whether it is held loosely. */
export interface PeriodDay {
  readonly iso: string;
  readonly fuzzy: boolean;
  /** A season's middle month, which a month said with it narrows ("cet été, en août"). */
  readonly season?: true;
}

/** A season by its middle month: the day recorded for "in spring" is the 1st of April (its middle month). */
const SEASON_MID: Readonly<Record<string, number>> = {
  printemps: 4,
  spring: 4,
  ete: 7,
  summer: 7,
  automne: 10,
  autumn: 10,
  fall: 10,
  hiver: 1,
  winter: 1,
};
/** Words that make a season word the season ("l'été", "en été", "cet hiver", "in the fall"), not "été" (been) or "fall". */
const SEASON_INTRO = new Set(["au", "en", "l", "cet", "ce", "cette", "this", "last", "next", "the", "in", "during", "pendant"]);
/** "été" is also "been" ("j'ai été malade") and "fall" a verb: they need a narrower introduction. */
const NARROW_INTRO: Readonly<Record<string, ReadonlySet<string>>> = {
  ete: new Set(["l", "cet", "en"]),
  fall: new Set(["the", "last", "next", "this"]),
};
const LAST_AFTER = new Set(["dernier", "derniere", "passe", "passee"]);
const NEXT_AFTER = new Set(["prochain", "prochaine"]);
const THIS_BEFORE = new Set(["cet", "ce", "cette", "this"]);

const pad = (n: number) => String(n).padStart(2, "0");
const firstOf = (year: number, month: number) => `${year}-${pad(month)}-01`;

function directionAt(tokens: readonly string[], i: number): "last" | "next" | "this" | undefined {
  const before = tokens[i - 1] ?? "";
  const after = tokens[i + 1] ?? "";
  if (before === "last" || LAST_AFTER.has(after)) return "last";
  if (before === "next" || NEXT_AFTER.has(after)) return "next";
  return THIS_BEFORE.has(before) ? "this" : undefined;
}

/**
 * The 1st of a season's middle month: the occurrence under way when today is in the season, else the last one before
 * today ("last", or "this" for a date asked as past) or the next one after it.
 */
function seasonDay(mid: number, direction: "last" | "next" | "this", today: string, past: boolean): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  // The season spans its middle month and the months either side (winter: December to February).
  const offset = (((m - mid + 12) % 12) + 12) % 12;
  const under = offset === 0 || offset === 1 || offset === 11;
  const yearOfMid = (year: number) => (offset === 11 && mid === 1 ? year + 1 : year);
  if (under) {
    const current = yearOfMid(y);
    const shift = direction === "last" ? -1 : direction === "next" ? 1 : 0;
    return firstOf(current + shift, mid);
  }
  const lastYear = mid < m ? y : y - 1;
  // "cet été" said in December: the one just past for a date asked as past, else the one to come.
  return firstOf(direction === "last" || (direction === "this" && past) ? lastYear : lastYear + 1, mid);
}

function seasons(tokens: readonly string[], today: string, past: boolean, out: PeriodDay[]): void {
  tokens.forEach((t, i) => {
    const mid = SEASON_MID[t];
    if (mid === undefined) return;
    const intro = NARROW_INTRO[t] ?? SEASON_INTRO;
    const introduced = intro.has(tokens[i - 1] ?? "") || LAST_AFTER.has(tokens[i + 1] ?? "") || NEXT_AFTER.has(tokens[i + 1] ?? "");
    // A season alone ("au printemps", "since the summer") leaves which one, and when in it, open: no day. Only a named
    // occurrence ("last summer", "l'été dernier", "cet hiver", "next spring") gives one.
    // [ext] "spring 2027", "au printemps 2025": the year names the occurrence (a winter by its January).
    const year = /^\d{4}$/.test(tokens[i + 1] ?? "") ? Number(tokens[i + 1]) : yearNamed(tokens, i + 1, today);
    if (year !== null && year >= 1900 && year <= 2100) {
      out.push({ iso: firstOf(year, mid), fuzzy: true, season: true });
      return;
    }
    const direction = directionAt(tokens, i);
    if (!introduced || direction === undefined) return;
    out.push({ iso: seasonDay(mid, direction, today, past), fuzzy: true, season: true });
  });
}

const NEXT_YEAR = [
  ["next", "year"],
  ["l", "an", "prochain"],
  ["l", "annee", "prochaine"],
  ["an", "prochain"],
  ["annee", "prochaine"],
];
const LAST_YEAR = [
  ["last", "year"],
  ["l", "an", "dernier"],
  ["l", "annee", "derniere"],
  ["an", "dernier"],
  ["annee", "derniere"],
];
/** (s24) "march this year", "l'été de cette année": the current year, named. */
const THIS_YEAR = [
  ["this", "year"],
  ["cette", "annee"],
  ["l", "annee", "en", "cours"],
];
/**
 * [ext] "summer next year", "l'été de l'an prochain", (s24) "march this year", "mars de l'année dernière": the year
 * named after a season or a month, or null.
 */
export function yearNamed(tokens: readonly string[], at: number, today: string): number | null {
  const y = Number(today.slice(0, 4));
  const from = tokens[at] === "de" || tokens[at] === "of" ? at + 1 : at;
  const said = (seqs: readonly (readonly string[])[]) => seqs.some((seq) => seq.every((w, j) => tokens[from + j] === w));
  return said(NEXT_YEAR) ? y + 1 : said(LAST_YEAR) ? y - 1 : said(THIS_YEAR) ? y : null;
}

const YEAR_INTRO = new Set([
  ...["in", "en", "since", "depuis", "like", "around", "about", "circa", "vers", "environ", "year", "annee", "think", "maybe"],
  ...["peut", "etre", "probably", "probablement", "dans", "during", "pendant", "back", "from", "des", "was", "c", "est"],
  // (s26) A year concluded from what was said before it: "in the army, so 1985", "avant les enfants, donc 2010".
  ...["so", "donc", "alors"],
]);

/**
 * [ext] A year said alone ("in 2019", "en 2024", "like 2010", "2019"): its first day, loosely, when nothing narrower
 * was said; for a date asked as already past, never a year to come, and for one to come, never a year gone.
 */
export function yearAlone(tokens: readonly string[], today: string, past: boolean): PeriodDay | null {
  const y = Number(today.slice(0, 4));
  const at = tokens.map((t, i) => (/^(?:19|20)\d{2}$/.test(t) ? i : -1)).filter((i) => i >= 0);
  const years = new Set(at.map((i) => Number(tokens[i])));
  // "rentrée 2027", "Easter 2025": the year of a named time is not its first day.
  if (years.size !== 1 || at.some((i) => i > 0 && !YEAR_INTRO.has(tokens[i - 1] as string))) return null;
  const year = [...years][0] as number;
  if (past ? year > y : year < y) return null;
  return { iso: firstOf(year, 1), fuzzy: true };
}

// "last year" gives none: a year is too wide for a day (the sixth round's expectation; the ninth's differs). A year
// said alone is its first day, loosely (yearAlone: the seventh, eighth and ninth rounds' convention).
const LAST_PERIOD: readonly [RegExp, "week" | "weekBefore" | "month"][] = [
  [/ (?:last week|la semaine derniere|la semaine passee) /, "week"],
  // (s25) "the week before last", "la semaine d'avant" (before the last one): the Monday two weeks back.
  [/ (?:week before last|semaine avant la derniere|semaine d avant la derniere|avant derniere semaine) /, "weekBefore"],
  [/ (?:last month|le mois dernier|le mois passe) /, "month"],
];

/** "le mois dernier", "last week": the first day of that period (a week starts on Monday). */
function lastPeriods(joined: string, today: string, out: PeriodDay[]): void {
  const [y, m] = today.split("-").map(Number) as [number, number];
  for (const [re, period] of LAST_PERIOD) {
    if (!re.test(joined)) continue;
    if (period === "month") out.push({ iso: m === 1 ? firstOf(y - 1, 12) : firstOf(y, m - 1), fuzzy: true });
    else {
      const d = new Date(`${today}T00:00:00.000Z`);
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - (period === "week" ? 7 : 14));
      out.push({ iso: d.toISOString().slice(0, 10), fuzzy: true });
    }
  }
}

/** A part of today: "this morning", "ce soir", "earlier today". */
const TODAY_PARTS =
  / (?:this morning|this afternoon|this evening|tonight|earlier today|ce matin|cet apres midi|ce soir|ce midi|cette nuit) /;

/** "a couple of weeks ago", "a couple days ago": two of the unit back, loosely (a couple is about two). */
const COUPLE_AGO = / a couple (?:of )?(day|week|month|year)s? ago /;

function coupleAgo(joined: string, today: string, out: PeriodDay[]): void {
  const m = COUPLE_AGO.exec(joined);
  if (m === null) return;
  const d = new Date(`${today}T00:00:00.000Z`);
  const unit = m[1];
  if (unit === "day") d.setUTCDate(d.getUTCDate() - 2);
  else if (unit === "week") d.setUTCDate(d.getUTCDate() - 14);
  else if (unit === "month") d.setUTCMonth(d.getUTCMonth() - 2);
  else d.setUTCFullYear(d.getUTCFullYear() - 2);
  out.push({ iso: d.toISOString().slice(0, 10), fuzzy: true });
}

/**
 * The days the periods of a reply name (normalised tokens), for a reply to the date's own question; `past`: the date is
 * asked as already past.
 */
export function periodDays(tokens: readonly string[], today: string, past: boolean): PeriodDay[] {
  const out: PeriodDay[] = [];
  const joined = ` ${tokens.join(" ")} `;
  seasons(tokens, today, past, out);
  lastPeriods(joined, today, out);
  if (TODAY_PARTS.test(joined)) out.push({ iso: today, fuzzy: false });
  coupleAgo(joined, today, out);
  return out;
}
