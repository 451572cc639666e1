// [ext of docs/zelinqa-api.md §10.5] Self-corrections: people type as they think, and fix a value in the same reply
// ("un chat, non finalement un chien", "3, no wait 4", "70, enfin 90 avec l'assurance", "Tuesday, sorry Wednesday").
// The value said last is the one meant. A correction word alone proves nothing ("actually I have 2 kids", "en fait
// c'est pour ma fille", "a cat, no dogs"): extract-value.ts takes the part after it only when the part before it and the
// part after it both give a value for the question, and different ones.
import { normalise } from "./normalise.js";

/**
 * [ext] "saturday, no sunday", "june, no july": "no" before one weekday or month corrects it: a day is never a thing
 * denied in the plural, as "a cat, no dogs" is ("may" is left out: a verb as often).
 */
const DAY_OR_MONTH =
  "(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|june|july|august|september|october|november|december";
/**
 * Words that start a correction, French and English, in any case and with or without accents. `non` and `no` are
 * corrections only after a pause (a comma, a dash, "...", [ext] then maybe "ah"/"oh") and `no` only before a pause or a digit: "a cat, no dogs"
 * says no dog, "a cat, no, a dog" and "3, no 4" correct themselves. `non-` and `no-` start compound words.
 * [ext] A conclusion before a number ("donc", "du coup", "so", "ça fait", "that makes", "soit") gives the number said
 * last too: "4, but the eldest is away, so 3"; when both parts give the same value ("2 + 2, donc 4") nothing changes.
 */
/** [ext] A number said in words, after "make it" or "let's say" ("an hour, no make it forty-five"). */
const NUMBER_WORD =
  "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|half)(?![\\p{L}])";
const CORRECTION = new RegExp(
  String.raw`[,;.…–—-]\s*(?:(?:euh|uh|er|ah|oh|eh)\s+)?non(?![-\p{L}])|[,;.…–—-]\s*(?:(?:uh|er|ah|oh)\s+)?no(?=\s*[,;.!…–—-]|\s+(?:the\s+)?\d|\s+(?:${DAY_OR_MONTH}|make\s+(?:it|that)|let['’]?s\s+say)(?![\p{L}\d]))|[,;.…–—-]\s*(?:(?:no|ok|okay)\s+)?(?:make\s+it|let['’]?s\s+say)(?=\s+(?:\d|an?\s|${NUMBER_WORD}))|(?<=\d\s*\p{L}{0,12}\s+)non?(?=\s+\d)|(?<![\p{L}\d])(?:wait|sorry|pardon|oops|oups|actually|en\s+fait|finalement|enfin|i\s+mean|je\s+veux\s+dire|make\s+that|or\s+rather|ou\s+plut[oô]t|scratch\s+that|correction|rectification|attends|attendez|my\s+bad|je\s+me\s+suis\s+tromp[ée]e?)(?![\p{L}\d])|(?<![\p{L}\d])(?:donc|du\s+coup|so|which\s+makes|that\s+makes|[çc]a\s+fait|soit)(?=\s+(?:\d|(?:un|une|one|deux|two|trois|three|quatre|four|cinq|five|six|sept|seven|huit|eight|neuf|nine|dix|ten)(?![\p{L}\d])))`,
  "giu",
);

/** The longest reply read for corrections: past it, a reply is a message, not a value typed and fixed. */
const MAX_CORRECTED_LENGTH = 500;

export interface CorrectionSplit {
  /** What was said before the correction word. */
  readonly before: string;
  /** What was said after it: the value meant, if both parts give one. */
  readonly after: string;
  /** [ext] A conclusion ("donc 2", "so three"), not a correction word: read only after one number, and loosely. */
  readonly conclusion: boolean;
}

/** Correction words that announce what comes next, never close it: "wait", "attends", "I mean". */
const ANNOUNCING = /^(?:wait|attends|attendez|i\s+mean|je\s+veux\s+dire|or\s+rather|ou\s+plut[oô]t|make\s+that|scratch\s+that)$/iu;
const EITHER_OPENING = /^\s*soit\s/iu;
const CONCLUSION = /^(?:donc|du\s+coup|so|which\s+makes|that\s+makes|[çc]a\s+fait|soit)$/iu;

/**
 * [ext] (s27) Words that close a correction without adding to it: "the 18th sorry", "le 6 plutôt", "the blue one
 * instead". Said after the value meant, they are no hedge on it ("plutôt" before a value, "plutôt le 6", is read as
 * said). Only for the part after a correction word, and only the last three words of it.
 */
const CLOSING_APOLOGIES = new Set("sorry soz pardon desole desolee plutot instead rather actually finalement oops oups".split(" "));
const PAUSE_OR_SPACE = /[\s,;.!?…–—-]/u;

/** `after` without the apologies and "instead"/"plutôt" that close it (linear: a scan back over its last words). */
function withoutClosingApology(after: string): string {
  let end = after.length;
  for (let words = 0; words < 3; words++) {
    let wordEnd = end;
    while (wordEnd > 0 && PAUSE_OR_SPACE.test(after[wordEnd - 1] as string)) wordEnd--;
    let start = wordEnd;
    while (start > 0 && !PAUSE_OR_SPACE.test(after[start - 1] as string)) start--;
    if (start === wordEnd || !CLOSING_APOLOGIES.has(normalise(after.slice(start, wordEnd)))) break;
    end = start;
  }
  return after.slice(0, end);
}

/** Every split of `text` at a correction word, the last first (the value said last wins). */
export function correctionSplits(text: string): CorrectionSplit[] {
  if (text.length > MAX_CORRECTED_LENGTH) return [];
  const splits: CorrectionSplit[] = [];
  for (const match of text.matchAll(CORRECTION)) {
    const before = text.slice(0, match.index);
    const after = text.slice(match.index + match[0].length);
    // [ext] "soit 3 soit 4": a second "soit" after one opening the reply offers an alternative, it concludes nothing.
    if (EITHER_OPENING.test(before) && /^soit$/iu.test(match[0].trim())) continue;
    // (s27) A reply that ends on a word announcing a correction ("3 march, no the 10th wait") is still being thought
    // over: no split is read (guards-values.ts holds it loosely).
    if (!/[\p{L}\p{N}]/u.test(after) && ANNOUNCING.test(match[0].trim())) return [];
    const meant = withoutClosingApology(after);
    if (/[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(meant))
      splits.push({ before, after: meant, conclusion: CONCLUSION.test(match[0].trim()) });
  }
  return splits.reverse();
}
