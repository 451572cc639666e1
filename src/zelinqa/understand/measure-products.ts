// [ext] Sides multiplied out for a measured target, in a reply to its own question (docs/zelinqa-understanding.md,
// "Units"): "7x3.5" or "10 m sur 5" for an area, "8x4x1,5" for a volume, converted to the target's unit ("Volume
// (litres)"); "4 m de diamètre" for the area of a round shape. Sides without a unit are taken in metres.
import type { MentionScan, NumberMention } from "./number-mentions.js";
import type { TargetWords } from "./target-words.js";
import { saidUnit, targetUnit } from "./unit-conversion.js";

/** Words between two sides: "7 x 3", "7 × 3", "10 by 5", "10 sur 5", "8 par 4", "3 fois 2", "3 times 2". */
const BY_WORDS = new Set(["sur", "by", "x", "fois", "par", "times"]);
const DIAMETER_WORDS = new Set(["diametre", "diameter"]);
const RADIUS_WORDS = new Set(["rayon", "radius"]);

export interface SidesProduct {
  readonly value: number;
  /** Some side had no unit while the target is no area in m², or the shape is round: a guess, held loosely. */
  readonly assumed: boolean;
}

/** The size in metres of a side's unit ("m", "cm", "ft"), 1 for a bare side, null for another kind of unit. */
function sideSize(m: NumberMention, tokens: MentionScan["tokens"]): number | null {
  if (m.unit === null || BY_WORDS.has(m.unit)) return 1;
  const u = saidUnit(m.unit, tokens[m.end + 1]?.norm);
  return u?.kind === "length" ? u.size : null;
}

/**
 * The product of two sides for an area or three for a volume, when the reply holds just these numbers, each pair joined
 * by one "by" word (after an optional unit), in the target's unit; null otherwise.
 */
export function sidesProduct(scan: MentionScan, words: TargetWords): SidesProduct | null {
  const target = targetUnit(words);
  if (target === null || (target.unit.kind !== "area" && target.unit.kind !== "volume")) return null;
  const ms = scan.mentions;
  if (ms.length === 1) return roundArea(ms[0] as NumberMention, scan, target.unit);
  const sides = target.unit.kind === "area" ? 2 : 3;
  if (ms.length !== sides || ms.some((m) => m.article || m.bound !== null || m.period !== null)) return null;
  let value = 1;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i] as NumberMention;
    const size = sideSize(m, scan.tokens);
    if (size === null) return null;
    value *= m.value * size;
    const next = ms[i + 1];
    if (next === undefined) break;
    // "7 x 3", "7m x 3m", "7 m sur 3": one "by" word between the sides, the first side's unit before it.
    const between = scan.tokens.slice(m.end, next.start).map((t) => t.norm);
    const by = m.unit !== null && BY_WORDS.has(m.unit) ? m.unit : between.length === 2 ? between[1] : undefined;
    if (by === undefined || !BY_WORDS.has(by) || between.length > 2) return null;
  }
  const bare =
    ms.every((m) => m.unit === null || BY_WORDS.has(m.unit)) && !scan.tokens.some((t, i) => i >= (ms.at(-1)?.end ?? 0) && sideUnit(t.norm));
  const inTarget = value / target.unit.size;
  return { value: Math.round(inTarget * 1000) / 1000, assumed: bare && !(target.unit.kind === "area" && target.unit.size === 1) };
}

const sideUnit = (w: string) => saidUnit(w, undefined)?.kind === "length";

/** "ronde, 4 m de diamètre", "3 m radius": the area of a disc, held loosely (a pool or a table is seldom a true circle). */
function roundArea(m: NumberMention, scan: MentionScan, unit: { kind: string; size: number }): SidesProduct | null {
  if (unit.kind !== "area") return null;
  const size = sideSize(m, scan.tokens);
  const words = scan.tokens.slice(m.end).map((t) => t.norm);
  const radius = words.some((w) => RADIUS_WORDS.has(w)) ? 1 : words.some((w) => DIAMETER_WORDS.has(w)) ? 2 : null;
  if (size === null || radius === null || m.unit === null) return null;
  const r = (m.value * size) / radius;
  return { value: Math.round(((Math.PI * r * r) / unit.size) * 1000) / 1000, assumed: true };
}
