// JSON Schema 2020-12 validation (formats date, date-time, email, uri) used by docs/zelinqa-api.md §10.5.6, §10.8 and §11.1.
// ajv is pure JavaScript (no node:* imports), so the engine may use these validators through this module.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

export type ValueValidator = (value: unknown) => boolean;

type AddFormats = (ajv: Ajv2020, formats: string[]) => Ajv2020;
// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

let shared: Ajv2020 | null = null;
const cache = new Map<string, ValueValidator>();

function ajv(): Ajv2020 {
  if (shared === null) {
    shared = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(shared, ["date", "date-time", "email", "uri"]);
  }
  return shared;
}

/** Compiles a schema, or throws when it is not valid JSON Schema 2020-12. Identical schemas share a validator. */
export function compileSchemaValidator(schema: unknown): ValueValidator {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) return cached;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new Error("schema must be an object");
  // A top-level $id would make ajv refuse a later, edited version of the same schema.
  const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
  const validate = ajv().compile(anonymous);
  const validator: ValueValidator = (value) => validate(value);
  cache.set(key, validator);
  return validator;
}

export function schemaCompiles(schema: unknown): boolean {
  try {
    compileSchemaValidator(schema);
    return true;
  } catch {
    return false;
  }
}
