// [ext] A number of days (or sessions) per week said as the days themselves (docs/zelinqa-understanding.md, Numbers):
// "mon wed fri" is 3, "lundi et jeudi" 2, "du lundi au vendredi" 5, and the usual groups of days, "le week-end" and
// "weekends only" 2, "en semaine" and "weekdays" 5, held loosely (one session may cover a weekend). The whole reply must
// be days, links and fillers: "lundi, sauf si il pleut" or "pas le lundi" say no count.
import { clauseTokens } from "./clauses.js";
import { DAY_ABBREVIATIONS, WEEKDAYS_BY_NAME } from "./named-days.js";
import { gapBetween, textTokens } from "./text-tokens.js";
import type { TextToken } from "./text-tokens.js";

const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 0];
/** Groups of days, as word sequences, with the days they hold. */
const GROUPS: readonly (readonly [readonly string[], readonly number[]])[] = [
  ...["week end", "week ends", "weekend", "weekends", "fin de semaine", "fins de semaine"].map((p) => [p.split(" "), WEEKEND] as const),
  ...["weekdays", "week days", "en semaine", "in the week", "during the week", "jours de semaine", "jours ouvres", "working days"].map(
    (p) => [p.split(" "), WEEKDAYS] as const,
  ),
];
/** Words that join or frame the days: "and", "et", "only", "le", "the", "on", "every"… */
const FILLERS = new Set([
  ...["and", "et", "only", "just", "le", "les", "the", "on", "at", "over", "during", "pendant", "durant", "every", "each"],
  ...["tous", "chaque", "seulement", "uniquement", "que", "usually", "normally", "generally", "souvent", "plutot", "en"],
  ...["general", "a", "of", "du", "de", "ideally", "idealement"],
]);
/** Words of a range between two days: "du lundi au vendredi", "monday to friday", "mon-fri". */
const RANGE_WORDS = new Set(["to", "au", "a", "through", "thru", "till", "until", "jusqu"]);

/** The day (0 Sunday) a token names: a full name, its plural ("mondays", "lundis") or an abbreviation ("wed"). */
function dayOf(t: string, abbreviations: boolean): number | undefined {
  const full = WEEKDAYS_BY_NAME.get(t) ?? WEEKDAYS_BY_NAME.get(t.replace(/s$/, ""));
  if (full !== undefined || !abbreviations) return full;
  const name = DAY_ABBREVIATIONS[t]?.[0];
  return name === undefined ? undefined : WEEKDAYS_BY_NAME.get(name);
}

/** The days from `a` to `b`, both included, through the week ("vendredi au lundi" is 4 days). */
function span(a: number, b: number): number[] {
  const out = [a];
  for (let d = a; d !== b;) out.push((d = (d + 1) % 7));
  return out;
}

/**
 * The number of distinct days of the week a whole reply names, with whether it is held loosely (a group of days), or
 * null when the reply is more than days. Abbreviations ("mon", "sat") count only in a reply of two days or more, where
 * "mon" cannot be the French "my".
 */
export function daysNamed(text: string): { value: number; fuzzy: boolean } | null {
  const tokens = textTokens(text).filter((t) => t.kind === "word");
  if (tokens.length === 0 || clauseTokens(text).negated.some(Boolean)) return null;
  const read = (abbreviations: boolean) => namedIn(text, tokens, abbreviations);
  const full = read(false);
  if (full !== null) return full;
  const short = read(true);
  return short !== null && (short.named >= 2 || short.fuzzy) ? short : null;
}

function namedIn(text: string, tokens: readonly TextToken[], abbreviations: boolean) {
  const days = new Set<number>();
  let fuzzy = false;
  let named = 0;
  let previous: number | null = null;
  let ranging = false;
  for (let i = 0; i < tokens.length;) {
    const group = GROUPS.find(([seq]) => seq.every((w, k) => tokens[i + k]?.norm === w));
    if (group !== undefined) {
      group[1].forEach((d) => days.add(d));
      fuzzy = true;
      i += group[0].length;
      previous = null;
      continue;
    }
    const t = tokens[i] as TextToken;
    const day = dayOf(t.norm, abbreviations);
    if (day !== undefined) {
      const hyphen = i > 0 && previous !== null && gapBetween(text, tokens[i - 1] as TextToken, t).trim() === "-";
      for (const d of (ranging || hyphen) && previous !== null ? span(previous, day) : [day]) days.add(d);
      named++;
      previous = day;
      ranging = false;
    } else if (RANGE_WORDS.has(t.norm) && previous !== null) ranging = true;
    else if (!FILLERS.has(t.norm)) return null;
    i++;
  }
  return days.size === 0 || ranging ? null : { value: days.size, fuzzy, named };
}
