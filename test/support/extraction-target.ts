// An ExtractionTarget as the understanding tests build one from a JSON Schema: its labels (with their values) and its
// enum values as phrases, in that order, and the schema's validator; no target words.
import { compileSchemaValidator, extractorKindOf, phraseTokens } from "../../src/zelinqa/understand/index.js";
import type { ExtractionTarget, Phrase } from "../../src/zelinqa/understand/index.js";

export function schemaTarget(schema: Record<string, unknown>, labels: Array<[string, unknown]> = []): ExtractionTarget {
  const enumValues = (schema.enum ?? (schema.items as { enum?: unknown[] } | undefined)?.enum ?? []) as unknown[];
  const phrases: Phrase[] = [
    ...labels.map(([label, value], order) => ({ tokens: phraseTokens(label), value, order })),
    ...enumValues.map((v, order) => ({ tokens: phraseTokens(String(v)), value: v, order })),
  ];
  return { kind: extractorKindOf(schema), phrases, validate: compileSchemaValidator(schema) };
}
