// [ext] A word two options' labels share, said with a word only one of them holds, names that one: "gas bottles" to
// "Mains gas" / "LPG (bottled or tank gas)" is the bottled gas, not the option whose label says "gas" and nothing more;
// "des bouteilles de gaz" to "Gaz de ville" / "Gaz en bouteille ou citerne" likewise. Read from the labels only.
import { clauseTokens } from "./clauses.js";
import { namesNoChoice } from "./label-parts.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { perPhraseTable } from "./phrase-match.js";
import { wordRoot as root } from "./target-words.js";

interface NarrowerOption {
  readonly value: unknown;
  readonly order: number;
  /** Words of its label that another option's label or identifier also says ("gas"). */
  readonly shared: ReadonlySet<string>;
  /** Roots of the words of its label no other option says ("bottl", "tank"), with the words themselves. */
  readonly own: ReadonlyMap<string, string>;
}

const key = (v: unknown) => JSON.stringify(v);

/** The options whose label says a word another option says, beside words of its own; once per option list. */
function narrowerOptions(phrases: readonly Phrase[]): { options: NarrowerOption[]; ownRoots: ReadonlyMap<string, string> } {
  return perPhraseTable(phrases, "narrower-option", () => {
    const configured = phrases.filter((p) => p.translated !== true && p.kind !== true);
    const wordsOf = new Map<string, Set<string>>();
    for (const p of configured) {
      const words = wordsOf.get(key(p.value)) ?? new Set<string>();
      for (const t of p.tokens) if (!namesNoChoice(t) && t.length >= 3 && !/\d/.test(t)) words.add(t);
      wordsOf.set(key(p.value), words);
    }
    // Each root said by one option only, with that option.
    const rootOwners = new Map<string, Set<string>>();
    for (const [k, words] of wordsOf) for (const w of words) rootOwners.set(root(w), (rootOwners.get(root(w)) ?? new Set()).add(k));
    const ownRoots = new Map<string, string>();
    for (const [r, owners] of rootOwners) if (owners.size === 1 && r.length >= 4) ownRoots.set(r, [...owners][0] as string);
    const options: NarrowerOption[] = [];
    for (const p of configured) {
      const k = key(p.value);
      if (p.tokens.length < 2 || options.some((o) => key(o.value) === k)) continue;
      const words = wordsOf.get(k) as Set<string>;
      const shared = new Set([...words].filter((w) => [...wordsOf].some(([other, ws]) => other !== k && ws.has(w))));
      const own = new Map([...words].filter((w) => ownRoots.get(root(w)) === k).map((w) => [root(w), w] as const));
      if (shared.size > 0 && own.size > 0) options.push({ value: p.value, order: p.order, shared, own });
    }
    return { options, ownRoots };
  });
}

/**
 * The narrower option a reply names by a shared label word and a word of that option's own in the same clause, neither
 * negated, when it says no other option's own word: exact when its own word is said as written, else loosely. Replaces
 * nothing read, or a value read from the shared word alone; anything else read stays.
 */
export function narrowerOptionNamed(text: string, result: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  const { options, ownRoots } = narrowerOptions(phrases);
  if (options.length === 0) return result;
  const c = clauseTokens(text);
  const said = c.tokens.map((t, i) => (c.negated[i] === true ? null : t));
  // The options whose own words the reply says: with a second one, the reply names no narrower option alone.
  const named = new Set<string>();
  said.forEach((t) => {
    const owner = t === null ? undefined : ownRoots.get(root(t));
    if (owner !== undefined) named.add(owner);
  });
  if (named.size !== 1) return result;
  const option = options.find((o) => named.has(key(o.value)));
  if (option === undefined || (result !== null && key(result.value) === key(option.value))) return result;
  let found: PhraseResult | null = null;
  said.forEach((t, i) => {
    if (t === null || found !== null || !option.shared.has(t)) return;
    said.forEach((u, j) => {
      if (u === null || found !== null || j === i || c.clause[j] !== c.clause[i]) return;
      const own = option.own.get(root(u));
      if (own !== undefined) found = { value: option.value, certainty: own === u ? "exact" : "fuzzy" };
    });
  });
  // A value read from another word than the shared one ("mains") stays: the reply then names both.
  if (found === null || (result !== null && !sharedOnly(c.tokens, result.value, option, phrases))) return result;
  return found;
}

/** Does the reply name `value` by no other word of its labels than those the narrower option shares? */
function sharedOnly(tokens: readonly string[], value: unknown, option: NarrowerOption, phrases: readonly Phrase[]): boolean {
  const words = new Set(phrases.filter((p) => key(p.value) === key(value)).flatMap((p) => p.tokens));
  return tokens.every((t) => !words.has(t) || option.shared.has(t) || namesNoChoice(t));
}
