// Deterministic extraction of one success-information value from a text (§10.5), per schema kind,
// followed by schema validation (§10.5.6: an invalid value is dropped, it is not a conflict).
import { extractBoolean } from "./boolean-extractor.js";
import { extractDate } from "./date-extractor.js";
import type { ValueValidator } from "./json-schema-validator.js";
import { tokenise } from "./normalise.js";
import { extractNumber } from "./number-extractor.js";
import { arrayPhraseResult, findPhraseHits, scalarPhraseResult } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

export type ExtractorKind = "enum" | "array_enum" | "boolean" | "number" | "integer" | "date" | "date-time" | "string" | "none";

export interface ExtractionTarget {
  readonly kind: ExtractorKind;
  /** Choice labels and enum values (§10.5.2), already tokenised. */
  readonly phrases: readonly Phrase[];
  /** The phrases of at least 4 characters, the only ones indirect extraction uses (§10.4); derived if absent. */
  readonly indirectPhrases?: readonly Phrase[];
  readonly validate: ValueValidator;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function primaryType(schema: Record<string, unknown>): string | undefined {
  const t = schema.type;
  if (typeof t === "string") return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === "string" && x !== "null");
  return undefined;
}

/** The extractor a JSON Schema gets (§10.5.2–10.5.6). */
export function extractorKindOf(schema: unknown): ExtractorKind {
  if (!isRecord(schema)) return "none";
  const type = primaryType(schema);
  const enumValues = schema.enum;
  if (Array.isArray(enumValues) && enumValues.every((v) => typeof v === "string") && (type === undefined || type === "string")) return "enum";
  if (type === "boolean") return "boolean";
  if (type === "array" && isRecord(schema.items) && Array.isArray(schema.items.enum)) return "array_enum";
  if (type === "number") return "number";
  if (type === "integer") return "integer";
  if (type === "string") {
    if (schema.format === "date") return "date";
    if (schema.format === "date-time") return "date-time";
    return "string";
  }
  return "none";
}

/** The enum values of a schema, in order: scalar `enum` or array `items.enum`. */
export function enumValuesOf(schema: unknown): unknown[] {
  if (!isRecord(schema)) return [];
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if (isRecord(schema.items) && Array.isArray(schema.items.enum)) return schema.items.enum as unknown[];
  return [];
}

function validated(result: PhraseResult | null, target: ExtractionTarget): PhraseResult | null {
  return result !== null && target.validate(result.value) ? result : null;
}

/** Direct extraction: every extractor on the attributed reply. `today` is YYYY-MM-DD for relative dates. */
export function extractDirect(text: string, target: ExtractionTarget, today: string): PhraseResult | null {
  switch (target.kind) {
    case "enum":
      return validated(scalarPhraseResult(findPhraseHits(tokenise(text), target.phrases, true)), target);
    case "array_enum":
      return validated(arrayPhraseResult(findPhraseHits(tokenise(text), target.phrases, true)), target);
    case "boolean":
      return validated(extractBoolean(text, target.phrases), target);
    case "number":
    case "integer":
      return validated(extractNumber(text, target.kind === "integer"), target);
    case "date":
    case "date-time":
      return validated(extractDate(text, target.kind, today), target);
    case "string": {
      const trimmed = text.trim();
      return trimmed === "" ? null : validated({ value: trimmed, certainty: "exact" }, target);
    }
    case "none":
      return null;
  }
}

export function indirectPhrasesOf(phrases: readonly Phrase[]): Phrase[] {
  return phrases.filter((p) => p.tokens.join(" ").length >= 4);
}

/** Indirect extraction: exact label and enum phrase matches of at least 4 characters only (§10.4). */
export function extractIndirect(tokens: readonly string[], target: ExtractionTarget): PhraseResult | null {
  if (target.kind !== "enum" && target.kind !== "array_enum" && target.kind !== "boolean") return null;
  const phrases = target.indirectPhrases ?? indirectPhrasesOf(target.phrases);
  if (phrases.length === 0) return null;
  const hits = findPhraseHits(tokens, phrases, false);
  const result = target.kind === "array_enum" ? arrayPhraseResult(hits) : scalarPhraseResult(hits);
  return validated(result, target);
}
