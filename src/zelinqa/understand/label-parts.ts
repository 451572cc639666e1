// Choices named by part of their label [ext]: people rarely repeat a long label. A word of a label that no
// other choice shares names that choice ("le régulateur" → "Régulateur de vitesse", "perdre du poids" → "Perte
// de poids", "la carte de 10" → "Carte 10 séances"), also through its translation ("gaz" → "Gas boiler") and
// its usual shortening ("auto" → "automatique", "proprio" → "propriétaire"). Such a reading is never certain:
// its hits are fuzzy, so the value is tentative at most.
import type { ClauseTokens } from "./clauses.js";
import { tokensMatchFuzzily } from "./damerau-levenshtein.js";
import type { Phrase, PhraseHit } from "./phrase-match.js";
import { countedMany, isTimeUnit, saidAsFrequency } from "./phrase-match.js";
import { meansOtherWord, wordEquivalents } from "./translations.js";

/** Words that say nothing about which choice is meant. */
const LABEL_STOP = new Set([
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "l",
  "d",
  "a",
  "au",
  "aux",
  "en",
  "et",
  "ou",
  "of",
  "the",
  "and",
  "or",
  "for",
  "with",
  "par",
  "per",
  "un",
  "une",
  "an",
  "mon",
  "ma",
  "mes",
  "my",
  "pour",
  "avec",
  "sur",
  "on",
  "in",
  "to",
  "tres",
  "very",
  "plus",
  "more",
  "autre",
  "other",
  // Modal verbs, auxiliaries, pronouns and quantifiers: "Can wait a few weeks" is not named by "if you can", nor "As
  // soon as possible" by "if possible".
  ...["can", "cannot", "could", "will", "would", "may", "might", "must", "should", "shall", "is", "are", "be", "was"],
  ...["it", "its", "this", "that", "these", "those", "few", "some", "any", "as", "so", "if", "possible", "you", "your"],
  ...["peut", "peuvent", "pouvez", "doit", "est", "sont", "etre", "ce", "cet", "cette", "ces", "quelques", "si", "vous"],
  ...["votre", "not", "pas", "ne", "all", "tout", "tous", "toutes", "at", "by", "from", "que", "qui", "when", "quand"],
  // [ext] Approximations: "presque jamais" is no "Presque tous les jours", "almost never" no "Almost every day".
  ...["presque", "almost", "nearly", "quasi", "quasiment", "pratiquement", "practically"],
  // [ext] Auxiliaries of having and doing: "I have 2 left" is no "Today, I have run out".
  ...["have", "has", "had", "having", "does", "did", "done", "avoir", "avons", "avez", "ont", "eu"],
  // [ext] Verbs of going on: "keeps going out" is no "Pressure keeps dropping", the thing that goes on is.
  ...["keep", "keeps", "kept", "keeping"],
]);
/** A word that says nothing about which choice is meant ("the", "or", "very"). */
export const namesNoChoice = (word: string): boolean => LABEL_STOP.has(word);
/** [ext] "ça dépend des semaines", "depends on the weather": what the answer depends on names no choice. */
const DEPENDS = new Set(["depend", "depends", "depending", "dependra", "selon", "suivant"]);

/** "individuelles" → "individuel", "privee" → "prive": plural and feminine endings, so their equivalents are found. */
function baseForms(word: string): string[] {
  const out = [word];
  for (const end of ["les", "le", "es", "e", "s", "x"])
    if (word.endsWith(end) && word.length - end.length >= 4) out.push(word.slice(0, -end.length));
  return out;
}

interface PartIndex {
  /** Each distinctive label word (and its single-word equivalents) with the one phrase it names. */
  readonly words: ReadonlyMap<string, Phrase>;
  /** Equivalents of several words ("one to one" for "particuliers"), by their first word, longest first. */
  readonly sequences: ReadonlyMap<string, readonly { readonly tokens: readonly string[]; readonly phrase: Phrase }[]>;
  /** Words that several choices share ("months" in "12 months" and "24 months"): they name none of them. */
  readonly shared: ReadonlySet<string>;
}

const cache = new WeakMap<readonly Phrase[], PartIndex>();

/** Words opening a label that denies a verb or a state ("Not bought yet", "Pas urgent"), not a thing ("No parking"). */
const VERB_DENIALS = new Set(["not", "never", "pas", "jamais", "ne"]);

const key = (v: unknown) => JSON.stringify(v);

function indexOf(phrases: readonly Phrase[]): PartIndex {
  const cached = cache.get(phrases);
  if (cached) return cached;
  const owners = new Map<string, Map<string, Phrase>>();
  for (const p of phrases) {
    // A translated phrase's other words ("heating oil" for "oil") are not the label's words. [ext] s27: nor are the words
    // of a label that opens by denying a verb or a state ("Not bought yet", "Pas pressé", "Never tried"): said without
    // the denial, they say its opposite ("bought it last week"); said denied, negated-label.ts reads them. A label
    // denying a thing keeps its words ("No parking" is named by "parking's a nightmare", "Sans lactose" by "lactose").
    if (p.translated || VERB_DENIALS.has(p.tokens[0] ?? "")) continue;
    for (const t of p.tokens) {
      if (LABEL_STOP.has(t) || (t.length < 3 && !/^\d+$/.test(t))) continue;
      // Base forms only look equivalents up: "chambr" is no word of "Chambre".
      for (const w of [t, ...new Set(baseForms(t).flatMap(wordEquivalents))]) {
        const byValue = owners.get(w) ?? new Map<string, Phrase>();
        if (!byValue.has(key(p.value))) byValue.set(key(p.value), p);
        owners.set(w, byValue);
      }
    }
  }
  const words = new Map<string, Phrase>();
  const sequences = new Map<string, { tokens: string[]; phrase: Phrase }[]>();
  const shared = new Set<string>();
  for (const [w, byValue] of owners) {
    if (byValue.size > 1) {
      shared.add(w);
      continue;
    }
    const phrase = [...byValue.values()][0] as Phrase;
    if (!w.includes(" ")) {
      words.set(w, phrase);
      continue;
    }
    const tokens = w.split(" ");
    const list = sequences.get(tokens[0] as string) ?? [];
    list.push({ tokens, phrase });
    sequences.set(tokens[0] as string, list);
  }
  for (const list of sequences.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  const index = { words, sequences, shared };
  cache.set(phrases, index);
  return index;
}

/** "regulateurs" ~ "regulateur", "electriques" ~ "electrique", "mensuel" ~ "mensuelle": plural and gender endings. */
function sameWordForm(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 4 || !long.startsWith(short)) return false;
  const rest = long.slice(short.length);
  return rest === "s" || rest === "x" || rest === "e" || rest === "es" || rest === "le" || rest === "les";
}

/** English and French endings that make a noun, an adjective or a verb of the same stem. */
const DERIVATIONS = [
  "ements",
  "ement",
  "ations",
  "ation",
  "ness",
  "ings",
  "ing",
  "edly",
  "ed",
  "ity",
  "ment",
  "ments",
  "iser",
  "euse",
  "eur",
  "ies",
  "ers",
  "er",
  "ees",
  "ee",
  "es",
  "e",
];

/**
 * "stiffness" ~ "stiff", "swelling" ~ "swell", "leaking" ~ "leak", "vibre" ~ "vibrations": the same stem of at least 4
 * letters once a derivation ending is taken off.
 */
function stemOf(word: string): string {
  for (const end of DERIVATIONS) {
    if (!word.endsWith(end) || word.length - end.length < 4) continue;
    const stem = word.slice(0, -end.length);
    // "travelling" ~ "travel", "shopping" ~ "shop": an English consonant doubled before -ing/-ed/-er.
    return /([bdglmnprt])\1$/.test(stem) && ["ing", "ings", "ed", "er", "ers"].includes(end) ? stem.slice(0, -1) : stem;
  }
  return word;
}
/** Stems of the label words, computed once (partFor compares every reply word with every label word). */
const stems = new Map<string, string>();
function cachedStem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemOf(word);
    if (stems.size < 10_000) stems.set(word, s);
  }
  return s;
}

/**
 * [ext] A French verb and the noun of its action: "élaguer" ~ "Élagage", "nettoyer" ~ "Nettoyage", "laver" ~ "Lavage"
 * (the "u" of -guer dropped). Only from the verb to the noun in -age, a stem of 4 letters at least.
 */
function verbOfActionNoun(token: string, word: string): boolean {
  if (!token.endsWith("er") || !word.endsWith("age")) return false;
  const verb = token.slice(0, -2).replace(/gu$/, "g");
  return verb.length >= 4 && verb === word.slice(0, -3);
}

/** "auto" for "automatique", "occas" for "occasion": a shortening keeps at least 4 letters and drops at least 2. */
const isShortening = (token: string, word: string) => token.length >= 4 && word.length >= token.length + 2 && word.startsWith(token);

function partFor(token: string, index: PartIndex, wordsOnly: boolean): Phrase | null {
  const exact = index.words.get(token);
  if (exact) return exact;
  // "twenty-four months" does not name "Month to month" when "months" is also in "12 months".
  if (wordsOnly || index.shared.has(token)) return null;
  const found = new Map<string, Phrase>();
  const tokenStem = token.length >= 4 ? stemOf(token) : null;
  const sameStem = (w: string) => tokenStem !== null && w.length >= 4 && w !== token && cachedStem(w) === tokenStem;
  for (const [w, p] of index.words) {
    if (/^\d/.test(w) !== /^\d/.test(token)) continue;
    if (
      sameWordForm(w, token) ||
      verbOfActionNoun(token, w) ||
      // A word of the everyday vocabulary is neither another form, a shortening nor a typo of another ("cuisine" of
      // "cuisiner").
      ((sameStem(w) || isShortening(token, w) || (w.length >= 6 && tokensMatchFuzzily(w, token) && w[0] === token[0])) &&
        !meansOtherWord(w, token))
    )
      found.set(key(p.value), p);
  }
  return found.size === 1 ? ([...found.values()][0] as Phrase) : null;
}

/**
 * Fuzzy hits for the words of the reply that are not already part of a phrase hit, are not negated, and name one
 * choice by a distinctive word of its label.
 */
export function partialLabelHits(
  c: ClauseTokens,
  phrases: readonly Phrase[],
  hits: readonly PhraseHit[],
  /** Only the label words as written and their equivalents, no forms or typos (a second value beside a whole label). */
  wordsOnly = false,
): PhraseHit[] {
  const index = indexOf(phrases);
  if (index.words.size === 0 && index.sequences.size === 0) return [];
  const out: PhraseHit[] = [];
  // Tokens already read, by a phrase hit or a part found so far (an array: a reply may hold a thousand words).
  const read = new Array<boolean>(c.tokens.length).fill(false);
  for (const h of hits) for (let i = h.start; i < h.end; i++) read[i] = true;
  const covered = (i: number) => read[i] === true;
  let dependsIn = -1;
  for (let i = 0; i < c.tokens.length; i++) {
    if (DEPENDS.has(c.tokens[i] as string)) dependsIn = c.clause[i] as number;
    // [ext] (s27) "j'arrive pas à m'endormir", "I can't fall asleep": an inability names a label stating a difficulty.
    const denied = c.negated[i] === true;
    if (covered(i) || c.clause[i] === dependsIn) continue;
    const t = c.tokens[i] as string;
    const sequence = index.sequences
      .get(t)
      ?.find((s) => s.tokens.every((w, j) => c.tokens[i + j] === w && !covered(i + j) && c.clause[i + j] === c.clause[i]));
    const unable = (q: Phrase) => statesDifficulty(q) && saidUnable(c, i, q);
    if (denied && sequence && !unable(sequence.phrase)) continue;
    if (sequence) {
      const p = sequence.phrase;
      out.push({ value: p.value, order: p.order, start: i, end: i + sequence.tokens.length, certainty: "fuzzy" });
      for (let j = i; j < i + sequence.tokens.length; j++) read[j] = true;
      i += sequence.tokens.length - 1;
      continue;
    }
    if (LABEL_STOP.has(t) || (t.length < 3 && !/^\d+$/.test(t))) continue;
    const p = partFor(t, index, wordsOnly);
    if (denied && (!p || !unable(p))) continue;
    // [ext] "the next few weeks" is no "Within a week": a unit of time counted other than once.
    // Not when labels count it too ("1 week" / "2 weeks": durations, read by their number).
    if (
      p &&
      isTimeUnit(t) &&
      countedMany(c.tokens, i) &&
      !phrases.some((q) => q.tokens.some((w, k) => w === t && countedMany(q.tokens, k)))
    )
      continue;
    if (p && (qualifiesAsFrequency(c.tokens, i, p) || (saidAsVerb(c.tokens, i) && hits.some((h) => h.certainty === "exact")))) continue;
    if (p) out.push({ value: p.value, order: p.order, start: i, end: i + 1, certainty: "fuzzy" });
  }
  return out;
}

/** Verbs of being able: "can't", "cannot", "unable", "not able", "n'arrive pas à", "ne parviens pas à", "réussis pas à". */
const ABLE = new Set(["can", "cannot", "could", "couldn", "unable", "able", "arrive", "arrivons", "arrivent", "parviens"]);
const ABLE_FR = new Set(["parvient", "reussis", "reussit", "reussi", "peux", "peut", "pouvons"]);
/** What may stand between "can't"/"n'arrive pas" and the verb it denies: "can't get to", "n'arrive pas à m'". */
const UNABLE_LINKS = new Set(["t", "not", "pas", "plus", "jamais", "never", "a", "to", "m", "me", "se", "s", "get", "really"]);
/**
 * [ext] (s27) A verb of being able, denied, within the four words before token i in its clause, with only links or words
 * of the label read (`p`) between: "can't fall asleep" for "Trouble falling asleep", not "can't stay asleep".
 */
function saidUnable(c: ClauseTokens, i: number, p: Phrase): boolean {
  const ofLabel = (w: string) => p.tokens.some((l) => l === w || (w.length >= 4 && l.startsWith(w)));
  for (let j = i - 1; j >= Math.max(0, i - 5); j--) {
    const w = c.tokens[j] as string;
    if (c.clause[j] !== c.clause[i]) return false;
    if (ABLE.has(w) || ABLE_FR.has(w)) return true;
    if (!UNABLE_LINKS.has(w) && !ofLabel(w)) return false;
  }
  return false;
}
/** Words of a label stating a difficulty: "Trouble falling asleep", "Difficulté à marcher", "Mal à se concentrer". */
const DIFFICULTY = new Set([
  ...["trouble", "troubles", "difficulty", "difficulties", "difficult", "hard", "problem", "problems", "struggle", "struggling"],
  ...["difficulte", "difficultes", "difficile", "mal", "probleme", "problemes"],
]);
const statesDifficulty = (p: Phrase) => p.tokens.some((t) => DIFFICULTY.has(t));

/**
 * [ext] s27: "netflix in bed every night" says how often, it names no "Night shifts": a label word right after "every",
 * "most", "chaque", "tous les" qualifies another thing. Not when the label says the same ("Alcohol most evenings").
 */
const qualifiesAsFrequency = (tokens: readonly string[], i: number, p: Phrase) => {
  const before = saidAsFrequency(tokens, i);
  return before !== null && !p.tokens.includes(before);
};

/** Subject pronouns: the word right after one is its verb ("we park", "I drive", "nous garons"). */
const SUBJECTS = new Set(["i", "we", "they", "je", "nous", "ils", "elles"]);
/**
 * [ext] s27: "we park on the street" names no "Shared car park" beside the "Street" it names whole: a label word said as
 * the verb of a subject pronoun (alone, "when I drive" may still name "Driving").
 */
const saidAsVerb = (tokens: readonly string[], i: number) => SUBJECTS.has(tokens[i - 1] ?? "");
