// The turn step of /next (docs/zelinqa-api.md §8.2 steps 1–2): resolve and validate the previous turn, count it, then reduce the
// evidence. Shared by nextQuestions and the answer preview, so that a preview and the turn it announces can
// never disagree.
import type { NextRequest } from "../contracts/index.js";
import { err, ok } from "./engine-result.js";
import type { EngineResult } from "./engine-result.js";
import type { CompiledArtifact } from "./load-artifact.js";
import { reduceRequestWithEvidence } from "./request-reducer.js";
import type { EngineDeps, ReduceInput, ReduceOutcome } from "./request-reducer.js";
import type { SessionState } from "./session-state.js";
import { resolvePreviousTurn, validateResolvedTurn } from "./turn-resolution.js";
import type { TurnResolution } from "./turn-resolution.js";

export type TurnRequest = Pick<NextRequest, "previous_turn" | "context_update" | "client_updates">;

export interface TurnOutcome extends ReduceOutcome {
  /** null when the request carries no previous turn. */
  readonly resolution: TurnResolution | null;
}

export function eventsInput(req: Pick<NextRequest, "context_update" | "client_updates">): ReduceInput {
  return {
    ...(req.context_update ? { contextUpdate: req.context_update } : {}),
    ...(req.client_updates ? { clientUpdates: req.client_updates } : {}),
  };
}

/** Mutates `state` (a working copy of a session that is not stopped): outcome, turn_count, evidence. */
export async function recordTurn(
  artifact: CompiledArtifact,
  state: SessionState,
  req: TurnRequest,
  deps: EngineDeps,
): Promise<EngineResult<TurnOutcome>> {
  const turn = req.previous_turn;
  let input = eventsInput(req);
  let resolution: TurnResolution | null = null;
  if (turn) {
    const resolved = resolvePreviousTurn(artifact, state, turn);
    if (!resolved.ok) return resolved;
    resolution = resolved.value;
    if (resolution.kind === "resolved") {
      const invalid = validateResolvedTurn(resolution.question, turn);
      if (invalid) return err(invalid);
    }
    state.turn_count += 1;
    input = { ...input, previousTurn: { turn, resolution } };
  }
  const reduced = await reduceRequestWithEvidence(artifact, state, input, deps);
  if (!reduced.ok) return reduced;
  return ok({ ...reduced.value, resolution });
}
