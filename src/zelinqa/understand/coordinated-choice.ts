// [ext] (s24) A single choice answered with two things joined by "and"/"et"/"+" (docs/zelinqa-understanding.md,
// Choices): "a leaking gutter and some broken tiles" names two options, so no single one is read; "perdre du poids et
// faire baisser ma glycémie" names one option and a second aim no option names, so the option is held loosely. A part
// that only speaks of the same thing ("group, and he loves other dogs", "poêle à bois et on brûle 5 stères") opens on
// a subject or a linking word and changes nothing.
import { tokenise } from "./normalise.js";
import { perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

/** The first words of an Other/Autre option's label: a part read as that option names a thing no option names. */
const OTHER_WORDS = new Set(["other", "autre", "autres", "others"]);

// Only one space taken after the join: what the engine blanked out of a part stays in it.
const JOINS = /\s*[+&]\s?|\s+(?:and|et|as well as|ainsi que|along with|en plus de)\s/u;
/** What opens a remark on the same thing rather than a second one: a subject, a demonstrative, a link, a degree. */
const REMARK_OPENINGS = new Set(
  (
    "i je j il elle on nous ils elles he she we they it its c ca cela that this there then puis ensuite also aussi " +
    "so donc alors now maintenant quite very tres trop un une a bit peu more plus less moins same meme all tout " +
    "still toujours encore maybe peut sometimes parfois usually often souvent really vraiment not pas no non never jamais " +
    "yes oui yeah si ok"
  ).split(" "),
);

/** A part said with a doubt is an extra wish beside the answer ("check-up, and maybe a cleaning too"). */
const DOUBTING = new Set(["maybe", "perhaps", "possibly", "peut", "eventuellement", "possible", "if"]);
/** Labels that join things themselves ("Légumes et fruits"): a join in the reply may then name one option. */
const JOIN_WORDS = new Set(["and", "et"]);

/** Whether some label joins things, and the values of the Other/Autre options, once per phrase table. */
const labelsOf = (phrases: readonly Phrase[]) =>
  perPhraseTable(phrases, "coordinated-choice", () => {
    const configured = phrases.filter((p) => p.translated !== true);
    return {
      joining: configured.some((p) => p.tokens.some((t) => JOIN_WORDS.has(t))),
      others: new Set(configured.filter((p) => OTHER_WORDS.has(p.tokens[0] ?? "")).map((p) => JSON.stringify(p.value))),
    };
  });

/**
 * The single choice `found` (read from the whole reply), unless its joined parts name two different options (nothing)
 * or the option and a second thing of at least two words no option names (held loosely). `read` reads one part alone.
 */
export function coordinatedChoice(
  text: string,
  found: PhraseResult | null,
  read: (part: string) => PhraseResult | null,
  phrases: readonly Phrase[],
): PhraseResult | null {
  if (found === null || text.length > 200) return found;
  // A part with a doubt, said or blanked out of the reply by the engine (3 spaces or more), is set aside.
  const parts = text
    .split(JOINS)
    .filter((p) => /\p{L}{3,}/u.test(p) && !/\s{3,}/u.test(p.trimEnd()) && !tokenise(p).some((t) => DOUBTING.has(t)))
    .map((p) => p.trim());
  if (parts.length < 2) return found;
  const { joining, others } = labelsOf(phrases);
  if (joining) return found;
  // A part read as the Other option only is a thing no option names, like a part read as nothing.
  const readings = parts.map((p) => {
    const r = read(p);
    return r !== null && others.has(JSON.stringify(r.value)) && !others.has(JSON.stringify(found.value)) ? null : r;
  });
  const values = new Set(readings.filter((r) => r !== null).map((r) => JSON.stringify(r.value)));
  if (values.size >= 2) return null;
  // The second thing only in a short reply of one clause: a longer one tells a story around the answer.
  if (found.certainty !== "exact" || !values.has(JSON.stringify(found.value))) return found;
  if (/[,;:.!?]/u.test(text.trim().replace(/[.!?]+$/u, "")) || tokenise(text).length > 10) return found;
  const secondThing = parts.some((p, i) => {
    if (readings[i] !== null) return false;
    const tokens = tokenise(p);
    return tokens.length >= 2 && !REMARK_OPENINGS.has(tokens[0] as string) && tokens.some((t) => t.length >= 4);
  });
  return secondThing ? { value: found.value, certainty: "fuzzy" } : found;
}
