// Composite number words in French and English [ext of docs/zelinqa-api.md §10.5.4]: "mille cinq cents", "quinze
// cents", "fifteen hundred", "two thousand five hundred", "quatre-vingt-dix", plus the approximate collective
// nouns ("une dizaine", "a dozen") which give fuzzy values.

const UNITS: Record<string, number> = {
  zero: 0,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  septante: 70,
  huitante: 80,
  octante: 80,
  nonante: 90,
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twice: 2,
  thrice: 3,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const HUNDREDS = new Set(["cent", "cents", "hundred", "hundreds"]);
const SCALES: Record<string, number> = {
  mille: 1e3,
  milles: 1e3,
  mil: 1e3,
  thousand: 1e3,
  thousands: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  milliard: 1e9,
  milliards: 1e9,
  billion: 1e9,
  billions: 1e9,
};
/** Collective nouns: approximate by nature. */
const COLLECTIVES: Record<string, number> = {
  dizaine: 10,
  douzaine: 12,
  quinzaine: 15,
  vingtaine: 20,
  trentaine: 30,
  quarantaine: 40,
  cinquantaine: 50,
  centaine: 100,
  millier: 1000,
  dozen: 12,
  score: 20,
  couple: 2,
  paire: 2,
  pair: 2,
};
/** Words that are articles far more often than numbers: a number only inside a composite or before a unit. */
export const ARTICLE_WORDS = new Set(["un", "une", "one", "a", "an"]);

export interface WordNumber {
  readonly value: number;
  /** Token index range [start, end). */
  readonly start: number;
  readonly end: number;
  readonly fuzzy: boolean;
  /** A lone "un", "une", "one", "a", "an". */
  readonly article: boolean;
}

/** Quantities that leave the number of hundreds or thousands unsaid. */
const VAGUE_COUNTS = new Set(["few", "several", "many", "quelques", "plusieurs"]);
/** Plural multipliers opening a number: "hundreds", "thousands of them", "dozens" say no number ("cents" is money). */
const PLURALS_ALONE = new Set(["hundreds", "thousands", "millions", "billions", "milliards", "dozens", "cents"]);

/**
 * [ext] (s23) "a couple hundred", "a couple of thousand", "couple of grand": two of the hundreds or thousands after
 * "couple", loosely (it was read as 100, or as 2).
 */
function coupleOf(tokens: readonly string[], i: number): WordNumber | null {
  if (tokens[i] !== "couple") return null;
  const k = tokens[i + 1] === "of" ? i + 2 : i + 1;
  const t = tokens[k];
  if (t === undefined) return null;
  const size = HUNDREDS.has(t) ? 100 : t === "grand" || t === "k" ? 1000 : t in SCALES ? (SCALES[t] as number) : null;
  return size === null ? null : { value: 2 * size, start: i, end: k + 1, fuzzy: true, article: false };
}

/** French elided pronouns that "a" (has) follows: "m'a", "t'a", "l'a". */
const FRENCH_SUBJECTS = new Set(["m", "t", "l"]);

/** [ext] (s27) Words that make "once" a count: "just once", "only once". */
const ONLY_WORDS = new Set(["just", "only", "exactly", "juste", "seulement"]);

const isNumberWord = (t: string) => t in UNITS || HUNDREDS.has(t) || t in SCALES;

/**
 * Reads one composite number starting at token i, or null. `paused(j)`: a punctuation mark stands before token j.
 */
function readAt(tokens: readonly string[], i: number, paused: (j: number) => boolean): WordNumber | null {
  const first = tokens[i] as string;
  // [ext] (s23) "a few hundred", "several thousand", "quelques milliers", "a few dozen": how many is not said; nor by
  // "hundreds", "thousands", "dozens" alone.
  if ((HUNDREDS.has(first) || first in SCALES || first in COLLECTIVES) && VAGUE_COUNTS.has(tokens[i - 1] ?? "")) return null;
  if (PLURALS_ALONE.has(first)) return null;
  // (s26) "il m'a dit", "elle l'a pesé": French "a" after an elided pronoun is the verb avoir, no article. Not yet after
  // "on", "il", "elle": "on a déjà un chat" still reads "a déjà" in passing for "Animaux déjà présents" (s26 report).
  if (first === "a" && FRENCH_SUBJECTS.has(tokens[i - 1] ?? "")) return null;
  const couple = coupleOf(tokens, i);
  if (couple !== null) return couple;
  if (first in COLLECTIVES) return { value: COLLECTIVES[first] as number, start: i, end: i + 1, fuzzy: true, article: false };
  const next = tokens[i + 1];
  if (ARTICLE_WORDS.has(first) && next !== undefined && next in COLLECTIVES) {
    return coupleOf(tokens, i + 1) ?? { value: COLLECTIVES[next] as number, start: i, end: i + 2, fuzzy: true, article: false };
  }
  // "once a week", "once per month": "once" is a count only before a rate, elsewhere it is "when". [ext] (s27) Also
  // where no clause follows it: at the end of the reply or before a pause ("just once, to pee"), before "or"/"ou" and
  // another count ("once or twice"), or after "just"/"only" ("only once"); "once I'm up I'm fine" stays "when", "at once" is "now".
  if (first === "once")
    return (next === "a" ||
      next === "per" ||
      next === "every" ||
      next === "par" ||
      next === undefined ||
      paused(i + 1) ||
      next === "or" ||
      next === "ou" ||
      ONLY_WORDS.has(tokens[i - 1] ?? "")) &&
      tokens[i - 1] !== "at"
      ? { value: 1, start: i, end: i + 1, fuzzy: false, article: false }
      : null;
  // "cent vingt", "hundred and fifty": a hundred may open a number without "un"/"a".
  if (!(first in UNITS) && !HUNDREDS.has(first) && !(first in SCALES && first !== "k" && first !== "a")) return null;
  let total = 0;
  let current = 0;
  let j = i;
  let words = 0;
  let afterEt = false;
  for (; j < tokens.length; j++) {
    const t = tokens[j] as string;
    // "vingt et un", "twenty and one hundred" are rare; "et"/"and" only link a unit after a ten.
    if (
      (t === "et" || t === "and") &&
      words > 0 &&
      current % 10 === 0 &&
      current > 0 &&
      (tokens[j + 1] === "un" || tokens[j + 1] === "une" || tokens[j + 1] === "onze")
    ) {
      afterEt = true;
      continue;
    }
    if (
      t === "and" &&
      words > 0 &&
      HUNDREDS.has(tokens[j - 1] as string) &&
      tokens[j + 1] !== undefined &&
      (tokens[j + 1] as string) in UNITS
    )
      continue;
    if (t in UNITS) {
      const v = UNITS[t] as number;
      // [ext] "forty-one", "twenty one": "one" completes an English ten; "a"/"an"/"un"/"une" after a number start another.
      const unitOfTen = t === "one" && current % 10 === 0 && current % 100 >= 20 && !paused(j);
      if (ARTICLE_WORDS.has(t) && words > 0 && !afterEt && !unitOfTen) break;
      afterEt = false;
      if (t === "vingt" || t === "vingts") {
        // "quatre-vingt(s)": 4 × 20.
        if (current % 100 === 4 && words > 0) current += 76;
        else if (current % 100 !== 0) break;
        else current += 20;
      } else if (v < 10 && current % 10 !== 0) break;
      else if (v >= 10 && v < 20 && current % 100 !== 0 && !(current % 100 === 60 || current % 100 === 80)) break;
      else if (v >= 20 && current % 100 !== 0) break;
      else current += v;
    } else if (HUNDREDS.has(t)) {
      current = (current === 0 ? 1 : current) * 100;
    } else if (t in SCALES && t !== "k") {
      total += (current === 0 ? 1 : current) * (SCALES[t] as number);
      current = 0;
    } else break;
    words += 1;
  }
  if (words === 0) return null;
  const article = words === 1 && ARTICLE_WORDS.has(first);
  return { value: total + current, start: i, end: j, fuzzy: false, article };
}

/** Every composite number written in words, left to right, non-overlapping. */
export function wordNumbers(tokens: readonly string[], paused: (j: number) => boolean = () => false): WordNumber[] {
  const found: WordNumber[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const n = readAt(tokens, i, paused);
    if (n === null) continue;
    found.push(n);
    i = n.end - 1;
  }
  return found;
}

export { isNumberWord };

/** The value of a single number word ("deux", "two"), not an article ("a", "an") nor "twice"; else undefined. */
export function numberWordValue(word: string): number | undefined {
  if (word === "a" || word === "an" || word === "twice" || word === "thrice" || !Object.hasOwn(UNITS, word)) return undefined;
  return UNITS[word];
}
