// Success-information schema rules (docs/zelinqa-api.md §12.4 invalid_schema) and choice values of §11.1.
import type { Choice, JsonSchemaObject } from "../contracts/index.js";
import { UnsupportedPatternError, compileSchemaValidator } from "../understand/json-schema-validator.js";
import type { ValueValidator } from "../understand/json-schema-validator.js";
import { MAX_SCHEMA_DEPTH, MAX_STORED_VALUE_DEPTH, isQuarantinedSchema, jsonDepthExceeds } from "./json-depth.js";

const ALLOWED_TYPES = new Set(["string", "number", "integer", "boolean", "array"]);
const isScalarOrArray = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean" || Array.isArray(v);

/** Why a schema is refused, or null: it must compile as 2020-12 and accept only scalar or array values. */
export function schemaProblem(schema: JsonSchemaObject): string | null {
  if (isQuarantinedSchema(schema)) {
    return `The stored schema nested deeper than ${MAX_STORED_VALUE_DEPTH} levels and was set aside: replace it or delete this success information.`;
  }
  // Checked before compiling: compilers and clones recurse once per level.
  if (jsonDepthExceeds(schema, MAX_SCHEMA_DEPTH)) return `The schema nests deeper than ${MAX_SCHEMA_DEPTH} levels.`;
  try {
    compileSchemaValidator(schema);
  } catch (error) {
    if (error instanceof UnsupportedPatternError) return error.message;
    return `The schema does not compile as JSON Schema 2020-12: ${error instanceof Error ? error.message : "unknown error"}.`;
  }
  const type = schema.type;
  if (typeof type === "string") return ALLOWED_TYPES.has(type) ? null : `The schema type "${type}" is not allowed.`;
  if (Array.isArray(type)) {
    return type.length > 0 && type.every((t) => typeof t === "string" && ALLOWED_TYPES.has(t))
      ? null
      : "The schema types must be string, number, integer, boolean or array.";
  }
  const values = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : "const" in schema ? [schema.const] : null;
  if (values !== null && values.length > 0 && values.every(isScalarOrArray)) return null;
  return "The schema must accept only string, number, integer, boolean or array values.";
}

export function isArraySchema(schema: JsonSchemaObject): boolean {
  return schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
}

/**
 * docs/zelinqa-api.md §11.1 value of one choice for a target: maps_to_value if it validates, else the label if it validates, else
 * none. For an array schema the single choice is checked as a one-element array; the element is returned.
 */
export function choiceValue(choice: Choice, schema: JsonSchemaObject, validate: ValueValidator): { value: unknown } | null {
  const wrap = isArraySchema(schema) ? (v: unknown) => [v] : (v: unknown) => v;
  if (choice.maps_to_value !== undefined && validate(wrap(choice.maps_to_value))) return { value: choice.maps_to_value };
  if (validate(wrap(choice.label))) return { value: choice.label };
  return null;
}

/**
 * The schema's validator. A schema stored before patterns ran on a linear-time engine may hold one that engine does
 * not run (a look-around, a back-reference): it gets a validator that accepts nothing, and blocks publication
 * (runsNoValue) until it is replaced.
 */
export function validatorFor(schema: JsonSchemaObject): ValueValidator {
  try {
    return compileSchemaValidator(schema);
  } catch (error) {
    if (error instanceof UnsupportedPatternError) return REFUSE_EVERY_VALUE;
    throw error;
  }
}

/** True when a stored schema can accept no value at all: set aside for its depth, or a pattern that cannot run. */
export function runsNoValue(schema: JsonSchemaObject): boolean {
  return isQuarantinedSchema(schema) || validatorFor(schema) === REFUSE_EVERY_VALUE;
}

const REFUSE_EVERY_VALUE: ValueValidator = () => false;

/** [ext] Value synonyms must be keyed by a value of the schema: an enum value, or "true"/"false" for a boolean. */
export function synonymKeysProblem(schema: JsonSchemaObject, synonyms: Record<string, unknown> | null | undefined): string | null {
  if (!synonyms) return null;
  const items = schema.items;
  const enumValues = Array.isArray(schema.enum)
    ? (schema.enum as unknown[])
    : typeof items === "object" && items !== null && Array.isArray((items as Record<string, unknown>).enum)
      ? ((items as Record<string, unknown>).enum as unknown[])
      : schema.type === "boolean"
        ? [true, false]
        : [];
  const keys = new Set(enumValues.map((v) => String(v)));
  const unknown = Object.keys(synonyms).filter((k) => !keys.has(k));
  return unknown.length === 0 ? null : `The synonyms name values the schema does not have: ${unknown.join(", ")}.`;
}
