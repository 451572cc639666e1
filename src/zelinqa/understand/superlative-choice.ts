// [ext] An end of the options said with a superlative: "le plus court", "the longest possible", "le moins cher" name the
// option whose label states the least or the most of one quantity ("30 minutes" / "45 minutes" / "1 heure"). "As often
// as possible", "le plus souvent possible" ask for more than a frequency option says: no option.
import { tokenise } from "./normalise.js";
import { statedDurations } from "./number-extractor.js";
import { optionReadings, perPhraseTable } from "./phrase-match.js";
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

// [ext] A range of offers ordered from plain to fine ("Essential" / "Classic" / "Premium" / "Prestige", "Basique" /
// "Confort" / "Luxe"): the words that mark its bottom and top steps, in either language.
const TIER_LOW = new Set([
  ...["basic", "basique", "base", "essential", "essentiel", "essentielle", "essentials", "eco", "economy", "economique"],
  ...["entry", "starter", "simple", "light", "lite", "mini", "minimal", "decouverte", "discovery", "initial", "initiale"],
]);
const TIER_HIGH = new Set([
  ...["premium", "prestige", "luxe", "luxury", "deluxe", "vip", "excellence", "ultimate", "elite", "signature", "platinum"],
  ...["platine", "gold", "exclusive", "exclusif", "haut"],
]);
/** The bottom of such a range said without its label: the cheapest, the basic one, entry level. */
const TIER_BOTTOM = seqs([
  ...["basic", "basique", "the simplest", "le plus simple", "la plus simple", "entry level", "entree de gamme", "bas de gamme"],
  ...["least expensive", "le moins onereux", "la moins onereuse", "de base", "budget option", "the cheap one"],
]);
/** Its top: the best, top of the range, the most expensive. */
const TIER_TOP = seqs([
  ...["the best", "best you have", "best you ve got", "your best", "le meilleur", "la meilleure", "votre meilleur"],
  ...["votre meilleure", "top of the range", "top of the line", "top range", "haut de gamme", "high end", "le top"],
  ...["most expensive", "le plus cher", "la plus chere", "the fanciest", "le plus luxueux", "la plus luxueuse", "the works"],
]);
/** A reply deferring to the asker ("whatever is best for you") names no end. */
const DEFERS = new Set(["whatever", "whichever", "think", "pensez", "trouvez", "recommend", "conseillez", "suggest"]);

/**
 * The options in their order when the first or last one's label holds a bottom word and the other end's a top word, at
 * least three of them: a range of offers. Null otherwise.
 */
function tierOrder(phrases: readonly Phrase[]): unknown[] | null {
  return perPhraseTable(phrases, "tiers", () => {
    const values = [...new Map(phrases.map((p) => [JSON.stringify(p.value), p])).values()].sort((a, b) => a.order - b.order);
    if (values.length < 3) return null;
    const own = (v: Phrase) => phrases.filter((p) => p.translated !== true && JSON.stringify(p.value) === JSON.stringify(v.value));
    const has = (v: Phrase | undefined, words: ReadonlySet<string>) =>
      v !== undefined && own(v).some((p) => p.tokens.some((t) => words.has(t)));
    const first = values[0];
    const last = values[values.length - 1];
    if (has(first, TIER_LOW) && has(last, TIER_HIGH)) return values.map((v) => v.value);
    if (has(first, TIER_HIGH) && has(last, TIER_LOW)) return values.map((v) => v.value).reverse();
    return null;
  });
}

/** [ext] The bottom or top step of a range of offers, said without its label ("the cheapest one", "top of the range"). */
function tierEnd(tokens: readonly string[], least: boolean, most: boolean, phrases: readonly Phrase[]): PhraseResult | null {
  const order = tierOrder(phrases);
  if (order === null) return null;
  const bottom = least || says(tokens, TIER_BOTTOM);
  const top = (most && !says(tokens, LEAST)) || (says(tokens, TIER_TOP) && !tokens.some((t) => DEFERS.has(t)));
  if (bottom === top) return null;
  return { value: bottom ? order[0] : order[order.length - 1], certainty: "fuzzy" };
}

/**
 * The option a superlative names, fuzzy; `undefined` when the reply asks for more than any option ("as often as
 * possible"); null otherwise, so the other readers go on. The options must all state a quantity, each a different one,
 * or [ext] form a range of offers (tierOrder).
 */
export function superlativeChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null | undefined {
  const tokens = tokenise(text);
  if (says(tokens, MOST_OFTEN)) return undefined;
  const least = says(tokens, LEAST);
  const most = says(tokens, MOST);
  const tier = tierEnd(tokens, least, most, phrases);
  if (tier !== null) return tier;
  if (least === most) return null;
  const options = optionReadings(phrases, "superlative", quantityOf, true);
  const values = new Set(phrases.map((p) => JSON.stringify(p.value)));
  if (options.length < 2 || options.length !== values.size || new Set(options.map((o) => o.reading)).size !== options.length) return null;
  const sorted = [...options].sort((a, b) => a.reading - b.reading);
  const end = least ? sorted[0] : sorted[sorted.length - 1];
  return end === undefined ? undefined : { value: end.value, certainty: "fuzzy" };
}
