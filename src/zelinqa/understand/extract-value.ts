// Deterministic extraction of one success-information value from a text (docs/zelinqa-api.md §10.5), per schema kind,
// followed by schema validation (docs/zelinqa-api.md §10.5.6: an invalid value is dropped, it is not a conflict).
import { asksForSomething, asksWhatIsOffered, closesWithoutNote, opensByDenying } from "./closing-replies.js";
import { extractBoolean, extractBooleanFact, extractFactAfterAnswer, oppositeInPassing, saysNotYet } from "./boolean-extractor.js";
import { acronymInPassing, deniedCountAfterAnswer, selfStatedFact, shortChoiceByLabel } from "./in-passing.js";
import { clauseTokens } from "./clauses.js";
import { correctionSplits } from "./corrections.js";
import { saysYearOf, yearFromAge } from "./spoken-years.js";
import type { ClauseTokens } from "./clauses.js";
import { dateRange, extractDate, sinceDate, withMonthOf } from "./date-extractor.js";
import type { RangeSide } from "./date-extractor.js";
import { durationUntil } from "./duration-until.js";
import { inPinnedYear } from "./guards-asked.js";
import { isCompoundPart } from "./guards-label-parts.js";
import { guardedArray, qualifiesAnotherThing, withoutFalseAll } from "./guards-multi.js";
import { correctedChoice, doubtedValue, guardedValue } from "./guards-values.js";
import type { ValueValidator } from "./json-schema-validator.js";
import { HEDGE_PHRASES, QUALIFIER_PHRASES, hasAnyPhrase, isDontKnow, isIndifferent, isRefusal } from "./lexicons.js";
import { endsAsQuestion, normalise, tokenise } from "./normalise.js";
import { extractChoice, withoutRefused } from "./multi-choice.js";
import { durationInPassing, extractNumber, statedDurations } from "./number-extractor.js";
import { scanNumbers } from "./number-mentions.js";
import type { MentionScan } from "./number-mentions.js";
import { arrayPhraseResult, findPhraseHits, isNonePhrase, perPhraseTable, scalarPhraseResult } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { stem, tokenHasStem } from "./target-words.js";
import type { StemLookup, TargetWords } from "./target-words.js";
import { timeOfDayChoice } from "./time-of-day.js";
import { hourOfDay, isHourOfDay } from "./hour-of-day.js";
import { compassChoice } from "./compass-points.js";
import { horizonChoice } from "./time-horizon.js";
import { rangeChoice, rangeOverLabel } from "./range-choice.js";
import { frequencyChoice } from "./frequency-choice.js";
import { superlativeChoice } from "./superlative-choice.js";
import { lettersStandAlone, rateOf, scaleChoice, scoreInPassing } from "./ordered-scale.js";
import { namesNoUnlistedThing } from "./other-option-guard.js";
import { undecidedChoice } from "./undecided-choice.js";
import { comparedOption } from "./compared-option.js";
import { zeroOption } from "./zero-option.js";
import { narrowerOptionNamed } from "./narrower-option.js";
import { numberedOverVague } from "./numbered-option.js";
import { amountOfOneThing } from "./amount-of-one-thing.js";
import { coordinatedChoice } from "./coordinated-choice.js";
import { deniedQuestionOption } from "./denied-option.js";
import { negatedLabelChoice } from "./negated-label.js";
import { saidUnit } from "./unit-conversion.js";
import { bareNounPhrase, describedThing, fractionOfOption, onePeriodChoice, presentChoice } from "./choice-states.js";
import { dateByLabelNoun } from "./dated-by-label.js";
import { listedAges } from "./people-count.js";
import { isRecord } from "../../shared/is-record.js";
import { FR_EN_ARTICLES } from "./function-words.js";

export type ExtractorKind = "enum" | "array_enum" | "boolean" | "number" | "integer" | "date" | "date-time" | "string" | "none";

export interface ExtractionTarget {
  readonly kind: ExtractorKind;
  /** Choice labels and enum values (docs/zelinqa-api.md §10.5.2), already tokenised. */
  readonly phrases: readonly Phrase[];
  /** The phrases of at least 4 characters, the only ones indirect extraction uses (docs/zelinqa-api.md §10.4); derived if absent. */
  readonly indirectPhrases?: readonly Phrase[];
  readonly validate: ValueValidator;
  /** [ext] What the target is about (label and question words, concept groups): binds numbers and facts. */
  readonly words?: TargetWords;
  /** [ext] Words of the other targets: a number bound to them is not for this target. */
  readonly otherStems?: StemLookup;
  /** [ext] JSON Schema `minimum`/`maximum`, to choose among several numbers. */
  readonly minimum?: number;
  readonly maximum?: number;
}

function primaryType(schema: Record<string, unknown>): string | undefined {
  const t = schema.type;
  if (typeof t === "string") return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === "string" && x !== "null");
  return undefined;
}

/** The extractor a JSON Schema gets (docs/zelinqa-api.md §10.5.2–10.5.6). */
export function extractorKindOf(schema: unknown): ExtractorKind {
  if (!isRecord(schema)) return "none";
  const type = primaryType(schema);
  const enumValues = schema.enum;
  if (Array.isArray(enumValues) && enumValues.every((v) => typeof v === "string") && (type === undefined || type === "string"))
    return "enum";
  if (type === "boolean") return "boolean";
  if (type === "array" && isRecord(schema.items) && Array.isArray(schema.items.enum)) return "array_enum";
  if (type === "number") return "number";
  if (type === "integer") return "integer";
  if (type === "string") {
    if (schema.format === "date") return "date";
    if (schema.format === "date-time") return "date-time";
    return "string";
  }
  return "none";
}

/** The enum values of a schema, in order: scalar `enum` or array `items.enum`. */
export function enumValuesOf(schema: unknown): unknown[] {
  if (!isRecord(schema)) return [];
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if (isRecord(schema.items) && Array.isArray(schema.items.enum)) return schema.items.enum as unknown[];
  return [];
}

/** [ext] "diesel je pense", "maybe the blue one": a choice said with a hedge is held loosely. */
function hedged(text: string, result: PhraseResult | null): PhraseResult | null {
  if (result === null || result.certainty !== "exact") return result;
  const tokens = tokenise(text);
  return hasAnyPhrase(tokens, HEDGE_PHRASES) || hasAnyPhrase(tokens, QUALIFIER_PHRASES)
    ? { value: result.value, certainty: "fuzzy" }
    : result;
}

const QUESTION_WORDS = new Set([
  "qu",
  "why",
  "pourquoi",
  "what",
  "quoi",
  "how",
  "comment",
  "which",
  "quel",
  "quelle",
  "est",
  "c",
  "is",
  "do",
  "does",
  "can",
  "peut",
  "pouvez",
  "vous",
]);

const NOTHING_WORDS = new Set(["no", "non", "nope", "nah", "nothing", "none", "rien", "aucun", "aucune", "nada", "nan", "pas"]);
/** What a "nothing" may carry: "nothing else", "rien de plus", "nothing to add", "rien à signaler", "no thanks", "n/a". */
const NOTHING_FILLERS = new Set([
  "else",
  "more",
  "further",
  "to",
  "add",
  "special",
  "in",
  "particular",
  "really",
  "at",
  "all",
  "thanks",
  "thank",
  "you",
  "merci",
  "d",
  "autre",
  "de",
  "plus",
  "a",
  "ajouter",
  "signaler",
  "particulier",
  "du",
  "tout",
  "pour",
  "l",
  "instant",
  "moment",
  "for",
  "now",
  "the",
  "c",
  "est",
  "that",
  "s",
  "it",
  "i",
  "think",
  "je",
  "crois",
  "pense",
  "n",
  "sorry",
  "desole",
  "ok",
  "okay",
]);
/**
 * [ext] A reply that only says there is nothing ("nothing else", "rien à ajouter", "no thanks", "n/a", "that's all"): no
 * free-text value. Only denial words and what a denial carries; one other word ("no, the brakes squeal") makes it a note.
 */
function saysNothing(text: string): boolean {
  const tokens = tokenise(text);
  const whole = tokens.join(" ");
  // [ext] "RAS", "r.a.s." (rien à signaler): nothing to report, as "nothing else".
  if (["that s all", "that s it", "c est tout", "n a", "na", "ras", "r a s", "nothing to report", "rien a signaler"].includes(whole))
    return true;
  return tokens.some((t) => NOTHING_WORDS.has(t)) && tokens.every((t) => NOTHING_WORDS.has(t) || NOTHING_FILLERS.has(t));
}

/** [ext] A birth date whose year the reply does not say ("9 may") is a guess of the year: held loosely (spoken-years.ts). */
function birthYearSaid(text: string, words: TargetWords | undefined, read: PhraseResult | null, today: string): PhraseResult | null {
  if (read === null || words?.birth !== true || typeof read.value !== "string") return read;
  if (saysYearOf(tokenise(text), text, read.value)) return read;
  // "birthday 9 may, he turned 80 this year": the year the age gives, loosely.
  const aged = yearFromAge(normalise(text), read.value, today);
  return { value: aged === null ? read.value : `${aged}${read.value.slice(10)}`, certainty: "fuzzy" };
}

const END_WORDS = ["dernier", "derniere", "fin", "end", "last", "until", "retour", "return", "reprise"].map(stem);
const START_WORDS = ["premier", "premiere", "debut", "start", "first", "begin", "beginning", "from"].map(stem);
/** [ext] Which day of a range said ("du 24 au 31") the target wants: the label's words say its first or last day. */
function rangeSide(words: TargetWords | undefined): RangeSide | undefined {
  if (words === undefined) return undefined;
  const end = END_WORDS.some((w) => words.own.has(w));
  const start = START_WORDS.some((w) => words.own.has(w));
  return end === start ? undefined : end ? "end" : "start";
}

// Words before a label word that say nothing of its kind: "a big house", "my own flat".
const BEGUN_WORDS = ["since", "depuis", "start", "started", "began", "begin", "commence", "apparu", "onset"].map(stem);
const LAST_TIME_WORDS = ["dernier", "derniere", "last", "previous", "precedent"].map(stem);

/** [ext] What "since" dates for a target: a start ("Date the problem started") or the last time ("Dernier entretien"). */
function sinceSide(words: TargetWords): "begun" | "last" | undefined {
  if (BEGUN_WORDS.some((w) => words.own.has(w))) return "begun";
  return LAST_TIME_WORDS.some((w) => words.own.has(w)) ? "last" : undefined;
}

const PLAIN_BEFORE = new Set([
  ...FR_EN_ARTICLES,
  "my",
  "our",
  "own",
  "just",
  "only",
  "big",
  "small",
  "large",
  "little",
  "nice",
  "new",
  "old",
  "proper",
  "real",
  "grande",
  "grand",
  "petite",
  "petit",
  "belle",
  "vraie",
  "want",
  "need",
  "looking",
  "for",
  "pour",
  "facing",
  "plein",
  "due",
  "full",
  "right",
  "left",
  "droite",
  "gauche",
  "both",
  "prefer",
  "ideally",
  "probably",
  "maybe",
  "rather",
  "like",
  "buy",
  "preferably",
]);
/**
 * [ext] "a terraced house" between "House" and "Townhouse": the reply names a label word with a qualifier before it,
 * and another option's label holds that word inside a longer one ("Townhouse") or beside other words ("Maison
 * mitoyenne"): the qualifier may point to the narrower option, so the choice is held loosely.
 */
function narrowerOptionDoubt(text: string, result: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  if (result === null || result.certainty !== "exact") return result;
  const chosen = phrases.filter((p) => p.value === result.value && p.translated !== true);
  const others = phrases.filter((p) => p.value !== result.value && p.translated !== true);
  const labelWords = new Set(chosen.flatMap((p) => p.tokens));
  // Another label holds the chosen one whole and more: "Townhouse" for "House", "South-east" for "South".
  const holds = (o: Phrase, c: Phrase) =>
    c.tokens.length === 1
      ? o.tokens.some((t) => t !== c.tokens[0] && (t.endsWith(c.tokens[0] as string) || t.startsWith(c.tokens[0] as string))) ||
        (o.tokens.length > 1 && o.tokens.includes(c.tokens[0] as string))
      : o.tokens.length > c.tokens.length && c.tokens.every((t) => o.tokens.includes(t));
  const narrower = (w: string) => w.length >= 4 && chosen.some((c) => c.tokens.includes(w) && others.some((o) => holds(o, c)));
  const tokens = tokenise(text);
  const doubt = tokens.some((t, i) => {
    const w = labelWords.has(t) ? t : t.endsWith("s") && labelWords.has(t.slice(0, -1)) ? t.slice(0, -1) : null;
    const before = tokens[i - 1];
    return w !== null && narrower(w) && before !== undefined && !labelWords.has(before) && !PLAIN_BEFORE.has(before) && !/\d/.test(before);
  });
  return doubt ? { ...result, certainty: "fuzzy" } : result;
}

const MEASURE_LINKS = new Set(["de", "d", "of"]);
/**
 * [ext] "il a 4 de moyenne", "12 of average": an option's word said as the noun a number before it measures names that
 * measure, which only may fall in the option ("Dans la moyenne"): the choice is held loosely.
 */
function measuredNoun(text: string, result: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  if (result === null || result.certainty !== "exact") return result;
  const words = new Set(phrases.filter((p) => p.value === result.value).flatMap((p) => p.tokens.filter((t) => t.length >= 4)));
  const tokens = tokenise(text);
  const measured = tokens.some(
    (t, i) => words.has(t) && MEASURE_LINKS.has(tokens[i - 1] ?? "") && /^\d+(?:[.,]\d+)?$/.test(tokens[i - 2] ?? ""),
  );
  return measured ? { ...result, certainty: "fuzzy" } : result;
}

const OTHER_WORDS = new Set(["other", "autre", "autres", "others"]);
// Words that name no thing: articles, pronouns, "it's", "c'est", possessives.
const NO_THING = new Set([
  "a",
  "an",
  "the",
  "it",
  "its",
  "s",
  "is",
  "my",
  "our",
  "his",
  "her",
  "their",
  "this",
  "that",
  "un",
  "une",
  "le",
  "la",
  "les",
  "l",
  "de",
  "du",
  "des",
  "d",
  "c",
  "est",
  "mon",
  "ma",
  "mes",
  "notre",
  "son",
  "sa",
  "ce",
  "cet",
  "cette",
  "and",
  "et",
  "of",
  "i",
  "we",
  "have",
  "got",
  "j",
  "ai",
  "on",
  "a",
  "drive",
  "une",
]);
/** [ext] A need said before a plain noun phrase: "need", "I need", "looking for", "je cherche". */
const NEEDING = new Set(["need", "needs", "i", "we", "je", "on", "cherche", "cherchons", "nous", "looking", "for"]);
/** Articles a plain noun phrase opens on ("a bbq", "un furet", "some shelves"). */
const ARTICLES_OPENING = new Set(["a", "an", "un", "une", "des", "du", "some"]);
const SUBJECTS = new Set(["il", "elle", "je", "j", "on", "nous", "ils", "elles", "he", "she", "i", "we", "they", "it"]);
/** After a subject, what names a thing rather than an action: "it's a …", "I want …", "je voudrais …". */
const BEING_WORDS = new Set(["s", "is", "est", "want", "need", "would", "d", "veux", "voudrais", "aimerais", "cherche", "souhaite"]);
const NOT_A_THING = new Set(["no", "non", "not", "pas", "none", "aucun", "aucune", "rien", "nothing", "ni", "never", "jamais"]);
/**
 * [ext] "Other make" / "Autre marque": when exactly one option's label is Other/Autre with the kind after it, and a short
 * reply names a thing (a word that is no article or pronoun, nor a word of the question) that no option matched, that
 * option, held loosely. Never with a negation, a question, a hesitation, a refusal or indifference, nor a long reply.
 */
function otherOption(text: string, phrases: readonly Phrase[], words: TargetWords | undefined): PhraseResult | null {
  // "Other make", "Autre marque": the label names the kind; a bare "Autre" says nothing of what it holds, [ext] so it
  // takes only a plain noun phrase opening on an article ("a bbq", "un furet"): a thing named as the answer.
  // Only a short reply names an unlisted thing (8 words at most, below): a long one is not read at all.
  const tokens = text.length > 200 ? [] : tokenise(text);
  // [ext] Also after a need said first: "need a locksmith", "I need an electrician", "je cherche un serrurier".
  const opening = tokens.findIndex((t) => !NEEDING.has(t));
  // [ext] (s21) Also a noun phrase opening on a possessive ("my wine collection") or said bare, in three words at most
  // ("paddle", "miroir en inox"): otherBareNoun in choice-states.ts.
  const plainNoun =
    (opening >= 0 && opening <= 3 && ARTICLES_OPENING.has(tokens[opening] ?? "") && tokens.length >= opening + 2) ||
    bareNounPhrase(tokens) ||
    // [ext] (s27) Or a thing described in a few words ("ear wax removal", "ramasser les feuilles"): choice-states.ts.
    describedThing(tokens);
  const labelled = phrases.filter(
    (p) => p.translated !== true && OTHER_WORDS.has(p.tokens[0] ?? "") && (p.tokens.length > 1 || (plainNoun && p.tokens.length === 1)),
  );
  const others = new Set(labelled.map((p) => JSON.stringify(p.value)));
  if (others.size !== 1) return null;
  // [ext] "il boite depuis hier", "she limps": a person or an animal doing something describes a case, it names no
  // unlisted kind.
  if (SUBJECTS.has(tokens[0] ?? "") && !BEING_WORDS.has(tokens[1] ?? "")) return null;
  // [ext] Not for a reply holding a listed option's word, a request, an action wanted or only a person (other-option-guard.ts).
  if (namesNoUnlistedThing(text, phrases, [...others][0] as string)) return null;
  // What is left of a hesitant reply ("not sure, it's a company car", its hesitation blanked out to spaces) names no
  // unlisted kind: the person did not say what it is.
  if (/\s{3,}/.test(text)) return null;
  // "it's a company car" to "What make is your car?": the reply speaks of the subject, not of an unlisted kind. [ext] Its
  // own words only: a kind its concept group holds ("un furet" to "Quel animal ?") is such a kind.
  if (words !== undefined && tokens.some((t) => words.own.has(stem(t)) || words.own.has(t))) return null;
  if (tokens.length === 0 || tokens.length > 8 || text.includes("?") || tokens.some((t) => NOT_A_THING.has(t) || OTHER_WORDS.has(t)))
    return null;
  if (isRefusal(text) || isDontKnow(text) || isIndifferent(text) || hasAnyPhrase(tokens, HEDGE_PHRASES) || saysNothing(text)) return null;
  if (!tokens.some((t) => t.length >= 3 && !NO_THING.has(t) && !/\d/.test(t))) return null;
  return { value: JSON.parse([...others][0] as string) as unknown, certainty: "fuzzy" };
}

/** "something else, …", "autre chose : …": the person says the thing is none of the listed ones. */
const SOMETHING_ELSE = [
  ["something", "else"],
  ["something", "different"],
  ["autre", "chose"],
  ["quelque", "chose", "d", "autre"],
  ["a", "different", "thing"],
  ["none", "of", "those"],
  ["none", "of", "these"],
  ["aucun", "de", "ceux", "la"],
];
/**
 * [ext] A reply opening on "something else" / "autre chose" gives the one "Other"/"Autre" option (a bare one too), held
 * loosely: the person said it is not a listed option.
 */
function somethingElseOption(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const tokens = tokenise(text);
  if (!SOMETHING_ELSE.some((seq) => seq.every((w, i) => tokens[i] === w))) return null;
  const others = new Set(
    phrases.filter((p) => p.translated !== true && OTHER_WORDS.has(p.tokens[0] ?? "")).map((p) => JSON.stringify(p.value)),
  );
  return others.size === 1 ? { value: JSON.parse([...others][0] as string) as unknown, certainty: "fuzzy" } : null;
}

/** "Entretien complet", "Full service", "All-inclusive", "Tout compris": the option that holds every other. */
const WHOLE_WORDS = new Set(["complet", "complete", "full", "entire", "whole", "integral", "integrale", "global", "globale"]);
const EVERYTHING = new Set(["tout", "everything", "all"]);
/**
 * [ext] "tout : la tonte, les haies…", "everything, mowing and hedges": "everything" opening a reply to a single choice
 * gives the one option whose label says it is whole or complete, loosely. Not "tout va bien", "all good" (a state).
 */
function wholeOption(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const c = withoutFalseAll(clauseTokens(text));
  if (!EVERYTHING.has(c.tokens[0] ?? "") || c.negated[0] === true) return null;
  const whole = new Set(
    phrases.filter((p) => p.translated !== true && p.tokens.some((t) => WHOLE_WORDS.has(t))).map((p) => JSON.stringify(p.value)),
  );
  return whole.size === 1 ? { value: JSON.parse([...whole][0] as string) as unknown, certainty: "fuzzy" } : null;
}

const NO_HURRY = [
  "no rush",
  "no hurry",
  "not in a hurry",
  "not in any hurry",
  "not urgent",
  "take your time",
  "pas presse",
  "pas pressee",
  "pas presses",
  "pas urgent",
  "rien ne presse",
  "pas de rush",
  "pas d urgence",
  "aucune urgence",
  "no urgency",
].map((p) => p.split(" "));
const ANY_TIME = ["whenever", "anytime", "any time", "n importe quand"].map((p) => p.split(" "));
/** What may follow it: "whenever really", "whenever is fine", "n'importe quand ça me va" (not "whenever you can"). */
const ANY_TIME_FILLER = new Set([
  "really",
  "honestly",
  "tbh",
  "is",
  "s",
  "fine",
  "ok",
  "okay",
  "suits",
  "me",
  "works",
  "vraiment",
  "ca",
  "va",
]);
/** What a label of the urgent end says: "Emergency (no heating)", "Urgent", "Immédiatement". */
const URGENT_WORDS = new Set([
  "emergency",
  "emergencies",
  "urgent",
  "urgente",
  "urgence",
  "urgences",
  "immediately",
  "immediatement",
  "asap",
]);
// What a label of the unhurried end says: "Can wait a few weeks", "Peut attendre", "Later", "Flexible".
const WAITING_WORDS = new Set(["wait", "attendre", "later", "tard", "flexible", "whenever", "low", "faible", "basse", "someday"]);
/**
 * [ext] "no rush", "pas pressé", "I'm not in a hurry" to a choice of urgency: the one option whose label says it can wait
 * ("Can wait a few weeks"), held loosely. From the labels' own words only; none when no label or several say so.
 */
function noHurryOption(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const tokens = tokenise(text);
  // [ext] "whenever, really", "n'importe quand": any time at all, said as the reply itself.
  const anyTime = ANY_TIME.some(
    (seq) => seq.every((w, k) => tokens[k] === w) && tokens.slice(seq.length).every((t) => ANY_TIME_FILLER.has(t)),
  );
  if (!anyTime && !NO_HURRY.some((seq) => tokens.some((_, i) => seq.every((w, k) => tokens[i + k] === w)))) return null;
  const saying = (words: ReadonlySet<string>) =>
    new Set(
      phrases
        .filter(
          (p) =>
            p.translated !== true &&
            p.tokens.some(
              (t, i) => words.has(t) && !["not", "cannot", "t", "pas", "n", "ne", "never", "no"].includes(p.tokens[i - 1] ?? ""),
            ),
        )
        .map((p) => JSON.stringify(p.value)),
    );
  const waiting = saying(WAITING_WORDS);
  if (waiting.size === 1) return { value: JSON.parse([...waiting][0] as string) as unknown, certainty: "fuzzy" };
  if (waiting.size > 1) return null;
  // [ext] No label says it can wait, one end of the options says it is urgent ("Routine annual service" … "Emergency"):
  // the other end is the unhurried one.
  const urgent = saying(URGENT_WORDS);
  const ends = [...new Map(phrases.map((p) => [JSON.stringify(p.value), p.order])).entries()].sort((a, b) => a[1] - b[1]);
  const [first, last] = [ends[0]?.[0], ends.at(-1)?.[0]];
  if (urgent.size !== 1 || ends.length < 2) return null;
  const calm = urgent.has(last as string) ? first : urgent.has(first as string) ? last : undefined;
  return calm === undefined ? null : { value: JSON.parse(calm) as unknown, certainty: "fuzzy" };
}

/** A target about someone's age: its own words say "age"/"âge" or "old" ("How old is…?"). */
const aboutAge = (words: TargetWords | undefined) => words !== undefined && (words.own.has("age") || words.own.has("old"));

const CONDITION_AFTER = new Set(["when", "if", "si", "quand", "unless", "whenever", "lorsque"]);
const CONDITION_BEFORE = new Set([...CONDITION_AFTER, "otherwise", "sinon", "else", "autrement"]);
/**
 * [ext] Several different numbers, some said under a condition ("three when my son's home", "if they come it's 9,
 * otherwise 5"): the one said without a condition when there is exactly one; null when every one has a condition (the
 * count depends on something not known yet); undefined when the reply is not of this shape.
 */
function unconditionalNumber(text: string, scan: MentionScan): number | null | undefined {
  const said = scan.mentions.filter((m) => !m.article);
  if (said.length < 2 || new Set(said.map((m) => m.value)).size < 2) return undefined;
  const conditional = (m: (typeof said)[number]) => {
    // The word after the number, its unit or not (a circumstance opener is no unit: number-mentions.ts).
    const after = m.unit ?? scan.tokens[m.end]?.norm;
    if (after !== undefined && CONDITION_AFTER.has(after)) return true;
    for (let k = m.start - 1; k >= Math.max(0, m.start - 6); k--) {
      const t = scan.tokens[k] as (typeof scan.tokens)[number];
      const next = scan.tokens[k + 1] as (typeof scan.tokens)[number];
      if (/[,;.!?]/.test(text.slice(t.end, next.start))) return false;
      if (CONDITION_BEFORE.has(t.norm)) return true;
    }
    return false;
  };
  const plain = said.filter((m) => !conditional(m));
  if (plain.length === said.length) return undefined;
  if (plain.length === 0) return null;
  return plain.length === 1 ? (plain[0] as (typeof said)[number]).value : undefined;
}

/** What a reply's numbers say before any is read for the target: none (null), one (a result), or go on (undefined). */
function numberGuard(text: string, target: ExtractionTarget, scan: MentionScan): PhraseResult | null | undefined {
  // [ext] "is there a call-out fee?", "do you charge for a visit?": a question back says no number; its article is none.
  if (isQuestionBack(text.trim()) && scan.mentions.every((m) => m.article)) return null;
  // [ext] "8 et 11 ans" to "Quel âge a l'élève ?": the ages of as many people, none of them the one age asked.
  if (aboutAge(target.words) && (listedAges(scan.tokens, scan.mentions) ?? 0) >= 2) return null;
  // [ext] "if they come it's 9, otherwise 5": no number when every one has a condition; to a count of people, the one
  // said without a condition ("two, three when my son's home"), loosely (how many usually live, come, sit).
  const usual = unconditionalNumber(text, scan);
  if (usual === null) return null;
  if (usual !== undefined && target.kind === "integer" && target.words?.groups.has("persons") === true)
    return validated({ value: usual, certainty: "fuzzy" }, target);
  return undefined;
}

/** [ext] "why do you need that?", "c'est pour quoi ?": a question back is no free-text value. */
function isQuestionBack(text: string): boolean {
  return endsAsQuestion(text) && QUESTION_WORDS.has(tokenise(text)[0] ?? "");
}
/**
 * [ext] s27: to a choice, "la propolis c'est pour la gorge ?", "the app, is it extra?": a question about an option,
 * asked after naming it, picks nothing either ("is it"/"c'est" anywhere in a reply ending with "?"). A note keeps it.
 */
function asksAboutAnOption(text: string): boolean {
  if (!endsAsQuestion(text)) return false;
  const tokens = tokenise(text);
  return tokens.some((t, i) => ASKS_ABOUT_IT.has(`${t} ${tokens[i + 1] ?? ""}`));
}
const ASKS_ABOUT_IT = new Set(["c est", "est ce", "is it", "does it", "what s", "ca sert"]);

/**
 * [ext] A choice whose label is a duration ("12 months", "24 mois") named by an equal duration said another way ("1
 * year", "un an", "twenty-four months"): one choice's, else none. Read only when no label matched.
 */
function durationChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const said = statedDurations(text);
  if (said.length === 0) return null;
  const values = new Set<unknown>();
  let fuzzy = false;
  // Each phrase's one duration, read once per phrase table. [ext] A label stating how often ("A couple of times a
  // month") states no duration.
  const labelled = perPhraseTable(phrases, "durations", () =>
    phrases.flatMap((phrase) => {
      const keys = rateOf(phrase.tokens) === null ? statedDurations(phrase.tokens.join(" ")).map((d) => d.key) : [];
      return keys.length === 1 ? [{ phrase, key: keys[0] as string }] : [];
    }),
  );
  for (const { phrase, key } of labelled) {
    const match = said.find((d) => d.key === key);
    if (match === undefined) continue;
    values.add(phrase.value);
    fuzzy ||= match.fuzzy;
  }
  if (values.size !== 1) return null;
  return { value: [...values][0], certainty: fuzzy ? "fuzzy" : "exact" };
}

function validated(result: PhraseResult | null, target: ExtractionTarget): PhraseResult | null {
  return result !== null && target.validate(result.value) ? result : null;
}

function numberContext(target: ExtractionTarget, strict: boolean, scan?: MentionScan, today?: string) {
  return {
    ...(scan ? { scan } : {}),
    ...(today !== undefined ? { today } : {}),
    ...(target.words ? { words: target.words } : {}),
    ...(target.otherStems ? { otherStems: target.otherStems } : {}),
    ...(target.minimum !== undefined ? { minimum: target.minimum } : {}),
    ...(target.maximum !== undefined ? { maximum: target.maximum } : {}),
    strict,
  };
}

/**
 * Direct extraction: every extractor on the attributed reply. `today` is YYYY-MM-DD for relative dates. The engine
 * hands it at most MAX_UNDERSTOOD_WORDS words (evidence-plan.ts), a free-text target's text whole.
 * [ext] A reply that corrects itself ("3, no wait 4", corrections.ts) gives the value said after the correction, when
 * the parts before and after it both give a value, and different ones.
 */
/** "c'est une maison…", "it's a house…", "on a un…": a reply describing a thing. */
const DESCRIBING = [
  ["c", "est", "un"],
  ["c", "est", "une"],
  ["it", "s", "a"],
  ["it", "s", "an"],
  ["it", "is", "a"],
  ["on", "a", "un"],
  ["on", "a", "une"],
  ["we", "have", "a"],
  ["j", "ai", "un"],
  ["j", "ai", "une"],
  ["i", "have", "a"],
];

/**
 * [ext] What remains of a reply opening on a don't-know ("je sais pas, c'est une maison de 100 m²") describes a thing
 * that is not the target's (the noun after "c'est un", "it's a", "on a un" is no word of its label): its numbers
 * measure that thing, not the value asked; (s24) so does "idk, it's a 3-bedroom house" for a target its noun is no word of.
 */
export function describesAnotherThing(remainder: string, words: TargetWords | undefined): boolean {
  if (words === undefined || !/^\s/.test(remainder)) return false;
  const tokens = tokenise(remainder);
  for (let i = 0; i < tokens.length; i++) {
    const seq = DESCRIBING.find((d) => d.every((w, j) => tokens[i + j] === w));
    if (seq === undefined) continue;
    // (s24) "it's a 3 bed semi", "c'est un 2 pièces": a number counting a thing that is no unit and no word of the
    // label describes the thing too ("it's a 90 square metre house" gives a unit: not so).
    const counted = /^\d+$/.test(tokens[i + seq.length] ?? "") ? 1 : 0;
    const noun = tokens[i + seq.length + counted];
    const unit = counted === 1 && noun !== undefined && saidUnit(noun, tokens[i + seq.length + 2]) !== undefined;
    return noun !== undefined && /^\p{L}{3,}$/u.test(noun) && !unit && !tokenHasStem(noun, words.stems);
  }
  return false;
}

/** Words that may follow a concluded number without naming another thing ("donc 2 en vrai", "so three really"). */
const CONCLUSION_TAIL = new Set(["en", "really", "vraiment", "maintenant", "now", "then", "alors", "actually", "quoi", "au", "in"]);

/** [ext] One number said before the conclusion, and the conclusion's number of the same thing (its unit or none). */
function concludesOneNumber(before: string, after: string): boolean {
  const said = scanNumbers(before).mentions;
  const concluded = scanNumbers(after).mentions[0];
  if (said.length !== 1 || concluded === undefined) return false;
  const unit = concluded.unit;
  return unit === null || unit === said[0]?.unit || CONCLUSION_TAIL.has(unit);
}

/**
 * [ext] "1 month no actually 2", "3 kilos, non 4": a bare number said after a correction keeps the unit of the number
 * it corrects, so that it is converted to the target's unit like the first ("2" here is 2 months, not 2 weeks).
 */
function withUnitOf(before: string, after: string): string {
  const corrected = scanNumbers(after).mentions;
  const said = scanNumbers(before).mentions.at(-1);
  if (corrected.length !== 1 || corrected[0]?.unit !== null || said === undefined || said.unit === null || said.currency) return after;
  return /^[\p{L}]+$/u.test(said.unit) ? `${after} ${said.unit}` : after;
}

export function extractDirect(text: string, target: ExtractionTarget, today: string): PhraseResult | null {
  // guards-values.ts: "no budget" is no 0, a round trip is no one-way distance, "nope all good" no note.
  const whole = guardedValue(text, target.kind, target.words, extractWhole(text, target, today));
  if (target.kind === "string" || target.kind === "none") return whole;
  for (const { before, after, conclusion } of correctionSplits(text)) {
    // [ext] "3 mais le grand est autonome, donc 2": a conclusion corrects a single number said before it, loosely (the
    // person reasons aloud; "deux adultes et deux enfants, donc 4" sums, it corrects nothing).
    if (conclusion && !concludesOneNumber(before, after)) continue;
    // [ext] "the 5th of june… no sorry, the 6th": the corrected day keeps the month said before it (date-extractor.ts).
    const isDate = target.kind === "date" || target.kind === "date-time";
    const dated = isDate
      ? withMonthOf(before, after)
      : target.kind === "number" || target.kind === "integer"
        ? withUnitOf(before, after)
        : after;
    // [ext] "le 15… non le 16, on rentre le 15 au soir": the corrected day is the first thing said after the correction;
    // what follows it is a reason and may name other days.
    // [ext] (s27) "garage, no actually the drive, the garage is full of junk": so is the option meant; the reason after
    // it may name the option corrected. A bare "no" there is the correction's own ("severe... actually no, moderate").
    const found =
      (isDate
        ? extractWhole(withMonthOf(before, firstClause(after)), target, today)
        : target.kind === "enum" && !/^\s*(?:no|non|nope|nah)\s*$/iu.test(firstClause(after))
          ? extractWhole(firstClause(after), target, today)
          : null) ?? extractWhole(dated, target, today);
    const corrected = conclusion && found !== null ? { ...found, certainty: "fuzzy" as const } : found;
    // [ext] "lundi, mardi, non pas mardi, jeudi": a correction of a list may take back only some of its options.
    const kept =
      target.kind === "array_enum"
        ? withoutRefused(extractWhole(before, target, today), clauseTokens(after), corrected, target.phrases)
        : null;
    if (kept !== null) return kept;
    if (corrected === null) continue;
    const first = extractWhole(before, target, today);
    if (first !== null && JSON.stringify(first.value) !== JSON.stringify(corrected.value)) return corrected;
  }
  const read = (part: string) => extractWhole(part, target, today);
  // guards-values.ts: "L, no M actually", "pas urgent… enfin si un peu" never leave the first confirmed; nor does a
  // reply that doubts its value elsewhere ("for now", "?", "if it's not too expensive", "not 3").
  // choice-states.ts: "used to be X, now Y" is Y; "weekly in summer, monthly in winter" is no single value.
  const choice = target.kind === "enum" ? onePeriodChoice(text, presentChoice(text, whole, read), read) : whole;
  const doubted = doubtedValue(
    text,
    target.kind,
    target.kind === "enum" ? correctedChoice(text, choice, read, target.phrases) : whole,
    read,
  );
  // undecided-choice.ts: "voilier ou cata, on hésite" leaves the choice open.
  // compared-option.ts: "bigger than medium", "anything but red" name no answer.
  if (target.kind !== "enum") return doubted;
  // zero-option.ts: "zéro" alone to options holding "Aucune expérience" is that option.
  // coordinated-choice.ts: "a leaking gutter and some broken tiles" names two options, so none.
  const undecided = coordinatedChoice(text, undecidedChoice(text, doubted, read), read, target.phrases);
  return zeroOption(text, comparedOption(text, undecided, target.phrases), target.phrases);
}

/** The first clause of a text with a value's words in it (up to a comma, a semicolon or an end of sentence). */
const firstClause = (text: string) => text.split(/[,;.!?…\n]/u).find((part) => /[\p{L}\p{N}]/u.test(part)) ?? text;

/** A number or integer target read from the whole reply. */
function wholeNumber(text: string, target: ExtractionTarget, today: string): PhraseResult | null {
  // [ext] "7 in the evening", "2pm", "midi" for an hour of the day (hour-of-day.ts): a clock, never a count.
  if (isHourOfDay(target.words, target.minimum, target.maximum)) return validated(hourOfDay(text, false), target);
  const scan = scanNumbers(text);
  const guarded = numberGuard(text, target, scan);
  if (guarded !== undefined) return guarded;
  return validated(
    extractNumber(text, target.kind === "integer", numberContext(target, false, scan, today)) ?? durationUntil(text, today, target.words),
    target,
  );
}

function extractWhole(text: string, target: ExtractionTarget, today: string): PhraseResult | null {
  switch (target.kind) {
    case "enum": {
      // [ext] "c'est quoi musiques du monde ?", "what's a varifocal?": a question back chooses nothing.
      if (isQuestionBack(text.trim()) || asksAboutAnOption(text.trim())) return null;
      // A duration said exactly beats a label matched loosely ("2 ans" is no typo of "sans").
      // [ext] Letter labels ("S", "M") only from letters standing alone, not the "m" of "I'm" (ordered-scale.ts).
      // [ext] A number on ranges goes to the range holding it, not to a label holding its words (range-choice.ts).
      // [ext] "gas bottles" to "Mains gas" / "LPG (bottled or tank gas)": the option with the said word of its own.
      const labelled = lettersStandAlone(text, extractChoice(clauseTokens(text), target.phrases), target.phrases);
      // [ext] (s27) "nage 25 mètres" to "Nage quelques mètres" / "Nage 25 m": the option with the number said (numbered-option.ts).
      const numbered = numberedOverVague(tokenise(text), narrowerOptionNamed(text, labelled, target.phrases), target.phrases);
      const choice = rangeOverLabel(text, target.phrases, numbered);
      // [ext] A frequency ("twice a month" for "Every two weeks") is no duration ("a month" for "Once a month").
      const frequency = choice === null || choice.certainty === "fuzzy" ? frequencyChoice(text, target.phrases) : null;
      const duration =
        frequency === null && (choice === null || choice.certainty === "fuzzy")
          ? rangeOverLabel(text, target.phrases, durationChoice(text, target.phrases))
          : null;
      // [ext] A time of day said by the clock or a moment ("around 8pm", "noon") beats a label matched loosely.
      // [ext] So do compass points ("SE", "à l'est et à l'ouest").
      const loose = duration === null && (choice === null || choice.certainty === "fuzzy");
      // [ext] And a deadline or a tone said to a choice ordered by time or urgency ("today if you can", "by Friday"),
      // a frequency ("une fois par mois" for "Monthly"), and a number said to choices that are numbers or ranges ("I'm 30"
      // for "26-35").
      // [ext] "le plus court", "the longest possible": an end of options that are quantities (superlative-choice.ts);
      // "le plus souvent possible" names none, and no other loose reading is tried then.
      const superlative = loose && frequency === null ? superlativeChoice(text, target.phrases) : null;
      if (superlative === undefined) return null;
      const time = loose
        ? (superlative ??
          // [ext] "pulls a bit" for "Pulls a little" beside "Pulls a lot" (amount-of-one-thing.ts).
          amountOfOneThing(text, target.phrases) ??
          frequency ??
          timeOfDayChoice(text, target.phrases) ??
          compassChoice(text, target.phrases) ??
          horizonChoice(text, target.phrases, today, target.words) ??
          rangeChoice(text, target.phrases) ??
          // [ext] A place said on a scale the options form ("7/10", "a bit sore", "bof", "2 fois par semaine", "medium").
          scaleChoice(text, target.phrases))
        : null;
      // [ext] "tout : tonte, haies…" to a single choice: the option that holds all the others ("Entretien complet").
      const whole = choice === null || choice.certainty === "fuzzy" ? wholeOption(text, target.phrases) : null;
      const best = measuredNoun(
        text,
        whole ?? time ?? (duration !== null && (choice === null || duration.certainty === "exact") ? duration : choice),
        target.phrases,
      );
      const read =
        narrowerOptionDoubt(text, hedged(text, qualifiesAnotherThing(text, target.phrases, target.words, best)), target.phrases) ??
        // negated-label.ts: "haven't bought it yet" for "Not bought yet".
        negatedLabelChoice(text, target.phrases) ??
        otherOption(text, target.phrases, target.words) ??
        somethingElseOption(text, target.phrases) ??
        noHurryOption(text, target.phrases) ??
        deniedQuestionOption(text, target.phrases, target.words);
      return validated(fractionOfOption(text, read, target.phrases), target); // "half marathon" is no "marathon"
    }
    case "array_enum":
      if (isQuestionBack(text.trim()) || asksAboutAnOption(text.trim())) return null;
      // guards-multi.ts: a false "all" ("all good") selects nothing; an unread word holds the list loosely.
      return validated(hedged(text, guardedArray(text, target.phrases, target.words)), target);
    case "boolean":
      return validated(extractBoolean(text, target.phrases, target.words), target);
    case "number":
    case "integer":
      return wholeNumber(text, target, today);
    case "date":
    case "date-time":
      // [ext] "pas encore, je le passe le 10 décembre" to a date asked as already past: not done, so no date.
      if (target.words?.past === true && saysNotYet(text)) return null;
      // guards-asked.ts: a question that pins "cette année" keeps a day without a year in that year.
      return validated(
        birthYearSaid(
          text,
          target.words,
          inPinnedYear(target.words, target.words?.past === true, today, (past) =>
            extractDate(
              text,
              target.kind === "date" ? "date" : "date-time",
              today,
              false,
              past && target.words?.birth === true ? "birth" : past,
              rangeSide(target.words),
              target.words !== undefined,
            ),
          ),
          today,
        ),
        target,
      );
    case "string":
      return freeText(text.trim(), target);
    case "none":
      return null;
  }
}

/** A free-text target's value: the reply as typed, unless it records nothing. */
function freeText(trimmed: string, target: ExtractionTarget): PhraseResult | null {
  // [ext] A refusal, a don't-know or "peu importe" is never recorded as the value of a free-text target.
  if (trimmed === "" || isRefusal(trimmed) || isDontKnow(trimmed) || isIndifferent(trimmed)) return null;
  // closing-replies.ts: a question back is a note when it requests something ("pouvez-vous passer le matin ?"); a
  // reply that only closes ("that's it, thanks!", "no. when can I see it?") is none.
  if ((isQuestionBack(trimmed) && !asksForSomething(trimmed)) || asksWhatIsOffered(trimmed)) return null;
  if (saysNothing(trimmed) || closesWithoutNote(trimmed)) return null;
  // [ext] (s26) "no, except…": a note after saying there is none is held loosely (closing-replies.ts).
  return validated({ value: trimmed, certainty: opensByDenying(trimmed) ? "fuzzy" : "exact" }, target);
}

export function indirectPhrasesOf(phrases: readonly Phrase[]): Phrase[] {
  // Neither a thing of a label's kind (choice-kinds.ts) nor a part of a compound label ("aspirateur",
  // guards-label-parts.ts) names a choice in passing.
  return phrases.filter((p) => p.tokens.join(" ").length >= 4 && !isNonePhrase(p) && p.kind !== true && !isCompoundPart(p));
}

/** A text prepared once for the indirect extraction of every other target. */
export interface IndirectText {
  readonly text: string;
  readonly clauses: ClauseTokens;
  readonly today: string;
  /** [ext] Whether a date in the text may go to this target (one incomplete date target, the reply not about a date). */
  readonly datesAllowed: boolean;
  /** Its numbers, read once for every number target. */
  readonly numbers: MentionScan;
  /** [ext] Stems of the answered question's words and choices: what names them states that question's value. */
  readonly answered: ReadonlySet<string>;
  /**
   * [ext] Whether a date said after "since"/"depuis" may go to the one incomplete date target asked as already past
   * ("printer, jammed since yesterday" for "Date the problem started"), even beside other open date targets.
   */
  readonly sinceDatesAllowed: boolean;
  /**
   * [ext] When several date targets are open: whether exactly one of them is asked as future (or unmarked) and exactly
   * one as past. A date fixed whatever the side (its year said, "wedding!! 12 june 2027") goes to the one its side
   * names: after today to the future one, up to today to the past one.
   */
  readonly oneDateTargetBySide?: { readonly future: boolean; readonly past: boolean };
}

/** [ext] The words of the answered question's targets and of their choices: they name its value, not another's. */
export function answeredStems(targets: readonly ExtractionTarget[]): Set<string> {
  const stems = new Set<string>();
  for (const t of targets) {
    for (const s of t.words?.own ?? []) stems.add(s);
    for (const p of t.phrases) for (const w of p.tokens) if (w.length >= 3) stems.add(stem(w));
  }
  return stems;
}

export function indirectText(
  text: string,
  today: string,
  datesAllowed: boolean,
  answered: ReadonlySet<string> = new Set(),
  sinceDatesAllowed = false,
): IndirectText {
  return { text, clauses: clauseTokens(text), today, datesAllowed, numbers: scanNumbers(text), answered, sinceDatesAllowed };
}

/**
 * [ext] A date fixed whatever the side (read only one way, or the same both ways), for the one open date target of its
 * side: after today for the target asked as future or unmarked, up to today for the one asked as past.
 */
function dateOnItsSide(input: IndirectText, target: ExtractionTarget): PhraseResult | null {
  const past = target.words?.past === true;
  const sides = input.oneDateTargetBySide;
  if (sides === undefined || !(past ? sides.past : sides.future) || target.kind === "none") return null;
  const kind = target.kind === "date" ? "date" : "date-time";
  const mine = extractDate(input.text, kind, input.today, true, past);
  if (mine === null) return null;
  // Read from the other side, the text gives no other day ("12 june" is June 2026 backwards, June 2027 forwards).
  const other = extractDate(input.text, kind, input.today, true, !past);
  if (other !== null && other.value !== mine.value) return null;
  const day = String(mine.value).slice(0, 10);
  return (past ? day <= input.today : day > input.today) ? mine : null;
}

/**
 * [ext] (s24) "2 weeks ago", "away for a week" said in passing to "Walks per week": every number counts what the
 * target's rate is divided by (its unit is that word, with no rate of its own), so it is no value of the rate.
 */
function countsTheDivisor(scan: MentionScan, words: TargetWords | undefined): boolean {
  if (words === undefined || words.rates.size === 0 || scan.mentions.length === 0) return false;
  return scan.mentions.every((m) => m.unit !== null && m.period === null && m.per === null && words.rates.has(stem(m.unit)));
}

/**
 * [ext] (s24) "poêle à bois" to "Bois par an": the French "à" normalises to "a", which is no English article counting
 * one thing; a reply whose only numbers are such an "à" gives no number in passing.
 */
function onlyFrenchA(input: IndirectText): boolean {
  const { mentions, tokens } = input.numbers;
  const isA = (at: number) => {
    const t = tokens[at];
    return t !== undefined && /^à$/iu.test(input.text.slice(t.start, t.end));
  };
  return mentions.length > 0 && mentions.every((m) => m.article && isA(m.start));
}

/** The range of days a text states, read once for all of its date targets (keyed by the text's clauses, shared by copies). */
const ranges = new WeakMap<ClauseTokens, ReturnType<typeof dateRange>>();
function rangeOf(input: IndirectText): ReturnType<typeof dateRange> {
  if (!ranges.has(input.clauses)) ranges.set(input.clauses, dateRange(input.text, input.today));
  return ranges.get(input.clauses) ?? null;
}

/**
 * Indirect extraction (docs/zelinqa-api.md §10.4): exact label and enum phrase matches of at least 4 characters; [ext] also numbers
 * bound to the target by unit or words, boolean facts named by its concept words, and dates when allowed.
 */
export function extractIndirect(input: IndirectText, target: ExtractionTarget): PhraseResult | null {
  const c = input.clauses;
  switch (target.kind) {
    case "enum":
    case "array_enum":
    case "boolean": {
      const phrases = target.indirectPhrases ?? indirectPhrasesOf(target.phrases);
      const hits = phrases.length === 0 ? [] : findPhraseHits(c.tokens, phrases, false, c.negated);
      const result =
        (target.kind === "array_enum" ? arrayPhraseResult(hits) : scalarPhraseResult(hits)) ??
        (target.kind === "boolean"
          ? null
          : (shortChoiceByLabel(c, target.phrases, target.words, input.answered, target.kind === "array_enum") ??
            acronymInPassing(input.text, c, target.phrases, input.answered, target.kind === "array_enum") ??
            // [ext] "pain, … like 9/10": a score beside a noun of a scale target's label (ordered-scale.ts).
            (target.kind === "enum" ? scoreInPassing(input.text, target.phrases, target.words) : null)));
      if (result || target.kind !== "boolean" || !target.words) return validated(result, target);
      const fact =
        (target.words.groupFactStems.size > 0 ? extractBooleanFact(c, target.words) : null) ??
        extractFactAfterAnswer(c, target.words, input.answered) ??
        selfStatedFact(c, target.words, input.answered) ??
        oppositeInPassing(c, target.words);
      return fact === null ? null : validated({ value: fact, certainty: "fuzzy" }, target);
    }
    case "number":
    case "integer": {
      if (aboutAge(target.words) && (listedAges(input.numbers.tokens, input.numbers.mentions) ?? 0) >= 2) return null;
      if (isHourOfDay(target.words, target.minimum, target.maximum)) return validated(hourOfDay(input.text, true), target);
      if (countsTheDivisor(input.numbers, target.words) || onlyFrenchA(input)) return null;
      const ctx = numberContext(target, true, input.numbers);
      if (!durationInPassing(input.numbers, ctx)) return null;
      const read = extractNumber(input.text, target.kind === "integer", ctx);
      return validated(read ?? (target.kind === "integer" ? deniedCountAfterAnswer(c, ctx, input.answered) : null), target);
    }
    case "date":
    case "date-time": {
      // [ext] A range ("du 24 au 31 décembre") gives a target about the first or last day its own day, in passing too.
      const side = rangeSide(target.words);
      const range = side === undefined || target.words?.past ? null : rangeOf(input);
      if (range !== null) {
        const iso = side === "end" ? range.end : range.start;
        return validated({ value: target.kind === "date" ? iso : `${iso}T00:00:00Z`, certainty: "fuzzy" }, target);
      }
      // [ext] "printer, jammed since yesterday": what follows "since"/"depuis" dates a start already past.
      const sinceKind = input.sinceDatesAllowed && target.words?.past === true ? sinceSide(target.words) : undefined;
      const since = sinceKind === undefined ? null : sinceDate(input.text, target.kind, input.today, sinceKind);
      if (since !== null) return validated(since, target);
      if (input.datesAllowed) return validated(extractDate(input.text, target.kind, input.today, true, target.words?.past), target);
      // dated-by-label.ts: "départ le 14 juillet" beside other open date targets goes to "Date de départ".
      const sided = dateOnItsSide(input, target);
      if (sided !== null || input.oneDateTargetBySide === undefined) return validated(sided, target);
      return validated(dateByLabelNoun(input.clauses, { ...target, kind: target.kind }, input.answered, input.today), target);
    }
    default:
      return null;
  }
}
