// [ext] Lengths, areas, volumes, speeds and weights said in another unit than the target's (docs/zelinqa-understanding.md,
// "Units"): the unit a target counts in is read from its label and question ("Distance (km)", "Volume (litres)", "Vitesse
// (km/h)"); a number said in another unit of the same kind ("5 miles", "50 m3", "20 noeuds", "150 lbs", "1m75") is
// converted by its fixed factor. A result that had to be rounded is held loosely; a unit of another kind ("5 kg" for a
// distance) converts nothing. Durations are TIME_UNITS' (number-extractor.ts).
import { approximationAt } from "./number-mentions.js";
import type { MentionScan, NumberMention } from "./number-mentions.js";
import type { TargetWords } from "./target-words.js";

type Kind = "length" | "area" | "volume" | "speed" | "weight";
export interface Unit {
  readonly kind: Kind;
  /** Size in the kind's base unit (metres, square metres, cubic metres, km/h, kilograms). */
  readonly size: number;
}

const UNITS: Record<string, Unit> = {};
const define = (kind: Kind, size: number, words: string) => {
  for (const w of words.split(" ")) UNITS[w] = { kind, size };
};
define("length", 1000, "km kms kilometre kilometres kilometer kilometers");
define("length", 1, "m metre metres meter meters");
define("length", 0.01, "cm centimetre centimetres centimeter centimeters");
define("length", 0.001, "mm millimetre millimetres millimeter millimeters");
define("length", 0.9144, "yd yard yards");
define("length", 1609.344, "mile miles mi");
define("length", 0.3048, "ft feet foot");
define("length", 0.0254, "in inch inches pouce pouces");
// Areas: "m²" is normalised to "m2". Not "are" (an English verb: "the 2 are bigger"), nor "sq" (feet or metres).
define("area", 1, "m2 sqm");
define("area", 0.0001, "cm2");
define("area", 1_000_000, "km2");
define("area", 10_000, "ha hectare hectares");
define("area", 100, "ares");
define("area", 4046.8564224, "acre acres");
// Volumes: "m³" is normalised to "m3". Not "l" alone (the elided article of "100 l'an"), nor gallons (US or UK).
define("volume", 1, "m3");
define("volume", 0.001, "litre litres liter liters");
define("volume", 0.0001, "dl");
define("volume", 0.00001, "cl");
define("volume", 0.000001, "ml millilitre millilitres");
define("volume", 0.1, "hl hectolitre hectolitres");
// Speeds in km/h; "km/h" itself is a length unit followed by an hour word (saidUnit). A knot is a nautical mile per hour.
define("speed", 1, "kmh kph");
define("speed", 1.609344, "mph");
define("speed", 1.852, "noeud noeuds nœud nœuds knot knots kn kt kts nd nds");
define("weight", 1, "kg kgs kilo kilos kilogramme kilogrammes kilogram kilograms");
define("weight", 0.001, "g gr gramme grammes gram grams");
define("weight", 0.45359237, "lb lbs pound pounds livre livres");
define("weight", 6.35029318, "stone stones st");

/** Words for an hour after a length: "km/h", "km par heure", "miles an hour". */
const HOUR_WORDS = new Set(["h", "heure", "hour", "hr"]);
const SQUARE_WORDS = new Set(["carre", "carres", "carree", "carrees", "square", "squared", "2"]);
const CUBE_WORDS = new Set(["cube", "cubes", "cubic", "3"]);
/** A length unit per hour as the speed unit of the same size: "km" and "h" make km/h. */
const perHour = (length: Unit): Unit => ({ kind: "speed", size: length.size / 1000 });

/** The unit a target counts in: the one unit word of its label or question (none when it names two). */
export function targetUnit(words: TargetWords | undefined): { word: string; unit: Unit } | null {
  if (words === undefined) return null;
  const found = [...words.own].filter((w) => UNITS[w] !== undefined);
  const sizes = new Set(found.map((w) => `${UNITS[w]?.kind}:${UNITS[w]?.size}`));
  const word = found[0];
  if (word === undefined || sizes.size !== 1) return null;
  const unit = UNITS[word] as Unit;
  // "Vitesse (km/h)", "Speed in miles per hour": a length with an hour word is a speed.
  if (unit.kind === "length" && [...words.own].some((w) => HOUR_WORDS.has(w))) {
    const speed = perHour(unit);
    return { word: speed.size === 1 ? "kmh" : "mph", unit: speed };
  }
  return { word, unit };
}

/**
 * The unit said after a number, read with the word after it: "45 m carrés" and "80 square metres" are areas, "40 mètres
 * cubes" and "30 cubic metres" volumes, "20 km/h" a speed.
 */
export function saidUnit(unit: string, next: string | undefined): Unit | undefined {
  const own = UNITS[unit];
  const after = next === undefined ? undefined : UNITS[next];
  if (own?.kind === "length" && next !== undefined) {
    if (own.size === 1 && SQUARE_WORDS.has(next)) return UNITS.m2;
    if (own.size === 1 && CUBE_WORDS.has(next)) return UNITS.m3;
    if (HOUR_WORDS.has(next)) return perHour(own);
  }
  if (after?.kind === "length") {
    // "30 square metres"; square feet are productOf's (number-extractor.ts), rounded to a tenth.
    if ((unit === "sq" || unit === "square") && after.size === 1) return UNITS.m2;
    if (unit === "cubic") return { kind: "volume", size: after.size ** 3 };
  }
  return own;
}
/** Unit words that are also common words ("3 in the morning", "5 st james street"): they bind nothing by themselves. */
const COMMON_WORDS = new Set(["in", "st", "mi", "are"]);

/**
 * [ext] How a unit said after a number stands to the target's unit: "same" kind ("3 kg", "1kg500" for "Kilos de
 * légumes"; converted beforehand when of another size), "other" kind ("12 m²" for a length, "5 kg" for a distance:
 * not the target's measure), null when the target names no unit or the word is no unit.
 */
export function unitKindAgainst(
  unit: string,
  words: TargetWords | undefined,
  next?: string,
  /** [ext] (s23) In passing, where nothing is converted: another size of the kind ("1.68 m" for km) is "other" too. */
  sizeToo = false,
): "same" | "other" | null {
  const said = saidUnit(unit, next);
  const target = said === undefined || COMMON_WORDS.has(unit) ? null : targetUnit(words);
  if (said === undefined || target === null) return null;
  return said.kind === target.unit.kind && (!sizeToo || said.size === target.unit.size) ? "same" : "other";
}

/** Words ending like a plural that are none: links and adverbs that may follow a number ("60 mais…", "40 max"). */
const NOT_NOUNS = new Set(
  (
    "mais plus puis dans sous sans vers apres pres tres alors jamais toujours parfois tous les des mes tes ses nos vos " +
    "ceux deux trois max approx was has this thus yes his ours yours always sometimes perhaps unless besides less minus " +
    "towards afterwards across its"
  ).split(" "),
);
/**
 * [ext] Whether a word after a number counts other things than a target measured in a unit ("for 4 desks", "3
 * bureaux" to "Surface (m²)"): a plural noun that is no unit of measure.
 */
export function countsOtherThings(unit: string, words: TargetWords | undefined): boolean {
  return targetUnit(words) !== null && UNITS[unit] === undefined && /^\p{L}{3,}[sx]$/u.test(unit) && !NOT_NOUNS.has(unit);
}

/**
 * [ext] Whether a word after a fraction said in words names a thing, no unit, for a target measured in a unit: "half a
 * marathon", "un demi-réservoir" are parts of things whose size the reply does not give.
 */
export function namesOtherThing(unit: string, words: TargetWords | undefined): boolean {
  return targetUnit(words) !== null && UNITS[unit] === undefined && /^\p{L}{4,}$/u.test(unit) && !NOT_NOUNS.has(unit);
}

/**
 * A converted figure as exact as it comes to the thousandth ("12 noeuds" is 22.224 km/h), else to the hundredth
 * ("8 miles" is 12.87 km, not 12.875), below 1 to three significant digits.
 */
function roundConverted(v: number): number {
  const thousandths = Math.round(v * 1000) / 1000;
  if (Math.abs(thousandths - v) < 1e-9) return thousandths;
  return Math.abs(v) >= 1 ? Math.round(v * 100) / 100 : Number(v.toPrecision(3));
}

/** One mention in the target's unit, or the mention unchanged (no unit, the target's, or another kind). */
function inTargetUnit(m: NumberMention, target: { word: string; unit: Unit }, integer: boolean, next: string | undefined): NumberMention {
  const said = m.unit === null ? undefined : saidUnit(m.unit, next);
  if (said === undefined || said.kind !== target.unit.kind) return m;
  // "20 km/h", "40 mètres cubes": a unit said in two words becomes the target's one word.
  if (said.size === target.unit.size) return said === UNITS[m.unit ?? ""] ? m : { ...m, unit: target.word };
  const raw = (m.value * said.size) / target.unit.size;
  const value = integer ? Math.round(raw) : roundConverted(raw);
  // A factor of ten ("3000 m" in km, "1,75 m" in cm) is exact; others are rounded.
  const exact = Math.abs(value - raw) < 1e-9;
  return { ...m, value, unit: target.word, fuzzy: m.fuzzy || !exact };
}

/** The digits said after the base unit that make its next smaller one: "1m75" (centimetres), "3kg500" (grams). */
const SUBUNIT: Partial<Record<Kind, { digits: RegExp; per: number; base: string }>> = {
  length: { digits: /^\d{2}$/, per: 100, base: "m" },
  weight: { digits: /^\d{3}$/, per: 1000, base: "kg" },
};

/** A number in words right after the base unit, alone at the end of its clause, that counts its smaller unit. */
function wordsSubunit(rest: NumberMention, a: NumberMention, per: number, tokens: MentionScan["tokens"]): boolean {
  const word = tokens[rest.start]?.kind === "word" && !rest.article && rest.bound === null && rest.unit === null;
  return word && rest.start === a.end + 1 && Number.isInteger(rest.value) && rest.value >= per / 10 && rest.value < per;
}

/**
 * "1m75", "1 m 80" (metres and centimetres), "3kg500", "2 kilos 300" (kilograms and grams), "5'10", "5 ft 10" (feet
 * and inches): one measure, read as one mention in the base unit in place of the first number's; the scan unchanged
 * otherwise.
 */
function joinedMeasures(scan: MentionScan, text: string, kind: Kind, from = 0): MentionScan {
  const sub = SUBUNIT[kind];
  const { tokens, mentions } = scan;
  for (let i = from; i < mentions.length; i++) {
    const a = mentions[i] as NumberMention;
    const next = tokens[a.end + 1];
    const rest = mentions.find((m) => m.start === a.end || m.start === a.end + 1);
    let value: number | null = null;
    let end = a.end;
    let unit = sub?.base ?? "m";
    const base = a.unit === null ? undefined : UNITS[a.unit];
    if (
      sub !== undefined &&
      base?.kind === kind &&
      base.size === 1 &&
      next?.kind === "digits" &&
      sub.digits.test(next.norm) &&
      /^\s*$/.test(text.slice(tokens[a.end]?.end ?? 0, next.start))
    ) {
      value = a.value + Number(next.norm) / sub.per;
      end = a.end + 2;
    } else if (
      sub !== undefined &&
      base?.kind === kind &&
      base.size === 1 &&
      rest !== undefined &&
      wordsSubunit(rest, a, sub.per, tokens)
    ) {
      // [ext] "trois mètres cinquante", "deux kilos cinq cents": the smaller unit said in words after the base one.
      value = a.value + rest.value / sub.per;
      end = rest.end;
    } else if (
      kind === "length" &&
      a.unit !== null &&
      UNITS[a.unit]?.size === 0.3048 &&
      next?.kind === "digits" &&
      Number(next.norm) < 12 &&
      next.start === tokens[a.end]?.end
    ) {
      // (s26) "5ft10": the inches glued after the feet (the scan keeps no number glued after a word), not 5 ft alone.
      value = (a.value * 12 + Number(next.norm)) * 0.0254;
      end = a.end + 2;
    } else if (kind === "length" && rest !== undefined && rest.value < 12 && Number.isInteger(rest.value)) {
      const gap = text.slice(tokens[a.end - 1]?.end ?? 0, tokens[rest.start]?.start ?? 0);
      const feet =
        (a.unit !== null && UNITS[a.unit]?.size === 0.3048 && rest.start === a.end + 1) || (rest.start === a.end && /^\s*'\s*$/.test(gap));
      if (feet) {
        value = (a.value * 12 + rest.value) * 0.0254;
        end = rest.end;
      }
    } else if (
      kind === "weight" &&
      a.unit !== null &&
      UNITS[a.unit]?.size === UNITS.stone?.size &&
      rest !== undefined &&
      rest.start === a.end + 1 &&
      rest.unit === null &&
      Number.isInteger(rest.value) &&
      rest.value < 14
    ) {
      // [ext] (s27) "15 st 4", "11 stone 6": stones then pounds, counted in pounds (converted like any pound).
      value = a.value * 14 + rest.value;
      end = rest.end;
      unit = "lb";
    }
    if (value === null) continue;
    // "un mètre 80": the article is part of the height, no count of one thing. [ext] (s27) An approximation after the
    // whole measure ("1m05 à peu près") holds it loosely, as after a single number.
    const fuzzy = a.fuzzy || (rest?.fuzzy ?? false) || approximationAt(text, tokens, end);
    const joined: NumberMention = { ...a, end, value, unit, article: false, fuzzy };
    // [ext] Every such measure: "2m40 + 1m80".
    return joinedMeasures(
      { tokens, mentions: [...mentions.slice(0, i), joined, ...mentions.slice(i + 1).filter((m) => m.start >= end)] },
      text,
      kind,
      i + 1,
    );
  }
  return scan;
}

/**
 * [ext] "2k", "a 100k" for a distance in kilometres: the "k" is the kilometre, not a thousand, when a thousand times
 * it is above the target's maximum.
 */
function thousandsOfKm(scan: MentionScan, target: { word: string; unit: Unit }, maximum: number | undefined): MentionScan {
  if (target.unit.kind !== "length" || target.unit.size !== 1000 || maximum === undefined) return scan;
  const { tokens } = scan;
  let changed = false;
  const mentions = scan.mentions.map((m) => {
    const k = tokens[m.end - 1];
    // "87k" for a mileage is 87,000 km: only a thousand-fold value above the target's maximum is a number of km.
    if (
      m.end - m.start !== 2 ||
      k?.norm !== "k" ||
      m.value <= maximum ||
      tokens[m.start]?.kind !== "digits" ||
      k.start !== (tokens[m.start]?.end ?? -1)
    )
      return m;
    changed = true;
    return { ...m, value: m.value / 1000, unit: m.unit === null || UNITS[m.unit] === undefined ? target.word : m.unit };
  });
  return changed ? { tokens, mentions } : scan;
}

/**
 * [ext] (s24) "1.68", "1,75" for a height in centimetres: a bare decimal under 3 with two decimals is metres, held
 * loosely (no one is 1.68 cm tall). Only for a target counted in centimetres.
 */
function metresForCentimetres(scan: MentionScan, text: string, target: { unit: Unit }): MentionScan {
  if (target.unit.kind !== "length" || target.unit.size !== 0.01) return scan;
  let changed = false;
  const mentions = scan.mentions.map((m) => {
    const t = scan.tokens[m.start];
    const bare = m.unit === null && m.end - m.start === 1 && t?.kind === "digits";
    if (!bare || !/^[0-2][.,]\d\d$/.test(text.slice(t.start, t.end)) || m.value < 0.3) return m;
    changed = true;
    return { ...m, value: Math.round(m.value * 100), unit: "cm", fuzzy: true };
  });
  return changed ? { tokens: scan.tokens, mentions } : scan;
}

/**
 * (s26) "one seventy", "one eighty-five" for a height in centimetres: "one" then a number of 10 to 99 in words, with
 * nothing between them and no unit after them, is one metre and that many centimetres (as "un mètre soixante-dix" is). Only for a
 * target counted in centimetres.
 */
function spokenMetres(scan: MentionScan, target: { unit: Unit }): MentionScan {
  if (target.unit.kind !== "length" || target.unit.size !== 0.01) return scan;
  const { tokens, mentions } = scan;
  for (let i = 0; i + 1 < mentions.length; i++) {
    const a = mentions[i] as NumberMention;
    const b = mentions[i + 1] as NumberMention;
    const one = a.value === 1 && a.end - a.start === 1 && tokens[a.start]?.norm === "one";
    const words = b.start === a.end && tokens[b.start]?.kind === "word" && !b.article && (b.unit === null || UNITS[b.unit] === undefined);
    if (!one || !words || !Number.isInteger(b.value) || b.value < 10 || b.value > 99) continue;
    const joined: NumberMention = {
      ...b,
      start: a.start,
      before: a.before,
      value: 100 + b.value,
      unit: "cm",
      article: false,
      fuzzy: a.fuzzy || b.fuzzy,
    };
    return { tokens, mentions: [...mentions.slice(0, i), joined, ...mentions.slice(i + 2)] };
  }
  return scan;
}

/**
 * [ext] (s27) In passing, where nothing else is converted: a measure said in two units at once ("1m75", "3kg500",
 * "5'10", "5 ft 10") is a measure by its form alone, never a count nor a bare size: it is converted to the target's unit
 * when that unit is of its kind and scale ("70kg, 1m75" gives a height in cm 175, never km). A measure in one unit
 * ("1,26 m" for cm) is not.
 */
export function compoundMeasuresConverted(scan: MentionScan, text: string, words: TargetWords | undefined, integer: boolean): MentionScan {
  const target = targetUnit(words);
  // Only for a target counted at the measure's own scale (metres to millimetres, kilograms to grams): "je mesure 1m75"
  // is no distance in km.
  if (target === null || scan.mentions.length === 0 || target.unit.size > 1 || target.unit.size < 0.001) return scan;
  const joined = joinedMeasures(scan, text, target.unit.kind);
  if (joined === scan) return scan;
  const said = new Set(scan.mentions);
  const mentions = joined.mentions.map((m) => (said.has(m) ? m : inTargetUnit(m, target, integer, joined.tokens[m.end + 1]?.norm)));
  return { tokens: joined.tokens, mentions };
}

/** [ext] The mentions said in another unit of the target's kind, converted to its unit (see the module comment). */
export function convertedUnits(
  scan: MentionScan,
  text: string,
  words: TargetWords | undefined,
  integer: boolean,
  maximum?: number,
): MentionScan {
  const target = targetUnit(words);
  if (target === null || scan.mentions.length === 0) return scan;
  const joined = joinedMeasures(
    spokenMetres(metresForCentimetres(thousandsOfKm(scan, target, maximum), text, target), target),
    text,
    target.unit.kind,
  );
  const mentions = joined.mentions.map((m) => inTargetUnit(m, target, integer, joined.tokens[m.end + 1]?.norm));
  return mentions.every((m, i) => m === joined.mentions[i]) ? joined : { tokens: joined.tokens, mentions };
}
