// Date extraction of §10.5.5 (FR/EN formats, month-year as fuzzy, today/tomorrow relative to a reference day).
import { tokenise } from "./normalise.js";
import type { PhraseResult } from "./phrase-match.js";

const MONTHS: Record<string, number> = {
  janvier: 1, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, aout: 8, septembre: 9, octobre: 10,
  novembre: 11, decembre: 12,
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10,
  november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

interface Found {
  readonly iso: string;
  readonly fuzzy: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A valid calendar date as YYYY-MM-DD, or null. Two-digit years are refused by the callers. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${year}-${pad(month)}-${pad(day)}`;
}

function addDays(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function numericDates(text: string, found: Found[]): void {
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    found.push({ iso: iso ?? "invalid", fuzzy: false });
  }
  for (const m of text.matchAll(/(?<![\d-])(\d{1,2})([/.-])(\d{1,2})\2(\d{2,4})(?!\d)/g)) {
    const yearText = m[4] as string;
    const iso = yearText.length === 4 ? isoDate(Number(yearText), Number(m[3]), Number(m[1])) : null;
    found.push({ iso: iso ?? "invalid", fuzzy: false });
  }
}

const dayNumber = (t: string | undefined) => (t !== undefined && /^\d{1,2}(er)?$/.test(t) ? parseInt(t, 10) : null);
const yearNumber = (t: string | undefined) => (t !== undefined && /^\d{4}$/.test(t) ? Number(t) : null);

function wordDates(tokens: readonly string[], found: Found[]): void {
  const used = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const month = MONTHS[tokens[i] as string];
    if (month === undefined) continue;
    const before = dayNumber(tokens[i - 1]);
    const after = dayNumber(tokens[i + 1]);
    const yearAfter = yearNumber(tokens[i + 1]);
    if (before !== null && yearNumber(tokens[i + 1]) !== null) {
      found.push({ iso: isoDate(yearNumber(tokens[i + 1]) as number, month, before) ?? "invalid", fuzzy: false });
      used.add(i + 1);
    } else if (after !== null && yearNumber(tokens[i + 2]) !== null) {
      found.push({ iso: isoDate(yearNumber(tokens[i + 2]) as number, month, after) ?? "invalid", fuzzy: false });
      used.add(i + 2);
    } else if (yearAfter !== null && !used.has(i + 1)) {
      found.push({ iso: isoDate(yearAfter, month, 1) ?? "invalid", fuzzy: true });
    }
  }
}

function relativeDates(tokens: readonly string[], today: string, found: Found[]): void {
  const joined = ` ${tokens.join(" ")} `;
  if (joined.includes(" aujourd hui ") || joined.includes(" today ")) found.push({ iso: today, fuzzy: false });
  if (joined.includes(" demain ") || joined.includes(" tomorrow ")) found.push({ iso: addDays(today, 1), fuzzy: false });
}

/**
 * One date for a `date`/`date-time` schema, or null when none, invalid, or several distinct dates.
 * `today` (YYYY-MM-DD) is the message's occurred_at day, else the server's UTC date (§10.5.5).
 */
export function extractDate(text: string, format: "date" | "date-time", today: string): PhraseResult | null {
  const found: Found[] = [];
  numericDates(text, found);
  wordDates(tokenise(text), found);
  relativeDates(tokenise(text), today, found);
  const distinct = new Set(found.map((f) => f.iso));
  if (distinct.size !== 1 || distinct.has("invalid")) return null;
  const iso = (found[0] as Found).iso;
  return { value: format === "date" ? iso : `${iso}T00:00:00Z`, certainty: found.some((f) => f.fuzzy) ? "fuzzy" : "exact" };
}
