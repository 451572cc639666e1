// [ext] An end of the options said with a superlative: "le plus court", "the longest possible", "le moins cher" name the
// option whose label states the least or the most of one quantity ("30 minutes" / "45 minutes" / "1 heure"). "As often
// as possible", "le plus souvent possible" ask for more than a frequency option says: no option.
import { tokenise } from "./normalise.js";
import { statedDurations } from "./number-extractor.js";
import { optionReadings } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

const seqs = (list: readonly string[]) => list.map((p) => p.split(" "));
const LEAST = seqs([
  ...["le plus court", "la plus courte", "au plus court", "shortest", "as short as", "le moins long", "la moins longue"],
  ...["le plus petit", "la plus petite", "smallest", "le moins cher", "la moins chere", "cheapest"],
]);
const MOST = seqs([
  ...["le plus long", "la plus longue", "au plus long", "longest", "as long as", "le plus grand", "la plus grande"],
  ...["biggest", "largest", "le plus possible", "as much as possible", "autant que possible"],
]);
/** A superlative of how often: no option of a frequency says "as often as can be". */
const MOST_OFTEN = seqs(["le plus souvent possible", "as often as possible", "aussi souvent que possible", "le plus souvent que"]);

const startsAt = (tokens: readonly string[], seq: readonly string[], i: number) => seq.every((w, j) => tokens[i + j] === w);
const says = (tokens: readonly string[], list: readonly (readonly string[])[]) =>
  tokens.some((_, i) => list.some((seq) => startsAt(tokens, seq, i)));

/** One quantity per option label: a duration in minutes or days ("1 heure" = 60), else its only number ("Pack 10"). */
function quantityOf(tokens: readonly string[]): number | null {
  const durations = statedDurations(tokens.join(" "));
  if (durations.length === 1) {
    const [base, n] = (durations[0] as { key: string }).key.split(":");
    return Number(n) * (base === "month" ? 30 * 1440 : base === "day" ? 1440 : 1);
  }
  const numbers = tokens.filter((t) => /^\d+$/.test(t));
  return numbers.length === 1 ? Number(numbers[0]) : null;
}

/**
 * The option a superlative names, fuzzy; `undefined` when the reply asks for more than any option ("as often as
 * possible"); null otherwise, so the other readers go on. The options must all state a quantity, each a different one.
 */
export function superlativeChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null | undefined {
  const tokens = tokenise(text);
  if (says(tokens, MOST_OFTEN)) return undefined;
  const least = says(tokens, LEAST);
  const most = says(tokens, MOST);
  if (least === most) return null;
  const options = optionReadings(phrases, "superlative", quantityOf, true);
  const values = new Set(phrases.map((p) => JSON.stringify(p.value)));
  if (options.length < 2 || options.length !== values.size || new Set(options.map((o) => o.reading)).size !== options.length) return null;
  const sorted = [...options].sort((a, b) => a.reading - b.reading);
  const end = least ? sorted[0] : sorted[sorted.length - 1];
  return end === undefined ? undefined : { value: end.value, certainty: "fuzzy" };
}
