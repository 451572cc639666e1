// Enumeration and choice-label phrase matching of docs/zelinqa-api.md §10.5.2: exact and fuzzy matches, negation, overlaps.
import { tokensMatchFuzzily } from "./damerau-levenshtein.js";
import { normalise } from "./normalise.js";
import { numberWordValue } from "./number-words.js";
import { meansOtherWord, sameWordInflected } from "./translations.js";
import { wordRoot } from "./target-words.js";

/** A phrase of the compiled extractor table, mapped to the value it yields. */
export interface Phrase {
  readonly tokens: readonly string[];
  readonly value: unknown;
  /** Position of the value in enum or choice order, for array results. */
  readonly order: number;
  /** [ext] Added by translations.ts (not written in the configuration): label parts ignore its words. */
  readonly translated?: true;
  /** [ext] A translation whose words are all in another choice's label ("maison" for "House" beside "Maison mitoyenne"): read loosely. */
  readonly loose?: true;
  /** [ext] A thing of the kind the label names (choice-kinds.ts): loose, and never read in passing. */
  readonly kind?: true;
}

export type Certainty = "exact" | "fuzzy";

const NONE_WORDS = new Set(["none", "nothing", "aucun", "aucune", "rien", "neant", "no", "non", "nada"]);

/**
 * [ext] A phrase made of "none" words only (an enum value "none", a label "Aucun"): a reply saying it answers the
 * question asked ("none" to "which extras?"), so it is never read as another target's value (docs/zelinqa-api.md §10.4).
 */
export function isNonePhrase(p: Phrase): boolean {
  return p.tokens.length > 0 && p.tokens.every((t) => NONE_WORDS.has(t));
}

export interface PhraseHit {
  readonly value: unknown;
  readonly order: number;
  readonly start: number;
  readonly end: number;
  readonly certainty: Certainty;
}

const NEGATIONS = new Set(["pas", "non", "sans", "jamais", "ni", "not", "no", "without", "never", "nor"]);

/** Phrase text as in docs/zelinqa-api.md §10.5.2: enum values read `_` and `-` as spaces. */
export function phraseTokens(text: string): string[] {
  const n = normalise(text.replace(/[_-]/g, " "));
  return n === "" ? [] : n.split(" ");
}

function negated(tokens: readonly string[], start: number): boolean {
  for (let i = Math.max(0, start - 2); i < start; i++) if (NEGATIONS.has(tokens[i] as string)) return true;
  return false;
}

// [ext] Negative prefixes make different words: "unemployed" is not a typo of "employed", nor "unfurnished" of
// "furnished", nor "indépendant" of "dépendant".
const NEGATIVE_PREFIXES = ["non", "un", "in", "dis", "im", "il", "ir", "a"];

function differsByNegativePrefix(expected: string, actual: string): boolean {
  // "englais" for "anglais": another first letter is a typo, not "a-" taken away.
  if (expected.length === actual.length && expected.slice(1) === actual.slice(1)) return false;
  for (const p of NEGATIVE_PREFIXES) {
    const e = expected.startsWith(p);
    const a = actual.startsWith(p);
    if (e === a) continue;
    const stripped = a ? actual.slice(p.length) : expected.slice(p.length);
    const other = a ? expected : actual;
    if (stripped.length >= 3 && Math.abs(stripped.length - other.length) <= 2 && tokensMatchFuzzily(other, stripped)) return true;
    if (stripped === other) return true;
  }
  return false;
}

/** [ext] Quantifiers mean themselves, never a typo of a label word: "all" is no "call", "tous" no "tour". */
const NEVER_TYPOS = new Set(["all", "tout", "tous", "toute", "toutes", "both", "everything", "anything", "none", "aucun", "aucune"]);

/** Units of time: "Within a week" is not named by "a few weeks", nor "Un mois" by "3 mois". */
const TIME_UNITS = new Set(
  ["day", "week", "month", "year", "hour", "minute", "jour", "semaine", "mois", "an", "annee", "heure", "minute"].flatMap((w) =>
    w.endsWith("s") ? [w] : [w, `${w}s`],
  ),
);
export const isTimeUnit = (word: string) => TIME_UNITS.has(word);
/** Quantities other than one before a noun ("few", "plusieurs", "2"); "next", "prochaines" may stand between. */
const MANY = new Set(["few", "several", "couple", "many", "some", "quelques", "plusieurs", "nombreux", "nombreuses", "various"]);
const BETWEEN = new Set(["next", "coming", "last", "past", "prochaines", "prochains", "dernieres", "derniers", "of"]);
export function countedMany(tokens: readonly string[], at: number): boolean {
  let i = at - 1;
  while (i >= 0 && BETWEEN.has(tokens[i] as string)) i--;
  const t = tokens[i];
  if (t === undefined) return false;
  if (MANY.has(t)) return true;
  const n = /^\d+$/.test(t) ? Number(t) : numberWordValue(t);
  return n !== undefined && n > 1;
}

/**
 * [ext] (s23) A short word (4 or 5 letters) with another first letter is another word, no typo: "dish" is no "fish",
 * "hall" no "ball", "pose" no "rose". Typos of short words keep their first letter ("fihs", "fsih").
 */
const otherShortWord = (expected: string, actual: string) => expected.length <= 5 && expected[0] !== actual[0];

/** Words that make the noun after them a frequency: "every night", "most evenings", "chaque soir", "tous les matins". */
const EVERY_WORDS = new Set(["every", "each", "most", "chaque", "tous", "toutes"]);
/** [ext] s27: the "every"/"most"/"chaque"/"tous (les)" word right before `tokens[i]`, or null. */
export function saidAsFrequency(tokens: readonly string[], i: number): string | null {
  const before = tokens[i - 1] === "les" || tokens[i - 1] === "the" ? tokens[i - 2] : tokens[i - 1];
  return before !== undefined && EVERY_WORDS.has(before) ? before : null;
}

/** Endings of a verb said for its noun, French and English ("privatis-er", "-é(e)(s)", "renovat-e", "-ed", "-ing"). */
const VERB_ENDINGS = ["er", "e", "ee", "es", "ees", "ez", "ons", "ed", "ing"];
/**
 * [ext] (s26) A word that is the verb of a noun in -ion or -ment: the noun's stem ("privatis" of "privatisation",
 * "inspect" of "inspection", "demenag" of "demenagement") with a verb ending. The stem has at least 5 letters, so
 * short nouns ("option", "station", "location") never match a verb of another sense; a bare stem ("direct" for
 * "Direction") is no verb form and stays unread. Constant work per word.
 */
export function verbOfNoun(noun: string, word: string): boolean {
  if (word.length < 7 || word.length >= noun.length + 3) return false;
  const stems: string[] = [];
  if (noun.endsWith("ation")) stems.push(noun.slice(0, -5));
  if (noun.endsWith("ion")) stems.push(noun.slice(0, -3));
  if (noun.endsWith("ement")) stems.push(noun.slice(0, -5));
  return stems.some((stem) => stem.length >= 5 && word.startsWith(stem) && VERB_ENDINGS.includes(word.slice(stem.length)));
}

/**
 * Endings that alternate on one stem within a word family, French and English, with the shortest stem they need:
 * an adjective and its noun in -ant/-ance/-ancy ("pregnant", "pregnancy"), -ent/-ence/-ency ("urgent", "urgency"),
 * -ic/-ique and the noun in -y/-ia/-ie/-is/-es/-e ("diabetic", "diabetes", "allergique", "allergie"), a verb and its noun
 * in -ion ("ignite", "ignition"), a French verb in -ir and its noun in -issement ("il vomit", "vomissements").
 */
const WORD_FAMILIES: readonly { endings: readonly string[]; stem: number }[] = [
  { endings: ["ant", "ants", "ante", "antes", "ance", "ances", "ancy"], stem: 5 },
  { endings: ["ent", "ents", "ente", "entes", "ence", "ences", "ency"], stem: 5 },
  { endings: ["ic", "ics", "ical", "ique", "iques", "y", "ia", "ie", "ies", "is", "es", "e"], stem: 5 },
  { endings: ["e", "es", "ed", "ion", "ions"], stem: 5 },
  { endings: ["ir", "it", "is", "issent", "issement", "issements"], stem: 3 },
];
/**
 * [ext] (s27) A word of the same family as a label word: the same stem with another ending of one of WORD_FAMILIES
 * ("pregnant" for "Pregnancy", "diabetic" for "Diabetes", "ignite" for "Ignition", "vomit" for "Vomissements"). Both
 * words have at least 5 letters; the ending differs. Constant work per word (a few endings).
 */
export function sameWordFamily(expected: string, actual: string): boolean {
  if (expected.length < 5 || actual.length < 5 || expected === actual) return false;
  for (const family of WORD_FAMILIES) {
    for (const ending of family.endings) {
      if (!expected.endsWith(ending)) continue;
      const stem = expected.slice(0, -ending.length);
      if (stem.length < family.stem || !actual.startsWith(stem)) continue;
      const other = actual.slice(stem.length);
      if (other !== ending && family.endings.includes(other)) return true;
    }
  }
  return false;
}

/** The end of the phrase's match at `at` (exclusive) and its certainty, or null. */
function matchAt(
  tokens: readonly string[],
  phrase: Phrase,
  at: number,
  allowFuzzy: boolean,
  /** [ext] The roots of the list's label words: a reply word with one of them is that word, no typo of another. */
  labelRoots?: ReadonlySet<string>,
): { end: number; certainty: Certainty } | null {
  let fuzzy = false;
  let i = at;
  for (let j = 0; j < phrase.tokens.length; j++, i++) {
    const expected = phrase.tokens[j] as string;
    const actual = tokens[i];
    if (actual === undefined) return null;
    if (expected === actual) continue;
    // [ext] A number said in digits names the label's number word: "2 fois par semaine" is "Deux fois par semaine".
    if (/^\d{1,2}$/.test(actual) && numberWordValue(expected) === Number(actual)) continue;
    if (!allowFuzzy || /\d/.test(actual) || NEVER_TYPOS.has(actual)) return null;
    // [ext] The label's word in the other number ("mi-long" for "Mi-longs"), loosely, even a word of the everyday
    // vocabulary: the compound label then beats its last word's own option ("Longs").
    if (sameWordInflected(expected, actual)) {
      fuzzy = true;
      continue;
    }
    // [ext] (s26) The verb of the label's noun ("privatiser" for "Privatisation", "renovated" for "Renovation"), loosely.
    if (verbOfNoun(expected, actual)) {
      fuzzy = true;
      continue;
    }
    // [ext] (s27) A word of the label word's family ("pregnant" for "Pregnancy", "il vomit" for "Vomissements"), loosely.
    if (sameWordFamily(expected, actual)) {
      fuzzy = true;
      continue;
    }
    // [ext] Two words of the phrase written as one ("fineart" for "Fine art", "wifi" for "Wi-Fi"), fuzzy.
    const next = phrase.tokens[j + 1];
    if (next !== undefined && actual === expected + next) {
      j++;
      fuzzy = true;
      continue;
    }
    // [ext] One word of the phrase written as two ("wi fi" for "Wifi", "e mail" for "Email"), fuzzy.
    const following = tokens[i + 1];
    if (following !== undefined && expected.length >= 4 && expected === actual + following) {
      i++;
      fuzzy = true;
      continue;
    }
    if (
      !tokensMatchFuzzily(expected, actual) ||
      differsByNegativePrefix(expected, actual) ||
      meansOtherWord(expected, actual) ||
      otherShortWord(expected, actual) ||
      // "the pressure drops" beside "Pressure keeps dropping" is no typo of "Leaks or drips".
      (labelRoots?.has(wordRoot(actual)) === true && wordRoot(actual) !== wordRoot(expected))
    )
      return null;
    fuzzy = true;
  }
  return { end: i, certainty: fuzzy ? "fuzzy" : "exact" };
}

/** Where each word of a reply stands, computed once per reply (its tokens array). */
const positionCache = new WeakMap<readonly string[], Map<string, number[]>>();
function positionsOf(tokens: readonly string[]): Map<string, number[]> {
  let positions = positionCache.get(tokens);
  if (positions === undefined) {
    positions = new Map();
    for (let i = 0; i < tokens.length; i++) {
      const at = positions.get(tokens[i] as string);
      if (at) at.push(i);
      else positions.set(tokens[i] as string, [i]);
    }
    positionCache.set(tokens, positions);
  }
  return positions;
}

/** Each phrase's place in its list by its first word, and by the number a first number word says ("deux" → 2). */
interface FirstWordIndex {
  byWord: Map<string, number[]>;
  byNumber: Map<number, number[]>;
}

const firstWordIndexes = new WeakMap<readonly Phrase[], FirstWordIndex>();

function firstWordIndex(phrases: readonly Phrase[]): FirstWordIndex {
  let index = firstWordIndexes.get(phrases);
  if (index) return index;
  index = { byWord: new Map(), byNumber: new Map() };
  const add = <K>(map: Map<K, number[]>, key: K, at: number) => {
    const list = map.get(key);
    if (list) list.push(at);
    else map.set(key, [at]);
  };
  phrases.forEach((phrase, at) => {
    const first = phrase.tokens[0];
    if (first === undefined) return;
    add(index.byWord, first, at);
    const number = phrase.kind === true ? undefined : numberWordValue(first);
    if (number !== undefined) add(index.byNumber, number, at);
  });
  firstWordIndexes.set(phrases, index);
  return index;
}

/**
 * findPhraseHits without typos: a phrase can then start only where its first word stands, or a number of one or two
 * digits its first number word says (matchAt). Only those phrases are tried at each place, not every phrase at every
 * place: a configuration of 2,000 choice lists read one 8,000-character reply for a minute. The hits come in the
 * order the walk of every phrase gave them, so that the sort of equal hits keeps the same one.
 */
function exactHits(tokens: readonly string[], phrases: readonly Phrase[], isNegated: (i: number) => boolean): PhraseHit[] {
  const index = firstWordIndex(phrases);
  const found: { at: number; hit: PhraseHit }[] = [];
  tokens.forEach((token, i) => {
    const candidates = new Set(index.byWord.get(token));
    if (/^\d{1,2}$/.test(token)) for (const at of index.byNumber.get(Number(token)) ?? []) candidates.add(at);
    for (const at of candidates) {
      const phrase = phrases[at] as Phrase;
      const len = phrase.tokens.length;
      const kind = phrase.kind === true;
      if (!kind && i + Math.ceil(len / 2) > tokens.length) continue;
      const match = matchAt(tokens, phrase, i, false);
      if (match === null || isNegated(i)) continue;
      if (!kind && len === 1 && isTimeUnit(phrase.tokens[0] as string) && countedMany(tokens, i)) continue;
      const certainty = kind || phrase.loose ? "fuzzy" : match.certainty;
      found.push({ at, hit: { value: phrase.value, order: phrase.order, start: i, end: match.end, certainty } });
    }
  });
  return found.sort((a, b) => a.at - b.at || a.hit.start - b.hit.start).map((f) => f.hit);
}

/**
 * Every non-negated occurrence of the phrases in the text tokens, overlaps resolved by keeping the longest
 * span (exact before fuzzy on equal length, then leftmost).
 */
export function findPhraseHits(
  tokens: readonly string[],
  phrases: readonly Phrase[],
  allowFuzzy: boolean,
  /** [ext] Clause negation scope (clauses.ts); without it, docs/zelinqa-api.md §10.5.2's two preceding tokens. */
  negatedAt?: readonly boolean[],
): PhraseHit[] {
  const hits: PhraseHit[] = [];
  // [ext] Hits whose words were read as typos: a loose phrase said as written ("flaque") beats a typo of another
  // ("claque"), both being fuzzy.
  const typos = new Set<PhraseHit>();
  const isNegated = (i: number) => (negatedAt ? negatedAt[i] === true : negated(tokens, i));
  if (!allowFuzzy) hits.push(...exactHits(tokens, phrases, isNegated));
  else {
    const labelRoots = perPhraseTable(
      phrases,
      "label-roots",
      () =>
        new Set(
          phrases
            .flatMap((p) => p.tokens)
            .filter((t) => t.length >= 4)
            .map(wordRoot),
        ),
    );
    for (const phrase of phrases) {
      const len = phrase.tokens.length;
      if (len === 0) continue;
      // [ext] A kind's thing (choice-kinds.ts) is read as written, never as a typo: only where its first word stands.
      if (phrase.kind === true) {
        for (const i of positionsOf(tokens).get(phrase.tokens[0] as string) ?? []) {
          const match = matchAt(tokens, phrase, i, false);
          if (match === null || isNegated(i)) continue;
          hits.push({ value: phrase.value, order: phrase.order, start: i, end: match.end, certainty: "fuzzy" });
        }
        continue;
      }
      // [ext] A unit of time alone as a label word ("week" of "Within a week") counted other than once names no option.
      const unit = len === 1 && isTimeUnit(phrase.tokens[0] as string);
      // [ext] s27: a one-word part of a label ("night" of "Night or rotating shifts") after "every"/"most"/"chaque" says
      // how often another thing happens ("netflix every night"), it names no option.
      const part = len === 1 && phrase.translated === true;
      // A phrase of n words takes at least ceil(n / 2) of the reply's (two may be written as one).
      for (let i = 0; i + Math.ceil(len / 2) <= tokens.length; i++) {
        const match = matchAt(tokens, phrase, i, allowFuzzy, labelRoots);
        if (match === null || isNegated(i) || (unit && countedMany(tokens, i)) || (part && saidAsFrequency(tokens, i) !== null)) continue;
        const certainty = phrase.loose ? "fuzzy" : match.certainty;
        const hit = { value: phrase.value, order: phrase.order, start: i, end: match.end, certainty };
        hits.push(hit);
        if (match.certainty === "fuzzy") typos.add(hit);
      }
    }
  }
  hits.sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      (a.certainty === b.certainty ? 0 : a.certainty === "exact" ? -1 : 1) ||
      Number(typos.has(a)) - Number(typos.has(b)) ||
      a.start - b.start,
  );
  const kept: PhraseHit[] = [];
  for (const hit of hits) {
    if (kept.every((k) => hit.end <= k.start || hit.start >= k.end)) kept.push(hit);
  }
  return kept;
}

export interface PhraseResult {
  readonly value: unknown;
  readonly certainty: Certainty;
}

function distinctValues(hits: readonly PhraseHit[]): PhraseHit[] {
  const seen = new Map<string, PhraseHit>();
  for (const h of hits) {
    const key = JSON.stringify(h.value);
    const prev = seen.get(key);
    if (!prev || h.order < prev.order) seen.set(key, h);
  }
  return [...seen.values()];
}

/** Scalar rule: one distinct exact value, else (no exact) one distinct fuzzy value, else nothing. */
export function scalarPhraseResult(hits: readonly PhraseHit[]): PhraseResult | null {
  const exact = distinctValues(hits.filter((h) => h.certainty === "exact"));
  if (exact.length === 1) return { value: (exact[0] as PhraseHit).value, certainty: "exact" };
  if (exact.length > 1) return null;
  const fuzzy = distinctValues(hits.filter((h) => h.certainty === "fuzzy"));
  return fuzzy.length === 1 ? { value: (fuzzy[0] as PhraseHit).value, certainty: "fuzzy" } : null;
}

/**
 * Array rule: all distinct values in enum/choice order; exact when every value matched exactly. [ext] Exact and
 * fuzzy values together give their union as fuzzy (docs/zelinqa-api.md §10.5.2 kept only the exact ones, a confident partial list).
 */
export function arrayPhraseResult(hits: readonly PhraseHit[]): PhraseResult | null {
  const values = distinctValues(hits).sort((a, b) => a.order - b.order);
  if (values.length === 0) return null;
  const exact = new Set(distinctValues(hits.filter((h) => h.certainty === "exact")).map((h) => JSON.stringify(h.value)));
  const allExact = values.every((h) => exact.has(JSON.stringify(h.value)));
  return { value: values.map((h) => h.value), certainty: allExact ? "exact" : "fuzzy" };
}

const tableCache = new WeakMap<readonly Phrase[], Map<string, unknown>>();

/**
 * What `derive` makes of a whole phrase table, computed once per table and `key` (what it depends on besides the
 * labels): a target's phrases are one array for as long as its artifact lives, and the rules that read a label's
 * meaning (a horizon, a period, a range, a scale, compass points, hours) read it for every reply. At most 16 keys
 * are kept per table (a day's horizons are kept for that day only).
 */
export function perPhraseTable<T>(phrases: readonly Phrase[], key: string, derive: () => T): T {
  let byKey = tableCache.get(phrases);
  if (byKey === undefined) {
    byKey = new Map<string, unknown>();
    tableCache.set(phrases, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = derive();
  if (byKey.size >= 16) byKey.clear();
  byKey.set(key, value);
  return value;
}

/**
 * [ext] What `read` makes of each option's phrases, the first found per option: its configured phrases first, then
 * (unless `configuredOnly`) its translations. For the rules that read a label's meaning (a horizon, a period, a range);
 * kept per phrase table under `cacheKey` (what the reading depends on besides the labels).
 */
export function optionReadings<T>(
  phrases: readonly Phrase[],
  cacheKey: string,
  read: (tokens: readonly string[]) => T | null,
  configuredOnly = false,
): { value: unknown; reading: T }[] {
  return perPhraseTable(phrases, `readings:${cacheKey}`, () => {
    const found = new Map<string, { value: unknown; reading: T }>();
    const ordered = [
      ...phrases.filter((p) => p.translated !== true),
      ...(configuredOnly ? [] : phrases.filter((p) => p.translated === true)),
    ];
    for (const p of ordered) {
      const k = JSON.stringify(p.value);
      if (found.has(k)) continue;
      const reading = read(p.tokens);
      if (reading !== null) found.set(k, { value: p.value, reading });
    }
    return [...found.values()];
  });
}
