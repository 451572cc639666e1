// [ext] Guards of a value read from a reply to its own question (s17): never a value held as confirmed that the reply
// takes back or does not give. "No budget" is no limit, not 0; "50 km aller-retour" to a one-way distance is 25; "nope,
// all good" to "anything else?" is no note; "L, no M actually" is M and "pas urgent… enfin si un peu" takes the
// first value back.
import { askedWords, tripSense } from "./guards-asked.js";
import type { TripSense } from "./guards-asked.js";
import { normalise } from "./normalise.js";
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

const DENIALS = new Set(["no", "nope", "nah", "non", "nan", "nothing", "rien", "na"]);
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
function deniesWithContentment(text: string): boolean {
  const tokens = normalise(text).split(" ");
  return DENIALS.has(tokens[0] ?? "") && tokens.length > 1 && tokens.every((t) => DENIALS.has(t) || CONTENT.has(t));
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
function pointsElsewhere(text: string): boolean {
  const tokens = normalise(text)
    .split(" ")
    .filter((t) => t !== "");
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
  if (kind === "string") return deniesWithContentment(text) || pointsElsewhere(text) ? null : result;
  if (kind !== "number" && kind !== "integer") return result;
  if (result.value === 0 && deniesBound(text)) return null;
  return tripAdjusted(text, askedWords(words), result);
}

/** A correction word said after a value ("L, no M actually", "pas urgent… enfin si un peu"); not "plutôt", a preference. */
const CORRECTING =
  /(?<![\p{L}\d])(?:actually|wait|sorry|pardon|oops|oups|en\s+fait|finalement|enfin|i\s+mean|je\s+veux\s+dire|or\s+rather|ou\s+plut[oô]t|my\s+bad|well)(?![\p{L}\d])/giu;
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
  if (whole.certainty !== "exact") return whole;
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
