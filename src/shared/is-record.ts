// The check every parser of untyped JSON starts with, before a schema or a fast path looks at the fields.

/** A plain JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
