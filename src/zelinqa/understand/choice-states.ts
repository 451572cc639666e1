// [ext] (s21) How a single-choice reply places its value in time or in part: a past state beside a present one ("used to
// be competitive, now barely run": the present is the answer), one value per season or period ("chaque semaine l'été,
// une fois par mois l'hiver": no single value), and a fraction of a label's thing ("half marathon", "demi-journée":
// not the labelled thing itself).
import { tokenise } from "./normalise.js";
import { WEEKDAYS_BY_NAME } from "./named-days.js";
import { ARTICLE_WORDS, numberWordValue } from "./number-words.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

/** Pieces of a reply: its clauses, split at punctuation and at but/mais/while. */
const PIECES = /[,;.!?\n]|\s(?:but|mais|while|alors que|whereas|tandis que)\s|\s-\s|—/u;

const PAST_MARKS = [
  ["used", "to"],
  ["avant"],
  ["autrefois"],
  ["a", "l", "epoque"],
  ["back", "then"],
  ["i", "was"],
  ["j", "etais"],
  ["on", "etait"],
  ["we", "were"],
  ["in", "the", "past"],
  ["formerly"],
  ["previously"],
];
const PRESENT_MARKS = [
  ["now"],
  ["nowadays"],
  ["these", "days"],
  ["currently"],
  ["today"],
  ["maintenant"],
  ["aujourd", "hui"],
  ["desormais"],
  ["actuellement"],
  ["en", "ce", "moment"],
];

/** A quick look for a present mark before splitting the reply. */
const PRESENT_SAID = /\b(?:now|nowadays|these days|currently|today|maintenant|aujourd|d[ée]sormais|actuellement|en ce moment)\b/iu;

const holds = (tokens: readonly string[], marks: readonly (readonly string[])[]) =>
  tokens.some((_, i) => marks.some((m) => m.every((w, j) => tokens[i + j] === w)));

/** "now and then", "maintenant que…": "now" that is no present state. */
const nowAndThen = (tokens: readonly string[]) => tokens.some((t, i) => t === "now" && tokens[i + 1] === "and" && tokens[i + 2] === "then");

/**
 * The part of a reply that says the present state, when it also says a past one in another clause ("used to be
 * competitive, now barely run" → "now barely run"); undefined when the reply does not oppose a past and a present.
 */
export function presentStatePart(text: string): string | undefined {
  if (text.length > 300) return undefined;
  const pieces = text.split(PIECES).filter((p) => p.trim() !== "");
  if (pieces.length < 2) return undefined;
  const toks = pieces.map((p) => tokenise(p));
  const past = toks.findIndex((t) => holds(t, PAST_MARKS) && !holds(t, PRESENT_MARKS));
  const present = toks.findIndex((t) => holds(t, PRESENT_MARKS) && !holds(t, PAST_MARKS) && !nowAndThen(t));
  if (past < 0 || present < 0) return undefined;
  return pieces.filter((_, i) => i !== past && !holds(toks[i] as string[], PAST_MARKS)).join(", ");
}

/**
 * A single choice read as the person holds it now: from the present part when a past state is opposed to it, held
 * loosely (a stopped habit is described, not named: "barely run" may be a level or a frequency); nothing when the
 * present part names no option. Otherwise the reading of the whole reply.
 */
export function presentChoice(text: string, whole: PhraseResult | null, read: (part: string) => PhraseResult | null): PhraseResult | null {
  if (!PRESENT_SAID.test(text)) return whole;
  const part = presentStatePart(text);
  if (part === undefined) return whole;
  const now = read(part);
  return now === null ? null : { ...now, certainty: "fuzzy" };
}

/** Seasons and periods of the year a rate may be given for. */
const PERIOD_WORDS = new Set([
  ...["summer", "winter", "spring", "autumn", "season", "holidays", "vacation", "term", "termtime"],
  ...["ete", "hiver", "printemps", "automne", "saison", "vacances", "scolaire"],
]);

/**
 * [ext] "chaque semaine l'été, une fois par mois l'hiver", "weekly in summer, monthly in winter": a reply naming a season
 * or period whose clauses name different options gives no single value (the choice holds one); otherwise the reading of
 * the whole reply.
 */
export function onePeriodChoice(
  text: string,
  whole: PhraseResult | null,
  read: (part: string) => PhraseResult | null,
): PhraseResult | null {
  if (whole === null || text.length > 300) return whole;
  if (!tokenise(text).some((t) => PERIOD_WORDS.has(t))) return whole;
  const pieces = text.split(/[,;.!?\n]|\s(?:et|and|but|mais|while|alors que|whereas)\s|\s-\s/u).filter((p) => p.trim() !== "");
  if (pieces.length < 2) return whole;
  const values = new Set<string>();
  for (const p of pieces) {
    const v = read(p);
    if (v !== null) values.add(JSON.stringify(v.value));
  }
  return values.size >= 2 ? null : whole;
}

/** A fraction or a small version of what follows: "half marathon", "demi-journée", "semi-marathon", "quart de finale". */
const FRACTIONS = new Set(["half", "demi", "semi", "quarter", "quart", "mini"]);

/**
 * [ext] "half marathon" to "Complete a marathon": a label word said only with a fraction before it that the label does
 * not hold names a part of the labelled thing, not it. The option is not chosen; a short reply then names an unlisted
 * thing, the one Other option, held loosely. Another option holding the whole phrase ("Half marathon") is matched first
 * as the longer phrase and never reaches here.
 */
export function fractionOfOption(text: string, result: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  if (result === null) return result;
  const tokens = tokenise(text);
  if (!tokens.some((t) => FRACTIONS.has(t))) return result;
  const chosen = phrases.filter((p) => JSON.stringify(p.value) === JSON.stringify(result.value));
  if (chosen.some((p) => p.tokens.some((t) => FRACTIONS.has(t)))) return result;
  // The label's own words (not its translations nor the things of its kind: "semi-detached" is a kind of house).
  const words = new Set(chosen.filter((p) => p.translated !== true && p.kind !== true).flatMap((p) => p.tokens));
  let qualified = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (t.length < 4 || FRACTIONS.has(t) || !words.has(t)) continue;
    const before = tokens[i - 1] ?? "";
    const twoBefore = tokens[i - 2] ?? "";
    // "quart de finale": the fraction may stand before "de"/"of".
    if (FRACTIONS.has(before) || ((before === "de" || before === "d" || before === "of") && FRACTIONS.has(twoBefore))) qualified = true;
    else return result;
  }
  if (!qualified) return result;
  const others = new Set(
    phrases
      .filter((p) => p.translated !== true && (p.tokens[0] === "other" || p.tokens[0] === "autre"))
      .map((p) => JSON.stringify(p.value)),
  );
  return others.size === 1 && tokens.length <= 6 ? { value: JSON.parse([...others][0] as string) as unknown, certainty: "fuzzy" } : null;
}

/** Possessives a noun phrase may open on: "my wine collection", "notre vieux bateau". */
const POSSESSIVES = new Set(["my", "our", "mon", "ma", "mes", "notre", "nos"]);
/** Short words that say no thing by themselves, for a bare reply ("yes", "same", "both"). */
const NOT_NOUNS = new Set([
  ...["yes", "yeah", "yep", "oui", "ouais", "both", "neither", "same", "pareil", "idem", "either", "any", "whatever"],
  ...["later", "plus", "tard", "soon", "bientot", "maybe", "perhaps", "ok", "okay", "sure", "fine", "bien", "good", "bon"],
  ...["dunno", "idk", "jsp", "sais", "know", "thanks", "merci", "please", "svp", "lol", "mdr", "hmm", "euh", "well", "so"],
  ...["anything", "everything", "something", "nothing", "really", "vraiment", "tout", "rien", "importe", "quoi", "all"],
]);
/** Prepositions that join a noun to its complement: "miroir en inox", "board with a sail". */
const LINKING = new Set(["en", "de", "du", "des", "a", "au", "aux", "of", "in", "with", "for", "avec", "pour", "sans"]);

/**
 * [ext] (s21) A thing named without an article, for a bare "Other" option: a noun phrase opening on a possessive ("my
 * wine collection"), or a reply of one or two words, or three around a preposition, all letters, none a word of answering
 * ("paddle", "miroir en inox").
 * The guards of the Other option (no listed option's word, no negation, hedge or question) still apply.
 */
export function bareNounPhrase(tokens: readonly string[]): boolean {
  if (tokens.length === 0 || tokens.length > 4) return false;
  if (POSSESSIVES.has(tokens[0] as string)) return tokens.length >= 2;
  // Three words only around a preposition ("miroir en inox", "board with sail"): "passer la tondeuse" is an action.
  const shaped = tokens.length <= 2 || (tokens.length === 3 && LINKING.has(tokens[1] as string));
  return shaped && tokens.every((t) => /^\p{L}+$/u.test(t) && !NOT_NOUNS.has(t)) && (tokens[0] as string).length >= 4;
}

/** Words opening a question or a clause about the asking: "why do you need that", "what for", "pourquoi". */
const ASKING_OPENERS = new Set([
  ...["why", "what", "how", "who", "which", "where", "when", "whats", "do", "does", "can", "could", "is", "are"],
  ...["pourquoi", "quoi", "comment", "qui", "quel", "quelle", "quels", "quelles", "ou", "quand", "est", "qu", "combien"],
]);
/**
 * Words that point at one of the listed options instead of naming a thing ("the regular kind", "the second one",
 * "celle avec…"), or that leave the choice to someone else ("ce qui est dispo", "nobody else").
 */
const POINTING = new Set([
  ...["one", "ones", "kind", "type", "sort", "option", "options", "choice", "number", "nobody", "usual", "normal"],
  ...["celle", "celui", "celles", "ceux", "lequel", "laquelle", "choix", "numero", "genre", "dispo", "disponible"],
  ...["qui", "que", "which", "whichever", "available", "habituel", "habitude", "comme", "like"],
]);
/** Words of when: a reply holding one tells a time ("tomorrow morning works"), not a thing. Weekdays too. */
const WHEN_WORDS = new Set([
  ...["today", "tomorrow", "tonight", "yesterday", "week", "weekend", "month", "year", "morning", "afternoon", "evening"],
  ...["asap", "soon", "aujourd", "demain", "hier", "semaine", "mois", "annee", "matin", "soir", "midi", "bientot"],
]);
/** Wishes: "want a new skylight put in" asks for a job (s19: a wish gives no Other), it names no unlisted kind. */
const WISHES = new Set(["want", "wants", "wanna", "would", "like", "veux", "voudrais", "voudrait", "aimerais", "souhaite"]);
/** Prepositions of place, time or company opening a reply: "in the south", "près de la mer", "avec mes enfants". */
const SETTING_OPENERS = new Set([
  ...["in", "at", "near", "around", "on", "before", "after", "during", "next", "this", "with", "by", "from", "until"],
  ...["pres", "dans", "vers", "chez", "avec", "avant", "apres", "pendant", "au", "aux", "sur", "depuis", "jusqu"],
]);

/**
 * [ext] (s27) A thing described in a few words for a bare "Other" option: what a careful reader takes as naming
 * something of the asked kind that is none of the options ("ear wax removal", "the projector doesnt work", "ramasser les
 * feuilles", "cabane dans les arbres"). Three to eight words (a shorter reply, or three around a preposition, is a bare
 * name: bareNounPhrase decides), no figure (a count, an age, a place in the menu: "option
 * 2"; a number word), no word of when ("tomorrow morning works", a weekday), no word of answering (yes, same,
 * anything, dunno), not opening on a question word nor on a preposition of place, time or company ("in the south",
 * "près de la mer", "avec mes enfants") nor on a wish ("want a new skylight put in"), no word pointing at a listed
 * option ("the regular kind", "the second one", "celle avec…") or leaving the choice ("ce qui est dispo"), and one word
 * of four letters or more. The guards of the Other option (no listed option's word, no negation, hedge, refusal,
 * question, only a person) still apply; the option is held loosely.
 */
export function describedThing(tokens: readonly string[]): boolean {
  if (tokens.length < 3 || tokens.length > 8 || ASKING_OPENERS.has(tokens[0] as string)) return false;
  // A reply shaped as a bare name (two words, three around a preposition) is judged by bareNounPhrase alone.
  if (tokens.length === 3 && LINKING.has(tokens[1] as string)) return false;
  const first = tokens[0] === "just" || tokens[0] === "juste" ? tokens[1] : tokens[0];
  if (SETTING_OPENERS.has(first as string)) return false;
  // A wish opening the reply ("want a new skylight put in", "je voudrais…") says a job, which a listed trade may do.
  if (tokens.slice(0, 2).some((t) => WISHES.has(t))) return false;
  const counted = (t: string) => numberWordValue(t) !== undefined && !ARTICLE_WORDS.has(t);
  const timed = (t: string) => WHEN_WORDS.has(t) || WEEKDAYS_BY_NAME.has(t);
  if (tokens.some((t) => /\d/.test(t) || NOT_NOUNS.has(t) || POINTING.has(t) || counted(t) || timed(t))) return false;
  return tokens.some((t) => t.length >= 4 && /^\p{L}+$/u.test(t));
}
