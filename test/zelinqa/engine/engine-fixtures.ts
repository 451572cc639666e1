// Test wiring of the engine: a fixed clock, sequential ids and the reference corpus compiled and loaded.
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { applyChanges, compileArtifact, createSession, loadArtifact, nextQuestions } from "../../../src/zelinqa/engine/index.js";
import type { CompiledArtifact, DraftConfiguration, EngineDeps, EngineResult, SessionState } from "../../../src/zelinqa/engine/index.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";

export function testDeps(extra: Partial<EngineDeps> = {}): EngineDeps {
  let n = 0;
  return {
    now: () => new Date("2026-09-01T09:14:22.000Z"),
    newId: (prefix) => `${prefix}_${String(++n).padStart(4, "0")}`,
    ...extra,
  };
}

export function draftOf(changes: ConfigurationChange[]): DraftConfiguration {
  const result = applyChanges(null, changes, { domainName: "test" });
  if (!result.ok) throw new Error(`fixture draft rejected: ${JSON.stringify(result.issues)}`);
  return result.draft;
}

export function artifactOf(changes: ConfigurationChange[]): CompiledArtifact {
  // Round-trip through JSON as the store does.
  return loadArtifact(JSON.parse(JSON.stringify(compileArtifact(draftOf(changes)))) as unknown);
}

export function referenceArtifact(): CompiledArtifact {
  return artifactOf(referenceCorpusChanges());
}

export function valueOf<T>(result: EngineResult<T>): T {
  if (!result.ok) throw new Error(`unexpected engine error: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The state of a new session after its first turn: `text` answering `questionId` (the engine infers the outcome). */
export async function stateAfterReply(
  artifact: CompiledArtifact,
  questionId: string,
  text: string,
  deps: EngineDeps = testDeps(),
): Promise<SessionState> {
  const state = valueOf(await createSession(artifact, {}, deps)).state;
  const turn = { state_version: state.state_version, previous_turn: { question_id: questionId, user_text: text } };
  return valueOf(await nextQuestions(artifact, state, turn, deps)).state;
}

type Role = "blocking" | "contributing" | "optional";

export const dimension = (id: string, order_position: number, completion_role: Role): ConfigurationChange => ({
  entity: "dimension",
  operation: "create",
  dimension: { id, name: id, order_position, completion_role },
});

export const openQuestion = (id: string, dimension_id: string, text = `${id} ?`): ConfigurationChange => ({
  entity: "question",
  operation: "create",
  question: { id, text, type: "open", dimension_id },
});

export const choiceQuestion = (
  id: string,
  dimension_id: string,
  choices: Array<[string, string, unknown]>,
  type: "single_choice" | "multiple_choice" | "semi_open" = "single_choice",
): ConfigurationChange => ({
  entity: "question",
  operation: "create",
  question: {
    id,
    text: `${id} ?`,
    type,
    dimension_id,
    choices: choices.map(([cid, label, value]) => ({ id: cid, label, ...(value !== undefined ? { maps_to_value: value as string } : {}) })),
  },
});

export const successInformation = (id: string, primary: string, schema: Record<string, unknown>): ConfigurationChange => ({
  entity: "success_information",
  operation: "create",
  success_information: { id, label: id, schema, primary_question_id: primary },
});

export const objective = (patch: Record<string, unknown>): ConfigurationChange => ({
  entity: "objective",
  operation: "update",
  objective: patch,
});
