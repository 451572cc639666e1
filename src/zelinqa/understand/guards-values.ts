// [ext] Guards of a value read from a reply to its own question (s17): never a value held as confirmed that the reply
// takes back or does not give. "No budget" is no limit, not 0; "50 km aller-retour" to a one-way distance is 25; "nope,
// all good" to "anything else?" is no note; "L, no M actually" is M and "pas urgent… enfin si un peu" takes the
// first value back.
import { isNegationAt } from "./clauses.js";
import { askedWords, tripSense } from "./guards-asked.js";
import type { TripSense } from "./guards-asked.js";
import { DONT_KNOW_PHRASES, HEDGE_PHRASES, QUALIFIER_PHRASES, hasAnyPhrase, maskPhrases } from "./lexicons.js";
import { normalise, tokenise } from "./normalise.js";
import { isNumberWord } from "./number-words.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import type { TargetWords } from "./target-words.js";

const startsAt = (tokens: readonly string[], seq: readonly string[], i: number) => seq.every((w, j) => tokens[i + j] === w);
const holds = (tokens: readonly string[], list: readonly (readonly string[])[]) =>
  tokens.some((_, i) => list.some((seq) => startsAt(tokens, seq, i)));
const split = (phrases: readonly string[]) => phrases.map((p) => p.split(" "));

/** A bound denied: "no budget", "pas de limite", "sans plafond", "unlimited". No limit is no amount, and never 0. */
const NO_BOUND = split([
  "no budget",
  "no limit",
  "no max",
  "no maximum",
  "no cap",
  "no set budget",
  "no fixed budget",
  "no real budget",
  "not really a budget",
  "unlimited",
  "limitless",
  "pas de budget",
  "pas vraiment de budget",
  "aucun budget",
  "sans budget",
  "pas de limite",
  "aucune limite",
  "sans limite",
  "pas de max",
  "pas de maximum",
  "pas de plafond",
  "sans plafond",
  "illimite",
  "budget illimite",
]);

/** Whether a reply denies the bound itself ("no budget", "pas de plafond"): it states no amount, not a zero. */
export function deniesBound(text: string): boolean {
  return holds(normalise(text).split(" "), NO_BOUND);
}

/**
 * A distance said as a round trip ("50 km aller-retour") to a question asking it one way ("aller simple") is half of
 * it; said one way ("5 km each way") to a question asking a round trip, twice it. When the question says neither, the
 * round trip may be what it means or not: the number said is kept, held loosely.
 */
function tripAdjusted(text: string, asked: readonly string[] | undefined, result: PhraseResult): PhraseResult {
  if (typeof result.value !== "number") return result;
  const said: TripSense | undefined = tripSense(normalise(text).split(" "));
  if (said === undefined) return result;
  const wanted = asked === undefined ? undefined : tripSense(asked);
  if (wanted === said) return result;
  if (wanted === undefined) return { ...result, certainty: "fuzzy" };
  return { ...result, value: said === "round_trip" ? result.value / 2 : result.value * 2 };
}

/** Words that deny on their own, in English and French; closing-replies.ts reads them too. */
export const DENIAL_WORDS = ["no", "nope", "nah", "non", "nan", "nothing", "rien"] as const;
const DENIALS = new Set<string>([...DENIAL_WORDS, "na"]);
/** What a denial to "anything else?" may carry: "all good", "we're fine", "c'est bon", "ça ira", "tout va bien". */
const CONTENT = new Set(
  (
    "all good fine ok okay alright set sorted thanks thank you merci we re i m am are it s is that s tout va bien c est " +
    "bon ca ira roule nickel parfait perfect great really everything else else more for now pour l instant le moment " +
    "moment de plus pas autre chose sinon otherwise"
  ).split(" "),
);

/**
 * A reply to a free-text question that opens on a denial and only adds that all is well ("nope all good", "non c'est
 * bon", "no, we're fine thanks"): nothing to record. "All good" alone may be what a question about how things went
 * asks for, so it stays a note; so does a denial followed by anything else ("no, but the door squeaks").
 */
function deniesWithContentment(tokens: readonly string[]): boolean {
  return DENIALS.has(tokens[0] ?? "") && tokens.length > 1 && tokens.every((t) => DENIALS.has(t) || CONTENT.has(t));
}

/** Words that thank or take leave: one of them, or a phrase below, must be said for a reply to be only a pleasantry. */
const PLEASANTRY_CORE = new Set("merci thanks thank thx ty cheers bye goodbye regards cordialement bisous bisou".split(" "));
const PLEASANTRY_PHRASES =
  / (?:see you|a bientot|au revoir|looking forward|can t wait|j ai hate|bonne (?:journee|soiree|fin de journee|semaine)|have a (?:nice|good|great) (?:day|evening|weekend)) /;
/** What a pleasantry carries: "merci beaucoup", "thanks a lot", "see you soon", "bonne journée", "can't wait", "à bientôt". */
const PLEASANTRY_FILLERS = new Set(
  (
    "beaucoup bcp much lot lots a so very many you u great super parfait perfect top cool nickel good nice have day see " +
    "soon later looking forward to it can t wait j ai hate bonne bon fin de la semaine journee soiree evening weekend " +
    "take care best kind love xx x ok okay d accord au revoir bientot " +
    "encore et and all for everything tout pour your votre vos help aide in advance avance en le the again hello hi " +
    "bonjour salut i m we re are am really vraiment d avance"
  ).split(" "),
);

/**
 * [ext] A reply to a free-text question that only thanks, takes leave or looks forward ("merci 🙂", "thanks a lot!",
 * "looking forward to it", "non merci, à bientôt"): nothing to record. One word of content ("merci de sonner deux fois",
 * "thanks, the code is 1234") makes it a note.
 */
/** [ext] (s27) A word that thanks or takes leave, typed short or not ("thx", "ty", "cheers", "merci", "bye"). */
export const isPleasantryWord = (token: string) => PLEASANTRY_CORE.has(token);

export function onlyPleasantries(tokens: readonly string[]): boolean {
  return (
    (tokens.some((t) => PLEASANTRY_CORE.has(t)) || PLEASANTRY_PHRASES.test(` ${tokens.join(" ")} `)) &&
    tokens.every((t) => PLEASANTRY_CORE.has(t) || PLEASANTRY_FILLERS.has(t) || DENIALS.has(t))
  );
}

/** Pointers to something said elsewhere in the conversation: "see above", "voir plus haut", "as I said", "idem". */
const ELSEWHERE = split([
  "see above",
  "see below",
  "as above",
  "same as above",
  "mentioned above",
  "said above",
  "described above",
  "written above",
  "see my previous message",
  "see previous message",
  "see my last message",
  "see earlier",
  "see before",
  "as i said",
  "like i said",
  "as said",
  "as mentioned",
  "as stated",
  "i already said",
  "already said",
  "i already told you",
  "already told you",
  "same as before",
  "same as previous",
  "same as last time",
  "voir plus haut",
  "voir ci dessus",
  "voir au dessus",
  "voir plus bas",
  "voir ci dessous",
  "cf ci dessus",
  "cf plus haut",
  "ci dessus",
  "plus haut",
  "comme dit",
  "comme je l ai dit",
  "comme je disais",
  "comme indique",
  "comme mentionne",
  "deja dit",
  "je l ai deja dit",
  "je vous l ai deja dit",
  "voir mon message precedent",
  "voir message precedent",
  "voir mon dernier message",
  "pareil que plus haut",
  "pareil qu avant",
  "meme chose que plus haut",
  "idem",
]);
/** What a pointer may carry: "see above please", "as I said earlier", "cf. ci-dessus, merci". */
const POINTER_FILLERS = new Set(
  (
    "please pls thanks thank you merci svp stp cf earlier before already in my message the description lol " +
    "plus tot avant deja dans mon le la message description ok"
  ).split(" "),
);

/**
 * A free-text reply that only points to something said elsewhere ("see above", "voir plus haut", "as I said"): it
 * records no answer of its own (the thing pointed at is not in it). A pointer followed by content ("see above, and the
 * screen flickers too") is a note.
 */
function pointsElsewhere(tokens: readonly string[]): boolean {
  let pointer = false;
  for (let i = 0; i < tokens.length;) {
    const seq = ELSEWHERE.find((p) => startsAt(tokens, p, i));
    if (seq !== undefined) {
      pointer = true;
      i += seq.length;
    } else if (POINTER_FILLERS.has(tokens[i] as string)) i += 1;
    else return false;
  }
  return pointer;
}

/** The guards above, on the value read from a whole reply to the target's own question. */
export function guardedValue(text: string, kind: string, words: TargetWords | undefined, result: PhraseResult | null): PhraseResult | null {
  if (result === null) return null;
  if (kind === "string") {
    const tokens = tokenise(text);
    return deniesWithContentment(tokens) || pointsElsewhere(tokens) || onlyPleasantries(tokens) ? null : result;
  }
  if (kind !== "number" && kind !== "integer") return result;
  if (result.value === 0 && deniesBound(text)) return null;
  return tripAdjusted(text, askedWords(words), result);
}

/** A correction word said after a value ("L, no M actually", "pas urgent… enfin si un peu"); not "plutôt", a preference. */
const CORRECTING =
  /(?<![\p{L}\d])(?:actually|wait|sorry|pardon|oops|oups|en\s+fait|finalement|enfin|i\s+mean|je\s+veux\s+dire|or\s+rather|ou\s+plut[oô]t|my\s+bad|well)(?![\p{L}\d])/giu;
/** Correction words that are apologies too ("yes sorry", "3, pardon for the delay"): alone they take nothing back. */
const APOLOGY = /^(?:sorry|pardon|oops|oups|my\s+bad)$/iu;
/** "L, no M": after a pause, a denial before another value. */
const PAUSED_DENIAL = /[,;.…–—-]\s*(?:no|non)\s+(?=[\p{L}\d])/giu;
/** What takes the first value back without giving another: "enfin si", "actually yes", "well, a bit", "quand même". */
const REVERSALS = split([
  "si",
  "yes",
  "yeah",
  "oui",
  "a bit",
  "a little",
  "un peu",
  "kind of",
  "sort of",
  "quand meme",
  "pretty much",
  "plus ou moins",
  "more or less",
  "no",
  "non",
]);

/**
 * A single choice read exactly from a reply that corrects itself where corrections.ts finds no split: "L, no M
 * actually" (a denial after a pause names another option, and a correction word is said) gives the later option;
 * without a correction word ("L, no M") the first is held loosely. A correction that reverses ("pas urgent… enfin si
 * un peu", "fine… actually no") without naming another option takes the first value back (nothing, or one step in
 * for a degree: {@link oneStepIn}); one that only
 * qualifies it ("daily, well, most days") holds it loosely. Without a value read, see {@link unhedgedOption}.
 */
export function correctedChoice(
  text: string,
  whole: PhraseResult | null,
  read: (part: string) => PhraseResult | null,
  phrases: readonly Phrase[] = [],
): PhraseResult | null {
  if (whole === null) return unhedgedOption(text, read);
  // Each correction word below reads the reply again up to it: a message of many of them ("diesel ou plutôt" 300
  // times) cost seconds. A value typed and corrected is short, as in unreadCorrection.
  if (whole.certainty !== "exact" || text.length > MAX_REREAD) return whole;
  const correcting = [...text.matchAll(CORRECTING)];
  for (const m of text.matchAll(PAUSED_DENIAL)) {
    // "L, no M actually": a short correction. "Email, no phone calls sorry, I work nights" refuses an option instead.
    if (normalise(text.slice(m.index + m[0].length)).split(" ").length > 3) continue;
    const later = read(text.slice(m.index + m[0].length).replace(CORRECTING, " "));
    if (later === null || JSON.stringify(later.value) === JSON.stringify(whole.value)) continue;
    if (read(text.slice(0, m.index)) === null) continue;
    return correcting.some((c) => c.index > m.index) ? later : { ...whole, certainty: "fuzzy" };
  }
  for (const m of correcting) {
    if (APOLOGY.test(m[0])) continue;
    const before = text.slice(0, m.index);
    const after = normalise(text.slice(m.index + m[0].length)).split(" ");
    if (read(before) === null || after[0] === "" || read(after.join(" ")) !== null) continue;
    if (REVERSALS.some((seq) => startsAt(after, seq, 0))) return oneStepIn(whole, after, phrases);
    // "daily, well, most days": what follows the correction word qualifies the option without naming another.
    return { ...whole, certainty: "fuzzy" };
  }
  return whole;
}

/** A degree that softens a reversal: "enfin si, un peu", "well, a bit", "kind of". */
const DEGREE = new Set(["peu", "bit", "little", "kind", "sort", "moins", "less", "mildly", "slightly"]);

/**
 * [ext] "pas urgent… enfin si un peu", "never… well, a little": a reversal by a degree of an option at one end of
 * three or more options (in their configured order, a scale read from its first to its last) moves one step in,
 * loosely; any other reversal takes the value back (nothing).
 */
function oneStepIn(whole: PhraseResult, after: readonly string[], phrases: readonly Phrase[]): PhraseResult | null {
  if (!after.slice(0, 4).some((t) => DEGREE.has(t))) return null;
  const orders = new Map<string, number>();
  for (const p of phrases) orders.set(JSON.stringify(p.value), Math.min(p.order, orders.get(JSON.stringify(p.value)) ?? p.order));
  const scale = [...orders].sort((a, b) => a[1] - b[1]).map(([v]) => v);
  const at = scale.indexOf(JSON.stringify(whole.value));
  if (scale.length < 3 || (at !== 0 && at !== scale.length - 1)) return null;
  return { value: JSON.parse(scale[at === 0 ? 1 : scale.length - 2] as string) as unknown, certainty: "fuzzy" };
}

/** Words that make a part of a reply a possibility only: "and maybe a cleaning too", "peut-être aussi la vitre". */
const MAYBE = split(["maybe", "perhaps", "possibly", "peut etre", "eventuellement", "si possible", "if possible", "might"]);

/**
 * [ext] Two options named where one part of the reply is only a possibility ("check-up, and maybe a cleaning too",
 * "le contrôle, éventuellement un détartrage"): the option said plainly, held loosely. Parts are split at commas and
 * at "and", "et", "but", "mais"; one plain option and at least one other option said as a possibility are needed.
 */
function unhedgedOption(text: string, read: (part: string) => PhraseResult | null): PhraseResult | null {
  const parts = text.split(/[,;]|\s(?:and|et|but|mais|plus)\s/iu).filter((p) => /\p{L}/u.test(p));
  if (parts.length < 2) return null;
  const plain = new Set<string>();
  const maybe = new Set<string>();
  for (const part of parts) {
    const found = read(part);
    if (found === null) continue;
    // A hesitation the engine blanked out (evidence-plan.ts withoutHesitation) leaves a run of spaces where it was.
    (holds(normalise(part).split(" "), MAYBE) || /\s{3,}/.test(part) ? maybe : plain).add(JSON.stringify(found.value));
  }
  if (plain.size !== 1 || maybe.size === 0 || [...maybe].every((v) => plain.has(v))) return null;
  return { value: JSON.parse([...plain][0] as string) as unknown, certainty: "fuzzy" };
}

/**
 * What leaves a value provisional or still to be checked: "à voir", "could change", "check with my wife", "faut que je
 * vérifie", "à moins que…". The hedges, conditions and don't-knows of lexicons.ts count too. Not "for now", "pour
 * l'instant": what is true now ("I'm renting for now", "pas pour l'instant") is the answer.
 */
const PROVISIONAL = split([
  "a voir",
  "to be seen",
  "could change",
  // [ext] "Jan 9, but it could move to the 16th", "ça peut bouger": the value may be moved.
  "could move",
  "might move",
  "may move",
  "could be moved",
  "might be moved",
  "peut bouger",
  "pourrait bouger",
  "pourrait etre decale",
  "peut etre decale",
  "might change",
  "may change",
  "can change",
  "subject to change",
  "peut changer",
  "pourrait changer",
  "peut evoluer",
  "sous reserve",
  "not final",
  "not definite",
  "pas definitif",
  "pas definitive",
  "a verifier",
  "to be checked",
  "need to check",
  "have to check",
  "let me check",
  "i ll check",
  "will check",
  "check with",
  "ask my",
  "dois verifier",
  "vais verifier",
  "faut que je verifie",
  "faut que je demande",
  "demander a",
  "voir avec",
  "a moins",
  "if needed",
  "si besoin",
]);

/** A negation before a bound keeps the bound: "pas plus de 1000", "no later than the 15th", "not before March". */
const BOUND_AFTER_NEGATION = new Set(
  "plus moins more less over under above below before after avant apres later earlier beyond au dela exceed exceeding depasser higher lower than que sup inf encore yet".split(
    " ",
  ),
);
/**
 * (s26) A negation of a judgment or of a bother, not of the number after it: "not enough, about 6" (hours of sleep),
 * "I don't mind paying £6", "ça ne me dérange pas de mettre 200", "pas assez, 5 peut-être".
 */
const NEGATES_ANOTHER_WORD = new Set(["enough", "assez", "mind", "bother", "derange", "gene", "care"]);
const POLITE = split([
  "si c est possible",
  "if it s possible",
  "if that s possible",
  "si possible",
  "if possible",
  "if i can",
  "if we can",
  "si je peux",
  "si on peut",
]);
const CLAUSE_SPLIT = /[;!?]|[,.](?=\s|$)|\s(?:but|mais|plut[oô]t|rather)\s/iu;
const ALTERNATIVE = /\s(?:or|ou)\s/iu;
/** Past this length a reply is a message, not a value typed and doubted: its parts are not read again (corrections.ts). */
const MAX_REREAD = 500;
const same = (a: PhraseResult | null, b: PhraseResult) => a !== null && JSON.stringify(a.value) === JSON.stringify(b.value);

/** "no"/"non" opening a clause answer or correct ("3, no 4", "non, le 5"); French "dont" is "of which". */
const NOT_DENYING = new Set(["no", "non", "nope", "nah", "dont"]);

/**
 * Whether a clause denies the number it holds ("not 3", "pas le 15", "I don't want 5"): one within three words after
 * the negation, none of them a bound ("pas plus de 3", "can't find one under 1000").
 */
function deniesItsValue(clause: string): boolean {
  const tokens = normalise(clause).split(" ");
  return tokens.some((t, i) => {
    if (NOT_DENYING.has(t) || !isNegationAt(tokens, i)) return false;
    const next = tokens.slice(i + 1, i + 4);
    const at = next.findIndex((w) => /\d/.test(w) || isNumberWord(w));
    return at >= 0 && !next.slice(0, at).some((w) => BOUND_AFTER_NEGATION.has(w) || NEGATES_ANOTHER_WORD.has(w));
  });
}

/**
 * A number or a date said only in a denied clause ("not 3", "pas le 15 janvier") is no value; another said in the
 * clauses left ("I don't have 3 kids, only 2") is held loosely.
 */
function withoutDenied(text: string, result: PhraseResult, read: (part: string) => PhraseResult | null): PhraseResult | null {
  const clauses = text.split(CLAUSE_SPLIT).filter((c) => c !== undefined && /[\p{L}\d]/u.test(c));
  const kept = clauses.filter((c) => !deniesItsValue(c));
  if (kept.length === clauses.length) return result;
  const left = kept.length === 0 ? null : read(kept.join(", "));
  if (left === null) return null;
  return same(left, result) ? result : { ...left, certainty: "fuzzy" };
}

/**
 * A correction word after the value that the correction reading did not use ("oui, enfin bientôt", "yes, no
 * actually", "3, hmm well"): what follows it gives no value, so the value may be taken back.
 */
function unreadCorrection(text: string, read: (part: string) => PhraseResult | null): boolean {
  if (text.length > MAX_REREAD) return false;
  for (const m of text.matchAll(CORRECTING)) {
    if (APOLOGY.test(m[0])) continue;
    const after = text.slice(m.index + m[0].length);
    const afterTokens = normalise(after)
      .split(" ")
      .filter((t) => t !== "");
    const before = text.slice(0, m.index);
    const beforeTokens = normalise(before).split(" ");
    // "yes, no actually": the denial said before the correction word is the correction.
    if (afterTokens.length === 0) {
      if (DENIALS.has(beforeTokens.at(-1) ?? "")) return true;
      continue;
    }
    if (read(before) !== null && read(after) === null) return true;
  }
  // "15 january, no 20th actually": a denial after a pause before a number the correction reading did not take.
  for (const m of text.matchAll(PAUSED_DENIAL)) {
    const after = text.slice(m.index + m[0].length);
    if (/^(?:\S+\s+)?\S*\d/u.test(after) && read(text.slice(0, m.index)) !== null) return true;
  }
  return false;
}

/** A second value offered as an alternative ("15 janvier ou le 20", "parking or balcony"): the first is not settled. */
function offersAlternative(text: string, result: PhraseResult, read: (part: string) => PhraseResult | null): boolean {
  const parts = text.split(ALTERNATIVE);
  if (parts.length < 2) return false;
  return parts.some((p) => {
    const other = /[\p{L}\d]/u.test(p) ? read(p) : null;
    return other !== null && !same(other, result);
  });
}

/**
 * [ext] The general guard on a value read exactly from a reply to its own question: it stays confirmed only when the
 * rest of the reply gives no reason to doubt it. A question mark, a hedge, a condition, a don't-know, a provisional
 * word, a correction word left unread or a second value offered as an alternative hold it loosely; a number or a date
 * said only where it is denied gives nothing (docs/zelinqa-understanding.md, "Never more certain than the person").
 */
export function doubtedValue(
  text: string,
  kind: string,
  result: PhraseResult | null,
  read: (part: string) => PhraseResult | null,
): PhraseResult | null {
  if (result === null || kind === "string" || kind === "none") return result;
  // A zero is said by a denial ("aucun", "no kids", "pas de préavis").
  const valued =
    (kind === "number" || kind === "integer" || kind === "date" || kind === "date-time") && result.value !== 0 && text.length <= MAX_REREAD;
  const kept = valued ? withoutDenied(text, result, read) : result;
  if (kept !== result || result.certainty !== "exact") return kept;
  // The politeness of "si c'est possible", "if I can" is no condition.
  const tokens = normalise(maskPhrases(text, POLITE)).split(" ");
  const doubt =
    text.includes("?") ||
    holds(tokens, PROVISIONAL) ||
    hasAnyPhrase(tokens, HEDGE_PHRASES) ||
    hasAnyPhrase(tokens, QUALIFIER_PHRASES) ||
    hasAnyPhrase(tokens, DONT_KNOW_PHRASES) ||
    unreadCorrection(text, read) ||
    // Numbers read their own alternatives ("3 or 4" gives nothing; "a studio or 1" is 1).
    (kind !== "number" && kind !== "integer" && kind !== "boolean" && text.length <= MAX_REREAD && offersAlternative(text, result, read));
  return doubt ? { ...result, certainty: "fuzzy" } : result;
}
