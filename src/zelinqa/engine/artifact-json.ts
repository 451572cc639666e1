// The JSON form of the compiled artefact (docs/zelinqa-api.md §11.1), stored in the database and parsed back by loadArtifact.
import { z } from "zod";
import {
  ChoiceSchema,
  DimensionSchema,
  JsonSchemaObjectSchema,
  ObjectiveSchema,
  QuestionTypeSchema,
  SelectionModeSchema,
} from "../contracts/index.js";
import { sha256Hex } from "./sha256.js";
import { ENGINE_VERSION } from "./version.js";

export const ARTIFACT_FORMAT = "zelinqa.artifact.v1";

export const TargetLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(["data", "exploration"]),
  link: z.enum(["primary", "secondary", "exploration"]),
});
export type TargetLink = z.infer<typeof TargetLinkSchema>;

export const CompiledQuestionJsonSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  selection_mode: SelectionModeSchema.nullable(),
  choices: z.array(ChoiceSchema),
  dimension_id: z.string(),
  active: z.boolean(),
  /** Principal first (docs/zelinqa-api.md §11.1). */
  targets: z.array(TargetLinkSchema).min(1),
  /** target id → choice id → the value that choice yields for that target. */
  choice_values: z.record(z.string(), z.record(z.string(), z.json())),
});
export type CompiledQuestionJson = z.infer<typeof CompiledQuestionJsonSchema>;

export const ExtractorKindSchema = z.enum(["enum", "array_enum", "boolean", "number", "integer", "date", "date-time", "string", "none"]);

export const CompiledSuccessInformationJsonSchema = z.object({
  id: z.string(),
  label: z.string(),
  schema: JsonSchemaObjectSchema,
  primary_question_id: z.string(),
  dimension_id: z.string(),
  extractor: ExtractorKindSchema,
  /** docs/zelinqa-api.md §10.5.2 phrase table: normalised tokens joined by spaces → value, with enum/choice order. */
  phrases: z.array(z.object({ text: z.string(), value: z.json(), order: z.number().int() })),
});
export type CompiledSuccessInformationJson = z.infer<typeof CompiledSuccessInformationJsonSchema>;

export const CompiledArtifactJsonSchema = z.object({
  format: z.literal(ARTIFACT_FORMAT),
  engine_version: z.string(),
  objective: ObjectiveSchema,
  /** Ordered by (order_position, id). */
  dimensions: z.array(DimensionSchema),
  questions: z.array(CompiledQuestionJsonSchema),
  success_informations: z.array(CompiledSuccessInformationJsonSchema),
});
export type CompiledArtifactJson = z.infer<typeof CompiledArtifactJsonSchema>;

/** The artefact with its two long lists left unchecked: checkArtifactJson checks their items one at a time. */
const ArtifactHeadSchema = CompiledArtifactJsonSchema.extend({
  questions: z.array(z.unknown()),
  success_informations: z.array(z.unknown()),
});

/** A stored artefact that does not fit its schema, or cannot be loaded (loadArtifact). */
export class CorruptArtifact extends Error {
  constructor(message: string) {
    super(`corrupt artefact: ${message}`);
    this.name = "CorruptArtifact";
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CorruptArtifact(`${where}: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The parsed JSON checked against CompiledArtifactJsonSchema, in steps: the head at once, then each question and each
 * success information, with a yield after each (the whole check of a largest artefact takes seconds).
 */
export function* checkArtifactJson(json: unknown): Generator<void, CompiledArtifactJson> {
  const head = checked(ArtifactHeadSchema, json, "artefact");
  const questions: CompiledQuestionJson[] = [];
  for (const [i, q] of head.questions.entries()) {
    questions.push(checked(CompiledQuestionJsonSchema, q, `questions[${i}]`));
    yield;
  }
  const successInformations: CompiledSuccessInformationJson[] = [];
  for (const [i, s] of head.success_informations.entries()) {
    successInformations.push(checked(CompiledSuccessInformationJsonSchema, s, `success_informations[${i}]`));
    yield;
  }
  return { ...head, questions, success_informations: successInformations };
}

let fingerprint: string | undefined;

/**
 * A digest of the artefact schema as JSON Schema (refinements excepted), with the engine version: an artefact stored
 * with the fingerprint of the running code was checked against this very schema when it was written, so loading it
 * again need not check it again (operations/artifact-text.ts).
 */
export function artifactSchemaFingerprint(): string {
  fingerprint ??= sha256Hex(
    JSON.stringify({ engine: ENGINE_VERSION, schema: z.toJSONSchema(CompiledArtifactJsonSchema, { unrepresentable: "any" }) }),
  ).slice(0, 32);
  return fingerprint;
}
