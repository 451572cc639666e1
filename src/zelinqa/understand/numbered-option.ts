// [ext] (s27) A number the reply says that one option's label says too ("nage 25 mètres" to "Nage quelques mètres seul"
// / "Nage 25 m sans aide"): that option, over one that gives the quantity vaguely ("quelques", "a few", "several").
import type { Phrase, PhraseResult } from "./phrase-match.js";

/** Words that give a quantity without its number. */
const VAGUE_QUANTITIES = new Set(["quelques", "plusieurs", "few", "several", "some", "peu"]);
/** The digits a token opens with: "25m" → "25", "25" → "25"; none for a word. */
const leadingNumber = (token: string) => /^\d+/.exec(token)?.[0];

/**
 * The one option whose label holds a number the reply says, in place of `choice` when that was read from an option
 * that says its quantity vaguely; `choice` otherwise. Linear: one pass over the reply's words, one over the labels'.
 */
export function numberedOverVague(tokens: readonly string[], choice: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  if (choice === null) return null;
  const key = JSON.stringify(choice.value);
  const ofChoice = phrases.filter((p) => JSON.stringify(p.value) === key);
  if (!ofChoice.some((p) => p.tokens.some((t) => VAGUE_QUANTITIES.has(t)))) return choice;
  const said = new Set(tokens.map(leadingNumber).filter((n): n is string => n !== undefined));
  if (said.size === 0) return choice;
  const numbered = new Set<string>();
  let value: unknown;
  for (const p of phrases) {
    if (!p.tokens.some((t) => said.has(leadingNumber(t) ?? ""))) continue;
    numbered.add(JSON.stringify(p.value));
    value = p.value;
  }
  return numbered.size === 1 && !numbered.has(key) ? { value, certainty: choice.certainty } : choice;
}
