// Selection alone (docs/zelinqa-api.md §11.4–11.7) on a state, without a turn or a decision: for benchmarks, previews and tools.
import type { SelectionOptions } from "../contracts/index.js";
import type { CompiledArtifact } from "./load-artifact.js";
import { computeProgress } from "./progress.js";
import { selectCandidates } from "./select-candidates.js";
import type { SelectionResult } from "./select-candidates.js";
import type { SessionState } from "./session-state.js";

export interface RankedQuestions {
  kind: SelectionResult["kind"];
  question_ids: string[];
}

export function rankQuestions(artifact: CompiledArtifact, state: SessionState, selection?: SelectionOptions): RankedQuestions {
  const k = selection?.candidate_count ?? artifact.objective.candidates_per_call;
  const result = selectCandidates({ artifact, state, progress: computeProgress(artifact, state) }, selection, k);
  return { kind: result.kind, question_ids: result.kind === "ask" ? result.questions.map((q) => q.id) : [] };
}
