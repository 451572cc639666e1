// [ext] Choices ordered by time or urgency ("As soon as possible" / "This week" / "Can wait a few weeks", "Urgent" /
// "Dans le mois" / "Pas pressé"): each option's horizon is read from its label's own words, the person's deadline or
// tone from the reply ("today if you can!!", "by Friday", "in the next couple of days", "next month is fine", "no
// rush", "the car is undriveable"), and the option chosen is the nearest horizon that still meets the deadline. Always
// held loosely: the person stated a time, not an option.
import { MONTHS_BY_NAME, WEEKDAYS_BY_NAME } from "./named-days.js";
import { tokenise } from "./normalise.js";
import { statedDurations } from "./number-extractor.js";
import { rateOf } from "./ordered-scale.js";
import { optionReadings } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import type { TargetWords } from "./target-words.js";

const NEVER = Number.POSITIVE_INFINITY;
type Horizon = number | "week" | "next-week" | "month" | "next-month";

const seqs = (list: readonly string[]) => list.map((p) => p.split(" "));

/** Whatever the time: "no rush", "can wait", "whenever". Read before the urgent words ("not urgent"). */
const UNHURRIED = seqs([
  ...["no rush", "no hurry", "not in a hurry", "not in any hurry", "not urgent", "non urgent", "pas urgent", "peu urgent"],
  ...["take your time", "pas presse", "pas pressee", "pas presses", "rien ne presse", "pas de rush", "pas d urgence"],
  ...["aucune urgence", "no urgency", "sans urgence", "can wait", "it can wait", "peut attendre", "ca peut attendre"],
  ...["whenever", "when you can", "quand vous pouvez", "quand vous voulez", "no deadline", "pas de date"],
  ...["not a priority", "pas prioritaire"],
]);
/** What only a label says of the unhurried end ("Later", "Flexible"): a reply says "later this week". */
const UNHURRIED_LABEL = seqs(["flexible", "later", "plus tard", "someday", "un jour"]);
/** Today itself. */
const TODAY_WORDS = seqs([
  ...["today", "aujourd hui", "tonight", "ce soir", "this morning", "ce matin", "this afternoon", "cet apres midi"],
  ...["same day", "le jour meme"],
]);
/**
 * As soon as can be: said by a person, now; as a label's horizon, by the next day ("As soon as possible" meets
 * "tomorrow"). Also a thing that cannot be used at all until it is done.
 */
const ASAP = seqs([
  ...["asap", "as soon as possible", "right now", "right away", "immediately", "immediate", "immediatement", "immediat"],
  ...["tout de suite", "au plus vite", "des que possible", "au plus tot", "urgent", "urgente", "urgently", "urgence"],
  ...["emergency", "undriveable", "undrivable", "broken down", "en panne", "immobilise", "immobilisee", "immobilised"],
  ...["immobilized", "stranded", "unusable", "inutilisable", "hors service", "out of order", "out of action"],
  ...["can t drive", "cannot drive"],
]);
/** The tone of a scale ("Low" / "Medium" / "High", "not very", "very"): a time only when the target is about urgency. */
const TONE_LOW = seqs(["low", "faible", "basse", "not very", "pas tres", "not really", "pas vraiment", "pas trop"]);
const TONE_HIGH = seqs(["high", "haute", "elevee"]);
/**
 * [ext] Above high: "Critical", "Bloquant", an emergency: now. To a question of urgency, "urgent" or "asap" said by a
 * person is then half a day, so that it meets a "High" option before a "Critical" one.
 */
const TONE_TOP = seqs(["critical", "critique", "bloquant", "bloquante", "blocking", "emergency", "urgence absolue"]);
const URGENT_BUT_NOT_TOP = 0.5;
const TONE_MIDDLE = seqs(["medium", "moyen", "moyenne", "normal", "normale", "moderate", "modere", "moderee"]);
const INTENSE = new Set(["very", "tres", "extremely", "super", "really", "vraiment", "hyper", "extremement"]);
/** Target words (stems) that make a choice one of urgency or timing, whose tone words then state a horizon. */
const ABOUT_URGENCY = /^(urgen|priorit|delai|deadline|hurr|press|rush|timing|timeframe|echeance|quand|when|soon|vite)/;
const IN_DAYS: readonly [readonly string[][], Horizon][] = [
  [seqs(["deux trois jours", "2 3 jours", "2 or 3 days", "a few days", "quelques jours", "next few days"]), 3],
  [seqs(["day after tomorrow", "apres demain", "couple of days", "prochains jours", "deux jours", "2 jours", "2 days"]), 2],
  [seqs(["48h", "48 hours", "48 heures", "two days"]), 2],
  [seqs(["tomorrow", "demain", "24h", "24 hours", "24 heures", "within a day", "next day", "lendemain"]), 1],
  [seqs(["next week", "semaine prochaine", "semaine d apres", "week after"]), "next-week"],
  [
    seqs([
      ...["this week", "cette semaine", "dans la semaine", "within the week", "within a week", "before the weekend"],
      ...["avant le week end", "end of the week", "fin de semaine", "fin de la semaine", "sous une semaine", "sous 8 jours"],
      ...["sous huit jours", "d ici une semaine", "in the week"],
    ]),
    "week",
  ],
  [seqs(["next month", "mois prochain", "mois d apres", "month after"]), "next-month"],
  [seqs(["this month", "ce mois", "dans le mois", "end of the month", "fin du mois", "fin de mois", "within the month"]), "month"],
  [
    seqs([
      "few weeks",
      "quelques semaines",
      "couple of weeks",
      "coming weeks",
      "prochaines semaines",
      "fortnight",
      "quinzaine",
      "quinze jours",
    ]),
    14,
  ],
];
const startsAt = (tokens: readonly string[], seq: readonly string[], i: number) => seq.every((w, j) => tokens[i + j] === w);
const says = (tokens: readonly string[], list: readonly (readonly string[])[]) =>
  tokens.some((_, i) => list.some((seq) => startsAt(tokens, seq, i)));
const NEGATIONS = new Set(["not", "no", "pas", "n", "never", "jamais", "isn", "t"]);
/** Where the words of `list` are said, negated ("not that urgent", "pas si urgent") or not. */
function said(tokens: readonly string[], list: readonly (readonly string[])[]): { plain: boolean; negated: boolean } {
  const out = { plain: false, negated: false };
  tokens.forEach((_, i) => {
    if (!list.some((seq) => startsAt(tokens, seq, i))) return;
    if (NEGATIONS.has(tokens[i - 1] ?? "") || NEGATIONS.has(tokens[i - 2] ?? "")) out.negated = true;
    else out.plain = true;
  });
  return out;
}

function daysFrom(today: string, horizon: Horizon): number {
  if (typeof horizon === "number") return horizon;
  const day = new Date(`${today}T00:00:00Z`);
  const toSunday = (7 - day.getUTCDay()) % 7;
  const monthEnd = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate() - day.getUTCDate();
  switch (horizon) {
    case "week":
      return Math.max(1, toSunday);
    case "next-week":
      return toSunday + 1;
    case "month":
      return Math.max(1, monthEnd);
    case "next-month":
      return monthEnd + 1;
  }
}

/** The days a duration key of number-extractor.ts ("day:14", "month:3") spans, or null for minutes. */
function durationDays(key: string): number | null {
  const [base, n] = key.split(":");
  const value = Number(n);
  return base === "day" ? value : base === "month" ? value * 30 : null;
}

/**
 * The number of days from `today` a text allows: 0 for now, NEVER for whenever; null when it states no time. A label
 * and a reply are read alike; tone words ("Low", "very") count when `tone` (the target is about urgency).
 */
function horizonOf(tokens: readonly string[], today: string, reply: boolean, tone: boolean, words = true): number | null {
  if (tokens.length === 0) return null;
  const asap = said(tokens, ASAP);
  const unhurried = says(tokens, UNHURRIED) || asap.negated || (!reply && says(tokens, UNHURRIED_LABEL));
  // [ext] "not really urgent but before Friday", "pas pressé, d'ici fin janvier": the deadline said beside the tone.
  if (reply && unhurried) return statedDeadline(tokens, today) ?? NEVER;
  if (unhurried || (tone && says(tokens, TONE_LOW))) return NEVER;
  // [ext] "NOW", "maintenant !": now as the whole reply.
  if (reply && tokens.every((t) => NOW_ALONE.has(t)) && tokens.some((t) => t === "now" || t === "maintenant")) return 0;
  if (tone && says(tokens, TONE_TOP)) return 0;
  if (says(tokens, TODAY_WORDS)) return 0;
  if (asap.plain || (tone && says(tokens, TONE_HIGH))) return reply ? (tone ? URGENT_BUT_NOT_TOP : 0) : 1;
  // "very, the car is undriveable", "très !": the top of the scale, to a question of how urgent.
  if (reply && tone && INTENSE.has(tokens[0] as string)) return 0;
  if (tone && says(tokens, TONE_MIDDLE)) return 7;
  for (const [list, horizon] of IN_DAYS) if (says(tokens, list)) return daysFrom(today, horizon);
  // A duration alone ("12 months") is a length, not a deadline, in a label; only with a word of time beside it.
  if (!reply && !words) return null;
  // Only a text naming a unit of time states a duration (numbers are read only then: most replies name none).
  const durations = tokens.some((t) => TIME_UNIT_WORDS.has(t))
    ? statedDurations(tokens.join(" "))
        .map((d) => durationDays(d.key))
        .filter((d): d is number => d !== null)
    : [];
  if (durations.length > 0) return Math.max(...durations);
  if (!reply) return null;
  return monthDeadline(tokens, today) ?? weekdayDeadline(tokens, today);
}

/** What a reply of "now" alone may hold: "now please", "right now", "maintenant svp". */
const NOW_ALONE = new Set(["now", "maintenant", "right", "please", "pls", "plz", "svp", "stp", "tout", "de", "suite", "asap"]);

/** A deadline a reply states in days, a weekday or a month, whatever its tone; null when it states none. */
function statedDeadline(tokens: readonly string[], today: string): number | null {
  for (const [list, horizon] of IN_DAYS) if (says(tokens, list)) return daysFrom(today, horizon);
  return monthDeadline(tokens, today) ?? weekdayDeadline(tokens, today);
}

const TIME_UNIT_WORDS = new Set(
  ["jour", "day", "semaine", "week", "mois", "month", "an", "annee", "year", "quinzaine", "fortnight", "h", "heure", "hour"].flatMap(
    (w) => [w, `${w}s`],
  ),
);

/** "by Friday", "vendredi au plus tard": the days until that weekday (a week when it is today's). */
function weekdayDeadline(tokens: readonly string[], today: string): number | null {
  const weekdays = tokens.flatMap((t) => (WEEKDAYS_BY_NAME.has(t) ? [WEEKDAYS_BY_NAME.get(t) as number] : []));
  if (weekdays.length !== 1) return null;
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return ((weekdays[0] as number) - weekday + 7) % 7 || 7;
}

const key = (v: unknown) => JSON.stringify(v);

/** Words before a month that make it a deadline ("en janvier", "by March", "d'ici février", "end of May"). */
const BEFORE_MONTH = new Set(["en", "in", "by", "before", "avant", "for", "pour", "ici", "until", "jusqu", "of", "de", "early", "mid"]);
const MONTH_END = new Set(["fin", "end", "late"]);
const DAY_MS = 86_400_000;

/**
 * "en janvier", "by March", "fin février", "avant Noël", "d'ici la fin de l'année": the days until the month starts (its
 * end after fin/end/late, or when it is this month), until Christmas, or until the year's end. Null for none or two.
 */
function monthDeadline(tokens: readonly string[], today: string): number | null {
  const now = new Date(`${today}T00:00:00Z`);
  const until = (d: Date) => Math.max(0, Math.round((d.getTime() - now.getTime()) / DAY_MS));
  const year = now.getUTCFullYear();
  const text = ` ${tokens.join(" ")} `;
  if (/ (noel|christmas|xmas) /.test(text)) {
    const christmas = new Date(Date.UTC(year, 11, 25));
    return until(christmas.getTime() >= now.getTime() ? christmas : new Date(Date.UTC(year + 1, 11, 25)));
  }
  if (/ (fin de l annee|fin d annee|end of the year|year end|end of year) /.test(text)) return until(new Date(Date.UTC(year, 11, 31)));
  const months = tokens.flatMap((t, i) =>
    MONTHS_BY_NAME.has(t) && (BEFORE_MONTH.has(tokens[i - 1] ?? "") || MONTH_END.has(tokens[i - 1] ?? ""))
      ? [{ month: MONTHS_BY_NAME.get(t) as number, end: [1, 2, 3].some((k) => MONTH_END.has(tokens[i - k] ?? "")) }]
      : [],
  );
  if (months.length !== 1) return null;
  const { month, end } = months[0] as { month: number; end: boolean };
  const current = now.getUTCMonth() + 1;
  const y = month < current ? year + 1 : year;
  const endOfMonth = new Date(Date.UTC(y, month, 0));
  return until(end || month === current ? endOfMonth : new Date(Date.UTC(y, month - 1, 1)));
}

/** An urgency word right after an intensifier: "very urgent", "très urgent", "really urgent". */
function intensified(tokens: readonly string[]): boolean {
  return tokens.some((t, i) => INTENSE.has(t) && ASAP.some((seq) => startsAt(tokens, seq, i + 1)));
}

/**
 * The option of a time-ordered choice the reply's deadline or tone points to: the option with the nearest horizon that
 * still meets it, fuzzy. Null unless at least two options state distinct horizons and the reply states a time one of
 * them meets.
 */
export function horizonChoice(text: string, phrases: readonly Phrase[], today: string, words?: TargetWords): PhraseResult | null {
  const tone = words !== undefined && [...words.own].some((w) => ABOUT_URGENCY.test(w));
  // [ext] A label stating how often ("About once a week", "A few days a week") is a frequency, no deadline.
  const options = optionReadings(phrases, `horizon:${today}:${tone}`, (tokens) =>
    rateOf(tokens) === null ? horizonOf(tokens, today, false, tone) : null,
  ).map((o) => ({
    value: o.value,
    days: o.reading,
  }));
  // Durations alone ("12 months", "24 months") are lengths of a contract, not a scale of time: one option must say
  // now, a week, a month or whenever in words.
  const worded =
    optionReadings(phrases, `worded:${today}:${tone}`, (tokens) => horizonOf(tokens, today, false, tone, false), true).length > 0;
  if (!worded || options.length < 2 || new Set(options.map((o) => o.days)).size !== options.length) return null;
  const said = horizonOf(tokenise(text), today, true, tone);
  if (said === null) return null;
  // [ext] "urgent !!!", "URGENT": urgency said with emphasis is the top of the scale, now.
  // [ext] "very urgent", "super urgent", "extremely urgent": intensified, the top as well.
  const deadline =
    said === URGENT_BUT_NOT_TOP && (/!{2,}/.test(text) || /(?:^|[^\p{L}])\p{Lu}{4,}(?![\p{L}])/u.test(text) || intensified(tokenise(text)))
      ? 0
      : said;
  const meeting = options.filter((o) => o.days >= deadline).sort((a, b) => a.days - b.days);
  // "no rush" where no option says whenever: the latest, when every option states its horizon.
  const values = new Set(phrases.map((p) => key(p.value)));
  const latest = deadline === NEVER && meeting.length === 0 && values.size === options.length;
  const chosen = latest ? [...options].sort((a, b) => b.days - a.days)[0] : meeting[0];
  return chosen === undefined ? null : { value: chosen.value, certainty: "fuzzy" };
}
