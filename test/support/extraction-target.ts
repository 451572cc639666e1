// An ExtractionTarget as the understanding tests build one from a JSON Schema: its labels (with their values) and its
// enum values as phrases, in that order, and the schema's validator; no target words unless labelled.
import { compileSchemaValidator, extractorKindOf, phraseTokens, targetWords } from "../../src/zelinqa/understand/index.js";
import type { ExtractionTarget, Phrase } from "../../src/zelinqa/understand/index.js";

export function schemaTarget(schema: Record<string, unknown>, labels: Array<[string, unknown]> = []): ExtractionTarget {
  const enumValues = (schema.enum ?? (schema.items as { enum?: unknown[] } | undefined)?.enum ?? []) as unknown[];
  const phrases: Phrase[] = [
    ...labels.map(([label, value], order) => ({ tokens: phraseTokens(label), value, order })),
    ...enumValues.map((v, order) => ({ tokens: phraseTokens(String(v)), value: v, order })),
  ];
  return { kind: extractorKindOf(schema), phrases, validate: compileSchemaValidator(schema) };
}

/** The same, with the target words its label and question give (what the engine's compiled targets carry). */
export function labelledTarget(
  schema: Record<string, unknown>,
  about: { label: string; question?: string },
  labels: Array<[string, unknown]> = [],
): ExtractionTarget {
  return { ...schemaTarget(schema, labels), words: targetWords(about.label, about.question ?? "") };
}
