// [ext of docs/zelinqa-api.md §10.4] A count denied in passing, after the answer to another question: "80 m², pas
// d'enfants" says 0 children, "a dog, no kids" 0 kids. Only the thing itself denied as a noun ("no", "pas de",
// "aucun", "sans", "not any"), never a number denied ("not 3 kids"), and never a word of the answered question.
import { clausesAfterFirst } from "./clauses.js";
import type { ClauseTokens } from "./clauses.js";
import { namesStem } from "./boolean-extractor.js";
import { wordEquivalents } from "./translations.js";
import { zeroAllowed } from "./number-extractor.js";
import type { NumberContext } from "./number-extractor.js";
import { arrayPhraseResult, findPhraseHits, isNonePhrase, scalarPhraseResult } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { stem, tokenHasStem } from "./target-words.js";
import type { TargetWords } from "./target-words.js";

/** Words that deny the noun right after them; "de"/"d"/"any" only inside a negation ("pas d'enfants", "not any"). */
const DENYING = new Set(["no", "sans", "without", "aucun", "aucune", "zero"]);
const DENIED_AFTER_NEGATION = new Set(["de", "d", "any"]);

/** 0 for an integer target whose thing is denied after the answer, and named nowhere else in the reply. */
export function deniedCountAfterAnswer(c: ClauseTokens, ctx: NumberContext, answered: ReadonlySet<string>): PhraseResult | null {
  const words = ctx.words;
  if (words === undefined || !zeroAllowed(true, ctx)) return null;
  const later = clausesAfterFirst(c);
  if (later === null) return null;
  const stems = new Set([...(words.things ?? []), ...words.groupFactStems].filter((s) => !tokenHasStem(s, answered)));
  let denied = false;
  for (let i = 0; i < c.tokens.length; i++) {
    const t = c.tokens[i] as string;
    if (t.length < 3 || !namesStem(t, stems)) continue;
    const before = c.tokens[i - 1] ?? "";
    const sameClause = i > 0 && c.clause[i - 1] === c.clause[i];
    const denial = sameClause && (DENYING.has(before) || (DENIED_AFTER_NEGATION.has(before) && c.negated[i - 1] === true));
    // Named anywhere without a denial ("pas de chien mais deux chats", "2 enfants"): no zero.
    if (!denial || i < c.tokens.length - later.tokens.length) return null;
    denied = true;
  }
  return denied ? { value: 0, certainty: "fuzzy" } : null;
}

/**
 * [ext] A choice too short to be read in passing (under 4 characters: "gaz", "gas", "oil") is read when the target's
 * own label word stands next to it in its clause: "1992, chauffage au gaz", "gas heating". Fuzzy; never a word of the
 * answered question, never negated.
 */
export function shortChoiceByLabel(
  c: ClauseTokens,
  phrases: readonly Phrase[],
  words: TargetWords | undefined,
  answered: ReadonlySet<string>,
  array: boolean,
): PhraseResult | null {
  const things = words?.things;
  if (things === undefined) return null;
  const labelled = new Set([...things].filter((s) => !answered.has(s)));
  // Cheap first: a label word must be in the reply at all.
  if (!c.tokens.some((t) => t.length >= 4 && tokenHasStem(t, labelled))) return null;
  const short = phrases.filter((p) => p.tokens.join(" ").length < 4 && !isNonePhrase(p));
  if (short.length === 0) return null;
  const names = (i: number, from: number) =>
    c.clause[i] === c.clause[from] && (c.tokens[i]?.length ?? 0) >= 4 && tokenHasStem(c.tokens[i] as string, labelled);
  const hits = findPhraseHits(c.tokens, short, false, c.negated).filter(
    (h) =>
      [h.start - 1, h.start - 2, h.end, h.end + 1].some((i) => i >= 0 && i < c.tokens.length && names(i, h.start)) && !c.negated[h.start],
  );
  const result = array ? arrayPhraseResult(hits) : scalarPhraseResult(hits);
  return result === null ? null : { value: result.value, certainty: "fuzzy" };
}

/**
 * [ext] (s21) A short option (three letters: "pac", "gps", "spa") typed in capitals in the reply ("ouais avec la PAC")
 * is an acronym named on purpose, not a common word: it is read in passing, fuzzy, unless negated or a word of the
 * answered question.
 */
export function acronymInPassing(
  text: string,
  c: ClauseTokens,
  phrases: readonly Phrase[],
  answered: ReadonlySet<string>,
  array: boolean,
): PhraseResult | null {
  const caps = text.match(/(?<![\p{L}\p{N}])\p{Lu}{3}(?![\p{L}\p{N}])/gu);
  if (caps === null) return null;
  const said = new Set(caps.map((w) => w.toLowerCase()));
  // Never a word of the answered question: it states that question's value.
  const short = phrases.filter(
    (p) => p.tokens.length === 1 && said.has(p.tokens[0] as string) && !answered.has(stem(p.tokens[0] as string)) && !isNonePhrase(p),
  );
  if (short.length === 0) return null;
  const hits = findPhraseHits(c.tokens, short, false, c.negated);
  const result = array ? arrayPhraseResult(hits) : scalarPhraseResult(hits);
  return result === null ? null : { value: result.value, certainty: "fuzzy" };
}

/** Being, before what the person says they are: "on est proprio", "I'm a smoker", "I was referred". */
const BEING = new Set(["am", "m", "is", "are", "re", "was", "were", "been", "be", "suis", "est", "sommes", "etes", "sont", "ete", "etait"]);
const ARTICLES = new Set(["a", "an", "un", "une", "des"]);
const OBJECTS = new Set(["me", "us"]);
const FR_OBJECTS = new Set(["me", "m", "nous"]);
const FR_HAVE = new Set(["a", "avons", "ont"]);
const POST_NEGATIONS = new Set(["pas", "plus", "jamais"]);
/** The person as the one who did it: "I already restarted", "we've rebooted", "j'ai déjà relancé". */
const SUBJECTS = new Set(["i", "we", "j", "on", "nous"]);
const AUXILIARIES = new Set(["ve", "have", "had", "did", "ai", "avons", "a", "n", "t", "don", "didn", "haven"]);
/** Words between being and what one is: "on est pas proprio", "I'm not a smoker", "we're already owners". */
const BETWEEN = new Set(["pas", "plus", "not", "never", "jamais", "no", "longer", "already", "deja", "still", "toujours", "also", "aussi"]);
/** "referred" → "refer", "insured" → "insur", "assurée" → "assur": a past participle's base, or null. */
function participleBase(t: string): string | null {
  const m = /^(.{5,}?)(ed|ee|ees|es|e)$/.exec(t);
  if (m === null) return null;
  const base = m[1] as string;
  return base.length >= 6 && base[base.length - 1] === base[base.length - 2] ? base.slice(0, -1) : base;
}

/**
 * [ext] A yes/no fact the person states of themselves after the answer, with the label's word, its translation or
 * shortening, after "I am / we are / on est" ("…, on est proprio", "…, I'm a homeowner"), or with its verb form as
 * something done to them ("…, my GP referred me", "…, I was referred") or done by them ("…, I already restarted it"): true,
 * false when negated. Fuzzy (P0 in passing).
 */
export function selfStatedFact(c: ClauseTokens, words: TargetWords, answered: ReadonlySet<string>): boolean | null {
  const later = clausesAfterFirst(c);
  // Cheap first: being, or something done to them, must be said at all.
  if (later === null || !later.tokens.some((t) => BEING.has(t) || OBJECTS.has(t) || FR_OBJECTS.has(t) || SUBJECTS.has(t) || t === "a"))
    return null;
  const things = [...(words.things ?? [])].filter((s) => s.length >= 4 && !tokenHasStem(s, answered));
  if (things.length === 0) return null;
  const forms = new Set(things.flatMap((s) => [s, ...wordEquivalents(s).filter((e) => !e.includes(" "))]).map(stem));
  const tokens = later.tokens;
  let value: boolean | null = null;
  tokens.forEach((t, i) => {
    const base = participleBase(t);
    const verb = base !== null && things.some((s) => s.length > base.length && s.startsWith(base));
    if (!verb && !namesStem(t, forms)) return;
    const same = (k: number) => k >= 0 && later.clause[k] === later.clause[i];
    let j = i - 1;
    while (j > i - 4 && same(j) && (ARTICLES.has(tokens[j] as string) || BETWEEN.has(tokens[j] as string))) j--;
    const being = same(j) && (BEING.has(tokens[j] as string) || (tokens[j] === "a" && ["m", "nous"].includes(tokens[j - 1] ?? "")));
    // French puts the object first: "Julie me remplace", "Paul m'a remplacé", "le médecin nous a orientés".
    const before = (k: number) => same(k) && FR_OBJECTS.has(tokens[k] as string);
    const toThem =
      verb &&
      ((same(i + 1) && OBJECTS.has(tokens[i + 1] as string)) ||
        before(i - 1) ||
        (same(i - 1) && FR_HAVE.has(tokens[i - 1] as string) && before(i - 2)));
    // [ext] "…, and I already restarted 3 times": the label's own participle ("Device already restarted") done by the
    // person. Not a verb made from a label noun: "I insured it myself" is no "Insurance" of theirs.
    let k = i - 1;
    while (k > i - 5 && same(k) && (AUXILIARIES.has(tokens[k] as string) || BETWEEN.has(tokens[k] as string))) k--;
    const participle = t.endsWith("ed") || tokens.slice(k + 1, i).some((w) => FR_HAVE.has(w) || w === "ai");
    const byThem = !verb && participle && same(k) && SUBJECTS.has(tokens[k] as string);
    if (!being && !toThem && !byThem) return;
    // Spoken French drops the "ne": "il me remplace pas".
    value = later.negated[i] !== true && !(same(i + 1) && POST_NEGATIONS.has(tokens[i + 1] as string));
  });
  return value;
}
