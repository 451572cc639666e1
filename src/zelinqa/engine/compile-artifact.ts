// Compilation of a draft snapshot into the immutable artefact of docs/zelinqa-api.md §11.1: ordered dimensions, question targets
// (primary, secondary, exploration), choice values and extractor phrase tables.
import type { ConfiguredQuestion, JsonValue, SuccessInformation } from "../contracts/index.js";
import { enumValuesOf, extractorKindOf } from "../understand/extract-value.js";
import { phraseTokens } from "../understand/phrase-match.js";
import { ARTIFACT_FORMAT } from "./artifact-json.js";
import type { CompiledArtifactJson, CompiledQuestionJson, CompiledSuccessInformationJson, TargetLink } from "./artifact-json.js";
import { compareDimensions } from "./draft.js";
import type { DraftConfiguration } from "./draft.js";
import { choiceValue, isArraySchema, validatorFor } from "./schema-rules.js";
import { sha256Hex } from "./sha256.js";
import { ENGINE_VERSION } from "./version.js";

/** docs/zelinqa-api.md §11.1 exploration target id, shortened with a SHA-256 suffix past 128 characters. */
export function explorationTargetId(questionId: string): string {
  const id = `exploration:${questionId}`;
  return id.length <= 128 ? id : `exploration:${questionId.slice(0, 91)}~${sha256Hex(questionId).slice(0, 24)}`;
}

type Validated = SuccessInformation & { validate: (v: unknown) => boolean; dimension_id: string };

function secondaryTarget(q: ConfiguredQuestion, candidates: readonly Validated[]): Validated | null {
  if (q.type === "open") return null;
  const fitting = candidates.filter((s) => {
    const wrap = isArraySchema(s.schema) ? (v: unknown) => [v] : (v: unknown) => v;
    const mapped = q.choices.filter((c) => c.maps_to_value !== undefined);
    return mapped.length > 0 && mapped.every((c) => s.validate(wrap(c.maps_to_value)));
  });
  return fitting.length === 1 ? (fitting[0] as Validated) : null;
}

interface InfoIndex {
  byPrimary: Map<string, Validated[]>;
  byDimension: Map<string, Validated[]>;
}

function group(infos: readonly Validated[], key: (s: Validated) => string): Map<string, Validated[]> {
  const map = new Map<string, Validated[]>();
  for (const s of infos) map.set(key(s), [...(map.get(key(s)) ?? []), s]);
  return map;
}

function linksOf(q: ConfiguredQuestion, index: InfoIndex): { links: TargetLink[]; data: Validated[] } {
  const primaries = index.byPrimary.get(q.id) ?? [];
  if (primaries.length > 0) return { links: primaries.map((s) => ({ id: s.id, kind: "data", link: "primary" })), data: primaries };
  const secondary = secondaryTarget(q, index.byDimension.get(q.dimension_id) ?? []);
  if (secondary) return { links: [{ id: secondary.id, kind: "data", link: "secondary" }], data: [secondary] };
  return { links: [{ id: explorationTargetId(q.id), kind: "exploration", link: "exploration" }], data: [] };
}

function phrasesOf(s: Validated, linked: readonly CompiledQuestionJson[]): CompiledSuccessInformationJson["phrases"] {
  const kind = extractorKindOf(s.schema);
  if (kind !== "enum" && kind !== "array_enum" && kind !== "boolean") return [];
  const enumValues = enumValuesOf(s.schema);
  const orderOf = (value: unknown, fallback: number) => {
    const i = enumValues.findIndex((e) => JSON.stringify(e) === JSON.stringify(value));
    return i >= 0 ? i : enumValues.length + fallback;
  };
  const phrases: CompiledSuccessInformationJson["phrases"] = [];
  let n = 0;
  for (const q of linked) {
    if (!q.active) continue;
    for (const c of q.choices) {
      const value = q.choice_values[s.id]?.[c.id];
      if (value === undefined) continue;
      const order = orderOf(value, n++);
      // [ext] A choice's synonyms are matched like its label.
      for (const label of [c.label, ...(c.synonyms ?? [])]) {
        const text = phraseTokens(label).join(" ");
        if (text !== "") phrases.push({ text, value, order });
      }
    }
  }
  if (kind !== "boolean") {
    enumValues.forEach((v, i) => {
      const text = phraseTokens(String(v)).join(" ");
      if (text !== "") phrases.push({ text, value: v as JsonValue, order: i });
    });
  }
  // [ext] Value synonyms of the success information, keyed by the value ("true"/"false" for booleans).
  const values: unknown[] = kind === "boolean" ? [true, false] : enumValues;
  for (const [key, list] of Object.entries(s.synonyms ?? {})) {
    const value = values.find((v) => String(v) === key);
    if (value === undefined) continue;
    for (const synonym of list) {
      const text = phraseTokens(synonym).join(" ");
      if (text !== "") phrases.push({ text, value: value as JsonValue, order: orderOf(value, n++) });
    }
  }
  return phrases;
}

/** Builds the JSON artefact from a publishable draft. Pure and deterministic. */
export function compileArtifact(draft: DraftConfiguration): CompiledArtifactJson {
  const dimOfQuestion = new Map(draft.questions.map((q) => [q.id, q.dimension_id]));
  const infos: Validated[] = draft.success_informations.map((s) => ({
    ...s,
    validate: validatorFor(s.schema),
    dimension_id: dimOfQuestion.get(s.primary_question_id) ?? "",
  }));
  const index: InfoIndex = { byPrimary: group(infos, (s) => s.primary_question_id), byDimension: group(infos, (s) => s.dimension_id) };
  const questions: CompiledQuestionJson[] = draft.questions.map((q) => {
    const { links, data } = linksOf(q, index);
    const choice_values: Record<string, Record<string, JsonValue>> = {};
    for (const s of data) {
      const values: Record<string, JsonValue> = {};
      for (const c of q.choices) {
        const v = choiceValue(c, s.schema, s.validate);
        if (v !== null) values[c.id] = v.value as JsonValue;
      }
      choice_values[s.id] = values;
    }
    return {
      id: q.id,
      text: q.text,
      type: q.type,
      selection_mode: q.selection_mode,
      choices: q.choices,
      dimension_id: q.dimension_id,
      active: q.active,
      targets: links,
      choice_values,
    };
  });
  const linkedQuestions = new Map<string, CompiledQuestionJson[]>();
  for (const q of questions) for (const t of q.targets) linkedQuestions.set(t.id, [...(linkedQuestions.get(t.id) ?? []), q]);
  const success_informations = infos.map((s): CompiledSuccessInformationJson => ({
    id: s.id,
    label: s.label,
    schema: s.schema,
    primary_question_id: s.primary_question_id,
    dimension_id: s.dimension_id,
    extractor: extractorKindOf(s.schema),
    phrases: phrasesOf(s, linkedQuestions.get(s.id) ?? []),
  }));
  return {
    format: ARTIFACT_FORMAT,
    engine_version: ENGINE_VERSION,
    objective: draft.objective,
    dimensions: [...draft.dimensions].sort(compareDimensions),
    questions,
    success_informations,
  };
}
