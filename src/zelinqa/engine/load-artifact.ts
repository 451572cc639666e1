// The in-memory artefact: the parsed JSON plus validators, extractor tables and indexes for the reducer and
// selection. loadArtifact throws on a corrupt artefact (the API answers 410 compiled_artifact_unavailable).
import type { CompletionRole, Dimension, Objective } from "../contracts/index.js";
import { indirectPhrasesOf } from "../understand/extract-value.js";
import type { ExtractionTarget } from "../understand/extract-value.js";
import { targetWords } from "../understand/target-words.js";
import type { StemLookup } from "../understand/target-words.js";
import { widenPhrases } from "../understand/translations.js";
import type { ValueValidator } from "../understand/json-schema-validator.js";
import { runAtOnce } from "../../shared/time-slices.js";
import { CorruptArtifact, checkArtifactJson } from "./artifact-json.js";
import { validatorFor } from "./schema-rules.js";
import type { CompiledArtifactJson, CompiledQuestionJson, CompiledSuccessInformationJson, TargetLink } from "./artifact-json.js";

/** docs/zelinqa-api.md §11.2 role weights W. */
export const ROLE_WEIGHT: Record<CompletionRole, number> = { blocking: 3, contributing: 2, optional: 1 };

export interface DimensionInfo extends Dimension {
  /** Position in the (order_position, id) order. */
  readonly index: number;
  readonly weight: number;
}

/** A target link with what scoring needs precomputed (docs/zelinqa-api.md §11.5): numeric index, static weight, dimension. */
export interface LinkInfo extends TargetLink {
  /** Index into the per-call target tables (data targets first, then exploration targets). */
  readonly index: number;
  /** w_kind · w_role · w_link of docs/zelinqa-api.md §11.5. */
  readonly weight: number;
  readonly dimension: DimensionInfo;
}

export interface QuestionInfo extends CompiledQuestionJson {
  readonly position: number;
  readonly dimension: DimensionInfo;
  readonly principal: TargetLink;
  readonly links: readonly LinkInfo[];
}

export interface DataTargetInfo extends CompiledSuccessInformationJson {
  readonly validate: ValueValidator;
  extraction: ExtractionTarget;
  readonly dimension: DimensionInfo;
}

/** [ext] JSON Schema bounds of a number target, used to choose among several numbers. */
function schemaBounds(schema: Record<string, unknown>): { minimum?: number; maximum?: number } {
  const out: { minimum?: number; maximum?: number } = {};
  const min =
    typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
  const max =
    typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum : undefined;
  if (min !== undefined) out.minimum = min;
  if (max !== undefined) out.maximum = max;
  return out;
}

/**
 * [ext] Each target learns the other targets' words, so "4 places" is not read as a budget. One count of the targets
 * naming each stem serves them all: a set of the others' stems per target made loading quadratic (2,000 targets: 17 s
 * and most of 800 MB, the server answering nothing meanwhile).
 */
function withOtherStems(targets: DataTargetInfo[]): void {
  const holders = new Map<string, number>();
  for (const t of targets) for (const w of t.extraction.words?.stems ?? []) holders.set(w, (holders.get(w) ?? 0) + 1);
  for (const t of targets) {
    const own: ReadonlySet<string> = t.extraction.words?.stems ?? new Set();
    const otherStems: StemLookup = { has: (w) => (holders.get(w) ?? 0) > (own.has(w) ? 1 : 0) };
    t.extraction = { ...t.extraction, otherStems };
  }
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
  /** Target ids by table index: data targets in configuration order, then exploration targets. */
  readonly targetIds: readonly string[];
  readonly targetIndex: ReadonlyMap<string, number>;
  /** For exploration target indexes: the question whose outcomes settle it. */
  readonly explorationQuestionOf: ReadonlyMap<number, QuestionInfo>;
  /** Per dimension id: its questions, its data targets (docs/zelinqa-api.md §11.2), and its active exploration questions. */
  readonly byDimension: ReadonlyMap<string, DimensionMembers>;
}

export interface DimensionMembers {
  readonly questions: readonly QuestionInfo[];
  readonly dataTargets: readonly DataTargetInfo[];
  readonly explorationQuestions: readonly QuestionInfo[];
}

function fail(message: string): never {
  throw new CorruptArtifact(message);
}

/** Rebuilds validators and indexes from the stored JSON. Throws CorruptArtifact on anything inconsistent. */
export function loadArtifact(json: unknown): CompiledArtifact {
  return runAtOnce(artifactLoadSteps(json, { checked: false }));
}

/**
 * loadArtifact in steps, with a yield after each question and each success information, so that a server can load a
 * largest artefact (seconds of CPU) in slices (operations/artifact-text.ts). `checked`: the JSON is known to fit the
 * schema already (this code wrote it, and it is unchanged since), so the schema check, a third of the work, is skipped.
 */
export function* artifactLoadSteps(json: unknown, options: { checked: boolean }): Generator<void, CompiledArtifact> {
  const data = options.checked ? (json as CompiledArtifactJson) : yield* checkArtifactJson(json);
  const dimensions: DimensionInfo[] = data.dimensions.map((d, index) => ({
    id: d.id,
    name: d.name,
    order_position: d.order_position,
    completion_role: d.completion_role,
    index,
    weight: ROLE_WEIGHT[d.completion_role],
  }));
  const dimensionById = new Map(dimensions.map((d) => [d.id, d]));
  // The first question of each id, as a search of the list would find it.
  const questionTexts = new Map<string, string>();
  for (const q of [...data.questions].reverse()) questionTexts.set(q.id, q.text);
  const dataTargets: DataTargetInfo[] = [];
  for (const s of data.success_informations) {
    dataTargets.push(loadDataTarget(questionTexts, s, dimensionById));
    yield;
  }
  withOtherStems(dataTargets);
  const dataTargetById = new Map(dataTargets.map((t) => [t.id, t]));
  const { questions, targetIds, targetIndex, explorationQuestionOf } = yield* loadQuestions(data, dimensionById, dataTargets);
  return {
    json: data,
    objective: data.objective,
    dimensions,
    dimensionById,
    questions,
    questionById: new Map(questions.map((q) => [q.id, q])),
    dataTargets,
    dataTargetById,
    questionsByTarget: questionsByTargetOf(questions),
    targetIds,
    targetIndex,
    explorationQuestionOf,
    byDimension: membersByDimension(dimensions, questions, dataTargets),
  };
}

/** A success information with its compiled validator and the extractor's tables. */
function loadDataTarget(
  questionTexts: ReadonlyMap<string, string>,
  s: CompiledSuccessInformationJson,
  dimensionById: ReadonlyMap<string, DimensionInfo>,
): DataTargetInfo {
  let validate: ValueValidator;
  try {
    validate = validatorFor(s.schema);
  } catch {
    fail(`schema of ${s.id} does not compile`);
  }
  // [ext] Labels also read without their article and in the other language (understand/translations.ts).
  const phrases = widenPhrases(s.phrases.map((p) => ({ tokens: p.text === "" ? [] : p.text.split(" "), value: p.value, order: p.order })));
  const questionText = questionTexts.get(s.primary_question_id) ?? "";
  const extraction: ExtractionTarget = {
    kind: s.extractor,
    phrases,
    indirectPhrases: indirectPhrasesOf(phrases),
    validate,
    words: targetWords(s.label, questionText),
    ...schemaBounds(s.schema),
  };
  return { ...s, validate, extraction, dimension: dimensionById.get(s.dimension_id) ?? fail(`${s.id} has no dimension`) };
}

interface LoadedQuestions {
  questions: QuestionInfo[];
  /** Data target ids first, then each exploration target in question order. */
  targetIds: string[];
  targetIndex: Map<string, number>;
  explorationQuestionOf: Map<number, QuestionInfo>;
}

/** The questions with their links weighted (docs/zelinqa-api.md §11.5); exploration targets get their indexes after the data targets. */
function* loadQuestions(
  data: CompiledArtifactJson,
  dimensionById: ReadonlyMap<string, DimensionInfo>,
  dataTargets: readonly DataTargetInfo[],
): Generator<void, LoadedQuestions> {
  const dataTargetById = new Map(dataTargets.map((t) => [t.id, t]));
  const targetIds: string[] = dataTargets.map((t) => t.id);
  const targetIndex = new Map(targetIds.map((id, i) => [id, i]));
  const explorationQuestionOf = new Map<number, QuestionInfo>();
  const questions: QuestionInfo[] = [];
  for (const [position, q] of data.questions.entries()) {
    const dimension = dimensionById.get(q.dimension_id) ?? fail(`question ${q.id} names an unknown dimension`);
    const links = q.targets.map((t): LinkInfo => {
      if (t.kind === "data") {
        const target = dataTargetById.get(t.id) ?? fail(`question ${q.id} targets unknown ${t.id}`);
        const weight = target.dimension.weight * (t.link === "secondary" ? 0.5 : 1);
        return { id: t.id, kind: t.kind, link: t.link, index: targetIndex.get(t.id) as number, weight, dimension: target.dimension };
      }
      if (targetIndex.has(t.id)) fail(`exploration target ${t.id} appears twice`);
      targetIndex.set(t.id, targetIds.length);
      targetIds.push(t.id);
      return { id: t.id, kind: t.kind, link: t.link, index: targetIds.length - 1, weight: 0.4 * dimension.weight, dimension };
    });
    const info = questionInfo(q, position, dimension, links);
    for (const l of links) if (l.kind === "exploration") explorationQuestionOf.set(l.index, info);
    questions.push(info);
    yield;
  }
  return { questions, targetIds, targetIndex, explorationQuestionOf };
}

function questionInfo(q: CompiledQuestionJson, position: number, dimension: DimensionInfo, links: LinkInfo[]): QuestionInfo {
  // Explicit literals (no spread of parsed objects) keep one stable object shape for the hot loops.
  return {
    id: q.id,
    text: q.text,
    type: q.type,
    selection_mode: q.selection_mode,
    choices: q.choices,
    dimension_id: q.dimension_id,
    active: q.active,
    targets: q.targets,
    choice_values: q.choice_values,
    position,
    dimension,
    principal: q.targets[0] as TargetLink,
    links,
  };
}

function questionsByTargetOf(questions: readonly QuestionInfo[]): Map<string, QuestionInfo[]> {
  const questionsByTarget = new Map<string, QuestionInfo[]>();
  for (const q of questions) {
    for (const t of q.targets) {
      const list = questionsByTarget.get(t.id);
      if (list) list.push(q);
      else questionsByTarget.set(t.id, [q]);
    }
  }
  return questionsByTarget;
}

function membersByDimension(
  dimensions: readonly DimensionInfo[],
  questions: readonly QuestionInfo[],
  dataTargets: readonly DataTargetInfo[],
): Map<string, DimensionMembers> {
  const byDimension = new Map<string, { questions: QuestionInfo[]; dataTargets: DataTargetInfo[]; explorationQuestions: QuestionInfo[] }>(
    dimensions.map((d) => [d.id, { questions: [], dataTargets: [], explorationQuestions: [] }]),
  );
  for (const q of questions) {
    const members = byDimension.get(q.dimension_id);
    members?.questions.push(q);
    if (q.active && q.principal.kind === "exploration") members?.explorationQuestions.push(q);
  }
  for (const t of dataTargets) byDimension.get(t.dimension_id)?.dataTargets.push(t);
  return byDimension;
}
