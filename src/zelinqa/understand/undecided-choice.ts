// [ext] A single choice left open between the option read and something else (docs/zelinqa-understanding.md, Choices):
// "voilier ou cata, on hésite", "buffet or maybe seated, not sure", "maybe a birthday maybe our engagement party".
// The other alternative names no option the reader knows, yet the person did not choose: nothing is read, rather than
// the one option recognised, or another option its part names alone. An alternative needs a hesitation (a hedge, a don't-know, a "maybe" before it, or one
// the engine blanked out of the reply), so "mail ou tel", "zoom ou teams" keep their rules.
import { DONT_KNOW_PHRASES, HEDGE_PHRASES, hasAnyPhrase } from "./lexicons.js";
import { tokenise } from "./normalise.js";
import type { PhraseResult } from "./phrase-match.js";

const OR_WORDS = new Set(["or", "ou", "soit"]);
const MAYBE = new Set(["maybe", "perhaps", "possibly", "eventuellement"]);
/** What may follow "or" without being an alternative: "or so", "ou pas", "or something", "plus ou moins". */
const NOT_ALTERNATIVES = new Set([
  "so",
  "pas",
  "not",
  "something",
  "whatever",
  "less",
  "more",
  "moins",
  "plus",
  "autre",
  "similar",
  "else",
]);
const SPEAKER_WORDS = new Set(["i", "je", "j", "on", "we", "nous", "me", "moi"]);

/** "peut etre" as one word, so that "maybe" and "peut-être" count alike. */
const joined = (tokens: readonly string[]) =>
  tokens
    .join(" ")
    .replace(/\bpeut etre\b/g, "peutetre")
    .split(" ");

/** The alternatives a reply offers: split at "or"/"ou", or at each "maybe" when said twice ("maybe X maybe Y"). */
function alternatives(tokens: readonly string[]): string[][] {
  const isMaybe = (t: string) => MAYBE.has(t) || t === "peutetre";
  const maybes = tokens.filter(isMaybe).length;
  const parts: string[][] = [[]];
  tokens.forEach((t, i) => {
    const at = OR_WORDS.has(t) && i > 0 && !NOT_ALTERNATIVES.has(tokens[i + 1] ?? "so");
    if (at || (maybes >= 2 && isMaybe(t) && (parts.at(-1) as string[]).length > 0)) parts.push([]);
    if (!OR_WORDS.has(t) && !isMaybe(t)) (parts.at(-1) as string[]).push(t);
  });
  return parts.filter((p) => p.some((t) => t.length >= 3 && !SPEAKER_WORDS.has(t)));
}

/**
 * The single choice `found` unless the reply leaves it open against an alternative naming no option (see the file's
 * head); `read` reads one part of the reply.
 */
export function undecidedChoice(
  text: string,
  found: PhraseResult | null,
  read: (part: string) => PhraseResult | null,
): PhraseResult | null {
  if (found === null || text.length > 200) return found;
  const plain = tokenise(text);
  const tokens = joined(plain);
  // The alternatives first (most replies offer none), then the hesitation (phrase lists).
  const parts = alternatives(tokens);
  if (parts.length < 2) return found;
  const hesitant =
    /\S\s{3,}/.test(text) ||
    tokens.some((t) => MAYBE.has(t) || t === "peutetre") ||
    hasAnyPhrase(plain, HEDGE_PHRASES) ||
    hasAnyPhrase(plain, DONT_KNOW_PHRASES);
  if (!hesitant) return found;
  const key = JSON.stringify(found.value);
  const readParts = parts.map((p) => read(p.join(" ")));
  // One part names the option read, another names none (an unlisted thing, or an option said in other words) or
  // another option ("cata" read alone is the catamaran).
  const holds = readParts.some((r) => r !== null && JSON.stringify(r.value) === key);
  const other = readParts.some((r) => r === null || JSON.stringify(r.value) !== key);
  return holds && other ? null : found;
}
