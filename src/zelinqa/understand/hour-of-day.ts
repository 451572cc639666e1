// [ext] A number target that is an hour of the day (0–23: "Arrival time (hour of the day)", "À quelle heure ?"): the
// hour is read from a clock time ("2pm", "19h", "14:00", "vers 14h30"), a bare hour with the part of the day after it
// ("7 in the evening", "8 du matin") or a point of the day ("noon", "midi", "minuit"), never as a count. A part of the
// day ("early afternoon", "en fin d'après-midi") names no hour. A bare hour from 1 to 6 is an afternoon's, loosely (nobody books at 3am);
// from 7 to 11 it may be either half of the day, so it is held loosely.
import { askedWords } from "./guards-asked.js";
import { HEDGE_PHRASES, hasAnyPhrase } from "./lexicons.js";
import { tokenise } from "./normalise.js";
import type { PhraseResult } from "./phrase-match.js";
import type { TargetWords } from "./target-words.js";
import { clockSpans } from "./time-of-day.js";

/** Words of a label or question that ask for a time of day, not for a number of hours. */
const ASKING = [
  ["what", "time"],
  ["quelle", "heure"],
  ["hour", "of", "the", "day"],
  ["heure", "de", "la", "journee"],
  ["time", "of", "day"],
  ["24h"],
  ["24", "h"],
  ["o", "clock"],
  ...["arrival", "start", "starting", "departure", "pickup", "finish", "end", "opening", "closing"].map((w) => [w, "time"]),
  ...["arrivee", "debut", "depart", "fin", "passage", "ouverture", "fermeture", "rendez"].map((w) => ["heure", w]),
  ...["arrivee", "debut", "depart", "fin", "passage", "ouverture", "fermeture"].map((w) => ["heure", "d", w]),
];
const HOURS_ASKED = new WeakMap<TargetWords, boolean>();

/** Whether a target is an hour of the day: its schema stays within 0–24 and its words ask "what time" (cached per target). */
export function isHourOfDay(words: TargetWords | undefined, minimum: number | undefined, maximum: number | undefined): boolean {
  if (words === undefined || maximum === undefined || maximum > 24 || (minimum ?? 0) < 0) return false;
  let asked = HOURS_ASKED.get(words);
  if (asked === undefined) {
    const tokens = askedWords(words) ?? [];
    asked = tokens.some((_, i) => ASKING.some((seq) => seq.every((w, j) => tokens[i + j] === w)));
    HOURS_ASKED.set(words, asked);
  }
  return asked;
}

const LATER_HALF = [
  ...["in the evening", "in the afternoon", "at night", "tonight", "pm", "du soir", "de l apres midi", "de l aprem", "le soir"],
  ...["l apres midi", "this evening", "ce soir", "in the arvo"],
].map((p) => p.split(" "));
const EARLIER_HALF = ["in the morning", "du matin", "le matin", "this morning", "ce matin", "am"].map((p) => p.split(" "));
const HOUR_WORDS = new Set(["h", "heure", "heures", "hour", "hours"]);
const APPROXIMATE = new Set(["vers", "around", "about", "environ", "roughly", "ish", "approx", "approximately", "maybe"]);
const POINTS: Record<string, number> = { noon: 12, midday: 12, midi: 12, midnight: 0, minuit: 0 };

const startsWith = (tokens: readonly string[], i: number, seq: readonly string[]) => seq.every((w, j) => tokens[i + j] === w);

/** Bare hours said (not part of a clock time), with the half of the day said right after them. */
function bareHours(tokens: readonly string[]): { hour: number; half: "later" | "earlier" | null }[] {
  const out: { hour: number; half: "later" | "earlier" | null }[] = [];
  tokens.forEach((t, i) => {
    if (!/^\d{1,2}$/.test(t)) return;
    const hour = Number(t);
    if (hour > 23) return;
    // "9 heures du soir", "8 o'clock in the morning": the hour's word may come between.
    const at = i + 1 + (HOUR_WORDS.has(tokens[i + 1] ?? "") ? 1 : startsWith(tokens, i + 1, ["o", "clock"]) ? 2 : 0);
    const half = LATER_HALF.some((s) => startsWith(tokens, at, s))
      ? "later"
      : EARLIER_HALF.some((s) => startsWith(tokens, at, s))
        ? "earlier"
        : null;
    out.push({ hour, half });
  });
  return out;
}

/**
 * The hour of the day a reply gives (0–23), or null when none or several. `passing`: a reply to another question, where
 * only a clock time written as one ("18h", "2pm", "14:00") or a point of the day counts.
 */
export function hourOfDay(text: string, passing: boolean): PhraseResult | null {
  const tokens = tokenise(text);
  const loose = tokens.some((t) => APPROXIMATE.has(t)) || hasAnyPhrase(tokens, HEDGE_PHRASES) || text.includes("?");
  const hours = new Set<number>();
  let fuzzy = loose;
  const clocks = clockSpans(text).filter((s) => s.from === s.to);
  // "9 heures du soir": a clock hour before noon with the later half of the day said.
  const later = tokens.some((_, i) => LATER_HALF.some((s) => startsWith(tokens, i, s)));
  for (const c of clocks) {
    hours.add(Math.floor(c.from < 12 && later ? c.from + 12 : c.from) % 24);
    if (!Number.isInteger(c.from)) fuzzy = true;
  }
  for (const t of tokens) {
    const point = POINTS[t];
    if (point !== undefined) hours.add(point);
  }
  if (hours.size === 0 && !passing) {
    for (const b of bareHours(tokens)) {
      if (b.half === "later") hours.add(b.hour < 12 ? b.hour + 12 : b.hour);
      else if (b.half === "earlier") hours.add(b.hour === 12 ? 0 : b.hour);
      else {
        // "3": an afternoon's hour; "9": either half of the day; "15": the hour itself.
        hours.add(b.hour >= 1 && b.hour <= 6 ? b.hour + 12 : b.hour);
        if (b.hour >= 1 && b.hour <= 11) fuzzy = true;
      }
    }
  }
  if (hours.size !== 1) return null;
  return { value: [...hours][0] as number, certainty: fuzzy ? "fuzzy" : "exact" };
}
