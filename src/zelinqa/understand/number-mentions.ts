// Every number of a text with what surrounds it [ext of docs/zelinqa-api.md §10.5.4]: digit groups with multipliers
// ("1,5k", "2k€", "1.5 million"), composite number words, ranges, approximation and bound markers ("max 1500",
// "pas plus de", "at least"), and the unit word that follows ("4 places", "1200 €", "3 ans").
import { damerauLevenshtein } from "./damerau-levenshtein.js";
import { ARTICLE_WORDS, isNumberWord, wordNumbers } from "./number-words.js";
import { gapBetween, textTokens } from "./text-tokens.js";
import type { TextToken } from "./text-tokens.js";

export interface NumberMention {
  readonly value: number;
  /** Token range [start, end) in `tokens`. */
  readonly start: number;
  readonly end: number;
  readonly fuzzy: boolean;
  /** A lone article ("un", "one", "a"). */
  readonly article: boolean;
  readonly bound: "upper" | "lower" | null;
  /** A currency sign or word next to it. */
  readonly currency: boolean;
  /** The normalised word right after it (its unit, when it has one), unless it is a rate ("/mois", "per month"). */
  readonly unit: string | null;
  /** Up to three normalised words before it, nearest last, within its clause. */
  readonly before: readonly string[];
  /** The period of a rate stated after it ("40 km a day", "1200 € par mois"), or null. */
  readonly period: Period | null;
  /** The word of any rate stated after it ("500 par personne" → "personne"), or null. */
  readonly per: string | null;
}

export type Period = "day" | "week" | "month" | "year";

const PERIOD_WORDS: Record<string, Period> = {
  jour: "day",
  jours: "day",
  day: "day",
  days: "day",
  journee: "day",
  semaine: "week",
  week: "week",
  mois: "month",
  month: "month",
  an: "year",
  annee: "year",
  year: "year",
  ans: "year",
  years: "year",
};

/** [ext] "90 € mensuel", "2000 yearly": a period adjective right after the amount (or its currency). */
const PERIOD_ADJECTIVES: Record<string, Period> = {
  quotidien: "day",
  daily: "day",
  hebdo: "week",
  hebdomadaire: "week",
  weekly: "week",
  mensuel: "month",
  mensuelle: "month",
  mensuels: "month",
  monthly: "month",
  annuel: "year",
  annuelle: "year",
  annuels: "year",
  yearly: "year",
  annually: "year",
};

/** [ext] "1500 la semaine", "20 € l'heure": the French definite article before a period says a rate too. */
const DEFINITE_RATE = new Set(["la", "le", "l"]);
/** "la semaine prochaine", "le mois dernier", "la semaine du 12": one period, no rate. */
const ONE_PERIOD_AFTER = new Set([
  "prochain",
  "prochaine",
  "dernier",
  "derniere",
  "passe",
  "passee",
  "suivant",
  "suivante",
  "d",
  "de",
  "du",
  "des",
  "ou",
  "entiere",
  "entier",
  "complete",
]);

/** "a day", "par mois", "per year", "/an" within the three words after a number (and its unit). */
function periodAfter(after: readonly string[], slash: boolean): Period | null {
  for (let i = 0; i < after.length; i++) {
    const w = after[i] as string;
    const p = PERIOD_WORDS[w];
    const definite = i <= 2 && DEFINITE_RATE.has(after[i - 1] ?? "") && !ONE_PERIOD_AFTER.has(after[i + 1] ?? "") && !w.endsWith("s");
    if (p && (i === 0 ? slash : RATE_WORDS.has(after[i - 1] as string) || definite)) return p;
    const adjective = PERIOD_ADJECTIVES[w];
    if (adjective && (i === 0 || (i === 1 && CURRENCY.has(after[0] as string)))) return adjective;
  }
  return null;
}

export interface MentionScan {
  readonly tokens: readonly TextToken[];
  readonly mentions: readonly NumberMention[];
}

const MULTIPLIERS: Record<string, number> = {
  // [ext] (s26) "2 hundred", "5 hundred quid": digits then the English word (not "cent(s)": "2 cents" is money too).
  hundred: 1e2,
  k: 1e3,
  mille: 1e3,
  thousand: 1e3,
  million: 1e6,
  millions: 1e6,
  milliard: 1e9,
  milliards: 1e9,
  billion: 1e9,
  billions: 1e9,
};
const CURRENCY = new Set([
  "€",
  "$",
  "£",
  "eur",
  "euro",
  "euros",
  "e",
  "usd",
  "dollar",
  "dollars",
  "balles",
  "bucks",
  "buck",
  "quid",
  "pounds",
  "gbp",
  "chf",
  "k€",
]);
/** Units people glue to the number: "90m²", "12km", "75kg", "3x" (times). */
const GLUED_UNITS = new Set([
  "m",
  "m2",
  "m3",
  "km",
  "kg",
  "cm",
  "mm",
  "g",
  "l",
  "ml",
  "cl",
  "sqm",
  "kmh",
  "kph",
  "mph",
  "kn",
  "kt",
  "kts",
  "x",
  "h",
  "hr",
  "hrs",
  "min",
  "mn",
  "ans",
  "yo",
  "kms",
  "kgs",
  "gb",
  "go",
  "mb",
  "mo",
  "tb",
  "j",
  // "200ish": an approximation glued to the number, not a unit.
  "ish",
  // [ext] (s24) "22lbs", "150lb", "6ft", "10oz": imperial units glued (unit-conversion.ts converts them); never "st" ("1st").
  ...["lb", "lbs", "ft", "oz", "yd"],
]);
/**
 * (s26) Words that open a circumstance of the number, never its unit: when it was measured or said ("14.2 last week",
 * "72 ce matin", "57 after the gym", "8 since the move") or who says it ("12 according to the vet", "30 selon lui").
 * A reviewed list of time determiners and adverbs and of subordinators, English and French.
 */
const CIRCUMSTANCE_OPENERS = new Set([
  ...["last", "this", "next", "yesterday", "today", "tonight", "tomorrow", "after", "before", "since", "when", "while"],
  ...["until", "according", "hier", "aujourd", "demain", "dernier", "derniere", "prochain", "prochaine", "ce", "cet"],
  ...["cette", "apres", "avant", "depuis", "quand", "lorsque", "selon", "jusqu"],
]);
/**
 * (s26) Who a bare whole number is said of, in English: "I'm 67", "im 40 now", "she's 9": an age, as "years old" would
 * say (French says "ans"). The number takes SAID_AGE as its unit: no word, so only a target that is an age and nothing
 * else's takes it (number-extractor.ts), and no other target, nor the "N years old" readings of a thing's age.
 */
const AGE_SUBJECTS: readonly string[][] = [["i", "m"], ["i", "am"], ["im"], ["he", "s"], ["she", "s"], ["he", "is"], ["she", "is"]];
/** What may follow such an age: nothing, or "now". */
const AFTER_SAID_AGE = new Set(["now", "currently", "maintenant"]);
export const SAID_AGE = "<age>";
/** Adjectives between a count and its noun. */
const ADJECTIVES = new Set([
  "vieux",
  "vieille",
  "vieilles",
  "petit",
  "petite",
  "petits",
  "petites",
  "jeune",
  "jeunes",
  "gros",
  "grosse",
  "grosses",
  "old",
  "young",
  "little",
  "small",
  "big",
  "older",
  "younger",
]);
/** Approximation words people misspell ("arund", "aprox", "environs"): within one edit they still hedge. */
const APPROX_TYPO_TARGETS = ["around", "environ", "approx", "approximately", "approximativement", "roughly", "circa", "about"];
const isApproxTypo = (w: string | undefined) =>
  w !== undefined && w.length >= 5 && APPROX_TYPO_TARGETS.some((a) => damerauLevenshtein(w, a, 1) <= 1);
/** "60 m² each": a unit word, then "each". */
const unitAfter = (after: readonly string[]) => after[0] !== undefined && !/^\d/.test(after[0]);
/** "2500 chacun", "500 each": an amount per person. */
const EACH_WORDS = new Set(["each", "chacun", "chacune", "apiece", "par tete"]);
const ORDINAL_SUFFIXES = new Set(["er", "ere", "e", "eme", "em", "st", "nd", "rd", "th"]);
const RATE_WORDS = new Set(["par", "per", "a", "an", "by", "chaque", "each", "every"]);
const APPROX_BEFORE = [
  "environ",
  "a peu pres",
  "approximativement",
  "autour de",
  "aux alentours de",
  "vers",
  "about",
  "around",
  "approximately",
  "roughly",
  "disons",
  "say",
  "like",
  "genre",
  "dans les",
  "in the region of",
  "something like",
  "quelque chose comme",
  "plus ou moins",
  "approx",
  "env",
  "circa",
  "some",
  "~",
  // [ext] "about a 6", "like a 7" (a score).
  "about a",
  "around a",
  "like a",
  "roughly a",
  "maybe a",
  // [ext] Just short of the number: "presque 10", "almost 100 m²", "bientôt 10 ans", "pas loin de 2000".
  "presque",
  "quasiment",
  "pratiquement",
  "bientot",
  "pas loin de",
  "almost",
  "nearly",
  "close to",
  // [ext] (s27) Just reaching the number: "barely 4 hours", "à peine 3 kilos", "hardly 2" (at most about it).
  "barely",
  "hardly",
  "scarcely",
  "a peine",
];
const APPROX_AFTER = [
  ...["environ", "a peu pres", "ish", "or so", "more or less", "plus ou moins", "approx", "give or take", "grosso modo"],
  // [ext] (s23) Some more than the number: "40 odd", "200 et quelques", "a hundred and something", "and a bit".
  ...["odd", "et quelques", "et quelque", "and something", "something", "et des poussieres", "and a bit", "and change"],
];
const UPPER_BEFORE = [
  "max",
  "maxi",
  "maximum",
  "au maximum",
  "au max",
  "pas plus de",
  "jusqu a",
  "no more than",
  "not more than",
  "up to",
  "at most",
  "under",
  "moins de",
  "less than",
  "below",
  "not over",
  "not above",
  "pas au dessus de",
  "plafond",
  "limite",
  "limit",
  "within",
  "at the most",
  "au grand maximum",
  "tops",
  "ne pas depasser",
];
const LOWER_BEFORE = [
  "at least",
  "au moins",
  "minimum",
  "min",
  "plus de",
  "more than",
  "over",
  "above",
  "au minimum",
  "pas moins de",
  "no less than",
  "starting at",
];
const UPPER_AFTER = [
  "max",
  "maxi",
  "maximum",
  "tops",
  "grand max",
  "at most",
  "at the very most",
  "at the most",
  "au maximum",
  "au max",
  "max max",
  "or less",
  "ou moins",
  "pas plus",
  "no more",
  "limit",
  "limite",
  "plafond",
];
const LOWER_AFTER = ["minimum", "min", "au moins", "at least", "or more", "ou plus", "et plus", "and up", "mini"];

const split = (list: readonly string[]) => list.map((p) => p.split(" "));
const PHRASES = {
  approxBefore: split(APPROX_BEFORE),
  approxAfter: split(APPROX_AFTER),
  upperBefore: split(UPPER_BEFORE),
  lowerBefore: split(LOWER_BEFORE),
  upperAfter: split(UPPER_AFTER),
  lowerAfter: split(LOWER_AFTER),
};

function endsWithPhrase(words: readonly string[], list: readonly string[][]): boolean {
  return list.some((p) => p.length <= words.length && p.every((w, i) => words[words.length - p.length + i] === w));
}
function startsWithPhrase(words: readonly string[], list: readonly string[][]): boolean {
  return list.some((p) => p.length <= words.length && p.every((w, i) => words[i] === w));
}

/**
 * [ext] The words before a number without the bound marker that ends them ("pas plus de 12" → none): "plus", "moins",
 * "more" belong to the marker, never name a target ("plus jeune" is another label's word). (s26) Nor does an
 * approximation marker ("about 8", "autour de 70"): "about" in another question ("anything else about your dog?") is
 * no word of that target.
 */
export function wordsBeforeBound(before: readonly string[]): readonly string[] {
  for (const list of [PHRASES.upperBefore, PHRASES.lowerBefore, PHRASES.approxBefore])
    for (const p of list)
      if (p.length <= before.length && p.every((w, i) => before[before.length - p.length + i] === w))
        return before.slice(0, before.length - p.length);
  return before;
}

/**
 * [ext] (s27) Whether the words from token `end` on open with an approximation ("1m05 à peu près", "15 st 4 or so"):
 * for a measure joined from two numbers, whose own mention stops at its first part.
 */
export function approximationAt(text: string, tokens: readonly TextToken[], end: number): boolean {
  return startsWithPhrase(wordsAfter(text, tokens, end, 4), PHRASES.approxAfter);
}

interface RawNumber {
  value: number;
  start: number;
  end: number;
  fuzzy: boolean;
  article: boolean;
  /** The unit when the number's own tokens carry it ("2h30", "1 an et demi"), else the word after it. */
  unit?: string;
}

/** "2h30", "1 h 15", "4h30min": hours and minutes, read as hours (2.5); a clock time reads the same way. */
function hoursAndMinutes(tokens: readonly TextToken[], i: number): RawNumber | null {
  const h = tokens[i] as TextToken;
  const sep = tokens[i + 1];
  const min = tokens[i + 2];
  if (sep?.norm !== "h" || min?.kind !== "digits" || !/^\d{2}$/.test(min.norm) || !/^\d{1,2}$/.test(h.norm)) return null;
  const glued = sep.start === h.end && min.start === sep.end;
  const spaced = min.start - sep.end <= 1 && sep.start - h.end <= 1;
  if ((!glued && !spaced) || Number(min.norm) >= 60) return null;
  const tail = tokens[i + 3];
  const end = tail && tail.start === min.end && (tail.norm === "min" || tail.norm === "mn" || tail.norm === "m") ? i + 4 : i + 3;
  return { value: Number(h.norm) + Number(min.norm) / 60, start: i, end, fuzzy: false, article: false, unit: "h" };
}

function digitNumber(text: string, tokens: readonly TextToken[], i: number): RawNumber | null {
  const tok = tokens[i] as TextToken;
  const prev = tokens[i - 1];
  // "T3", "F2": a number glued to a word is part of a name; but in "10x5" the 5 is the second side.
  const times = prev?.norm === "x" && tokens[i - 2]?.kind === "digits" && tokens[i - 2]?.end === prev.start;
  if (prev && prev.kind === "word" && prev.end === tok.start && !times) return null;
  const clock = hoursAndMinutes(tokens, i);
  if (clock !== null) return clock;
  let value = parseDigitGroup(tok.norm);
  let end = i + 1;
  const next = tokens[i + 1];
  if (next && next.kind === "word") {
    const glued = next.start === tok.end;
    const raw = text.slice(next.start, next.end);
    const mult = raw === "M" ? 1e6 : raw === "m" ? undefined : MULTIPLIERS[next.norm];
    if (mult !== undefined) {
      value *= mult;
      end = i + 2;
    } else if (
      glued &&
      ORDINAL_SUFFIXES.has(next.norm) &&
      (next.norm !== "e" || (value < 100 && (nounAfter(text, tokens, i + 1) || ORDINAL_LEADS.has(tokens[i - 1]?.norm ?? ""))))
    ) {
      // "5th", "3e", "1er": an ordinal counts only before a unit of the target ("3e étage"), like an article.
      return { value, start: i, end: i + 2, fuzzy: false, article: true };
    } else if (glued && !CURRENCY.has(next.norm) && next.norm.length <= 3 && !GLUED_UNITS.has(next.norm)) {
      // "3pm", "4G": not a quantity; a glued measure unit ("90m²", "75kg", "3x") is one.
      return null;
    }
  }
  return { value, start: i, end, fuzzy: false, article: false };
}

/** [ext] "au 3e", "le 5e": after these, a glued "e" is an ordinal (a floor, a rank), not euros. */
const ORDINAL_LEADS = new Set(["au", "le", "la", "du"]);

/** "3e étage" is an ordinal, but "30e" alone or "30e par mois" is an amount in euros: a noun must follow the "e". */
function nounAfter(text: string, tokens: readonly TextToken[], k: number): boolean {
  const after = tokens[k + 1];
  return (
    after !== undefined &&
    after.kind === "word" &&
    !clauseBreak(text, tokens[k] as TextToken, after) &&
    !RATE_WORDS.has(after.norm) &&
    !startsWithPhrase([after.norm], PHRASES.upperAfter) &&
    !startsWithPhrase([after.norm], PHRASES.approxAfter) &&
    !["ou", "or", "et", "and", "max", "mini", "pour", "for"].includes(after.norm)
  );
}

/** docs/zelinqa-api.md §10.5.4 separator rules for one digit group ("1.500,50", "2 500", "1,5"). */
export function parseDigitGroup(raw: string): number {
  const compact = raw.replace(/[ \u00A0\u202F']/g, "");
  const dots = (compact.match(/\./g) ?? []).length;
  const commas = (compact.match(/,/g) ?? []).length;
  let decimal: "." | "," | null = null;
  if (dots > 0 && commas > 0) decimal = compact.lastIndexOf(".") > compact.lastIndexOf(",") ? "." : ",";
  else if (dots + commas > 0) {
    const sep = dots > 0 ? "." : ",";
    const after = compact.slice(compact.lastIndexOf(sep) + 1);
    decimal = dots + commas > 1 || after.length === 3 ? null : sep;
  }
  const thousands = decimal === null ? /[.,]/g : decimal === "." ? /,/g : /\./g;
  const cleaned = compact.replace(thousands, "");
  return Number(decimal === "," ? cleaned.replace(",", ".") : cleaned);
}

function rawNumbers(text: string, tokens: readonly TextToken[]): RawNumber[] {
  const out: RawNumber[] = [];
  const used = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    if ((tokens[i] as TextToken).kind !== "digits") continue;
    const n = digitNumber(text, tokens, i);
    if (n === null) continue;
    out.push(n);
    for (let j = n.start; j < n.end; j++) used.add(j);
    i = n.end - 1;
  }
  // [ext] "a fiver", "a tenner": a banknote named for its amount.
  tokens.forEach((t, i) => {
    const note = t.kind === "word" ? MONEY_NOTES[t.norm] : undefined;
    if (note !== undefined) out.push({ value: note, start: i, end: i + 1, fuzzy: false, article: false });
  });
  // [ext] (s24) "fortyish", "twentyish": a number word with "ish" glued, held loosely.
  const ish = new Set<number>();
  const norms = tokens.map((t, i) => {
    if (used.has(i) || t.kind !== "word") return "\u0000";
    const stem = t.norm.length > 5 && t.norm.endsWith("ish") ? t.norm.slice(0, -3) : "";
    if (stem === "" || !isNumberWord(stem) || ARTICLE_WORDS.has(stem)) return t.norm;
    ish.add(i);
    return stem;
  });
  const paused = (j: number) => j > 0 && clauseBreak(text, tokens[j - 1] as TextToken, tokens[j] as TextToken);
  for (const w of wordNumbers(norms, paused)) {
    const fuzzy = w.fuzzy || ish.has(w.end - 1);
    if (!newNotNine(norms, w)) out.push({ value: w.value, start: w.start, end: w.end, fuzzy, article: w.article });
  }
  return withFractions(
    text,
    tokens,
    out.sort((a, b) => a.start - b.start),
  );
}

const MONEY_NOTES: Record<string, number> = { fiver: 5, tenner: 10 };

/** [ext] (s24) Words before the French "neuf" that make it "new", not nine: "tout neuf", "comme neuf", "état neuf". */
const NEW_BEFORE = new Set(["tout", "toute", "flambant", "comme", "etat", "quasi", "quasiment", "presque", "encore"]);
/** "remis à neuf", "refait à neuf": made as new. */
const MADE_NEW = new Set(["remis", "remise", "refait", "refaite", "refaits", "mis", "mise", "remettre", "refaire"]);
/** "neuf" alone as a word number, said as new: after NEW_BEFORE, or after "à" following MADE_NEW. */
function newNotNine(norms: readonly string[], w: { start: number; end: number }): boolean {
  if (w.end - w.start !== 1 || norms[w.start] !== "neuf") return false;
  const before = norms[w.start - 1] ?? "";
  return NEW_BEFORE.has(before) || (before === "a" && MADE_NEW.has(norms[w.start - 2] ?? ""));
}
const SUBUNIT_WORDS = new Set(["centimes", "cents", "pence", "p"]);

/**
 * [ext] "three pounds fifty", "3 euros 50", "2 dollars 99 cents": an amount and its hundredths said after the currency
 * word, one amount. Only two-digit hundredths right after the currency word, with no unit of their own.
 */
function withHundredths(tokens: readonly TextToken[], mentions: NumberMention[]): NumberMention[] {
  for (let i = 0; i + 1 < mentions.length; i++) {
    const a = mentions[i] as NumberMention;
    const b = mentions[i + 1] as NumberMention;
    const word = tokens[a.end];
    if (!a.currency || a.fuzzy || word?.kind !== "word" || !CURRENCY.has(word.norm) || b.start !== a.end + 1 || b.article) continue;
    if (!Number.isInteger(b.value) || b.value < 10 || b.value > 99 || (b.unit !== null && !SUBUNIT_WORDS.has(b.unit))) continue;
    const end = b.unit === null ? b.end : b.end + 1;
    mentions.splice(i, 2, {
      ...a,
      value: a.value + b.value / 100,
      end,
      bound: a.bound ?? b.bound,
      period: a.period ?? b.period,
      unit: null,
    });
  }
  return mentions;
}

const HALVES = new Set(["demi", "demie", "half"]);
const QUARTERS = new Set(["quart", "quarter"]);
const AND_WORDS = new Set(["et", "and"]);
const QUARTER_WORDS = new Set(["quart", "quarts", "quarter", "quarters"]);
const OF_UNIT = new Set(["d", "de", "of"]);
const ARTICLE_OF_UNIT = new Set(["an", "a", "une"]);
/** "half of them", "la moitié": "half" before these is a share, not a quantity. */
const NOT_AFTER_HALF = new Set([
  ...["of", "the", "de", "du", "des", "price", "prix", "tarif", "time", "temps"],
  // [ext] (s23) "half my salary", "half their budget": a share of an amount not said.
  ...["my", "our", "your", "his", "her", "their", "its", "mon", "ma", "mes", "notre", "votre", "son", "sa", "leur", "what", "that"],
]);
/** Multipliers read after a fraction or a number in words: "two and a half grand", "deux et demi mille". */
const WORD_MULTIPLIERS: Record<string, number> = { k: 1e3, mille: 1e3, thousand: 1e3, grand: 1e3, million: 1e6, millions: 1e6 };
/** "2 grand" is two thousand only when nothing follows it in its clause but these words ("un grand jardin" is big). */
const AFTER_GRAND = new Set([
  "max",
  "maxi",
  "maximum",
  "tops",
  "ish",
  "or",
  "ou",
  "and",
  "et",
  "per",
  "par",
  "a",
  "total",
  "for",
  "pour",
  "if",
  "at",
]);

/** The fraction a word adds after "et"/"and" ("et demi", "and a half", "et quart"), or 0. */
function fractionAt(tokens: readonly TextToken[], k: number): { add: number; end: number } | null {
  const t = tokens[k]?.norm;
  const skip = t === "a" || t === "an" ? 1 : 0;
  const w = tokens[k + skip]?.norm ?? "";
  if (HALVES.has(w)) return { add: 0.5, end: k + skip + 1 };
  if (QUARTERS.has(w)) return { add: 0.25, end: k + skip + 1 };
  return null;
}

/**
 * Halves and quarters said in words, which must never leave their whole part alone (docs/zelinqa-understanding.md):
 * "1 an et demi" (1.5 with its unit), "two and a half grand" (2500), "deux heures et demie", "une demi-journée" and
 * "half an hour" (0.5 of the unit). The article of "and a half" is no number of its own.
 */
function withFractions(text: string, tokens: readonly TextToken[], raw: readonly RawNumber[]): RawNumber[] {
  const out: RawNumber[] = [];
  const consumed = new Set<number>();
  const norm = (k: number) => tokens[k]?.norm ?? "";
  const sameClause = (a: number, b: number) => {
    for (let k = a; k < b; k++) if (clauseBreak(text, tokens[k] as TextToken, tokens[k + 1] as TextToken)) return false;
    return true;
  };
  for (const n of raw) {
    if (consumed.has(n.start)) continue;
    let next: RawNumber = n;
    // "2 et demi", "two and a half": the fraction right after the number.
    const direct = AND_WORDS.has(norm(n.end)) ? fractionAt(tokens, n.end + 1) : null;
    // "1 an et demi", "deux heures et demie", "2 hours and a half": after its unit.
    const unit = tokens[n.end];
    const afterUnit =
      direct === null && n.unit === undefined && unit?.kind === "word" && AND_WORDS.has(norm(n.end + 1))
        ? fractionAt(tokens, n.end + 2)
        : null;
    const frac = direct ?? afterUnit;
    // [ext] "trois quarts d'heure", "a quarter of an hour": quarters of the unit named after "de" / "of (an)".
    const quarterOf = QUARTER_WORDS.has(norm(n.end)) && OF_UNIT.has(norm(n.end + 1)) && frac === null && n.unit === undefined;
    if (quarterOf) {
      const end = ARTICLE_OF_UNIT.has(norm(n.end + 2)) ? n.end + 3 : n.end + 2;
      for (let k = n.end; k < end; k++) consumed.add(k);
      out.push({ ...n, value: n.value * 0.25, end, article: false });
      continue;
    }
    if (frac !== null && sameClause(n.start, frac.end - 1)) {
      next = { ...n, value: n.value + frac.add, end: frac.end, article: false, ...(afterUnit ? { unit: norm(n.end) } : {}) };
      for (let k = n.end; k < frac.end; k++) consumed.add(k);
      // "two and a half grand", "1 and a half million".
      const mult = direct ? WORD_MULTIPLIERS[norm(next.end)] : undefined;
      if (mult !== undefined && (norm(next.end) !== "grand" || grandAlone(text, tokens, next.end)))
        next = { ...next, value: next.value * mult, end: next.end + 1 };
    } else if (
      (!n.article || ENGLISH_ARTICLES.has(norm(n.start))) &&
      n.unit === undefined &&
      norm(n.end) === "grand" &&
      grandAlone(text, tokens, n.end) &&
      !grandMaxBound(n.value, tokens, n.end)
    ) {
      // "5 grand", "two grand", [ext] "under a grand": thousands (slang for money).
      next = { ...n, value: n.value * 1e3, end: n.end + 1, article: false };
    } else if (n.article && HALVES.has(norm(n.end)) && !NOT_AFTER_HALF.has(norm(n.end + 1))) {
      // "une demi-journée", "a half": the article opens half a unit; [ext] "un demi-million": half of a multiplier.
      const mult = halfOf(text, tokens, n.end + 1) ?? (DOZENS.has(norm(n.end + 1)) ? 12 : null);
      next = { ...n, value: 0.5 * (mult ?? 1), end: n.end + (mult === null ? 1 : 2), article: false, fuzzy: n.fuzzy || mult === 12 };
      if (mult !== null) consumed.add(n.end + 1);
    }
    out.push(next);
  }
  // "half an hour", "half a day", "demi-heure" without an article: half of the unit named after it.
  const covered = new Set<number>();
  for (const n of out) for (let k = n.start; k < n.end; k++) covered.add(k);
  const halves: RawNumber[] = [];
  const articlesTaken = new Set<number>();
  tokens.forEach((t, k) => {
    if (!HALVES.has(t.norm) || covered.has(k)) return;
    const art = tokens[k + 1]?.norm;
    if (AND_WORDS.has(norm(k - 1)) || NOT_AFTER_HALF.has(art ?? "")) return;
    const withArticle = art === "a" || art === "an";
    if (withArticle) articlesTaken.add(k + 1);
    const end = withArticle ? k + 2 : k + 1;
    // [ext] "half a million", "half a mil": half of the multiplier named after it.
    const mult = halfOf(text, tokens, end);
    if (mult !== null) articlesTaken.add(end);
    // [ext] (s23) "half a dozen", "une demi-douzaine": 6, loosely (it was 0.5).
    const dozen = mult === null && DOZENS.has(tokens[end]?.norm ?? "");
    if (dozen) articlesTaken.add(end);
    const value = dozen ? 6 : 0.5 * (mult ?? 1);
    halves.push({ value, start: k, end: mult === null && !dozen ? end : end + 1, fuzzy: dozen, article: false });
  });
  if (halves.length > 0) {
    const kept = out.filter((n) => !articlesTaken.has(n.start));
    out.length = 0;
    out.push(...[...kept, ...halves].sort((a, b) => a.start - b.start));
  }
  return out.filter((n) => !consumed.has(n.start));
}

const ENGLISH_ARTICLES = new Set(["a", "an"]);
const DOZENS = new Set(["dozen", "douzaine"]);

/** The multiplier at token k after "half (a)" ("half a million", "un demi-million"), or null. */
function halfOf(text: string, tokens: readonly TextToken[], k: number): number | null {
  const w = tokens[k]?.norm ?? "";
  const mult = w === "mil" ? 1e6 : WORD_MULTIPLIERS[w];
  if (mult === undefined || w === "k") return null;
  return w !== "grand" || grandAlone(text, tokens, k) ? mult : null;
}

/**
 * [ext] French "grand max" (at the very most) after a number of a thousand or more ("1000 grand max", "1 500 grand
 * maximum"): a bound, not thousands (nobody counts a million as "1000 grand"). "2 grand max" stays 2000.
 */
function grandMaxBound(value: number, tokens: readonly TextToken[], k: number): boolean {
  return value >= 1000 && ["max", "maxi", "maximum"].includes(tokens[k + 1]?.norm ?? "");
}

function grandAlone(text: string, tokens: readonly TextToken[], k: number): boolean {
  const after = tokens[k + 1];
  return after === undefined || after.kind !== "word" || clauseBreak(text, tokens[k] as TextToken, after) || AFTER_GRAND.has(after.norm);
}

/** A punctuation mark between two tokens: a pause that ends what the first one says. */
export function clauseBreak(text: string, a: TextToken, b: TextToken): boolean {
  return /[,;.!?:()\n]/.test(gapBetween(text, a, b));
}

function wordsBefore(text: string, tokens: readonly TextToken[], start: number, count: number): string[] {
  const out: string[] = [];
  for (let i = start - 1; i >= 0 && out.length < count; i--) {
    const t = tokens[i] as TextToken;
    const after = tokens[i + 1] as TextToken;
    if (clauseBreak(text, t, after)) break;
    if (t.kind === "symbol" && t.norm !== "~") continue;
    out.unshift(t.norm);
  }
  return out;
}

function wordsAfter(text: string, tokens: readonly TextToken[], end: number, count: number): string[] {
  const out: string[] = [];
  for (let i = end; i < tokens.length && out.length < count; i++) {
    const t = tokens[i] as TextToken;
    if (i > 0 && clauseBreak(text, tokens[i - 1] as TextToken, t)) break;
    if (t.kind === "symbol") continue;
    out.push(t.norm);
  }
  return out;
}

function isRangeLink(text: string, tokens: readonly TextToken[], a: RawNumber, b: RawNumber): boolean {
  if (b.start < a.end) return false;
  const between = tokens.slice(a.end, b.start).filter((t) => t.kind !== "symbol" || t.norm === "~");
  const gap = text
    .slice((tokens[a.end - 1] as TextToken).end, (tokens[b.start] as TextToken).start)
    .trim()
    .toLowerCase();
  if (between.length === 0) return gap === "-" || gap === "–" || gap === "à" || /^€?\s*[-–]\s*$/.test(gap);
  if (between.length !== 1) return false;
  const link = (between[0] as TextToken).norm;
  if (link === "a" || link === "to" || link === "au") return true;
  if (link === "et" || link === "and") {
    const before = wordsBefore(text, tokens, a.start, 2);
    return before.includes("entre") || before.includes("between");
  }
  return false;
}

function mentionOf(text: string, tokens: readonly TextToken[], n: RawNumber, endToken: number, fuzzy: boolean): NumberMention {
  const before = wordsBefore(text, tokens, n.start, 4);
  const after = wordsAfter(text, tokens, endToken, 4);
  const prevSymbol = tokens[n.start - 1];
  const nextSymbol = tokens[endToken];
  const symbolCurrency = (t: TextToken | undefined) => t !== undefined && t.kind === "symbol" && t.norm !== "~" && t.norm !== "%";
  const isRate = after.length > 1 && RATE_WORDS.has(after[0] as string) && !/^\d/.test(after[1] as string);
  // "100/mois", and [ext] "100€/mois", "100 $/month": the slash may follow the currency sign.
  const afterSign = symbolCurrency(nextSymbol) ? tokens[endToken + 1] : nextSymbol;
  const slash =
    afterSign !== undefined &&
    /^\s*\//.test(text.slice((afterSign === nextSymbol ? (tokens[endToken - 1] as TextToken) : (nextSymbol as TextToken)).end));
  const currency =
    symbolCurrency(prevSymbol) ||
    symbolCurrency(nextSymbol) ||
    (after[0] !== undefined && CURRENCY.has(after[0])) ||
    MONEY_NOTES[tokens[n.start]?.norm ?? ""] !== undefined;
  // [ext] (s24) A currency word after the number ("30 euros environ") stands before what qualifies it; a sign does not
  // ("£30-ish", "30€ environ", "£500 max": the words after hold no sign).
  const currencyAfter = after[0] !== undefined && CURRENCY.has(after[0]);
  // "10%", "10 pour cent": a share, whatever follows it.
  const percent =
    nextSymbol?.norm === "%" || after[0] === "percent" || after[0] === "pourcent" || (after[0] === "pour" && after[1] === "cent");
  // "un vieux chien", "two little kids": the noun after one adjective is the unit.
  const noun = ADJECTIVES.has(after[0] ?? "") && after[1] !== undefined && !/^\d/.test(after[1]) ? after.slice(1) : after;
  const unit = percent
    ? "%"
    : n.unit !== undefined
      ? n.unit
      : slash || isRate
        ? null
        : noun[0] !== undefined &&
            !CURRENCY.has(noun[0]) &&
            !/^\d/.test(noun[0]) &&
            !CIRCUMSTANCE_OPENERS.has(noun[0]) &&
            !startsWithPhrase(noun, PHRASES.approxAfter)
          ? noun[0]
          : null;
  const age =
    (unit === null || AFTER_SAID_AGE.has(unit)) &&
    !currency &&
    !slash &&
    Number.isInteger(n.value) &&
    n.value >= 1 &&
    n.value <= 120 &&
    endsWithPhrase(before, AGE_SUBJECTS);
  const approx =
    endsWithPhrase(before, PHRASES.approxBefore) ||
    isApproxTypo(before[before.length - 1]) ||
    startsWithPhrase(after.slice(currencyAfter ? 1 : 0), PHRASES.approxAfter) ||
    // [ext] After the unit too: "80 m environ", "3 hours or so".
    (unit !== null && unit !== "%" && after[0] === unit && startsWithPhrase(after.slice(1), PHRASES.approxAfter));
  // After the number or its currency ("1500€ max", "700 tops"), or after its unit ("2-3 km max").
  const afterUnit = after.slice(currencyAfter ? 1 : 0);
  const afterWord = unit !== null && afterUnit[0] === unit ? afterUnit.slice(1) : [];
  const boundAfter = (phrases: readonly string[][]) => startsWithPhrase(afterUnit, phrases) || startsWithPhrase(afterWord, phrases);
  const bound =
    endsWithPhrase(before, PHRASES.upperBefore) || boundAfter(PHRASES.upperAfter)
      ? "upper"
      : endsWithPhrase(before, PHRASES.lowerBefore) || boundAfter(PHRASES.lowerAfter)
        ? "lower"
        : null;
  const period = periodAfter(after.slice(0, 4), slash);
  const perAt = after.slice(0, 3).findIndex((w, i) => i < 2 && (w === "par" || w === "per" || w === "each" || w === "chaque"));
  const per =
    EACH_WORDS.has(after[0] ?? "") || (unitAfter(after) && EACH_WORDS.has(after[1] ?? ""))
      ? "each"
      : perAt >= 0
        ? (after[perAt + 1] ?? null)
        : null;
  return {
    value: n.value,
    start: n.start,
    end: endToken,
    fuzzy: fuzzy || approx,
    article: n.article,
    bound,
    currency,
    unit: age ? SAID_AGE : unit,
    before,
    period,
    per,
  };
}

/** "3 ou 4 places", "2 or 3 bedrooms": alternatives share the unit written after the last one. */
function shareAlternativeUnits(tokens: readonly TextToken[], mentions: NumberMention[]): NumberMention[] {
  for (let i = mentions.length - 2; i >= 0; i--) {
    const a = mentions[i] as NumberMention;
    const b = mentions[i + 1] as NumberMention;
    const link = tokens[a.end]?.norm;
    if (a.unit === null || a.unit === link) {
      if ((link === "ou" || link === "or") && b.start === a.end + 1 && b.unit !== null)
        mentions[i] = { ...a, unit: b.unit, currency: a.currency || b.currency };
    }
  }
  return mentions;
}

const FRACTION_SIGNS: Record<string, string> = { "½": ".5", "¼": ".25", "¾": ".75" };

/** Reads every number of the text with its markers; ranges become one fuzzy midpoint (docs/zelinqa-api.md §10.5.4). */
const DECIMAL_WORDS = new Set(["point", "virgule"]);
/**
 * (s26) "one point eight", "deux virgule cinq", "zero point seven five": a number in words, "point"/"virgule", then
 * digits in words, one each (0 to 9), is one decimal number. Not after "at" ("at one point two of them left").
 */
function spokenDecimals(tokens: readonly TextToken[], raw: RawNumber[]): RawNumber[] {
  const digit = (r: RawNumber | undefined) =>
    r !== undefined && r.end - r.start === 1 && tokens[r.start]?.kind === "word" && Number.isInteger(r.value) && r.value <= 9 && !r.article;
  for (let i = 0; i + 1 < raw.length; i++) {
    const a = raw[i] as RawNumber;
    const first = raw[i + 1];
    const word = tokens[a.start]?.kind === "word" && a.unit === undefined && tokens[a.start - 1]?.norm !== "at";
    if (!word || !DECIMAL_WORDS.has(tokens[a.end]?.norm ?? "") || first?.start !== a.end + 1 || !digit(first)) continue;
    let value = a.value;
    let end = a.end;
    let k = i + 1;
    for (let scale = 0.1; digit(raw[k]) && (raw[k] as RawNumber).start === end + (k === i + 1 ? 1 : 0); scale /= 10, k++) {
      value += (raw[k] as RawNumber).value * scale;
      end = (raw[k] as RawNumber).end;
    }
    raw.splice(i, k - i, { ...a, value: Math.round(value * 1e6) / 1e6, end, article: false });
  }
  return raw;
}

export function scanNumbers(original: string): MentionScan {
  // "1½", "¾": the fraction signs read as decimals ("1.5", "0.75").
  const text = /[½¼¾]/.test(original)
    ? original
        .replace(/(\d)\s*([½¼¾])/g, (_, d: string, f: string) => `${d}${FRACTION_SIGNS[f] ?? ""}`)
        .replace(/[½¼¾]/g, (f) => ` 0${FRACTION_SIGNS[f] ?? ""}`)
    : original;
  const tokens = textTokens(text);
  const raw = spokenDecimals(tokens, rawNumbers(text, tokens));
  const mentions: NumberMention[] = [];
  for (let i = 0; i < raw.length; i++) {
    const a = raw[i] as RawNumber;
    let b = raw[i + 1];
    // "deux à trois fois": the "a" read as an article between two numbers is the range's "à".
    const c = raw[i + 2];
    if (b && c && !a.article && b.article && !c.article && tokens[b.start]?.norm === "a" && b.start === a.end && c.start === b.end) {
      raw.splice(i + 1, 1);
      b = c;
    }
    if (b && !a.article && !b.article && isRangeLink(text, tokens, a, b)) {
      // "2-3k": the upper bound's multiplier also scales a bare lower bound.
      const low = b.value >= 1000 && a.value < 1000 && b.value / a.value > 100 ? a.value * 1000 : a.value;
      const range = mentionOf(text, tokens, { ...b, value: (low + b.value) / 2, start: a.start }, b.end, true);
      // [ext] "2-3 km max", "au moins 2 à 3 jours": a range with a bound word is that end of it, still loosely.
      const end = range.bound === "upper" ? b.value : range.bound === "lower" ? low : range.value;
      mentions.push(end === range.value ? range : { ...range, value: end });
      i += 1;
      continue;
    }
    mentions.push(mentionOf(text, tokens, a, a.end, a.fuzzy));
  }
  return { tokens, mentions: withHundredths(tokens, shareAlternativeUnits(tokens, mentions)) };
}

export { ARTICLE_WORDS };
