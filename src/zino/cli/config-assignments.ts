// `zino ctx set KEY path.to.field=value ...`: each assignment becomes a nested object fragment; a value is
// JSON when it parses as JSON (numbers, booleans, arrays, quoted strings), else the raw string.
import type { JsonObject } from "../config/index.js";
import { usageError } from "../../shared/cli.js";
import { DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth } from "../../wire/json-depth.js";

/** Names that reach Object.prototype through a plain object's properties: never a configuration field. */
const RESERVED_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

export function parseAssignment(text: string): { path: string[]; value: unknown } {
  const eq = text.indexOf("=");
  if (eq <= 0) throw usageError(`expected path.to.field=value, got ${JSON.stringify(text)}`);
  const path = text.slice(0, eq).split(".");
  if (path.some((part) => part.length === 0)) throw usageError(`bad field path in ${JSON.stringify(text)}`);
  const reserved = path.find((part) => RESERVED_SEGMENTS.has(part));
  if (reserved !== undefined) {
    throw usageError(`"${reserved}" cannot be a field name (in ${path.join(".")}): no configuration field is called that`);
  }
  const raw = text.slice(eq + 1);
  // The set_config frame wraps the value in itself, `config` and the path's objects: all within the frames' depth.
  const room = DEFAULT_MAX_JSON_DEPTH - 1 - path.length;
  if (exceedsJsonDepth(Buffer.from(raw, "utf8"), room)) {
    throw usageError(
      `the value of ${path.join(".")} nests deeper than ${room} levels (a ZINO frame nests at most ${DEFAULT_MAX_JSON_DEPTH} levels in all)`,
    );
  }
  return { path, value: parseValue(raw) };
}

export function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Folds assignments into one object; later assignments win, as on a command line. */
export function assignmentsToConfig(assignments: readonly string[]): JsonObject {
  if (assignments.length === 0) throw usageError("ctx set needs at least one path.to.field=value");
  const out: JsonObject = {};
  for (const text of assignments) {
    const { path, value } = parseAssignment(text);
    let node = out;
    for (const key of path.slice(0, -1)) {
      const next = Object.hasOwn(node, key) ? node[key] : undefined;
      if (typeof next === "object" && next !== null && !Array.isArray(next)) node = next as JsonObject;
      else node = node[key] = {};
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}
