// Holidays and named days for date targets (docs/zelinqa-understanding.md, Dates) [ext]: "Noël", "valentine's day",
// "Pâques" (computed), "Thanksgiving", "après les fêtes", "after the christmas holidays", "fin d'année". A named day is
// its next occurrence on or after the reference day, exact; "après/after" gives the day after, "avant/before" the day
// before and "by/pour" the day itself as a deadline, all fuzzy. A holiday *period* ("les vacances de février", "christmas break") is no day:
// only "après/after" it gives one (the return), fuzzy; "pendant" or the period alone gives none, and its month name is
// not read as that month ("vacances de février" is not "février").

export interface NamedDayReading {
  /** Dates read, each with its certainty. */
  readonly found: { iso: string; fuzzy: boolean }[];
  /** The tokens with every holiday phrase blanked out, for the other date rules. */
  readonly rest: string[];
}

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const iso = (d: Date) => d.toISOString().slice(0, 10);
const plus = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** Easter Sunday of a Gregorian year (Meeus/Jones/Butcher). */
export function easter(y: number): Date {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return day(y, month, ((h + l - 7 * m + 114) % 31) + 1);
}

/** The n-th given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(y: number, m: number, weekday: number, n: number): Date {
  if (n < 0) {
    const last = day(y, m + 1, 0);
    return plus(last, -((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = day(y, m, 1);
  return plus(first, ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
}

/** The first Monday after a day (French schools go back on it after the Christmas and All Saints holidays). */
const mondayAfter = (d: Date) => plus(d, ((1 - d.getUTCDay() + 7) % 7) + (d.getUTCDay() === 1 ? 7 : 0));
/** The last Saturday on or before a day (the French Christmas school holidays start on it, on or before the 23rd). */
const saturdayOnOrBefore = (d: Date) => plus(d, -((d.getUTCDay() + 1) % 7));

interface Named {
  readonly phrases: readonly string[];
  /** The day in a year. */
  readonly on?: (y: number) => Date;
  /** A period: the day people mean by "before" (its start) and "after" it (the return), in a year; null: none. */
  readonly before?: (y: number) => Date | null;
  readonly after?: (y: number) => Date | null;
  /** Said of a season that depends on when it is said ("the holidays"): read only within about two months. */
  readonly near?: boolean;
  /** Already vague by itself ("in the new year"). */
  readonly fuzzy?: boolean;
  /** Next year's, not the next one ("fin de l'année prochaine"). */
  readonly yearAhead?: boolean;
}

const fixed = (m: number, d: number) => (y: number) => day(y, m, d);
const christmasSchoolEnd = (y: number) => mondayAfter(day(y, 1, 1));
const christmasSchoolStart = (y: number) => saturdayOnOrBefore(day(y, 12, 23));

// Longer phrases first: "new year s eve" before "new year", "vacances de noel" before "noel".
const NAMED: readonly Named[] = [
  {
    phrases: ["vacances de noel", "conges de noel", "christmas holidays", "christmas holiday", "christmas break", "christmas vacation"],
    before: christmasSchoolStart,
    after: christmasSchoolEnd,
  },
  { phrases: ["vacances de la toussaint", "vacances de toussaint", "conges de la toussaint"], after: (y) => mondayAfter(day(y, 11, 1)) },
  {
    phrases: [
      "vacances d hiver",
      "vacances de fevrier",
      "conges de fevrier",
      "winter break",
      "winter holidays",
      "february half term",
      "february break",
    ],
    after: fixed(3, 1),
  },
  { phrases: ["vacances de printemps", "vacances de paques", "easter holidays", "easter break", "spring break"] },
  {
    phrases: ["grandes vacances", "vacances d ete", "conges d ete", "summer holidays", "summer holiday", "summer break", "summer vacation"],
    after: fixed(9, 1),
  },
  {
    phrases: ["fetes de fin d annee", "fetes de fin annee", "fetes", "holiday season", "festive season", "temps des fetes"],
    before: fixed(12, 24),
    after: fixed(1, 2),
  },
  // Unqualified, "the holidays" / "les vacances" are the next ones: the Christmas ones only when they are near.
  { phrases: ["holidays", "vacances", "conges"], before: christmasSchoolStart, after: christmasSchoolEnd, near: true },
  { phrases: ["rentree de janvier"], on: christmasSchoolEnd, fuzzy: true },
  { phrases: ["rentree de septembre", "rentree scolaire", "back to school"], on: fixed(9, 1), fuzzy: true },
  { phrases: ["christmas eve", "veille de noel", "reveillon de noel", "soir de noel", "nuit de noel"], on: fixed(12, 24) },
  { phrases: ["boxing day", "lendemain de noel"], on: fixed(12, 26) },
  {
    phrases: ["new year s eve", "new years eve", "new year eve", "saint sylvestre", "st sylvestre", "reveillon du nouvel an", "nye"],
    on: fixed(12, 31),
  },
  { phrases: ["reveillon"], on: fixed(12, 31) },
  {
    phrases: ["new year s day", "new years day", "new year day", "nouvel an", "jour de l an", "premier de l an", "1er de l an"],
    on: fixed(1, 1),
  },
  { phrases: ["new year s", "new years"], on: fixed(1, 1) },
  // (s24) "after new year", "around new year": said without "the" or the "s", the holiday too.
  { phrases: ["the new year", "nouvelle annee", "new year"], on: fixed(1, 1), fuzzy: true },
  { phrases: ["christmas day", "jour de noel", "christmas", "xmas", "x mas", "noel"], on: fixed(12, 25) },
  {
    phrases: [
      "valentine s day",
      "valentines day",
      "valentine day",
      "saint valentin",
      "st valentin",
      "valentine s",
      "valentines",
      "valentine",
    ],
    on: fixed(2, 14),
  },
  { phrases: ["halloween"], on: fixed(10, 31) },
  { phrases: ["toussaint", "all saints day", "all saints"], on: fixed(11, 1) },
  { phrases: ["bastille day", "fete nationale"], on: fixed(7, 14) },
  { phrases: ["fete du travail", "fete du muguet", "may day"], on: fixed(5, 1) },
  { phrases: ["armistice", "veterans day", "remembrance day"], on: fixed(11, 11) },
  { phrases: ["fete de la musique"], on: fixed(6, 21) },
  { phrases: ["saint patrick", "st patrick s day", "st patrick s", "st patricks day", "st patrick"], on: fixed(3, 17) },
  { phrases: ["independence day", "fourth of july"], on: fixed(7, 4) },
  { phrases: ["epiphanie", "epiphany", "fete des rois"], on: fixed(1, 6) },
  { phrases: ["lundi de paques", "easter monday"], on: (y) => plus(easter(y), 1) },
  { phrases: ["vendredi saint", "good friday"], on: (y) => plus(easter(y), -2) },
  { phrases: ["dimanche de paques", "easter sunday", "easter day", "paques", "easter"], on: easter },
  { phrases: ["jeudi de l ascension", "ascension day", "ascension"], on: (y) => plus(easter(y), 39) },
  { phrases: ["lundi de pentecote", "whit monday"], on: (y) => plus(easter(y), 50) },
  { phrases: ["pentecote", "pentecost", "whitsun", "whit sunday"], on: (y) => plus(easter(y), 49) },
  { phrases: ["mardi gras", "shrove tuesday"], on: (y) => plus(easter(y), -47) },
  { phrases: ["thanksgiving"], on: (y) => nthWeekday(y, 11, 4, 4) },
  { phrases: ["black friday"], on: (y) => plus(nthWeekday(y, 11, 4, 4), 1) },
  { phrases: ["memorial day"], on: (y) => nthWeekday(y, 5, 1, -1) },
  { phrases: ["labor day"], on: (y) => nthWeekday(y, 9, 1, 1) },
  // "fin d'année", "end of the year": its last day, held loosely, as "fin janvier" is January's.
  {
    phrases: ["fin de l annee prochaine", "fin d annee prochaine", "end of next year"],
    on: (y) => day(y, 12, 31),
    fuzzy: true,
    yearAhead: true,
  },
  {
    phrases: ["fin de l annee", "fin d annee", "end of the year", "end of this year", "end of year", "year end"],
    on: (y) => day(y, 12, 31),
    fuzzy: true,
  },
  {
    phrases: ["debut de l annee prochaine", "debut d annee prochaine", "beginning of next year", "start of next year", "early next year"],
    on: fixed(1, 1),
    fuzzy: true,
  },
];

/** The phrases by their first word, longest first: a reply's words are looked up, not every phrase tried at each. */
const ENTRIES = new Map<string, { words: string[]; named: Named }[]>();
for (const named of NAMED)
  for (const p of named.phrases) {
    const words = p.split(" ");
    const list = ENTRIES.get(words[0] as string) ?? [];
    list.push({ words, named });
    list.sort((a, b) => b.words.length - a.words.length);
    ENTRIES.set(words[0] as string, list);
  }

const AFTER = new Set(["apres", "after", "post", "retour", "back", "rentree"]);
const BEFORE = new Set(["avant", "before", "by", "pour", "for", "ici", "jusqu", "until", "till", "til"]);
const DURING = new Set(["pendant", "during", "durant", "over", "throughout", "sur"]);
const SKIPPED = new Set([
  "le",
  "la",
  "les",
  "l",
  "the",
  "de",
  "des",
  "du",
  "d",
  "a",
  "au",
  "aux",
  "from",
  "of",
  "just",
  "juste",
  "right",
  "only",
  "peu",
  "bien",
  "une",
  "fois",
  "nos",
  "mes",
  "our",
  "my",
]);
// "le père Noël", "christmas party", "le repas de Noël": the holiday names another thing, not a day.
const NOT_THE_DAY_BEFORE = new Set([
  "pere",
  "cadeau",
  "cadeaux",
  "repas",
  "marche",
  "sapin",
  "fete",
  "diner",
  "soiree",
  "carte",
  "chanson",
  "film",
  "oeuf",
  "oeufs",
]);
const NOT_THE_DAY_AFTER = new Set([
  "party",
  "parties",
  "present",
  "presents",
  "gift",
  "gifts",
  "tree",
  "dinner",
  "lunch",
  "market",
  "card",
  "cards",
  "shopping",
  "sale",
  "sales",
  "song",
  "movie",
  "film",
  "egg",
  "eggs",
  "bonus",
  "rush",
  "lights",
  "jumper",
  "sweater",
]);

/** The nearest of a few years' readings on or after the reference day. */
function nextOf(at: (y: number) => Date | null, today: string): Date | null {
  const y = Number(today.slice(0, 4));
  for (const year of [y - 1, y, y + 1]) {
    const d = at(year);
    if (d !== null && iso(d) >= today) return d;
  }
  return null;
}

/** [ext] (s25) For a date asked as already past ("à la toussaint", "at new year"): the latest reading on or before today. */
function lastOf(at: (y: number) => Date | null, today: string): Date | null {
  const y = Number(today.slice(0, 4));
  for (const year of [y + 1, y, y - 1]) {
    const d = at(year);
    if (d !== null && iso(d) <= today) return d;
  }
  return null;
}

const matchAt = (tokens: readonly string[], i: number, words: readonly string[]) => words.every((w, k) => tokens[i + k] === w);

/** The modifier before a phrase: "après", "avant", "pendant", or none. */
function modifierBefore(tokens: readonly string[], i: number): "after" | "before" | "during" | null {
  for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
    const t = tokens[k] as string;
    if (AFTER.has(t)) return "after";
    if (BEFORE.has(t)) return "before";
    if (DURING.has(t)) return "during";
    if (!SKIPPED.has(t)) return null;
  }
  return null;
}

/** The word of the modifier before a phrase (see modifierBefore), or "". */
function modifierWord(tokens: readonly string[], i: number): string {
  for (let k = i - 1; k >= 0 && k >= i - 4; k--) if (!SKIPPED.has(tokens[k] as string)) return tokens[k] as string;
  return "";
}

/**
 * "before christmas", "avant Noël": by the day before it (a deadline word like "by"/"pour" keeps the day itself; "avant
 * la fin de l'année", a vague end, keeps its last day).
 */
const STRICTLY_BEFORE = new Set(["avant", "before"]);

/**
 * Holidays and named days in the tokens (see the file's head). [ext] (s25) `past`: the date is asked as already past, so
 * a named day is its last occurrence on or before today, held loosely (a feast recalled dates an event roughly).
 */
export function namedDays(tokens: readonly string[], today: string, past = false): NamedDayReading {
  const found: { iso: string; fuzzy: boolean }[] = [];
  const rest = [...tokens];
  for (let i = 0; i < rest.length; i++) {
    // A month named after "vacances de" / before "holidays" names the period, not the month ("vacances d'avril").
    const monthPeriod = monthHolidays(rest, i);
    const hit = ENTRIES.get(rest[i] as string)?.find((e) => e.words.length > monthPeriod && matchAt(rest, i, e.words));
    if (hit === undefined && monthPeriod === 0) continue;
    const length = hit?.words.length ?? monthPeriod;
    const modifier = modifierBefore(rest, i);
    const beforeWord = rest[i - 1] === "de" || rest[i - 1] === "du" ? rest[i - 2] : rest[i - 1];
    const afterWord = rest[i + length];
    for (let k = i; k < i + length; k++) rest[k] = "";
    if (hit === undefined) {
      if (modifier === "after") {
        const month = monthAfterHolidays(tokens, i, length);
        if (month !== null) found.push({ iso: month(today), fuzzy: true });
      }
      continue;
    }
    const n = hit.named;
    if (NOT_THE_DAY_BEFORE.has(beforeWord ?? "") || NOT_THE_DAY_AFTER.has(afterWord ?? "")) continue;
    let d: Date | null = null;
    let fuzzy = n.fuzzy === true || modifier !== null;
    if (n.on !== undefined) {
      const on = n.on;
      const shift =
        modifier === "after" ? 1 : modifier === "before" && n.fuzzy !== true && STRICTLY_BEFORE.has(modifierWord(rest, i)) ? -1 : 0;
      const occurrence = past ? lastOf : nextOf;
      // [ext] (s25) "Noël 2019", "easter 2027": the year said after the day is its occurrence's.
      const year = /^(?:19|20)\d{2}$/.test(afterWord ?? "") ? Number(afterWord) : null;
      d =
        year !== null
          ? plus(on(year), shift)
          : n.yearAhead === true
            ? plus(on(Number(today.slice(0, 4)) + 1), shift)
            : occurrence((y) => plus(on(y), shift), today);
      fuzzy ||= past;
    } else if (modifier === "after" && n.after) d = nextOf(n.after, today);
    else if (modifier === "before" && n.before) d = nextOf(n.before, today);
    fuzzy ||= n.on === undefined;
    if (d === null) continue;
    const value = iso(d);
    // "the holidays", "les vacances": the Christmas ones only when they are near.
    if (n.near === true && (Date.parse(value) - Date.parse(today)) / 86_400_000 > 62) continue;
    found.push({ iso: value, fuzzy });
  }
  return { found, rest };
}

/** Weekday names, French and English, normalised, with their number (0 Sunday), as date-extractor.ts and time-of-day.ts read them. */
export const WEEKDAYS_BY_NAME: ReadonlyMap<string, number> = new Map<string, number>(
  Object.entries({
    dimanche: 0,
    lundi: 1,
    mardi: 2,
    mercredi: 3,
    jeudi: 4,
    vendredi: 5,
    samedi: 6,
    sunday: 0,
    monday: 1,
    tuesday: 2,
    wednesday: 3,
    thursday: 4,
    friday: 5,
    saturday: 6,
  }),
);

/** Month names, French and English, normalised (date-extractor.ts reads them too). */
export const MONTHS_BY_NAME: ReadonlyMap<string, number> = new Map<string, number>(
  Object.entries({
    janvier: 1,
    fevrier: 2,
    mars: 3,
    avril: 4,
    mai: 5,
    juin: 6,
    juillet: 7,
    aout: 8,
    septembre: 9,
    octobre: 10,
    novembre: 11,
    decembre: 12,
    january: 1,
    february: 2,
    march: 3,
    april: 4,
    may: 5,
    june: 6,
    july: 7,
    august: 8,
    september: 9,
    october: 10,
    november: 11,
    december: 12,
  }),
);
const HOLIDAY_NOUNS = new Set(["vacances", "conges"]);
const HOLIDAY_NOUNS_AFTER = new Set(["holidays", "holiday", "break", "vacation", "half"]);

/** The length of "vacances de mai" / "vacances du mois d'avril" / "april holidays" starting at i, else 0. */
function monthHolidays(tokens: readonly string[], i: number): number {
  if (HOLIDAY_NOUNS.has(tokens[i] as string)) {
    let k = i + 1;
    while (["de", "d", "du", "mois"].includes(tokens[k] as string)) k++;
    return k > i + 1 && MONTHS_BY_NAME.has(tokens[k] as string) ? k - i + 1 : 0;
  }
  return MONTHS_BY_NAME.has(tokens[i] as string) && HOLIDAY_NOUNS_AFTER.has(tokens[i + 1] as string) ? 2 : 0;
}

/** After a month's holidays: the first of the next month, the only day a recorder could write (fuzzy). */
function monthAfterHolidays(tokens: readonly string[], i: number, length: number): ((today: string) => string) | null {
  const month = tokens
    .slice(i, i + length)
    .map((t) => MONTHS_BY_NAME.get(t))
    .find((m) => m !== undefined);
  if (month === undefined) return null;
  return (today) => {
    const next = (month % 12) + 1;
    const d = nextOf((y) => day(y, next, 1), today);
    return d === null ? "invalid" : iso(d);
  };
}

/** [ext] Short names of the days, French and English, with the day they name. */
export const DAY_ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  lun: ["lundi", "monday"],
  mar: ["mardi", "tuesday"],
  mer: ["mercredi", "wednesday"],
  jeu: ["jeudi", "thursday"],
  ven: ["vendredi", "friday"],
  sam: ["samedi", "saturday"],
  dim: ["dimanche", "sunday"],
  mon: ["lundi", "monday"],
  tue: ["mardi", "tuesday"],
  tues: ["mardi", "tuesday"],
  wed: ["mercredi", "wednesday"],
  thu: ["jeudi", "thursday"],
  thur: ["jeudi", "thursday"],
  thurs: ["jeudi", "thursday"],
  fri: ["vendredi", "friday"],
  sat: ["samedi", "saturday"],
  sun: ["dimanche", "sunday"],
};
