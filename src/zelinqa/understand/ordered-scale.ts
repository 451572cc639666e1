// [ext] Choices that form an ordered scale, read from the labels themselves: an intensity ("No pain" / "Mild" /
// "Moderate" / "Severe", "Low" / "High"), a judgement (satisfaction, quality, agreement: "Pas du tout satisfait" …
// "Très satisfait", "Poor" … "Excellent", "Strongly disagree" … "Strongly agree"), a frequency ("Never" … "Every day",
// "Une seule fois" … "Plusieurs fois par semaine") or a size ("XS" … "XL", "Small" … "Large"). Each option gets a place
// on its scale, the reply gets one too (a score "7/10", "3/5", a bare number, intensity or judgement words, yes/no to a
// judgement, a size word or letter, a rate "2 fois par semaine", "every sunday", "tous les 15 jours") and the option
// nearest to it is chosen. Always held loosely: the person placed themselves on the scale, they did not name an option.
import { normalise, tokenise } from "./normalise.js";
import { perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { stem } from "./target-words.js";
import { DAY_ABBREVIATIONS, WEEKDAYS_BY_NAME } from "./named-days.js";
import type { TargetWords } from "./target-words.js";
import { amountOf, tierOf } from "./amount-scales.js";

type Kind = "size" | "frequency" | "judgement" | "intensity" | "amount" | "tier";
/** Tried in this order: an amount or a tier only for options no other kind places. */
const KINDS: readonly Kind[] = ["size", "frequency", "judgement", "intensity", "amount", "tier"];

const seqs = (list: readonly string[]) => list.map((p) => p.split(" "));
const startsAt = (tokens: readonly string[], seq: readonly string[], i: number) => seq.every((w, j) => tokens[i + j] === w);
/** The first place a phrase of `list` starts at or after `from`, with its length. */
function findSeq(tokens: readonly string[], list: readonly (readonly string[])[], from = 0): { at: number; length: number } | null {
  for (let i = from; i < tokens.length; i++) for (const seq of list) if (startsAt(tokens, seq, i)) return { at: i, length: seq.length };
  return null;
}
const hasSeq = (tokens: readonly string[], list: readonly (readonly string[])[]) => findSeq(tokens, list) !== null;

/** A word and its plain forms: French feminine and plural endings ("contente", "satisfaits"), English plural. */
function forms(word: string): string[] {
  const out = [word];
  if (word.length > 4 && word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.length > 3 && (word.endsWith("s") || word.endsWith("e"))) out.push(word.slice(0, -1));
  return out;
}
const inTable = (table: ReadonlyMap<string, number>, word: string): number | undefined => {
  for (const f of forms(word)) if (table.has(f)) return table.get(f);
  return undefined;
};

// ---------------------------------------------------------------- sizes
const SIZE_LETTERS = new Map([
  ["xxs", -3],
  ["xs", -2],
  ["s", -1],
  ["m", 0],
  ["l", 1],
  ["xl", 2],
  ["xxl", 3],
  ["2xl", 3],
  ["xxxl", 4],
  ["3xl", 4],
]);
const SIZE_DENIALS = new Set(["not", "pas", "isn", "never", "jamais", "except", "sauf", "but"]);
const SIZE_WORDS: readonly [readonly string[][], number][] = [
  [seqs(["extra extra large", "2x large"]), 3],
  [seqs(["extra small", "x small", "tres petit", "tres petite", "very small"]), -2],
  [seqs(["extra large", "x large", "tres grand", "tres grande", "very large"]), 2],
  [seqs(["small", "petit", "petite", "smaller"]), -1],
  [seqs(["medium", "moyen", "moyenne", "med", "mid"]), 0],
  [seqs(["large", "grand", "grande", "big", "larger"]), 1],
];
/** The sizes a text names, in order: letters standing alone (not the "m" of "I'm" nor the "l" of "l'eau"), and words. */
function sizesSaid(raw: string): number[] {
  const found: { at: number; size: number }[] = [];
  const text = raw.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  for (const m of text.matchAll(/(^|[^\p{L}\p{N}'’])(x{0,3}[sml]|[23]xl)(?![\p{L}\p{N}'’])/gu)) {
    const size = SIZE_LETTERS.get(m[2] as string);
    if (size !== undefined) found.push({ at: (m.index ?? 0) + (m[1] as string).length, size });
  }
  const tokens = tokenise(raw);
  const taken = new Set<number>();
  for (const [list, size] of SIZE_WORDS) {
    for (let i = 0; i < tokens.length; i++) {
      const seq = list.find((s) => startsAt(tokens, s, i));
      if (seq === undefined || seq.some((_, j) => taken.has(i + j))) continue;
      seq.forEach((_, j) => taken.add(i + j));
      found.push({ at: 10_000 + i, size });
    }
  }
  // Letters come from the raw text and words from tokens: letters first keeps "M (medium)" one size.
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.size))];
}

// ---------------------------------------------------------------- frequencies (times per week)
export const ONE_OFF = -1;
const PER_UNIT = new Map([
  ["day", 7],
  ["days", 7],
  ["jour", 7],
  ["jours", 7],
  ["week", 1],
  ["weeks", 1],
  ["semaine", 1],
  ["semaines", 1],
  ["month", 12 / 52],
  ["months", 12 / 52],
  ["mois", 12 / 52],
  ["year", 1 / 52],
  ["years", 1 / 52],
  ["an", 1 / 52],
  ["ans", 1 / 52],
  ["annee", 1 / 52],
  ["annees", 1 / 52],
]);
const COUNT_WORDS = new Map([
  ["one", 1],
  ["un", 1],
  ["une", 1],
  ["two", 2],
  ["deux", 2],
  ["three", 3],
  ["trois", 3],
  ["four", 4],
  ["quatre", 4],
  ["five", 5],
  ["cinq", 5],
  ["six", 6],
  ["ten", 10],
  ["dix", 10],
  ["twelve", 12],
  ["douze", 12],
  ["quinze", 15],
  ["other", 2],
]);
const TIMES = new Set(["times", "time", "fois", "x", "days", "jours", "day", "jour"]);
const FEW = seqs(["a few", "quelques", "plusieurs", "several"]);
const PER = new Set(["a", "per", "par", "each", "every", "an", "la", "le", "chaque"]);
const EVERY = seqs([
  "every",
  "each",
  "chaque",
  "tous les",
  "toutes les",
  "tout les",
  "once every",
  "une fois tous les",
  "une fois toutes les",
]);
/** Words of a rate; `true` marks a vague one ("often", "sometimes"), which no option states exactly. */
const NAMED_RATES: readonly [readonly string[][], number, boolean?][] = [
  [seqs(["never", "jamais", "not at all", "pas du tout"]), 0, true],
  // [ext] All the time: beyond any count a week ("24/7", "every time it prints", "en permanence").
  [
    seqs([
      ...["always", "toujours", "all the time", "tout le temps", "constantly", "constamment", "continuously", "en permanence"],
      ...["24 7", "h24", "24h 24", "non stop", "nonstop", "sans arret", "every time", "each time", "every single time"],
      ...["chaque fois", "a chaque fois", "tout le temps", "all day long", "toute la journee", "all day every day"],
      ...["from morning to night", "morning to bed", "morning till night", "du matin au soir", "du lever au coucher"],
    ]),
    10,
    true,
  ],
  [seqs(["every morning", "every evening", "every night", "chaque matin", "chaque soir", "tous les matins", "tous les soirs"]), 7],
  [seqs(["daily", "every day", "everyday", "each day", "quotidien", "quotidienne", "quotidiennement", "tous les jours", "chaque jour"]), 7],
  [seqs(["every other day", "un jour sur deux"]), 3.5],
  // [ext] The working week: each weekday once.
  [
    seqs([
      ...["every weekday", "weekdays", "week days", "each weekday", "en semaine", "jours de semaine", "jours ouvres", "jours ouvrables"],
      ...["working days", "workdays", "business days", "full time", "fulltime", "temps plein", "plein temps", "temps complet"],
    ]),
    5,
  ],
  [seqs(["most days", "la plupart des jours", "most of the time", "most of the day", "la plupart du temps"]), 6, true],
  [
    seqs([
      ...["several times", "plusieurs fois", "a few times", "quelques fois", "often", "souvent", "regularly", "regulierement"],
      ...["a lot", "lots", "frequently", "frequemment", "many times", "beaucoup"],
    ]),
    3,
    true,
  ],
  [seqs(["twice", "thrice"]), 2],
  [seqs(["weekly", "hebdo", "hebdomadaire"]), 1],
  [seqs(["weekends", "weekend", "week end", "week ends"]), 1, true],
  [seqs(["fortnightly", "biweekly", "bi weekly", "bimensuel", "quinzaine"]), 0.5],
  [
    seqs([
      "sometimes",
      "parfois",
      "occasionally",
      "occasional",
      "occasionnel",
      "occasionnelle",
      "de temps en temps",
      "de temps a autre",
      "now and then",
      "from time to time",
    ]),
    0.5,
    // [ext] (s23) Vague: "de temps en temps" is no exact "every two weeks" (it was read so, exactly).
    true,
  ],
  [seqs(["monthly", "mensuel", "mensuelle", "mensuellement"]), 12 / 52],
  [
    seqs([
      ...["rarely", "rarement", "seldom", "hardly ever", "presque jamais", "almost never", "as little as possible"],
      ...["as rarely as possible", "as seldom as possible", "aussi peu que possible", "le moins possible", "le moins frequemment"],
    ]),
    0.2,
    true,
  ],
  [seqs(["yearly", "annually", "annuel", "annuelle", "annuellement"]), 1 / 52],
];
const NOT_THAT_OFTEN = 0.3;
/** Before a rate word, what turns it the other way: "le moins souvent", "less often", "least often". */
const LESS = new Set(["moins", "less", "least"]);
/**
 * [ext] (s21) The rate word a text says, as its place in NAMED_RATES ("hardly ever" and "Rarely" share one), or -1: a
 * reply and an option saying the same word of rate meet whatever number the option's other words state.
 */
function vagueRateClass(tokens: readonly string[], low = true): number {
  const k = NAMED_RATES.findIndex(([list]) => findSeq(tokens, list) !== null);
  return k >= 0 && (!low || (NAMED_RATES[k]?.[1] ?? 3) < 3) ? k : -1;
}

/** Per option label: the vague rate class it says (vagueRateClass), computed once per option list. */
const vagueClasses = (phrases: readonly Phrase[]) =>
  perPhraseTable(phrases, "vague-rate-classes", () =>
    phrases.filter((p) => p.translated !== true).map((p) => ({ value: JSON.stringify(p.value), rate: vagueRateClass(p.tokens, false) })),
  );

/**
 * [ext] (s21) "i run now and then" to "Occasional runner", on options that form no scale of rates (a level named by how
 * often one does it): the one option whose label says the same vague rate as the reply, held loosely.
 */
export function sameVagueRateOption(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const classes = vagueClasses(phrases).filter((c) => c.rate >= 0);
  if (classes.length === 0 || /\?\s*$/.test(text)) return null;
  const said = vagueRateClass(tokenise(text), false);
  // Not never nor always: "jamais" is no "Pas du tout satisfait" (both say "not at all" of different things).
  const rate = NAMED_RATES[said]?.[1];
  if (rate === undefined || rate <= 0 || rate >= 10) return null;
  const values = new Set(classes.filter((c) => c.rate === said).map((c) => c.value));
  if (values.size !== 1) return null;
  const chosen = [...values][0] as string;
  // "somewhere between occasional and regular": another option's own word said too, no single place.
  const tokens = new Set(tokenise(text));
  const another = phrases.some(
    (p) => p.translated !== true && JSON.stringify(p.value) !== chosen && p.tokens.some((t) => t.length >= 4 && tokens.has(t)),
  );
  return another ? null : { value: JSON.parse(chosen) as unknown, certainty: "fuzzy" };
}
const ONCE = seqs([
  ...["once", "une fois", "one time", "one off", "single", "seule fois", "une seule", "just once", "ponctuel", "ponctuelle"],
  ...["first time", "premiere fois", "never before", "jamais avant", "ponctuellement", "exceptionnellement", "one shot"],
]);
const WEEKDAYS = new Set([
  ...["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
  ...["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
  ...["mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays"],
  ...["lundis", "mardis", "mercredis", "jeudis", "vendredis", "samedis", "dimanches"],
]);
const countOf = (w: string | undefined) => (w === undefined ? undefined : /^\d+$/.test(w) ? Number(w) : COUNT_WORDS.get(w));
const RANGE_JOINS = new Set(["a", "to", "ou", "or", "voire"]);
/**
 * [ext] A count at `i`, or a range of two counts read as its middle ("2-3", "2 à 3", "4 ou 5", "two or three"), with the
 * index after it. "2x" is a count of times.
 */
function countAt(tokens: readonly string[], i: number): { n: number; next: number; times: boolean } | null {
  const glued = /^(\d+)x$/.exec(tokens[i] ?? "");
  if (glued !== null) return { n: Number(glued[1]), next: i + 1, times: true };
  // "a couple of times", "a couple days": two.
  if (tokens[i] === "a" && tokens[i + 1] === "couple") return { n: 2, next: tokens[i + 2] === "of" ? i + 3 : i + 2, times: false };
  const n = countOf(tokens[i]);
  if (n === undefined) return null;
  const to = RANGE_JOINS.has(tokens[i + 1] ?? "") ? i + 2 : i + 1;
  const high = countOf(tokens[to]);
  if (high !== undefined && high > n && tokens[i + 1] !== "other") return { n: (n + high) / 2, next: to + 1, times: false };
  return { n, next: i + 1, times: false };
}
/** [ext] Short day names count only in a range of days ("mon-fri", "lun au ven"): alone they are words ("mer", "sun"). */
function weekdayOf(word: string | undefined, short: boolean): number | undefined {
  if (word === undefined) return undefined;
  const full = WEEKDAYS_BY_NAME.get(word.replace(/s$/, ""));
  if (full !== undefined || !short) return full;
  const names = DAY_ABBREVIATIONS[word];
  return names === undefined ? undefined : WEEKDAYS_BY_NAME.get(names[1] as string);
}
const DAY_RANGE_JOINS = new Set(["to", "au", "a", "through", "thru", "till", "until", "jusqu", "jusque"]);
/** [ext] "du lundi au vendredi", "mon-fri", "tue to thu": the days of a range of weekdays, counted inclusively. */
function dayRangeCount(tokens: readonly string[]): number | null {
  for (let i = 0; i < tokens.length; i++) {
    const first = weekdayOf(tokens[i], true);
    if (first === undefined) continue;
    const j = DAY_RANGE_JOINS.has(tokens[i + 1] ?? "") ? i + 2 : i + 1;
    const last = weekdayOf(tokens[j], true);
    // Two short names side by side are a range only when one of them is written short ("mon fri"), not "lundi mardi".
    if (last === undefined || last === first) continue;
    if (j === i + 1 && WEEKDAYS_BY_NAME.has(tokens[i] as string) && WEEKDAYS_BY_NAME.has(tokens[j] as string)) continue;
    return ((last - first + 7) % 7) + 1;
  }
  return null;
}

/** [ext] "presque", "almost", "nearly" just before a rate: a little under it; "presque jamais" is rarely. */
const ALMOST = new Set(["presque", "almost", "nearly", "quasi", "quasiment", "pratiquement", "practically"]);
const RARELY = 0.2;
function almost(tokens: readonly string[], at: number, rate: number): number {
  if (!ALMOST.has(tokens[at - 1] ?? "")) return rate;
  return rate === 0 ? RARELY : rate * 0.8;
}
/** [ext] Two times of the day joined ("midi et soir", "morning and evening", "lunch and dinner"): daily, twice a day. */
const TIMES_OF_DAY = new Set([
  ...["matin", "midi", "soir", "morning", "noon", "lunch", "lunchtime", "evening", "night", "dinner", "breakfast", "diner", "dejeuner"],
]);
function twiceDaily(tokens: readonly string[], rate: number): number {
  if (rate !== 7) return rate;
  const joined = tokens.some(
    (t, i) => TIMES_OF_DAY.has(t) && (tokens[i + 1] === "et" || tokens[i + 1] === "and") && TIMES_OF_DAY.has(tokens[i + 2] ?? ""),
  );
  return joined ? 14 : rate;
}

/**
 * A rate in times per week a text states, ONE_OFF for a single time, or null. `definite` leaves out vague rates
 * ("several times a week", "often"): frequency-choice.ts reads periods with it.
 */
export function rateOf(tokens: readonly string[], definite = false): number | null {
  for (let i = 0; i < tokens.length; i++) {
    // "2 fois par semaine", "5 days a week", "twice a month", "une fois par mois", "a few times a week".
    const counted = countAt(tokens, i);
    const n = counted?.n ?? (tokens[i] === "twice" ? 2 : tokens[i] === "once" ? 1 : undefined);
    const bare = tokens[i] === "twice" || tokens[i] === "once" || counted?.times === true;
    const j = bare ? (counted?.next ?? i + 1) : (counted?.next ?? i + 1) + 1;
    if (n !== undefined && (bare || TIMES.has(tokens[j - 1] ?? ""))) {
      const perAt = PER.has(tokens[j] ?? "") ? j + 1 : -1;
      const unit = PER_UNIT.get(tokens[perAt] ?? "");
      if (unit !== undefined) return n * unit;
    }
    // [ext] "1 semaine sur 2", "3 days out of 7": that share of the unit's rate.
    const part = n !== undefined ? PER_UNIT.get(tokens[i + 1] ?? "") : undefined;
    const outOf = tokens[i + 2] === "sur" ? i + 3 : tokens[i + 2] === "out" && tokens[i + 3] === "of" ? i + 4 : -1;
    const whole = outOf > 0 ? countOf(tokens[outOf]) : undefined;
    if (n !== undefined && part !== undefined && whole !== undefined && whole >= n && whole > 0) return (part * n) / whole;
    // "a few times a week", "plusieurs fois par mois", [ext] "a few days a week".
    const few = findSeq(tokens.slice(i, i + 3), FEW);
    if (!definite && few !== null && few.at === 0) {
      const timesAt = i + few.length;
      const at = timesAt + 1;
      const unit = TIMES.has(tokens[timesAt] ?? "") && PER.has(tokens[at] ?? "") ? PER_UNIT.get(tokens[at + 1] ?? "") : undefined;
      if (unit !== undefined) return 3 * unit;
    }
  }
  // "every week", "tous les 15 jours", "toutes les deux semaines", "every sunday", "every other week".
  for (let from = 0; ;) {
    const every = findSeq(tokens, EVERY, from);
    if (every === null) break;
    const at = every.at + every.length;
    const counted = countAt(tokens, at);
    const n = counted?.n;
    const unitAt = counted === null ? at : counted.next;
    const unit = PER_UNIT.get(tokens[unitAt] ?? "");
    // "tous les quinze jours" is every two weeks.
    if (unit === 7 && n === 15) return 0.5;
    if (unit !== undefined) return almost(tokens, every.at, twiceDaily(tokens, unit / (n ?? 1)));
    if (WEEKDAYS.has(tokens[at] ?? "")) return tokens.filter((t) => WEEKDAYS.has(t)).length;
    from = every.at + 1;
  }
  // [ext] "du lundi au vendredi", "mon-fri": each day of the range once a week.
  const range = dayRangeCount(tokens);
  if (range !== null) return range;
  for (const [list, rate, vague] of NAMED_RATES) {
    if (definite && vague === true) continue;
    const at = findSeq(tokens, list);
    if (at === null) continue;
    // [ext] "not often", "pas toujours", "it doesn't happen a lot": less than said, between rarely and sometimes.
    if (rate >= 3 && tokens.slice(Math.max(0, at.at - 3), at.at).some((t) => NOT.has(t))) return NOT_THAT_OFTEN;
    // [ext] (s21) "le moins souvent possible", "less often", "the least often": the other way, rarely.
    if (rate >= 3 && tokens.slice(Math.max(0, at.at - 2), at.at).some((t) => LESS.has(t))) return RARELY;
    return almost(tokens, at.at, twiceDaily(tokens, rate));
  }
  // "lundi et jeudi", "on mondays": the days named, each a time a week.
  const days = new Set(tokens.filter((t) => WEEKDAYS.has(t)).map((t) => t.replace(/s$/, "")));
  if (days.size > 0) return days.size;
  if (hasSeq(tokens, ONCE)) return ONE_OFF;
  return null;
}

/** An auxiliary's negation: "I don't wear any", "she doesn't drive", "je n'en porte pas", "j'en mets pas". */
const DENIED_VERB = seqs(["don t", "dont", "do not", "doesn t", "doesnt", "does not", "n en", "ne"]);
const SUBJECTS = new Set(["je", "j", "il", "elle", "on", "nous", "ils", "elles"]);
/** What says a doubt, not a habit: "I don't know", "pas sûr". */
const UNSURE = new Set(["know", "sure", "sais", "sait", "sur", "remember", "souviens", "idea", "idee"]);
/**
 * [ext] A short reply denying the doing itself ("I don't wear glasses", "je n'en porte pas"), to a question of how often:
 * never. Not a doubt ("I don't know"), nor a reply that also states how often.
 */
function deniesTheHabit(tokens: readonly string[]): boolean {
  if (tokens.length > 8 || tokens.some((t) => UNSURE.has(t))) return false;
  if (
    hasSeq(tokens, DENIED_VERB) &&
    (tokens.includes("t") || tokens.includes("not") || tokens.includes("dont") || tokens.includes("doesnt") || tokens.includes("pas"))
  )
    return true;
  return SUBJECTS.has(tokens[0] ?? "") && tokens.includes("pas");
}

// ---------------------------------------------------------------- judgements (-2 … +2)
/** [ext] The bottom of a scale of skill. */
const BEGINNER: ReadonlySet<string> = new Set(["beginner", "debutant", "novice"]);
const NEVER = new Set(["never", "jamais"]);
const A_LITTLE = seqs(["un peu", "a bit", "a little", "un petit peu", "vaguely", "vaguement"]);
/**
 * [ext] On a scale of skill, a reply saying the thing was never done ("jamais conduit", "never played") is the bottom;
 * "un peu", "a bit" alone (the reply's first words) is the step above it.
 */
function skillOf(tokens: readonly string[]): number | null {
  const at = tokens.findIndex((t) => NEVER.has(t));
  if (at >= 0 && at <= 2 && tokens.length <= 6) return -2;
  const little = findSeq(tokens, A_LITTLE);
  return little !== null && little.at === 0 ? -1 : null;
}
const JUDGEMENT_WORDS = new Map<string, number>([
  ...["satisfied", "satisfait", "content", "happy", "pleased", "good", "bon", "bonne", "bien", "agree", "accord"].map(
    (w) => [w, 1] as const,
  ),
  ...["likely", "probable", "positive", "positif", "fine", "liked", "enjoyed", "apprecie"].map((w) => [w, 1] as const),
  ...["excellent", "great", "super", "ravi", "parfait", "perfect", "genial", "top", "amazing", "fantastic", "love", "adore"].map(
    (w) => [w, 2] as const,
  ),
  ...["loved", "adored", "enchante", "outstanding", "superb", "formidable", "impeccable", "nickel"].map((w) => [w, 2] as const),
  ...["unsatisfied", "dissatisfied", "insatisfait", "mecontent", "unhappy", "bad", "mauvais", "poor", "disagree", "decu"].map(
    (w) => [w, -1] as const,
  ),
  ...["disappointed", "negative", "negatif", "unlikely", "improbable"].map((w) => [w, -1] as const),
  ...["awful", "horrible", "nul", "catastrophique", "affreux", "hated", "worst", "lamentable"].map((w) => [w, -2] as const),
  ...["hate", "hates", "loathe", "detest", "deteste", "execre", "horreur"].map((w) => [w, -2] as const),
  // [ext] Ease and skill: how comfortable, confident or able a person feels ("Very uncomfortable" … "Totally at ease",
  // "Débutant" … "Prêt", "Très en difficulté" … "Bon élève"). A beginner is the bottom of a scale of skill.
  ...["comfortable", "confortable", "ease", "aise", "relaxed", "detendu", "confident", "easy", "facile", "capable"].map(
    (w) => [w, 1] as const,
  ),
  ...["uncomfortable", "nervous", "nerveux", "anxious", "anxieux", "stresse", "awkward", "gene", "mal a l aise"].map(
    (w) => [w, -1] as const,
  ),
  ...["difficult", "difficile", "difficulte", "difficulty", "difficulties", "struggling", "struggle", "galere"].map(
    (w) => [w, -1] as const,
  ),
  ...[...BEGINNER].map((w) => [w, -2] as const),
  ...["notions", "basics", "bases", "rusty", "rouille"].map((w) => [w, -1] as const),
  ...["ready", "pret", "expert", "advanced", "avance", "confirme"].map((w) => [w, 2] as const),
]);
/** The middle of a judgement: "Neutral", "Neither … nor", "moyen", "ça allait". */
const JUDGEMENT_MIDDLE = seqs([
  ...["moyen", "moyenne", "neutral", "neutre", "neither", "ni", "average", "fair", "mixed", "ca allait", "comme ci comme ca"],
  ...["sans avis", "no opinion", "not sure either way"],
]);
/**
 * [ext] A middle that leans: lukewarm ("bof", "meh", "so-so", "moyennement", "mitigé") below it, acceptable ("ok", "ça
 * va", "correct") above it. The middle option when there is one; else the option on the side it leans to.
 */
const JUDGEMENT_LUKEWARM = seqs(["bof", "meh", "so so", "moyennement", "mitige", "mitigee", "mediocre", "passable", "couci couca"]);
const JUDGEMENT_ACCEPTABLE = seqs([
  ...["ok", "okay", "correct", "correcte", "ca va", "ca passe", "acceptable", "alright", "all right"],
  // [ext] Coping: "je me débrouille", "I get by", "I manage".
  ...["me debrouille", "get by", "i manage", "i cope"],
]);
const LEANING = 0.25;
const STRONG = new Set(["very", "tres", "super", "really", "vraiment", "extremely", "extremement", "hyper", "so", "tellement", "totally"]);
const STRONG_SEQS = seqs(["tout a fait", "strongly", "completely", "completement", "entierement", "fully", "absolutely", "absolument"]);
const WEAK = new Set(["peu", "slightly", "barely", "hardly", "guere"]);
const NOT = new Set(["not", "pas", "no", "never", "jamais", "isn", "wasn", "t", "n"]);
const NOT_AT_ALL = seqs(["pas du tout", "not at all", "not satisfied at all", "pas satisfait du tout"]);
const YES = new Set(["yes", "yeah", "yep", "oui", "ouais", "yup", "absolutely"]);
const NO = new Set(["no", "non", "nope", "nah", "nan"]);

const JUST_SHORT = seqs(["un peu juste", "trop juste", "juste juste", "limite", "a bit behind", "bit behind", "un peu en retard"]);
/** [ext] Small words between an intensifier and its word: "very at ease", "très en difficulté", "très à l'aise". */
const LINKS = new Set(["at", "in", "en", "a", "l"]);
/** Where the intensifier of the word at `i` stands: just before it, past up to two small linking words. */
function strongAt(tokens: readonly string[], i: number): number {
  let at = i - 1;
  while (at > i - 3 && LINKS.has(tokens[at] ?? "")) at -= 1;
  return at;
}

/** A judgement a text states, -2 … +2, or null. "pas terrible" is below the middle, "not bad" above it. */
function judgementOf(tokens: readonly string[], reply: boolean): number | null {
  if (startsAt(tokens, ["pas", "terrible"], tokens.indexOf("pas")) || startsAt(tokens, ["not", "great"], tokens.indexOf("not"))) return -1;
  if (hasSeq(tokens, seqs(["not bad", "pas mal", "pas mauvais", "pas si mal"]))) return 1;
  // [ext] Just short of enough: "un peu juste", "trop juste", "limite", "a bit behind".
  if (hasSeq(tokens, JUST_SHORT)) return -1;
  // "Neither satisfied nor dissatisfied", "Ni satisfait ni insatisfait": the middle.
  if (tokens.includes("neither") || tokens.filter((t) => t === "ni").length >= 2) return 0;
  let found: number | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] as string;
    // "super contente": "super" intensifies the word after it.
    if (STRONG.has(word) && inTable(JUDGEMENT_WORDS, tokens[i + 1] ?? "") !== undefined) continue;
    const base = word === "terrible" ? -2 : inTable(JUDGEMENT_WORDS, word);
    if (base === undefined) continue;
    const before = tokens.slice(Math.max(0, i - 4), i);
    let level = base;
    // "not happy at all", "pas content du tout": the negation made whole by "at all" / "du tout" after the word.
    const wholly = (startsAt(tokens, ["at", "all"], i + 1) || startsAt(tokens, ["du", "tout"], i + 1)) && before.some((t) => NOT.has(t));
    const notAtAll = wholly || findSeq(tokens.slice(Math.max(0, i - 4), i + 4), NOT_AT_ALL) !== null;
    if (notAtAll) level = -2 * Math.sign(base);
    // "peu satisfait" is hardly satisfied; "un peu nerveux" is a bit nervous, the same side.
    else if (before.some((t, k) => WEAK.has(t) && before[k - 1] !== "un")) level = -Math.sign(base);
    else if (before.some((t) => NOT.has(t))) level = base > 0 ? -1 : 1;
    else if (STRONG.has(tokens[strongAt(tokens, i)] ?? "") || findSeq(before, STRONG_SEQS) !== null) level = 2 * Math.sign(base);
    if (found !== null && Math.sign(found) !== Math.sign(level)) return null;
    found = found === null || Math.abs(level) > Math.abs(found) ? level : found;
  }
  if (found !== null) return found;
  if (hasSeq(tokens, JUDGEMENT_LUKEWARM)) return -LEANING;
  if (hasSeq(tokens, JUDGEMENT_ACCEPTABLE)) return LEANING;
  if (hasSeq(tokens, JUDGEMENT_MIDDLE)) return 0;
  if (!reply) return null;
  if (hasSeq(tokens, NOT_AT_ALL)) return -2;
  // Yes or no to "were you satisfied?": the mild side, whatever follows ("non, elle ne venait jamais à l'heure").
  const first = tokens[0] === "plutot" || tokens[0] === "rather" ? tokens[1] : tokens[0];
  if (first !== undefined && YES.has(first)) return 1;
  if (first !== undefined && NO.has(first)) return -1;
  return null;
}

// ---------------------------------------------------------------- intensities (0 none … 4 extreme)
const INTENSITY_WORDS = new Map<string, number>([
  ...["none", "aucun", "aucune", "nul", "nulle", "absent", "absente", "zero"].map((w) => [w, 0] as const),
  ...["mild", "light", "slight", "low", "leger", "legere", "faible", "minor", "bas", "basse", "minimal", "minime"].map(
    (w) => [w, 1] as const,
  ),
  ...[
    "moderate",
    "modere",
    "moderee",
    "medium",
    "moyen",
    "moyenne",
    "average",
    "sore",
    "mal",
    "hurt",
    "hurts",
    "bad",
    "douleur",
    "pain",
  ].map((w) => [w, 2] as const),
  ...["severe", "strong", "intense", "high", "fort", "forte", "severe", "eleve", "elevee", "major", "grave", "important"].map(
    (w) => [w, 3] as const,
  ),
  ...["extreme", "unbearable", "insupportable", "atroce", "excruciating", "worst", "horrible", "terrible", "awful"].map(
    (w) => [w, 4] as const,
  ),
  ...["intolerable", "insoutenable", "killing", "agony"].map((w) => [w, 4] as const),
  // [ext] How serious a problem is: a nuisance, getting worse, serious, a danger or an emergency.
  ...["annoying", "annoyance", "nuisance", "genant", "embetant", "agacant"].map((w) => [w, 1] as const),
  ...["worse", "pire", "worsening", "aggrave"].map((w) => [w, 2] as const),
  ...["serious", "serieux", "serieuse"].map((w) => [w, 3] as const),
  ...["dangerous", "dangereux", "dangereuse", "danger", "emergency", "urgence"].map((w) => [w, 4] as const),
]);
const LITTLE = seqs(["a bit", "a little", "un peu", "slightly", "legerement", "a tad", "kind of", "un petit peu", "barely"]);
const VERY = seqs(["very", "tres", "pretty", "really", "vraiment", "super", "so", "trop", "hyper", "extremely", "hella", "tellement"]);
const NO_INTENSITY = seqs([
  ...["doesn t hurt", "does not hurt", "don t hurt", "no pain", "not at all", "pas du tout", "pas de douleur", "aucune douleur"],
  ...["ne fait pas mal", "fait pas mal", "pas mal du tout", "nothing", "rien", "none"],
  // [ext] Nothing serious: "no big deal", "pas grave", "it can wait".
  ...["no big deal", "not a big deal", "nothing serious", "rien de grave", "pas grave", "pas bien grave", "can wait", "peut attendre"],
]);
/** A degree said alone, the subject being the question's ("un peu", "very", "a lot", "not much"). */
const DEGREES: readonly [readonly string[][], number][] = [
  [seqs(["not much", "pas beaucoup", "not really", "pas vraiment", "pas trop", "not too much", "not very"]), 1],
  [seqs(["a lot", "beaucoup", "very much", "enormement", "extremely", "extremement"]), 3],
  [seqs(["a bit", "a little", "un peu", "slightly", "legerement", "a tad", "un petit peu"]), 1],
  [seqs(["quite", "assez", "fairly", "moderately", "moderement", "somewhat"]), 2],
  [seqs(["very", "tres", "really", "vraiment", "so", "super"]), 3],
];
const CANNOT_SLEEP = seqs([
  "can t sleep",
  "cannot sleep",
  "peux pas dormir",
  "peux plus dormir",
  "arrive pas a dormir",
  "empeche de dormir",
]);

/** An intensity a text states, 0 … 4, or null; "pas mal" ("quite a lot" or "no pain") says nothing certain. */
function intensityOf(tokens: readonly string[], reply: boolean | "degree"): number | null {
  if (reply && hasSeq(tokens, NO_INTENSITY)) return 0;
  if (reply && hasSeq(tokens, CANNOT_SLEEP)) return 4;
  let found: number | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] as string;
    const base = inTable(INTENSITY_WORDS, word);
    if (base === undefined) continue;
    if (word === "mal" && tokens[i - 1] === "pas") return null;
    // "No pain", "Pas de douleur": the label of the bottom.
    if (base === 2 && (word === "douleur" || word === "pain") && ["no", "pas", "sans", "aucune"].includes(tokens[i - 1] ?? "")) return 0;
    const before = tokens.slice(Math.max(0, i - 3), i);
    let level = base;
    // [ext] "not too bad", "not serious", "pas dangereux": mild at most.
    if (base >= 2 && before.some((t) => NOT.has(t))) level = 1;
    else if (base > 0 && findSeq(before, LITTLE) !== null) level = 1;
    else if (base > 0 && base < 4 && findSeq(before, VERY) !== null) level = base + 1;
    found = found === null ? level : Math.max(found, level);
  }
  // A degree alone ("un peu", "very") answers "how much does it hurt?" (a scale from none), not "which budget level?".
  if (found === null && reply === "degree") for (const [list, level] of DEGREES) if (hasSeq(tokens, list)) return level;
  if (found === null && !reply) {
    // A label "No pain", "None", "Pas de gêne": the bottom.
    if (["no", "pas", "sans"].includes(tokens[0] ?? "") && tokens.length <= 3) return 0;
  }
  return found;
}

// ---------------------------------------------------------------- scores
/** "7/10", "3 sur 5", "8 out of 10": a score and its maximum. */
function scoreOf(text: string): { n: number; of: number } | null {
  const m = normalise(text.replace(/(\d),(\d)/g, "$1.$2").replace(/\//g, " sur ")).match(
    /(?:^| )(\d+(?: \d)?) (?:sur|out of|on) (\d+)(?: |$)/,
  );
  if (m === null) return null;
  const n = Number((m[1] as string).replace(" ", "."));
  const of = Number(m[2]);
  return of >= 3 && of <= 100 && n <= of ? { n, of } : null;
}
/** A bare number as the whole reply ("0", "7"). */
function bareNumber(text: string): number | null {
  const m = text.trim().match(/^(\d{1,2})(?:[.,](\d))?\s*[!.]*$/);
  return m === null ? null : Number(`${m[1]}.${m[2] ?? 0}`);
}

// ---------------------------------------------------------------- the scale and the choice
interface Placed {
  readonly value: unknown;
  readonly level: number;
}

function levelOf(kind: Kind, phrase: Phrase): number | null {
  const tokens = phrase.tokens;
  switch (kind) {
    case "size": {
      const sizes = sizesSaid(tokens.join(" "));
      return sizes.length === 1 ? (sizes[0] as number) : null;
    }
    case "frequency":
      return rateOf(tokens);
    case "judgement":
      return judgementOf(tokens, false);
    case "intensity":
      return intensityOf(tokens, false);
    case "amount":
      return amountOf(tokens);
    case "tier":
      return tierOf(tokens);
  }
}

/** Options that name no place on a scale and may stand beside it: "Other", "Don't know", "N/A". */
const ASIDE = new Set(["other", "autre", "know", "sais", "sait", "n", "na", "applicable", "avis", "opinion", "prefer", "unsure"]);

/**
 * The scale the options form, in their order: each option's level of one kind (configured labels first, enum values
 * and translations fill in), at least three distinct levels, strictly monotonic in the options' order; at most one
 * option aside ("Other", "Don't know").
 */
/** Each option list's scale, placed once per phrase table, not for every answer. */
function scaleOf(phrases: readonly Phrase[]): Scale | null {
  return perPhraseTable(phrases, "scale", () => placeScale(phrases));
}

/** A scale: its kind, its options placed, [ext] and whether it is one of skill (its bottom a beginner). */
interface Scale {
  readonly kind: Kind;
  readonly options: Placed[];
  readonly skill?: boolean;
}

function placeScale(phrases: readonly Phrase[]): Scale | null {
  const values = [...new Map(phrases.map((p) => [JSON.stringify(p.value), p])).values()].sort((a, b) => a.order - b.order);
  if (values.length < 3) return null;
  for (const kind of KINDS) {
    const options: Placed[] = [];
    const vague = new Set<number>();
    let aside = 0;
    for (const v of values) {
      const own = phrases.filter((p) => JSON.stringify(p.value) === JSON.stringify(v.value));
      const ordered = [...own.filter((p) => p.translated !== true), ...own.filter((p) => p.translated === true)];
      const level = ordered.map((p) => levelOf(kind, p)).find((l) => l !== null);
      if (level === undefined || level === null) {
        if (own.some((p) => p.tokens.some((t) => ASIDE.has(t)))) aside += 1;
        else aside += 2;
        continue;
      }
      options.push({ value: v.value, level });
      if (kind === "frequency" && own.every((p) => rateOf(p.tokens, true) === null)) vague.add(options.length - 1);
    }
    if (aside > 1 || options.length < 3) continue;
    if (monotonic(options))
      return { kind, options, skill: kind === "judgement" && phrases.some((p) => p.tokens.some((t) => BEGINNER.has(t))) };
    const placed = kind === "frequency" ? vagueEndsPlaced(options, vague) : null;
    if (placed !== null) return { kind, options: placed };
  }
  return null;
}

function monotonic(options: readonly Placed[]): boolean {
  const steps = options.slice(1).map((o, i) => Math.sign(o.level - (options[i] as Placed).level));
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/**
 * [ext] "Toutes les 4 à 6 semaines" … "Deux fois par an", "Rarement": a vague rate at an end of rates stated exactly
 * says "less often" (or "more often") than its neighbour, whatever number the word alone has: it takes the place
 * beyond it (half or double), when the word leans that way (rarely, sometimes low; often, always high).
 */
function vagueEndsPlaced(options: readonly Placed[], vague: ReadonlySet<number>): Placed[] | null {
  const out = [...options];
  for (const end of [0, options.length - 1]) {
    if (!vague.has(end)) continue;
    const inner = end === 0 ? 1 : end - 1;
    const further = end === 0 ? 2 : end - 2;
    const neighbour = (options[inner] as Placed).level;
    const rising = neighbour > (options[further] as Placed).level;
    const level = (options[end] as Placed).level;
    // The end lies below its neighbour when the rates rise towards the neighbour from it.
    const low = end === 0 ? rising : !rising;
    if (level <= 0 || (low ? level >= 1 : level < 3)) return null;
    out[end] = { value: (options[end] as Placed).value, level: low ? neighbour / 2 : neighbour * 2 };
  }
  return monotonic(out) ? out : null;
}

/** The option nearest to `level` (rates compared by ratio); null on a tie. */
function nearest(options: readonly Placed[], level: number, kind: Kind): unknown {
  const distance = (o: Placed) =>
    kind === "frequency" ? Math.abs(Math.log((o.level + 0.01) / (level + 0.01))) : Math.abs(o.level - level);
  const sorted = [...options].sort((a, b) => distance(a) - distance(b));
  const [best, next] = sorted;
  if (best === undefined || (next !== undefined && Math.abs(distance(best) - distance(next)) < 1e-9)) return undefined;
  return best.value;
}

/** A score's option: "3/5" of five options is the third, "7/10" of four is round(0.7 × 3); a pain above 0 is no "none". */
function scoredOption(options: readonly Placed[], n: number, of: number, zeroAtBottom: boolean): unknown {
  const ascending = [...options].sort((a, b) => a.level - b.level);
  const k = ascending.length;
  let index = of === k && n >= 1 && Number.isInteger(n) ? n - 1 : Math.round((n / of) * (k - 1));
  if (n > 0 && index === 0 && zeroAtBottom) index = 1;
  return ascending[Math.max(0, Math.min(k - 1, index))]?.value;
}

/**
 * The option of an ordered scale the reply places itself at, fuzzy; null when the options form no scale or the reply
 * states no place on it.
 */
export function scaleChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const scale = scaleOf(phrases);
  // [ext] (s21) Options that form no scale may still name a level by how often ("Occasional runner").
  if (scale === null) return sameVagueRateOption(text, phrases);
  const { kind, options } = scale;
  // [ext] "medium?": a place asked back, not stated; the scale reading is loose already, a doubt leaves nothing.
  if (/\?\s*$/.test(text)) return null;
  const tokens = tokenise(text);
  const found = (value: unknown) => (value === undefined ? null : { value, certainty: "fuzzy" as const });
  if (kind === "size") {
    // "small or medium": the first size said; sizes the options do not hold give nothing. [ext] (s23) A size denied
    // ("not small", "pas le petit") says which it is not.
    if (tokens.some((t) => SIZE_DENIALS.has(t))) return null;
    const sizes = sizesSaid(text);
    const option = options.find((o) => o.level === sizes[0]);
    return option === undefined ? null : found(option.value);
  }
  if (kind === "frequency") {
    const rate = rateOf(tokens) ?? (deniesTheHabit(tokens) ? 0 : null);
    if (rate === null) return null;
    if (rate === ONE_OFF || rate === 0) {
      const option = options.find((o) => o.level === rate);
      // [ext] "never" alone where the scale starts at "rarely" (no "never" option): its bottom, loosely. Not a reply
      // saying more ("moi jamais, c'est mon mari qui cuisine": someone else does it).
      const bottom =
        rate === 0 && tokens.length <= 3 ? [...options].filter((o) => o.level > 0).sort((a, b) => a.level - b.level)[0] : undefined;
      if (option === undefined && bottom !== undefined && bottom.level <= RARELY) return found(bottom.value);
      return option === undefined ? null : found(option.value);
    }
    // [ext] (s21) "hardly ever" to "Rarely (a few times a year)": the one option saying the same vague rate.
    const said = rate <= RARELY ? vagueRateClass(tokens) : -1;
    const classes = vagueClasses(phrases);
    const same = said < 0 ? [] : options.filter((o) => classes.some((c) => c.rate === said && c.value === JSON.stringify(o.value)));
    if (same.length === 1) return found((same[0] as Placed).value);
    return found(
      nearest(
        options.filter((o) => o.level > 0),
        rate,
        kind,
      ),
    );
  }
  // [ext] An amount ("never done any", "loads") or a tier ("premier prix", "moyen de gamme"): its nearest option. A
  // number alone is no place on them ("3" may be years or a price).
  if (kind === "amount" || kind === "tier") {
    const level = kind === "amount" ? amountOf(tokens) : tierOf(tokens);
    return level === null ? null : found(nearest(options, level, kind));
  }
  const zeroAtBottom = kind === "intensity" && options.some((o) => o.level === 0);
  const score = scoreOf(text);
  if (score !== null) {
    // [ext] A judgement whose options lean to one side ("Très en difficulté" … "Bon élève", no top): the score's place
    // on the whole judgement (-2 … +2), its nearest option; "16/20" is good, not the third of four.
    const levels = options.map((o) => o.level);
    if (kind === "judgement" && Math.min(...levels) !== -Math.max(...levels))
      return found(nearest(options, -2 + (4 * score.n) / score.of, kind));
    return found(scoredOption(options, score.n, score.of, zeroAtBottom));
  }
  const bare = bareNumber(text);
  if (bare !== null) {
    // A bare number on a scale of words: out of 10 for an intensity, out of 5 (else 10) for a judgement.
    const of = kind === "intensity" || bare > 5 ? 10 : 5;
    return bare > 10 ? null : found(scoredOption(options, bare, of, zeroAtBottom));
  }
  const level =
    kind === "judgement"
      ? (judgementOf(tokens, true) ?? (scale.skill === true ? skillOf(tokens) : null))
      : intensityOf(tokens, zeroAtBottom ? "degree" : true);
  if (level === null) return null;
  if (kind === "intensity" && level > 0 && zeroAtBottom)
    return found(
      nearest(
        options.filter((o) => o.level > 0),
        level,
        kind,
      ),
    );
  return found(nearest(options, level, kind));
}

/**
 * In passing: a score out of N ("like 9/10") said beside a noun of another target's label ("pain, … 9/10" for "Pain
 * level") gives that target's option on its intensity or judgement scale, fuzzy. A score alone binds to no target.
 */
export function scoreInPassing(text: string, phrases: readonly Phrase[], words: TargetWords | undefined): PhraseResult | null {
  const things = words?.things;
  if (things === undefined || things.size === 0) return null;
  const score = scoreOf(text);
  if (score === null || !tokenise(text).some((t) => things.has(stem(t)))) return null;
  const scale = scaleOf(phrases);
  if (scale === null || (scale.kind !== "intensity" && scale.kind !== "judgement")) return null;
  const zeroAtBottom = scale.kind === "intensity" && scale.options.some((o) => o.level === 0);
  const value = scoredOption(scale.options, score.n, score.of, zeroAtBottom);
  return value === undefined ? null : { value, certainty: "fuzzy" };
}

/**
 * A choice whose labels are one or two letters ("S", "M", "XL") is named only by those letters standing alone: not the
 * "m" of "I'm", the "s" of "it's", the "l" of "l'autre" nor the "m" of "1m80". Else the choice read is dropped (and a
 * size word, "a big one", may still be read on the scale).
 */
export function lettersStandAlone(text: string, result: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  if (result === null) return null;
  const own = phrases.filter((p) => JSON.stringify(p.value) === JSON.stringify(result.value));
  const isLetters = (p: Phrase) => p.tokens.length === 1 && /^\p{L}{1,2}$/u.test(p.tokens[0] as string);
  const lettered = own.filter(isLetters);
  if (lettered.length === 0) return result;
  // [ext] (s23) An option labelled "Medium" with the value "m": read by its word, or else by its letter standing alone
  // ("I'm a 40 chest" was "m", exactly).
  const words = ` ${tokenise(text).join(" ")} `;
  if (own.some((p) => !isLetters(p) && p.tokens.length > 0 && words.includes(` ${p.tokens.join(" ")} `))) return result;
  if (own.some((p) => !isLetters(p)) && result.certainty === "fuzzy") return result;
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const letters = new Set(lettered.map((p) => p.tokens[0] as string));
  for (const m of plain.matchAll(/(?<![\p{L}\p{N}'’])(\p{L}{1,2})(?![\p{L}\p{N}'’])/gu)) if (letters.has(m[1] as string)) return result;
  return null;
}
