// `zino ctx set KEY path.to.field=value ...`: each assignment becomes a nested object fragment; a value is
// JSON when it parses as JSON (numbers, booleans, arrays, quoted strings), else the raw string.
import type { JsonObject } from "../config/index.js";
import { usageError } from "../../shared/cli.js";

export function parseAssignment(text: string): { path: string[]; value: unknown } {
  const eq = text.indexOf("=");
  if (eq <= 0) throw usageError(`expected path.to.field=value, got ${JSON.stringify(text)}`);
  const path = text.slice(0, eq).split(".");
  if (path.some((part) => part.length === 0)) throw usageError(`bad field path in ${JSON.stringify(text)}`);
  return { path, value: parseValue(text.slice(eq + 1)) };
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
      const next = node[key];
      if (typeof next === "object" && next !== null && !Array.isArray(next)) node = next as JsonObject;
      else node = node[key] = {};
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}
