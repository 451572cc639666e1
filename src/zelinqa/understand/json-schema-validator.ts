// JSON Schema 2020-12 validation (formats date, date-time, email, uri) used by docs/zelinqa-api.md §10.5.6, §10.8 and §11.1.
// ajv is pure JavaScript (no node:* imports), so the engine may use these validators through this module.
// A schema's `pattern` (and `patternProperties`) runs on re2js, a linear-time engine, not on JavaScript's backtracking
// RegExp: `^(a+)+$` against a long answer would otherwise hold the event loop for hours (a published schema is input
// from a key holder, the value is input from anyone answering). What RE2 cannot run in linear time (look-arounds,
// back-references) does not compile, so such a schema is refused with `invalid_schema` when it is written.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { RE2JS } from "re2js";

export type ValueValidator = (value: unknown) => boolean;

type AddFormats = (ajv: Ajv2020, formats: string[]) => Ajv2020;
// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

/** Longest `pattern` compiled; a longer one makes the schema refused (RE2 programs grow with the pattern). */
export const MAX_PATTERN_LENGTH = 1000;

/** The error a pattern this engine does not run gives, so that callers can say what to change. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(
      `The pattern "${pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}" cannot be used: ${reason}. Patterns run in ` +
        `linear time (RE2 syntax): write it without look-arounds ((?=…), (?!…), (?<=…)) or back-references (\\1), at most ` +
        `${MAX_PATTERN_LENGTH} characters.`,
    );
    this.name = "UnsupportedPatternError";
  }
}

// JavaScript's white space (`\s` with the u flag), which RE2's ASCII `\s` lacks.
const JS_SPACE_EXTRA = "\\x{b}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}";
const hex = (codePoint: number) => `\\x{${codePoint.toString(16)}}`;

/**
 * Writes an ECMAScript pattern (what JSON Schema's `pattern` is) in RE2's syntax where the two differ: `\uXXXX` (a
 * surrogate pair joined), `\u{…}`, `\cX`, `[^]`, `[\b]`, and JavaScript's wider `\s`/`\S` outside a class. What RE2
 * has no equivalent for is left as written, and RE2 refuses it.
 */
export function ecmaToRe2(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === "\\") {
      const rest = pattern.slice(i);
      const braced = /^\\u\{([0-9a-fA-F]{1,6})\}/.exec(rest);
      const unit = /^\\u([0-9a-fA-F]{4})(?:\\u([dD][c-fC-F][0-9a-fA-F]{2}))?/.exec(rest);
      const next = pattern[i + 1] ?? "";
      if (braced) {
        out += hex(parseInt(braced[1]!, 16));
        i += braced[0].length - 1;
      } else if (unit) {
        const high = parseInt(unit[1]!, 16);
        const pair = unit[2] !== undefined && high >= 0xd800 && high <= 0xdbff;
        out += hex(pair ? 0x10000 + ((high - 0xd800) << 10) + (parseInt(unit[2]!, 16) - 0xdc00) : high);
        i += (pair ? unit[0].length : 6) - 1;
      } else if (next === "c" && /^[A-Za-z]$/.test(pattern[i + 2] ?? "")) {
        out += hex(pattern.charCodeAt(i + 2) % 32);
        i += 2;
      } else if (next === "b" && inClass) {
        out += hex(8);
        i += 1;
      } else if ((next === "s" || next === "S") && !inClass) {
        out += `[${next === "S" ? "^" : ""}\\s${JS_SPACE_EXTRA}]`;
        i += 1;
      } else if (next === "s" && inClass) {
        out += `\\s${JS_SPACE_EXTRA}`;
        i += 1;
      } else {
        out += c + next;
        i += 1;
      }
    } else if (!inClass && pattern.startsWith("[^]", i)) {
      out += "[\\x{0}-\\x{10ffff}]";
      i += 2;
    } else {
      if (c === "[" && !inClass) inClass = true;
      else if (c === "]" && inClass) inClass = false;
      out += c;
    }
  }
  return out;
}

/** ajv's `code.regExp`: a JSON Schema pattern is a search (unanchored), as `RegExp.prototype.test` is. */
function linearRegExp(pattern: string): { test(text: string): boolean; toString(): string } {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new UnsupportedPatternError(pattern, `it is ${pattern.length} characters long`);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(ecmaToRe2(pattern));
  } catch (error) {
    throw new UnsupportedPatternError(pattern, error instanceof Error ? error.message : "it is not valid");
  }
  return { test: (text) => compiled.matcher(text).find(), toString: () => `/${pattern}/re2` };
}
// ajv asks each regExp engine for the source of its constructor (used only by standalone code, which we never generate).
linearRegExp.code = 'require("re2js").RE2JS.compile';

/**
 * Schemas one ajv instance compiles before a new one takes over. An instance keeps every schema it ever compiled (in its
 * cache and in the values its generated code refers to), so one instance for the life of the process grew by about
 * 10 MB for each refused change batch of 500 new schemas, for good (100 such requests: 600 MB to 1.4 GB). A retired
 * instance goes with the last validator it compiled.
 */
export const SCHEMAS_PER_AJV = 500;
/** Validators kept for reuse, and the characters of their schemas' text; the least recently used go first. */
export const MAX_CACHED_VALIDATORS = 4_096;
const MAX_CACHED_SCHEMA_CHARS = 16 * 1024 * 1024;

let shared: Ajv2020 | null = null;
let compiledByShared = 0;
const cache = new Map<string, ValueValidator>();
let cachedChars = 0;

function ajv(): Ajv2020 {
  if (shared === null || compiledByShared >= SCHEMAS_PER_AJV) {
    shared = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, code: { regExp: linearRegExp } });
    addFormats(shared, ["date", "date-time", "email", "uri"]);
    compiledByShared = 0;
  }
  compiledByShared += 1;
  return shared;
}

function remember(key: string, validator: ValueValidator): void {
  if (key.length > MAX_CACHED_SCHEMA_CHARS) return;
  cache.set(key, validator);
  cachedChars += key.length;
  while (cache.size > MAX_CACHED_VALIDATORS || cachedChars > MAX_CACHED_SCHEMA_CHARS) {
    const oldest = cache.keys().next().value as string;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
}

/** Compiles a schema, or throws when it is not valid JSON Schema 2020-12. Identical schemas share a validator. */
export function compileSchemaValidator(schema: unknown): ValueValidator {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new Error("schema must be an object");
  // A top-level $id would make ajv refuse a later, edited version of the same schema.
  const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
  const instance = ajv();
  let validate: (value: unknown) => boolean;
  try {
    validate = instance.compile(anonymous);
  } finally {
    // The validator needs nothing from the instance's cache: without this, it kept each schema until the instance retired.
    instance.removeSchema(anonymous);
  }
  const validator: ValueValidator = (value) => validate(value);
  remember(key, validator);
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
