// An ExtractionTarget as the understanding tests build one from a JSON Schema: its labels (with their values) and its
// enum values as phrases, in that order, and the schema's validator; no target words unless labelled.
import { compileSchemaValidator, extractDirect, extractorKindOf, phraseTokens, targetWords } from "../../src/zelinqa/understand/index.js";
import type { Certainty, ExtractionTarget, Phrase } from "../../src/zelinqa/understand/index.js";
import { widenPhrases } from "../../src/zelinqa/understand/translations.js";

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

/** A choice as a configuration gives it: its label, its value and its synonyms. */
export type Choice = [label: string, value: unknown, synonyms?: string[]];

/** A target compiled as load-artifact.ts does: labels, synonyms and enum values, widened by translations.ts. */
export function choiceTarget(label: string, schema: Record<string, unknown>, choices: Choice[] = [], question = ""): ExtractionTarget {
  const enumValues = (schema.enum ?? (schema.items as { enum?: unknown[] } | undefined)?.enum ?? []) as unknown[];
  const order = (v: unknown) => Math.max(0, enumValues.indexOf(v));
  const phrases: Phrase[] = [
    ...choices.flatMap(([text, value, synonyms = []]) =>
      [text, ...synonyms].map((t) => ({ tokens: phraseTokens(t), value, order: order(value) })),
    ),
    ...enumValues.map((v, i) => ({ tokens: phraseTokens(String(v)), value: v, order: i })),
  ];
  return {
    kind: extractorKindOf(schema),
    phrases: widenPhrases(phrases),
    validate: compileSchemaValidator(schema),
    words: targetWords(label, question),
  };
}

/** The schema of a single choice among `values`, and of a multiple choice. */
export const singleChoice = (values: string[]) => ({ type: "string", enum: values });
export const multiChoice = (values: string[]) => ({ type: "array", items: { type: "string", enum: values }, uniqueItems: true });

/** A number or integer target with its bounds and the words of its label and question, as the number tests build one. */
export function boundedTarget(type: string, minimum: number, maximum: number, label: string, question = "") {
  return { ...labelledTarget({ type, minimum, maximum }, { label, question }), minimum, maximum };
}

/** What extractDirect reads from `text` for `target` on the day `today`: its value and certainty, or null. */
export function readDirect(text: string, target: ExtractionTarget, today: string): [unknown, Certainty] | null {
  const read = extractDirect(text, target, today);
  return read === null ? null : [read.value, read.certainty];
}
