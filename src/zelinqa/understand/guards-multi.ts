// [ext] Guards of a multiple choice (s17): never a list held as confirmed that the reply did not state. "All good",
// "c'est tout", "not at all" are no "all of them"; a reply with a word left unread ("on warfarin for my heart")
// gives its options loosely (guards-label-parts.ts: each part of a compound label names its option alone).
import { clauseTokens } from "./clauses.js";
import { askedWords } from "./guards-asked.js";
import { noneSaidIndirectly } from "./none-indirect.js";
import type { ClauseTokens } from "./clauses.js";
import { extractArray } from "./multi-choice.js";
import { withNotHeldNegated } from "./held-state.js";
import { initialsHits } from "./label-initials.js";
import { NOTHING_TO_REPORT } from "./lexicons.js";
import { partialLabelHits } from "./label-parts.js";
import { findPhraseHits, isNonePhrase, perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { stem } from "./target-words.js";
import { tokensMatchFuzzily } from "./damerau-levenshtein.js";
import type { TargetWords } from "./target-words.js";
import { FR_ARTICLES, FR_EN_ARTICLES, MY_POSSESSIVES } from "./function-words.js";

/** Words that select every option when they quantify the options ("all of them", "tout", "everything"). */
const QUANTIFIERS = new Set(["all", "tout", "tous", "toutes", "toute", "everything"]);
/**
 * After the quantifier, a state: "all good", "tout va bien", "tout roule", "tout à fait", "tout de suite". Not a time:
 * "tous les jours", "all day" may select every day or every slot.
 */
const STATE_AFTER = new Set([
  "good",
  "fine",
  "ok",
  "okay",
  "well",
  "set",
  "clear",
  "right",
  "healthy",
  "normal",
  "sorted",
  "better",
  "great",
  "perfect",
  "va",
  "roule",
  "baigne",
  "bon",
  "bien",
  "nickel",
  "parfait",
  "fonctionne",
  "marche",
  "de",
  "a",
  "seul",
  "seule",
  "over",
]);
/** "everything is fine", "tout est ok", "all is well": a verb of being, then a state. */
const BEING = new Set(["is", "s", "est", "seems", "looks", "semble", "sont"]);
/** Before the quantifier, what negates or qualifies it: "at all", "above all", "en tout", "du tout", "avant tout". */
const QUALIFYING_BEFORE = new Set(["at", "above", "after", "du", "en", "malgre", "avant", "voila"]);
/** Before a quantifier that ends its clause, a sentence closed: "c'est tout", "that's all", "ce sera tout". */
const CLOSING_BEFORE = new Set(["est", "s", "is", "sera"]);

/** "everything", "tout": what a whole situation is called, unlike "all of them", "toutes", which count the options. */
const SITUATION = new Set(["everything", "tout"]);
const BEING_PAST = new Set([...BEING, "was", "etait", "are", "were"]);

/** A singular article: "tout le temps", "toute la journée", "all the time" quantify one whole thing, not the options. */
const SINGULAR_ARTICLES = new Set(["le", "la", "l"]);
/** What "all the …" / "tout le …" still calls the options: "all the above", "tout le reste". */
const OPTIONS_WHOLE = new Set(["above", "rest", "reste", "lot"]);

/** "tout le temps", "toute la journée", "all the time": the quantifier and a singular article name one whole thing. */
function wholeOfOneThing(tokens: readonly string[], i: number): boolean {
  const article = tokens[i + 1] ?? "";
  const noun = tokens[i + 2] ?? "";
  if (noun === "" || OPTIONS_WHOLE.has(noun)) return false;
  if (SINGULAR_ARTICLES.has(article)) return tokens[i] !== "tous" && tokens[i] !== "toutes";
  // English "the" has no number: a noun without a plural ending ("all the time", "all the way").
  return tokens[i] === "all" && article === "the" && !/s$/.test(noun);
}

/** Whether the quantifier at `i` quantifies a state, a time or a sentence, not the options. */
function falseAll(c: ClauseTokens, i: number): boolean {
  const tokens = c.tokens;
  const next = tokens[i + 1] ?? "";
  const after = tokens[i + 2] ?? "";
  if (STATE_AFTER.has(next) || wholeOfOneThing(tokens, i)) return true;
  if (BEING.has(next) && STATE_AFTER.has(after)) return true;
  // [ext] "everything is fuzzy far away", "tout est flou": the situation described, not every option chosen.
  if (SITUATION.has(tokens[i] as string) && BEING_PAST.has(next) && c.clause[i + 2] === c.clause[i]) return true;
  const before = tokens[i - 1] ?? "";
  return QUALIFYING_BEFORE.has(before) || (CLOSING_BEFORE.has(before) && c.clause[i + 1] !== c.clause[i]);
}

/**
 * The reply's tokens without the "all" words that do not quantify the options: "all good healthwise", "tout va bien",
 * "c'est tout", "not at all" select nothing by their "all". "All of them", "tout", "everything but
 * X" still do.
 */
export function withoutFalseAll(c: ClauseTokens): ClauseTokens {
  const drop = c.tokens.map((t, i) => QUANTIFIERS.has(t) && falseAll(c, i));
  if (!drop.includes(true)) return c;
  const keep = (_: unknown, i: number) => !drop[i];
  return { tokens: c.tokens.filter(keep), clause: c.clause.filter(keep), negated: c.negated.filter(keep) };
}

/** Words that carry no item of their own in a list of choices: links, fillers, hedges, politeness, being and having. */
const FUNCTION_WORDS = new Set(
  (
    "also too really just only both please thanks thank maybe perhaps probably definitely obviously course sure yeah yes " +
    "some very quite pretty much many more most less lots little couple with that this these those them they there " +
    "their from into about would could should will shall must have having been being were what which when where also " +
    "need needs want wants like love would prefer mainly mostly especially anyway else other others each every either " +
    "none nothing except well good great fine okay think guess mean then than just even still already again sometimes " +
    "often usually always never ever here want something thing things stuff everything anything your mine ours mostly " +
    "aussi juste merci plutot surtout seulement vraiment peut etre avec pour dans mais donc alors bien tres quand meme " +
    "tout tous toutes toute cela ceci comme chez nous vous elle elles leur leurs notre votre sont suis avons avez fait " +
    "faire besoin voudrais aimerais souhaite veux voudrait prendre chose choses truc trucs rien aucun aucune sauf " +
    "parfois souvent toujours jamais encore deja voila enfin bref puis ensuite certains certaines quelques plusieurs " +
    "autres autre principalement notamment genre style idem pareil aussi avoir etre sera serait ainsi celui celle ceux"
  ).split(" "),
);

/** Words that make what follows them a purpose or a cause: "on warfarin for my heart", "un traitement pour le coeur". */
const PURPOSE = new Set(["for", "pour", "against", "contre", "because", "from", "since", "depuis"]);
const DETERMINERS = new Set([...FR_EN_ARTICLES, ...MY_POSSESSIVES, "our", "his", "her", "their", "son", "sa", "ses", "notre", "nos", "of"]);

/**
 * A multiple choice read exactly, where an option is named only as the purpose or cause of a word no option reads
 * ("on warfarin for my heart": the heart is why the person takes warfarin, and warfarin is read by nothing): the
 * list is held loosely, since the unread word may name another option and a confident partial list is a wrong value.
 */
export function loosenUnread(c: ClauseTokens, phrases: readonly Phrase[], words: TargetWords | undefined, result: PhraseResult | null) {
  if (result === null || result.certainty !== "exact" || !Array.isArray(result.value) || result.value.length === 0) return result;
  const found = findPhraseHits(c.tokens, phrases, true, c.negated);
  const hits = [...found, ...partialLabelHits(c, phrases, found)];
  const covered = new Array<boolean>(c.tokens.length).fill(false);
  for (const h of hits) for (let i = h.start; i < h.end; i++) covered[i] = true;
  const asked = new Set((askedWords(words) ?? []).map(stem));
  const unread = (i: number) => {
    const t = c.tokens[i] as string;
    return !covered[i] && t.length >= 4 && /^\p{L}+$/u.test(t) && !FUNCTION_WORDS.has(t) && !asked.has(stem(t));
  };
  for (const h of hits) {
    let j = h.start - 1;
    while (j >= 0 && DETERMINERS.has(c.tokens[j] as string)) j--;
    if (j < 0 || !PURPOSE.has(c.tokens[j] as string)) continue;
    for (let k = j - 1; k >= 0 && c.clause[k] === c.clause[h.start]; k--) if (unread(k)) return { ...result, certainty: "fuzzy" as const };
  }
  return result;
}

/** "de", "d", "of": a noun's complement follows ("anniversaire de mariage", "a cake of …"). */
const COMPLEMENT = new Set(["de", "d", "du", "des"]);
/** The stems of the options' words, and the configured labels' words (a translation may look like another word). */
interface OptionStems {
  readonly all: ReadonlySet<string>;
  readonly configured: readonly string[];
}
/** A word that may name a thing of its own: letters only, not a link, a filler, an option's or the question's word. */
function thingWord(t: string, optionStems: OptionStems, asked: ReadonlySet<string>): boolean {
  if (t.length < 4 || !/^\p{L}+$/u.test(t) || FUNCTION_WORDS.has(t) || PURPOSE.has(t) || asked.has(stem(t))) return false;
  // An option's word, or one close to it ("cours" for "course"): the kind the options share, which they qualify.
  const s = stem(t);
  return !optionStems.all.has(s) && !optionStems.configured.some((w) => tokensMatchFuzzily(w, t));
}
/** French words that mark a reply as French, where an adjective follows its noun ("un caniche nain"). */
const FRENCH_MARKS = new Set([...FR_ARTICLES, "mon", "ma", "mes", "ce", "cette", "c", "et", "est"]);

/**
 * [ext] A single choice read exactly from a one-word label that only qualifies another thing the reply names: "wedding
 * anniversary", "birthday cake" (the English noun before its head), "anniversaire de mariage", "gâteau d'anniversaire"
 * (the French complement after "de"). The reply speaks of that other thing, so the option is held loosely.
 */
export function qualifiesAnotherThing(
  text: string,
  phrases: readonly Phrase[],
  words: TargetWords | undefined,
  result: PhraseResult | null,
) {
  if (result === null || result.certainty !== "exact" || Array.isArray(result.value)) return result;
  const c = clauseTokens(text);
  const hits = findPhraseHits(c.tokens, phrases, false, c.negated).filter(
    (h) => h.end - h.start === 1 && JSON.stringify(h.value) === JSON.stringify(result.value),
  );
  if (hits.length === 0) return result;
  const optionStems = perPhraseTable(phrases, "qualifies.optionStems", () => ({
    all: new Set(phrases.flatMap((p) => p.tokens.map(stem))),
    configured: [...new Set(phrases.filter((p) => p.translated !== true).flatMap((p) => p.tokens))],
  }));
  const french = c.tokens.some((t) => FRENCH_MARKS.has(t));
  const asked = new Set((askedWords(words) ?? []).map(stem));
  const same = (i: number, j: number) => j >= 0 && j < c.tokens.length && c.clause[i] === c.clause[j];
  const qualifies = hits.some((h) => {
    const i = h.start;
    const next = c.tokens[i + 1] ?? "";
    if (!french && same(i, i + 1) && thingWord(next, optionStems, asked)) return true;
    const before = c.tokens[i - 1] ?? "";
    return same(i, i - 2) && COMPLEMENT.has(before) && thingWord(c.tokens[i - 2] as string, optionStems, asked);
  });
  return qualifies ? { ...result, certainty: "fuzzy" as const } : result;
}

/** A multiple choice read from a reply with the guards above: a false "all" left out, an unread word held loosely. */
const seqs = (list: readonly string[]) => list.map((p) => p.split(" "));
/** A denial held as a belief: "not that I know of", "pas que je sache", "I don't think so". */
const DENIED_AS_FAR_AS_KNOWN = seqs([
  ...["not that i know of", "not that i know", "not as far as i know", "not that i m aware of", "not to my knowledge"],
  ...["none that i know of", "nothing that i know of", "not that i remember", "i don t think so", "don t think so"],
  ...["pas que je sache", "pas a ma connaissance", "pas que je me souvienne", "je ne crois pas", "je crois pas"],
  ...["je ne pense pas", "je pense pas", "rien que je sache", "aucun que je sache", "aucune que je sache"],
  // [ext] Nothing to report: "rien à signaler", "RAS", "nothing to report", "nothing to declare".
  ...NOTHING_TO_REPORT,
]);
/** What such a reply may carry besides: "no, …", "hmm, …", "rien, tout va bien". */
const NONE_FILLERS = new Set([
  ...["no", "non", "nope", "nah", "nan", "nothing", "rien", "none", "aucun", "aucune", "hmm", "hm", "euh", "well", "bah", "ben"],
  ...["thanks", "merci", "really", "vraiment", "so", "far", "pour", "l", "instant", "now", "for", "the", "moment", "yet", "encore"],
  "bien",
]);

/**
 * [ext] The "none" option said without a denial word of the list: a denial held as a belief ("not that I know of", "pas
 * que je sache") or a whole situation said to be fine ("nope all good", "all good healthwise", "non tout va bien"), as
 * the whole reply. The "none" option, or the empty list where there is none; always held loosely.
 */
function noneSaidLoosely(c: ClauseTokens, phrases: readonly Phrase[]): PhraseResult | null {
  const tokens = c.tokens;
  const left = new Array<boolean>(tokens.length).fill(true);
  const blank = (from: number, length: number) => left.fill(false, from, from + length);
  let said = false;
  for (let i = 0; i < tokens.length; i++) {
    const seq = DENIED_AS_FAR_AS_KNOWN.find((d) => d.every((w, j) => tokens[i + j] === w));
    if (seq !== undefined) {
      blank(i, seq.length);
      said = true;
      continue;
    }
    // "all good", "everything is fine", "tout va bien": the quantifier of a state (falseAll), then the state.
    if (QUANTIFIERS.has(tokens[i] as string) && !wholeOfOneThing(tokens, i)) {
      const state = STATE_AFTER.has(tokens[i + 1] ?? "")
        ? 2
        : BEING.has(tokens[i + 1] ?? "") && STATE_AFTER.has(tokens[i + 2] ?? "")
          ? 3
          : 0;
      if (state > 0 && !["de", "a", "seul", "seule", "over"].includes(tokens[i + state - 1] as string)) {
        blank(i, state);
        said = true;
      }
    }
  }
  // "all good healthwise": a word in -wise says what is fine.
  if (!said || !tokens.every((t, i) => !left[i] || NONE_FILLERS.has(t) || (t.length > 6 && t.endsWith("wise")))) return null;
  const none = phrases.find(isNonePhrase);
  return { value: none === undefined ? [] : [none.value], certainty: "fuzzy" };
}

export function guardedArray(text: string, phrases: readonly Phrase[], words: TargetWords | undefined): PhraseResult | null {
  const read = clauseTokens(text);
  const loose = noneSaidLoosely(read, phrases);
  if (loose !== null) return loose;
  const c = withNotHeldNegated(withoutFalseAll(read));
  // none-indirect.ts: "just furniture and boxes", "nothing serious" name no option: the none option, loosely.
  return (
    loosenUnread(c, phrases, words, extractArray(c, phrases, words?.own, initialsHits(text, c, phrases))) ??
    noneSaidIndirectly(c, phrases, text)
  );
}
