// [ext] How long something has lasted, said without its number of years (docs/zelinqa-understanding.md, Numbers): the
// year it began ("since 2019", "depuis 1998", "construite en 2015", "elle date de 2008") against the reference day's
// year, and none said in words ("c'est ma première fois", "je n'ai jamais navigué", "just started"). The caller decides
// whether the target is such a duration (a number of years of practice, the age of a thing).
import { clauseTokens } from "./clauses.js";
import { tokenHasStem } from "./target-words.js";

export interface YearsReading {
  readonly value: number;
  readonly fuzzy: boolean;
}

const SINCE = new Set(["since", "depuis"]);
/** Before the year, a start said loosely: "from 2019", "dès 2019". */
const FROM = new Set(["from", "des"]);
const IN = new Set(["en", "in"]);
/**
 * Verbs of a beginning before "en"/"in" and the year: "construite en 2015", "started in 2019". A year after another
 * verb ("refaite en 2020", "resurfaced in 2018", "bought it in 2010": it may be older) dates something else.
 */
const BEGUN = new Set(
  ["built", "made", "installed", "started", "began", "begun", "opened", "founded", "created", "planted"].concat(
    ["construit", "construite", "construits", "construites", "installe", "installee", "commence"],
    ["cree", "creee", "ouvert", "ouverte", "fonde", "fondee", "plante", "plantee", "pose", "posee", "fabrique", "fabriquee"],
    ["mis", "mise", "livre", "livree", "debute", "demarre", "start"],
    // [ext] (s24) "put up last year", "fitted in 2019", "laid in 2010".
    ["put", "fitted", "laid", "erected"],
  ),
);
/** "elle date de 2008", "it dates from 2008", "dating back to 2008". */
const DATING = new Set(["date", "dates", "dating", "datant", "dated"]);
/** A year that ends something is no start: "I stopped in 2019", "jusqu'en 2019", "until 2019". */
const ENDING = new Set(["until", "till", "jusqu", "stopped", "quit", "arrete", "arretee", "fini", "finished", "ended", "sold", "vendu"]);
const YEAR = /^(?:19|20)\d\d$/;

/**
 * The years from the one year a reply names as a start to `referenceYear`: "since 2019" / "depuis 2019" said right
 * before it is exact, any other start ("construite en 2015", "depuis mon permis en 2021", "elle date de 2008", a year
 * alone as the reply) loose. Null when the reply says another number, a year to come, an end, or a negation.
 */
export function yearsSinceYear(text: string, referenceYear: number): YearsReading | null {
  const c = clauseTokens(text);
  const tokens = c.tokens;
  const digits = tokens.filter((t) => /\d/.test(t));
  if (digits.length === 0 && !c.negated.some(Boolean)) return yearBegunBack(c);
  if (digits.length !== 1 || !YEAR.test(digits[0] as string) || c.negated.some(Boolean)) return null;
  const at = tokens.indexOf(digits[0] as string);
  const year = Number(tokens[at]);
  if (year > referenceYear || tokens.some((t) => ENDING.has(t))) return null;
  const value = referenceYear - year;
  const before = tokens[at - 1];
  if (tokens.length === 1) return { value, fuzzy: true };
  if (before !== undefined && SINCE.has(before)) return { value, fuzzy: false };
  const sameClause = (k: number) => c.clause[k] === c.clause[at];
  const near = tokens.slice(0, at).filter((_, k) => sameClause(k));
  const started =
    (before !== undefined && FROM.has(before)) ||
    (before !== undefined && IN.has(before) && near.some((t) => BEGUN.has(t))) ||
    near.some((t) => SINCE.has(t) || DATING.has(t));
  return started ? { value, fuzzy: true } : null;
}

/** [ext] (s24) A year said against this one: "last year", "l'an dernier" (1 back), "this year", "cette année" (0). */
const YEARS_BACK: readonly (readonly [readonly string[], number])[] = [
  ...["l an dernier", "l annee derniere", "l an passe", "l annee passee", "last year"].map((p) => [p.split(" "), 1] as const),
  ...["cette annee", "this year", "earlier this year", "plus tot cette annee"].map((p) => [p.split(" "), 0] as const),
];
/** Years as a unit: a reply that says a number of years ("neuf ans") is read by its number, not by the year begun. */
const YEAR_UNITS = new Set(["an", "ans", "annee", "annees", "year", "years", "yr", "yrs"]);

/**
 * [ext] (s24) "posé l'an dernier", "installed last year", "built this year": the years since a year said against this
 * one, loosely, when a verb of a beginning stands before it in its clause ("l'an dernier" alone dates something else).
 * Nothing when a number of years is also said.
 */
function yearBegunBack(c: ReturnType<typeof clauseTokens>): YearsReading | null {
  const { tokens } = c;
  for (let i = 0; i < tokens.length; i++) {
    const found = YEARS_BACK.find(([seq]) => seq.every((w, k) => tokens[i + k] === w));
    if (found === undefined) continue;
    const inPhrase = (k: number) => k >= i && k < i + found[0].length;
    if (tokens.some((t, k) => YEAR_UNITS.has(t) && !inPhrase(k))) return null;
    const begun = tokens.slice(0, i).some((t, k) => c.clause[k] === c.clause[i] && BEGUN.has(t));
    return begun ? { value: found[1], fuzzy: true } : null;
  }
  return null;
}

/** Words that start a span of years from a point: "since I was 12", "started when I was 16", "dès l'âge de 10 ans". */
const START_AGE = new Set(["since", "depuis", "started", "start", "began", "begun", "commence", "debute", "des"]);
/** Between the start and its number, words that make the number an age: "I was 12", "j'ai 15 ans", "l'âge de 10", "mes 15 ans". */
const AGE_MARK = new Set(["was", "were", "ai", "avais", "age", "aged", "mes"]);
/** In the clause of the second number, words that make it the age now: "I'm 34 now", "j'en ai 45", "40 ans aujourd'hui". */
const NOW = new Set(["m", "am", "now", "today", "currently", "aujourd", "maintenant", "actuellement", "ai"]);
const SMALL = /^\d{1,3}$/;

/**
 * Years of practice from the age they began at: "since I was 12, I'm 34 now", "depuis que j'ai 15 ans, j'en ai 45" give
 * the age now less the age then (loose); "none" when only the age at the start is said ("depuis mes 15 ans"): that
 * number is an age, not the years asked. Null for anything else, "depuis 15 ans" (fifteen years) included.
 */
export function yearsSinceAge(text: string): YearsReading | "none" | null {
  const c = clauseTokens(text);
  const tokens = c.tokens;
  const numbers = tokens.flatMap((t, k) => (/\d/.test(t) ? [k] : []));
  if (numbers.length === 0 || numbers.length > 2 || c.negated.some(Boolean) || !numbers.every((k) => SMALL.test(tokens[k]!))) return null;
  const [first, second] = numbers as [number, number | undefined];
  const sameClause = (k: number, of: number) => c.clause[k] === c.clause[of];
  const lead = tokens.slice(0, first).filter((_, k) => sameClause(k, first));
  const start = lead.findIndex((t) => START_AGE.has(t));
  if (start < 0 || !lead.slice(start + 1).some((t) => AGE_MARK.has(t))) return null;
  if (second === undefined) return "none";
  const now = tokens.filter((_, k) => k > first && sameClause(k, second));
  const years = Number(tokens[second]) - Number(tokens[first]);
  return now.some((t) => NOW.has(t)) && years > 0 ? { value: years, fuzzy: true } : null;
}

/** A first time said, in normalised words (also premises.ts's, for a yes/no about having done it before). */
export const FIRST_TIME_PHRASES: readonly string[] = [
  ...["first time", "first one", "premiere fois", "la premiere", "le premier", "my first", "ma premiere", "mon premier"],
];
/**
 * Having just started, in normalised words: none so far for years of practice, and a first time for a yes/no. Not
 * "débutant" or "beginner": a beginner may have months or a year of it, so that says no number of years.
 */
export const NEW_TO_IT_PHRASES: readonly string[] = [
  ...["just started", "just starting", "just begun", "just beginning", "je debute", "je commence", "je viens de commencer"],
  ...["on debute", "on commence", "i m new", "i am new", "brand new to"],
];
const anyPhrase = (phrases: readonly string[]) => new RegExp(`\\b(?:${phrases.join("|")})\\b`);
const FIRST_TIME = anyPhrase(FIRST_TIME_PHRASES);
const JUST_STARTED = anyPhrase(NEW_TO_IT_PHRASES);
const NEVER = new Set(["never", "jamais"]);
/** What may follow "never" besides the activity: "never done it", "jamais fait ça", "never been", "de ma vie". */
const DONE_WORDS = new Set([
  ...["done", "did", "do", "it", "that", "this", "been", "tried", "ever", "before", "yet", "really", "in", "my", "life", "any"],
  ...["fait", "ca", "cela", "essaye", "avant", "encore", "vraiment", "de", "ma", "vie", "du", "tout", "rien"],
]);
/** "never know", "jamais su": a never about knowing or counting says nothing of the count. */
const KNOWING = new Set([
  "know",
  "knew",
  "remember",
  "sure",
  "count",
  "counted",
  "sais",
  "su",
  "souviens",
  "rappelle",
  "compte",
  "compter",
]);

/**
 * None said in words, for a count of what was done before or years of practice: "c'est ma première fois", "first time"
 * (loose), "never", "jamais", "je n'ai jamais navigué" (exact when the clause names the target's own word, loose
 * otherwise), and for years only, "just started", "je débute" (loose). Null when the reply says otherwise.
 */
export function noneSoFar(text: string, own: ReadonlySet<string>, years: boolean): YearsReading | null {
  const c = clauseTokens(text);
  const said = c.tokens;
  const joined = said.join(" ");
  if (said.some((t) => KNOWING.has(t)) || text.trim().endsWith("?")) return null;
  const at = said.findIndex((t) => NEVER.has(t));
  // "pas ma première fois", "not the first time": a first time denied is no none.
  if ((FIRST_TIME.test(joined) || (years && JUST_STARTED.test(joined))) && at < 0 && !c.negated.some(Boolean))
    return { value: 0, fuzzy: true };
  if (at < 0) return null;
  // "jamais navigué" names "Années de navigation", "never driven" "Driving hours": the verb shares the noun's first letters.
  const sharesRoot = (t: string) => t.length >= 5 && [...own].some((w) => w.length >= 5 && w.slice(0, 5) === t.slice(0, 5));
  const names = (t: string) => (t.length >= 4 && tokenHasStem(t, own)) || sharesRoot(t);
  const after = said.slice(at + 1).filter((_, k) => c.clause[at + 1 + k] === c.clause[at]);
  // Only the activity and words of having done it: "never seen a lesson plan like this" says something else.
  if (!after.every((t) => names(t) || DONE_WORDS.has(t))) return null;
  return { value: 0, fuzzy: !after.some(names) && said.length > 1 };
}
