// What the hand-written fast paths share: a value they return as-is must already be what zod would output,
// and a looseObject outputs its known keys in schema order, then the others in input order.
import { isRecord } from "../../shared/is-record.js";

export { isRecord };

/** Absent, null or a string: what a `z.string().nullish()` field accepts. */
export function isNullishString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string";
}

/** The keys of `value` are in the order a looseObject with the `known` keys outputs them. */
export function inSchemaOrder(value: Record<string, unknown>, known: readonly string[]): boolean {
  let position = -1;
  let unknownSeen = false;
  // for…in over own keys (no array of keys per message of every prompt); JSON.parse objects have no others.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    // zod's copy drops an own `__proto__` key (JSON.parse makes one): the schema decides such a value.
    if (key === "__proto__") return false;
    const at = known.indexOf(key);
    if (at < 0) unknownSeen = true;
    else if (unknownSeen || at < position) return false;
    else position = at;
  }
  return true;
}
