// Bounded nesting of configuration values (docs/zelinqa-api.md §12.4 invalid_schema [ext]): success-information schemas may nest at
// most MAX_SCHEMA_DEPTH levels, measured without recursion, and a stored draft holding a deeper value (accepted
// before the limit existed) is loaded with that value set aside, so it can be replaced or deleted through the API.
export const MAX_SCHEMA_DEPTH = 32;

/**
 * Stored values deeper than this are set aside on load. It is above every depth a request can now carry
 * (bodies nest at most 64 levels), so only values accepted before the limits existed are ever touched.
 */
export const MAX_STORED_VALUE_DEPTH = 64;

/** The $comment of the schema that stands in for a stored schema nested too deeply. */
export const QUARANTINED_SCHEMA_COMMENT = `zelinqa: the stored schema nested deeper than ${MAX_STORED_VALUE_DEPTH} levels and was set aside`;

/** True when arrays and objects nest deeper than `max` (a scalar has depth 0). Iterative, stops at the first excess. */
export function jsonDepthExceeds(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value !== "object" || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > max) return true;
    const children = Array.isArray(item.value) ? (item.value as unknown[]) : Object.values(item.value);
    for (const child of children) if (typeof child === "object" && child !== null) stack.push({ value: child, depth });
  }
  return false;
}

export function isQuarantinedSchema(schema: Record<string, unknown>): boolean {
  return schema.$comment === QUARANTINED_SCHEMA_COMMENT;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * A copy of a stored draft's JSON in which every too-deep schema is replaced by a stand-in that compiles but
 * blocks publication, and every too-deep `maps_to_value` is dropped. Runs before any recursive parse or clone.
 */
export function quarantineDeepDraftValues(json: unknown): unknown {
  const draft = record(json);
  if (draft === null) return json;
  const out: Record<string, unknown> = { ...draft };
  if (Array.isArray(draft.success_informations)) {
    out.success_informations = (draft.success_informations as unknown[]).map((item) => {
      const s = record(item);
      if (s === null || !jsonDepthExceeds(s.schema, MAX_STORED_VALUE_DEPTH)) return item;
      return { ...s, schema: { $comment: QUARANTINED_SCHEMA_COMMENT, not: {} } };
    });
  }
  if (Array.isArray(draft.questions)) {
    out.questions = (draft.questions as unknown[]).map((item) => {
      const q = record(item);
      if (q === null || !Array.isArray(q.choices)) return item;
      const choices = (q.choices as unknown[]).map((c) => {
        const choice = record(c);
        if (choice === null || !jsonDepthExceeds(choice.maps_to_value, MAX_STORED_VALUE_DEPTH)) return c;
        const { maps_to_value: _dropped, ...rest } = choice;
        return rest;
      });
      return { ...q, choices };
    });
  }
  return out;
}
