// The in-memory artefact: the parsed JSON plus validators, extractor tables and indexes for the reducer and
// selection. loadArtifact throws on a corrupt artefact (the API answers 410 compiled_artifact_unavailable).
import type { CompletionRole, Dimension, Objective } from "../contracts/index.js";
import type { ExtractionTarget } from "../understand/extract-value.js";
import { compileSchemaValidator } from "../understand/json-schema-validator.js";
import type { ValueValidator } from "../understand/json-schema-validator.js";
import { CompiledArtifactJsonSchema } from "./artifact-json.js";
import type { CompiledArtifactJson, CompiledQuestionJson, CompiledSuccessInformationJson, TargetLink } from "./artifact-json.js";

/** §11.2 role weights W. */
export const ROLE_WEIGHT: Record<CompletionRole, number> = { blocking: 3, contributing: 2, optional: 1 };

export interface DimensionInfo extends Dimension {
  /** Position in the (order_position, id) order. */
  readonly index: number;
  readonly weight: number;
}

export interface QuestionInfo extends CompiledQuestionJson {
  readonly position: number;
  readonly dimension: DimensionInfo;
  readonly principal: TargetLink;
}

export interface DataTargetInfo extends CompiledSuccessInformationJson {
  readonly validate: ValueValidator;
  readonly extraction: ExtractionTarget;
  readonly dimension: DimensionInfo;
}

export interface CompiledArtifact {
  readonly json: CompiledArtifactJson;
  readonly objective: Objective;
  readonly dimensions: readonly DimensionInfo[];
  readonly dimensionById: ReadonlyMap<string, DimensionInfo>;
  readonly questions: readonly QuestionInfo[];
  readonly questionById: ReadonlyMap<string, QuestionInfo>;
  readonly dataTargets: readonly DataTargetInfo[];
  readonly dataTargetById: ReadonlyMap<string, DataTargetInfo>;
  /** Questions (active or not) linked to each target id. */
  readonly questionsByTarget: ReadonlyMap<string, readonly QuestionInfo[]>;
}

function fail(message: string): never {
  throw new Error(`corrupt artefact: ${message}`);
}

/** Rebuilds validators and indexes from the stored JSON. Throws on anything inconsistent. */
export function loadArtifact(json: unknown): CompiledArtifact {
  const parsed = CompiledArtifactJsonSchema.safeParse(json);
  if (!parsed.success) fail(parsed.error.message);
  const data = parsed.data;
  const dimensions: DimensionInfo[] = data.dimensions.map((d, index) => ({ ...d, index, weight: ROLE_WEIGHT[d.completion_role] }));
  const dimensionById = new Map(dimensions.map((d) => [d.id, d]));
  const questions: QuestionInfo[] = data.questions.map((q, position) => {
    const dimension = dimensionById.get(q.dimension_id) ?? fail(`question ${q.id} names an unknown dimension`);
    return { ...q, position, dimension, principal: q.targets[0] as TargetLink };
  });
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const dataTargets: DataTargetInfo[] = data.success_informations.map((s) => {
    let validate: ValueValidator;
    try {
      validate = compileSchemaValidator(s.schema);
    } catch {
      fail(`schema of ${s.id} does not compile`);
    }
    const phrases = s.phrases.map((p) => ({ tokens: p.text === "" ? [] : p.text.split(" "), value: p.value, order: p.order }));
    return { ...s, validate, extraction: { kind: s.extractor, phrases, validate }, dimension: dimensionById.get(s.dimension_id) ?? fail(`${s.id} has no dimension`) };
  });
  const dataTargetById = new Map(dataTargets.map((t) => [t.id, t]));
  const questionsByTarget = new Map<string, QuestionInfo[]>();
  for (const q of questions) {
    for (const t of q.targets) {
      if (t.kind === "data" && !dataTargetById.has(t.id)) fail(`question ${q.id} targets unknown ${t.id}`);
      const list = questionsByTarget.get(t.id);
      if (list) list.push(q);
      else questionsByTarget.set(t.id, [q]);
    }
  }
  return { json: data, objective: data.objective, dimensions, dimensionById, questions, questionById, dataTargets, dataTargetById, questionsByTarget };
}
