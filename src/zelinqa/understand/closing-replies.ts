// Replies to a free-text question ("anything else?") that close the exchange without a note: a denial, "that's it", a
// pleasantry, and questions back that ask for nothing to be done; and which questions back are requests (a note).
import { DENIAL_WORDS, isPleasantryWord, onlyPleasantries } from "./guards-values.js";
import { containsPhrase, endsAsQuestion, findPhrase, tokenise } from "./normalise.js";

const words = (phrases: readonly string[]) => phrases.map((p) => p.split(" "));
const opensWith = (tokens: readonly string[], list: readonly (readonly string[])[]) =>
  list.find((seq) => seq.every((w, k) => tokens[k] === w));

/**
 * A question asking the other side to do something or whether something may be done ("pouvez-vous passer le matin ?",
 * "could you call first?", "est-il possible de louer… ?", "can I bring my dog?"): a request, worth recording. A question
 * for information ("when can I see it?", "est-ce que vous êtes cher ?") is not.
 */
const REQUEST_OPENERS = words([
  "can you",
  "could you",
  "would you",
  "will you",
  "can i",
  "could i",
  "may i",
  "can we",
  "could we",
  "may we",
  "is it possible",
  "would it be possible",
  "is it ok if",
  "is it okay if",
  "would you mind",
  "pouvez vous",
  "pourriez vous",
  "peux tu",
  "pourrais tu",
  "puis je",
  "pourrais je",
  "peut on",
  "pourrait on",
  "est il possible",
  "serait il possible",
  "est ce possible",
  "est ce que vous pouvez",
  "est ce que vous pourriez",
  "est ce que je peux",
  "est ce qu on peut",
  "est ce que c est possible",
]);

/** The pro-verb "do"/"faire" right after a request opener: "can you do weekends?" asks what is offered. */
const PRO_VERBS = new Set(["do", "faire"]);
/**
 * What makes "do"/"faire" this job's own: a pronoun, a definite or possessive article, or a quantity ("can you do it on
 * Saturday?", "could you do the hall first?", "pouvez-vous faire un devis ?"): a request again.
 */
const OWN_OBJECTS = new Set(
  "it this that these those them me us my our the a an one un une le la l ca cela ceci mon ma mes notre nos".split(" "),
);

/** [ext] Whether a question back asks for something to be done or allowed: it then carries a note. */
export function asksForSomething(question: string): boolean {
  return opensWith(tokenise(question), REQUEST_OPENERS) !== undefined && !asksWhatIsOffered(question);
}

/**
 * [ext] (s25) "can you do weekends?", "could you do evenings?", "pouvez-vous faire les week-ends ?": a request opener
 * with the pro-verb "do"/"faire" and no object of this job's own asks what the other side offers in general, as "do you
 * do weekends?" does: no request, no note.
 */
export function asksWhatIsOffered(question: string): boolean {
  if (!endsAsQuestion(question)) return false;
  const tokens = tokenise(question);
  const opener = opensWith(tokens, REQUEST_OPENERS);
  if (opener === undefined || !PRO_VERBS.has(tokens[opener.length] ?? "")) return false;
  const object = tokens[opener.length + 1];
  return object !== undefined && !OWN_OBJECTS.has(object);
}

const DENIALS = new Set<string>([...DENIAL_WORDS, "none", "nada"]);
/** Denials said softly: "not really", "pas vraiment", "not at all", "pas du tout". */
const SOFT_DENIALS = words(["not really", "pas vraiment", "not at all", "pas du tout"]);
/** Closing words said without a denial: "that's it", "c'est tout", "ce sera tout", "that's all for now". */
const CLOSINGS = words([
  ...["that s it", "that s all", "that will be all", "that ll be all", "c est tout", "ce sera tout", "ca sera tout"],
  // (s26) The same typed without the apostrophe: "thats all", "thats it", "cest tout".
  ...["thats it", "thats all", "cest tout"],
]);
/**
 * [ext] (s24) Saying nothing comes to mind: "can't think of anything", "nothing springs to mind", "je vois rien",
 * "rien ne me vient". Whole phrases only: "can't think of anything else but the gate" keeps its note (the rest is content).
 */
const NOTHING_TO_MIND = words([
  ...["can t think of anything", "cannot think of anything", "can t think of any", "can t think of nothing", "can t think of owt"],
  ...["nothing i can think of", "nothing that i can think of", "nothing comes to mind", "nothing springs to mind"],
  ...["not that i can think of", "nothing i can think of", "i think that s everything", "that s everything", "that s about it"],
  ...["je vois rien", "je ne vois rien", "je vois pas", "je ne vois pas", "rien ne me vient", "rien qui me vient"],
  ...["rien ne me vient a l esprit", "rien qui me vient a l esprit", "je ne vois rien d autre", "je vois rien d autre"],
  ...["pas que je sache", "rien de particulier", "rien de special", "rien qui me vienne", "je crois que c est tout"],
]).sort((a, b) => b.length - a.length);
/** What a denial or a closing may carry: "no thanks", "not really no", "that's all for now", "je crois que c'est tout". */
const CARRIED = new Set(
  (
    "thanks thank you merci really vraiment else more for now pour l instant le moment i think guess je crois pense que " +
    "that s it all good c est tout bon ok okay sorry desole from me de ma part tbh honestly honnetement thats cest d autre"
  ).split(" "),
);
/** (s24) Sounds of hesitation ("hmm, can't think of anything", "euh je vois pas"): neutral beside a closing. */
const HESITATION_SOUNDS = new Set("hmm hm hmmm um umm uh er erm euh heu bof ben bah well".split(" "));

/** The tokens without the first occurrence of the one phrase of `list` found, and whether one was. */
function withoutPhraseOf(tokens: readonly string[], list: readonly (readonly string[])[]): readonly string[] | null {
  for (const seq of list) {
    const at = findPhrase(tokens, seq, 0);
    if (at >= 0) return [...tokens.slice(0, at), ...tokens.slice(at + seq.length)];
  }
  return null;
}

/** One clause that only denies, closes or thanks ("no", "not really", "that's it", "merci !"); an emoji alone is neutral. */
function closingClause(tokens: readonly string[]): boolean {
  const mind = withoutPhraseOf(tokens, NOTHING_TO_MIND);
  if (mind !== null) return mind.every((t) => DENIALS.has(t) || CARRIED.has(t) || HESITATION_SOUNDS.has(t));
  const opener = DENIALS.has(tokens[0] ?? "") ? 1 : (opensWith(tokens, SOFT_DENIALS)?.length ?? 0);
  const closes = opener > 0 || CLOSINGS.some((c) => containsPhrase(tokens, c));
  // (s27) With thanks typed short: "nothing else thx", "no ty", "that's all cheers".
  return closes && tokens.slice(opener).every((t) => DENIALS.has(t) || CARRIED.has(t) || isPleasantryWord(t));
}

/** "either", "non plus": the clause denies one more thing, as the one before it did ("no allergies either"). */
const ALSO_DENIED = words(["either", "non plus", "neither"]);
/**
 * [ext] (s26) After a closing clause, a clause that opens on a denial and ends on "either"/"non plus" ("nothing else, no
 * allergies either", "rien d'autre, pas de chien non plus") denies one more thing: it adds no note. Without that ending
 * the denied thing is content ("no, no parking outside").
 */
function deniesOneMore(tokens: readonly string[]): boolean {
  if (!DENIALS.has(tokens[0] ?? "") && tokens[0] !== "pas" && tokens[0] !== "aucun" && tokens[0] !== "aucune") return false;
  return ALSO_DENIED.some((seq) => seq.length < tokens.length && seq.every((w, k) => tokens[tokens.length - seq.length + k] === w));
}

/**
 * [ext] (s26) A reply to "anything else?" whose first clause only denies ("no, except…", "non, juste que…", "nope just
 * …"): the rest may be a note, but the person first said there was none, so the note is held loosely, never confirmed.
 * A denial of a thing ("pas de betteraves svp", "no parking outside") is content, not a denial of the question; a
 * request after the denial ("no. can you ring first?") keeps its note as said (s21).
 */
export function opensByDenying(text: string): boolean {
  const first = tokenise(text.split(/[,;:.!?…\n]/u)[0] ?? "");
  if (first.length === 0 || !DENIALS.has(first[0] as string)) return false;
  if (!closingClause(first) && !LINKS_AFTER_DENIAL.has(first[1] ?? "")) return false;
  // "no, but the left door rattles": what comes after "but"/"mais" is said in full, a note as said.
  const after = tokenise(text.slice(text.search(/[,;:.!?…\n]/u) + 1));
  if (first.length === 1 && (after[0] === "but" || after[0] === "mais")) return false;
  // A request after the denial ("no. can you send the invoice?") asks for something to be done: a note, as said.
  return !text.split(/(?<=[.!?…\n])/u).some((sentence) => endsAsQuestion(sentence) && asksForSomething(sentence.trim()));
}
/** What follows a bare denial and opens what is added anyway: "no except", "non sauf", "nope just". */
// Not "but"/"mais": "no, but the left door rattles" is a note said in full (earlier rounds' testers stored it as said).
const LINKS_AFTER_DENIAL = new Set("except apart only just sauf juste seulement a part hormis".split(" "));

/**
 * [ext] A reply to "anything else?" made only of closing parts ("that's it, thanks!", "not really 🙂", "non. merci,
 * bonne journée"), perhaps followed by questions back that request nothing ("no. when can I see the units?"): no note.
 * A clause with content ("no, but the gate sticks") or a request ("no. can you call before coming?") keeps the note.
 */
export function closesWithoutNote(text: string): boolean {
  let closed = false;
  for (const sentence of text.split(/(?<=[.!?…\n])/u)) {
    if (endsAsQuestion(sentence)) {
      if (!closed || asksForSomething(sentence)) return false;
      continue;
    }
    for (const clause of sentence.split(/[,;:.!…\n]/u)) {
      const tokens = tokenise(clause);
      if (tokens.length === 0 || tokens.every((t) => HESITATION_SOUNDS.has(t))) continue;
      if (!closingClause(tokens) && !onlyPleasantries(tokens) && !(closed && deniesOneMore(tokens))) return false;
      closed = true;
    }
  }
  return closed;
}
