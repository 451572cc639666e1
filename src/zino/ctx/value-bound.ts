// The bounds on a ctxkey's host-side values [ext] (docs/zino-protocol.md §4, `context.max_values` and
// `context.max_values_chars`): what a value counts, the check both stores make before a write, and its refusal.
import { WireError } from "../../wire/index.js";
import type { SetValueResult, ValueLimits } from "./store.js";

/** What a ctxkey's values hold now: `count` keys of `chars` characters together, `own` of them the written key's (0: new). */
export interface ValuesHeld {
  count: number;
  chars: number;
  own: number;
  ownExists: boolean;
}

/** The characters one value counts for: its key and its JSON, as a client sent them (sealing is not counted). */
export function valueChars(key: string, value: unknown): number {
  return key.length + JSON.stringify(value).length;
}

/** Why writing `chars` characters under a key would pass a bound, or undefined when it fits (a rewrite frees its old size). */
export function valueRefusal(held: ValuesHeld, chars: number, limits: ValueLimits): SetValueResult | undefined {
  const { count, chars: heldChars } = held;
  if (!held.ownExists && count >= limits.maxValues) return { stored: false, limit: "max_values", count, chars: heldChars };
  if (heldChars - held.own + chars > limits.maxChars) return { stored: false, limit: "max_values_chars", count, chars: heldChars };
  return undefined;
}

/** The refusal of a set_value past a bound: which one, what the ctxkey holds, and what to do. */
export function valuesFull(ctxkey: string, refused: Extract<SetValueResult, { stored: false }>, limits: ValueLimits): WireError {
  const max = refused.limit === "max_values" ? limits.maxValues : limits.maxChars;
  const holds =
    refused.limit === "max_values"
      ? `already holds ${refused.count} values, the most context.max_values (${max}) allows`
      : `holds ${refused.chars} characters of values, and this one would pass context.max_values_chars (${max})`;
  return new WireError(
    "limit_reached",
    `ctxkey "${ctxkey}" ${holds}: remove values no longer needed first (set_value with value null), or raise ` +
      `context.${refused.limit} for this ctxkey (zino ctx set ${ctxkey} context.${refused.limit}=N) or in ZINO.toml [context].`,
    { limit: `context.${refused.limit}`, max, count: refused.count, chars: refused.chars },
  );
}
