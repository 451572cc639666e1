// [ext] (s24) Options saying one thing in different amounts ("Pulls a little" / "Pulls a lot", "Tire un peu" / "Tire
// beaucoup"): a reply naming that thing with an amount ("pulls a bit", "il tire énormément… enfin beaucoup") is the
// option of that amount, read from the labels' own words (amount-scales.ts), whatever the domain.
import { amountOf } from "./amount-scales.js";
import { tokenise } from "./normalise.js";
import { perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

interface AmountedOption {
  readonly value: unknown;
  readonly level: number;
  readonly words: ReadonlySet<string>;
}

/** The options whose labels state an amount, each with the words of 4 letters or more they share with another such option. */
function amountedOptions(phrases: readonly Phrase[]): AmountedOption[] {
  return perPhraseTable(phrases, "amount-of-one-thing", () => {
    const byValue = new Map<string, { value: unknown; level: number; words: Set<string> }>();
    for (const p of phrases) {
      if (p.translated === true || p.kind === true) continue;
      const level = amountOf(p.tokens);
      const k = JSON.stringify(p.value);
      if (level === null || byValue.has(k)) continue;
      byValue.set(k, { value: p.value, level, words: new Set(p.tokens.filter((t) => t.length >= 4)) });
    }
    const options = [...byValue.values()];
    return options
      .map((o) => ({
        ...o,
        words: new Set([...o.words].filter((w) => options.some((other) => other !== o && other.level !== o.level && other.words.has(w)))),
      }))
      .filter((o) => o.words.size > 0);
  });
}

/** The option of the amount the reply says beside the thing the amounted labels share; null when none or several fit. */
export function amountOfOneThing(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const options = amountedOptions(phrases);
  if (options.length < 2 || text.length > 200) return null;
  const tokens = tokenise(text);
  const found = new Set<string>();
  tokens.forEach((t, i) => {
    const named = options.filter((o) => o.words.has(t));
    if (named.length === 0) return;
    // The amount right after the thing ("pulls a bit"), else right before it ("a bit of pulling").
    const level = amountOf(tokens.slice(i + 1, i + 4)) ?? amountOf(tokens.slice(Math.max(0, i - 3), i));
    for (const o of named) if (o.level === level) found.add(JSON.stringify(o.value));
  });
  return found.size === 1 ? { value: JSON.parse([...found][0] as string) as unknown, certainty: "exact" } : null;
}
