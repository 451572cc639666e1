// [ext] A choice of a time of day ("Lunch", "Evening (after 5pm)", "Sortie d'école (16h30-19h)") named by a clock time
// or range ("around 8pm", "12-2", "7h30-8h30") or by the words of a moment ("noon", "before work", "après l'école",
// "mid-afternoon"). Each choice gets the hours of its label: the clock range it states, else the usual hours of the
// meal or part of the day it names. The reply's time must fall inside them. A small bilingual vocabulary of meals and
// parts of the day, general to any booking or appointment question.
import { clauseTokens } from "./clauses.js";
import { WEEKDAYS_BY_NAME } from "./named-days.js";
import { normalise } from "./normalise.js";
import { perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

interface Span {
  readonly from: number;
  readonly to: number;
}

type Moment = readonly [words: readonly string[], from: number, to: number];

/** The hours a label naming a moment covers, most specific words first. */
const LABEL_MOMENTS: readonly Moment[] = [
  [["early morning", "tot le matin", "first thing", "before work", "avant le travail"], 5, 9],
  [["breakfast", "petit dejeuner"], 6, 10],
  [["late morning", "fin de matinee"], 10, 12],
  [["brunch"], 9.5, 12],
  [["lunchtime", "lunch", "dejeuner", "midi", "lunch break", "pause dejeuner"], 11.5, 14.5],
  [["after school", "apres l ecole", "sortie d ecole", "sortie de l ecole", "periscolaire"], 16, 19],
  [["before school", "avant l ecole"], 7, 9],
  [["afternoon", "apres midi", "aprem"], 13, 18],
  // [ext] The end of the working day: late afternoon into the evening.
  [["fin de journee", "fin d apres midi", "end of the day", "late afternoon", "end of the afternoon"], 16.5, 20],
  [["morning", "matin", "matinee"], 5, 12],
  [["dinner", "diner", "souper", "evening meal"], 18, 23],
  [["evening", "soir", "soiree", "after work", "apres le travail"], 17, 23],
  [["night", "nuit"], 21, 24],
  [["during the day", "daytime", "day", "en journee", "journee", "full day", "all day", "journee complete", "working hours"], 8, 18],
];

/** The hours a reply naming a moment means: narrower than a label's. */
const REPLY_MOMENTS: readonly Moment[] = [
  [["mid afternoon", "milieu d apres midi", "milieu de l apres midi"], 15, 16],
  [["early afternoon", "debut d apres midi", "debut de l apres midi"], 13.5, 15],
  [["late afternoon", "fin d apres midi", "fin de l apres midi", "fin de journee", "end of the day"], 16.5, 18],
  [["early morning", "tot le matin", "first thing", "a la premiere heure", "before work", "avant le travail", "avant le boulot"], 7, 8.5],
  [["late morning", "fin de matinee", "fin de la matinee"], 10.5, 12],
  [["after work", "apres le travail", "apres le boulot", "en sortant du travail", "after the office"], 17.5, 19.5],
  [["after school", "apres l ecole", "a la sortie de l ecole", "sortie des classes", "apres la classe"], 16.5, 18.5],
  [["noon", "midday", "midi", "lunchtime", "lunch break", "pause dejeuner", "heure du dejeuner", "at lunch"], 12, 13.5],
  // [ext] Short forms of lunch: "pause déj", "au dej", "dej".
  [["pause dej", "dej", "pause midi", "lunch hour"], 12, 13.5],
  [["breakfast", "petit dejeuner", "petit dej"], 7, 9.5],
  [["brunch"], 10.5, 11.75],
  [["dinner", "diner", "dinner time", "evening meal", "souper"], 19, 21.5],
  [["afternoon", "apres midi", "aprem"], 14, 17.5],
  [["morning", "matin", "matinee"], 8, 11.5],
  [["evening", "soir", "soiree", "tonight", "ce soir"], 18.5, 22],
  [["night", "nuit"], 21.5, 23.5],
];

/** A label naming a day ("Saturday morning") is that day's, not any day's moment. */
const DAY_WORDS: ReadonlySet<string> = new Set([...WEEKDAYS_BY_NAME.keys(), "weekend", "week"]);

/** A label's words cover this width of hours or more: "during the day" yields to "lunchtime". */
const BROAD = 8;

const CLOCK = String.raw`(\d{1,2})(?:\s*(?:h|:)\s*(\d{2})?|\s*(am|pm))?(?:\s*(am|pm))?`;
const RANGE = new RegExp(String.raw`(?<![\d/.,])${CLOCK}\s*(?:-|–|to|a|till|until|jusqu a|et|and)\s*${CLOCK}(?![\d/.,%])`, "g");
const SINGLE = new RegExp(
  String.raw`(?<![\d/.,])(\d{1,2})(?:\s*(h|:)\s*(\d{2})?|\s*(am|pm))(?![\d/.,%]|\s*(?:heures?|hours?|hrs?|h\b))`,
  "g",
);

/** Lowercase, no accents, apostrophes as spaces; keeps ":" and "-" for clock times. */
export function plain(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['\u2019`´]/g, " ")
    .replace(/\b([ap])\.m\.?/g, "$1m");
}

/** The hour of the day a clock time says ("5" with "pm" is 17, "8" and "30" 8.5); null when no clock reads it so. */
export function hourOf(h: string, m: string | undefined, suffix: string | undefined): number | null {
  let hour = Number(h);
  const minutes = m === undefined ? 0 : Number(m);
  if (hour > 24 || minutes > 59) return null;
  if (suffix === "pm" && hour < 12) hour += 12;
  if (suffix === "am" && hour === 12) hour = 0;
  if (suffix !== undefined && Number(h) > 12) return null;
  return hour + minutes / 60;
}

/** Clock times and ranges said: "8pm", "20h30", "7h30-8h30", "5-7pm", "12-2" (a bare range only across noon). */
export function clockSpans(text: string): Span[] {
  const t = plain(text);
  const spans: Span[] = [];
  const used: [number, number][] = [];
  for (const m of t.matchAll(RANGE)) {
    const [, h1, m1, s1a, s1b, h2, m2, s2a, s2b] = m;
    const marked1 = m[0].slice(0, m[0].search(/\s*(?:-|–|to|a|till|until|jusqu a|et|and)\s*\d/)).match(/h|:|am|pm/) !== null;
    const s2 = s2a ?? s2b;
    const s1 = s1a ?? s1b;
    const hasH = /\d\s*(h|:)/.test(m[0]);
    const from = hourOf(h1 as string, m1, s1 ?? (s2 !== undefined && Number(h1) <= Number(h2) ? s2 : undefined));
    let to = hourOf(h2 as string, m2, s2);
    if (from === null || to === null) continue;
    if (!marked1 && s2 === undefined && !hasH) {
      // "12-2", "11 to 1": bare hours are read only across noon, the afternoon end after it.
      if (!(from >= 11 && from <= 12 && to >= 1 && to < from)) continue;
      to += 12;
    }
    if (to <= from) continue;
    spans.push({ from, to });
    used.push([m.index, m.index + m[0].length]);
  }
  for (const m of t.matchAll(SINGLE)) {
    if (used.some(([a, b]) => m.index >= a && m.index < b)) continue;
    const [, h, marker, minutes, suffix] = m;
    if (marker === undefined && suffix === undefined) continue;
    const hour = hourOf(h as string, minutes, suffix);
    if (hour === null) continue;
    spans.push({ from: hour, to: hour });
  }
  return spans;
}

/**
 * The moment a text names; [ext] the longest words said win, so "après-midi" is no "midi" and "petit déj" no "déj",
 * whatever the order of the list.
 */
function momentIn(n: string, moments: readonly Moment[]): Span | null {
  let best: { length: number; span: Span } | null = null;
  for (const [words, from, to] of moments)
    for (const w of words)
      if (n.includes(` ${w} `) && (best === null || w.length > best.length)) best = { length: w.length, span: { from, to } };
  return best?.span ?? null;
}

/** Each value's hours, from the first of its configured phrases that states a clock range or names a moment (once per phrase table). */
function labelSpans(phrases: readonly Phrase[]): Map<string, { value: unknown; span: Span }> {
  return perPhraseTable(phrases, "hours", () => readLabelSpans(phrases));
}

function readLabelSpans(phrases: readonly Phrase[]): Map<string, { value: unknown; span: Span }> {
  const out = new Map<string, { value: unknown; span: Span }>();
  for (const p of phrases) {
    const key = JSON.stringify(p.value);
    if (p.translated || out.has(key) || p.tokens.some((t) => DAY_WORDS.has(t))) continue;
    const n = ` ${p.tokens.join(" ")} `;
    const raw = p.tokens.join(" ");
    const after = /\b(?:after|apres|from|des|a partir de)\s+(\d{1,2})\s*(h|am|pm)?/.exec(raw);
    const before = /\b(?:before|avant|until|jusqu a)\s+(\d{1,2})\s*(h|am|pm)?/.exec(raw);
    const clock = clockSpansOfTokens(p.tokens);
    let span: Span | null = clock;
    if (span === null && after) {
      const h = hourOf(
        after[1] as string,
        undefined,
        after[2] === "h" ? undefined : (after[2] ?? (Number(after[1]) < 12 ? "pm" : undefined)),
      );
      if (h !== null) span = { from: h, to: 24 };
    }
    if (span === null && before) {
      const h = hourOf(before[1] as string, undefined, before[2] === "h" ? undefined : (before[2] ?? "am"));
      if (h !== null) span = { from: 5, to: h };
    }
    span ??= momentIn(n, LABEL_MOMENTS);
    if (span !== null) out.set(key, { value: p.value, span });
  }
  return out;
}

/** A label's tokens lost ":" and "-": "7 9am" is 7-9am, "16h30 19h" 16h30-19h. */
function clockSpansOfTokens(tokens: readonly string[]): Span | null {
  const spans = clockSpans(tokens.join(" ").replace(/(\d(?:h\d{0,2}|am|pm)?) (\d)/g, "$1-$2"));
  const ranges = spans.filter((s) => s.to > s.from);
  return ranges.length === 1 ? (ranges[0] as Span) : null;
}

const within = (inner: Span, outer: Span) => outer.from <= inner.from && inner.to <= outer.to && inner.from < outer.to;

/**
 * [ext] (s27) A choice among moments names a moment in at least half its options ("Morning", "Evening", "No
 * preference"). Options about something else that two of five place in time ("Waking up during the night", "Feeling
 * sleepy during the day") are no time-of-day choice: "I grind my teeth at night" says when, not which.
 */
function momentsMostly(timed: number, phrases: readonly Phrase[]): boolean {
  const values = new Set(phrases.filter((p) => p.translated !== true).map((p) => JSON.stringify(p.value)));
  return timed * 2 >= values.size;
}

/**
 * The value of a time-of-day choice the reply names by a clock time or a moment, or null: the one choice whose hours
 * hold it, the narrower one when a broad choice ("During the day") holds it too (exact); held loosely when only a broad
 * choice holds it or one choice is narrower than another that also holds it.
 */
export function timeOfDayChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const labels = labelSpans(phrases);
  if (labels.size < 2 || !momentsMostly(labels.size, phrases)) return null;
  // [ext] "pas le matin", "not in the evening": a moment or a time said after a negation in its clause is refused, not
  // chosen; only what the reply says outside a negation counts.
  const c = clauseTokens(text);
  const negated = c.negated.some(Boolean);
  const clocks = negated ? [] : clockSpans(text);
  const plainWords = negated ? c.tokens.filter((_, i) => c.negated[i] !== true).join(" ") : normalise(text);
  const said = clocks.length > 0 ? clocks : [momentIn(` ${plainWords} `, REPLY_MOMENTS)].filter((s): s is Span => s !== null);
  if (said.length !== 1) return null;
  const span = said[0] as Span;
  const holding = [...labels.values()].filter((l) => within(span, l.span));
  if (holding.length === 0) return null;
  const width = (s: Span) => s.to - s.from;
  const narrow = holding.filter((l) => width(l.span) < BROAD);
  if (narrow.length === 1) return { value: (narrow[0] as (typeof holding)[number]).value, certainty: "exact" };
  const pool = narrow.length > 0 ? narrow : holding;
  const sorted = [...pool].sort((a, b) => width(a.span) - width(b.span));
  const [first, second] = sorted;
  if (first === undefined || (second !== undefined && width(second.span) === width(first.span))) return null;
  return { value: first.value, certainty: "fuzzy" };
}
