// [ext] Several amounts, each said for its own part of the day or of the week ("2h le matin et 2h le soir", "an hour
// on sundays, 40 mins in the week", "6h en semaine, 9h le weekend"): one value only when the target's period makes
// the sum unambiguous (parts of a day for an amount per day); otherwise no single value is said.
import type { MentionScan, NumberMention } from "./number-mentions.js";
import { WEEKDAYS_BY_NAME } from "./named-days.js";

/** Parts of a day: their amounts add up to the day's. */
const DAY_PARTS = new Set(
  "matin matinee morning mornings soir soiree soirs evening evenings afternoon afternoons aprem midi lunchtime".split(" "),
);
/** Sets of days of the week: each has its own amount, none the usual one. */
const WEEK_PARTS = new Set(
  "semaine week weekdays weekday weekend weekends we".split(" ").concat([...WEEKDAYS_BY_NAME.keys()].flatMap((d) => [d, `${d}s`])),
);
/** Words the scan may take for the unit of a bare amount: "1 in the evening", "1 le soir". */
const LINK_WORDS = new Set("in on at the during le la l les en au aux a dans pendant".split(" "));
/** How far after its number a part is named: "2h le matin", "40 mins in the week", "1h30 on Sundays". */
const REACH = 4;

export type PartsReading = { value: number; exact: boolean } | "none" | null;

/** The part named within REACH words after a mention and before the next one: "day", "week" or null. */
function partAfter(scan: MentionScan, m: NumberMention, next: NumberMention | undefined): "day" | "week" | null {
  const stop = Math.min(m.end + REACH + 1, next?.start ?? scan.tokens.length);
  for (let i = m.end; i < stop; i++) {
    const w = scan.tokens[i]?.norm ?? "";
    // "le week-end": "week" then "end".
    if (w === "week" && scan.tokens[i + 1]?.norm === "end") return "week";
    if (DAY_PARTS.has(w) || (w === "apres" && scan.tokens[i + 1]?.norm === "midi")) return "day";
    if (WEEK_PARTS.has(w)) return "week";
  }
  return null;
}

/**
 * The amounts of the reply when each one names its own part ("le matin", "on Sundays"): their sum for a target counted
 * per day when all are parts of a day; "none" when the parts are sets of days, or parts of a day for a target that is
 * no daily amount (which one is usual?); null when the reply is not said by parts. `inUnit` tells the mentions said in
 * the target's unit: every amount must be one.
 */
export function amountsByPart(scan: MentionScan, perDay: boolean, inUnit: (m: NumberMention) => boolean): PartsReading {
  const ms = scan.mentions.filter((m) => !m.article || m.unit !== null);
  // "2 hours in the morning, 1 in the evening": a bare amount shares the unit said with another.
  const bare = (m: NumberMention) => !m.currency && (m.unit === null || LINK_WORDS.has(m.unit));
  if (ms.length < 2 || !ms.some(inUnit) || !ms.every((m) => inUnit(m) || bare(m))) return null;
  const parts = ms.map((m, i) => partAfter(scan, m, ms[i + 1]));
  if (parts.some((p) => p === null)) return null;
  if (parts.every((p) => p === "day") && perDay) {
    const sum = ms.reduce((s, m) => s + m.value, 0);
    return { value: Math.round(sum * 1000) / 1000, exact: ms.every((m) => !m.fuzzy) };
  }
  return "none";
}
