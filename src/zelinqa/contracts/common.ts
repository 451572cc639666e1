// Shared scalar shapes of docs/zelinqa-api.md: identifiers, enums and helpers used by several contract modules.
import { z } from "zod";

/** Identifiers of configuration entities and runtime references are 1–128 characters (docs/zelinqa-api.md §8, §12.1). */
export const IdSchema = z.string().min(1).max(128);

/** docs/zelinqa-api.md §8.6 QuestionType. */
export const QuestionTypeSchema = z.enum(["open", "single_choice", "multiple_choice", "semi_open"]);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

export const SelectionModeSchema = z.enum(["single", "multiple"]);
export type SelectionMode = z.infer<typeof SelectionModeSchema>;

export const CompletionRoleSchema = z.enum(["blocking", "contributing", "optional"]);
export type CompletionRole = z.infer<typeof CompletionRoleSchema>;

export const QualificationLevelSchema = z.enum(["essential", "balanced", "deep"]);
export type QualificationLevel = z.infer<typeof QualificationLevelSchema>;

export const OutcomeSchema = z.enum(["asked_answered", "asked_no_answer", "refused"]);
export type Outcome = z.infer<typeof OutcomeSchema>;

/** RFC 3339 timestamps; responses always use UTC with milliseconds (docs/zelinqa-api.md §3). */
/**
 * An integer query parameter (`?limit=20`): plain decimal digits only, then bounded. Number() would also read "0x10",
 * "1e1", " 16", "+16" or "" as numbers; a query string is text, and only one spelling of a number is accepted in it.
 * The OpenAPI document (/docs/json) shows it as what it means, an integer with its bounds and default, not as the text
 * pattern it is checked with: the meta replaces the generated `type`/`pattern` (a `pattern: undefined` key is dropped
 * when the document is serialised), and {@link documentQueryDefault} puts the default back, which zod leaves out of an
 * input schema whose value is transformed.
 */
export function queryInteger(min: number, max: number, defaultValue: number) {
  const schema = z
    .string()
    .regex(/^[0-9]+$/, { error: `must be an integer written with the digits 0-9 only, between ${min} and ${max}` })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(defaultValue)
    .meta({ type: "integer", minimum: min, maximum: max, pattern: undefined });
  QUERY_DEFAULTS.set(schema, defaultValue);
  return schema;
}

const QUERY_DEFAULTS = new WeakMap<object, number>();

/** zod's JSON Schema `override` hook for the OpenAPI document: the default of a {@link queryInteger}. */
export function documentQueryDefault(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const value = typeof ctx.zodSchema === "object" && ctx.zodSchema !== null ? QUERY_DEFAULTS.get(ctx.zodSchema) : undefined;
  if (value !== undefined) ctx.jsonSchema.default = value;
}

export const TimestampSchema = z.iso.datetime({ offset: true });

/** Any JSON value (choice mappings, schema fragments). */
export const JsonValueSchema = z.json();
export type JsonValue = z.infer<typeof JsonValueSchema>;

/** A JSON Schema document; the engine checks it compiles as 2020-12 (docs/zelinqa-api.md §12.4 invalid_schema). */
export const JsonSchemaObjectSchema = z.record(z.string(), z.unknown());
export type JsonSchemaObject = z.infer<typeof JsonSchemaObjectSchema>;

/** Refinement for arrays declared "unique" in the spec; keeps the array shape unchanged. */
export function uniqueArray<T extends z.ZodType>(item: T) {
  return z.array(item).refine((values) => new Set(values.map((v) => JSON.stringify(v))).size === values.length, {
    message: "items must be unique",
  });
}
