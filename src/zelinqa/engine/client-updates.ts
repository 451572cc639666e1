// Client updates of docs/zelinqa-api.md §10.8: validated entirely first (422 invalid_choice), then applied in array order.
import type { ClientUpdates } from "../contracts/index.js";
import { invalidValue } from "./engine-result.js";
import type { EngineError } from "./engine-result.js";
import { markNotApplicable, setClientValue, unsetTarget } from "./evidence.js";
import type { CompiledArtifact } from "./load-artifact.js";
import type { SessionState } from "./session-state.js";

export function validateClientUpdates(artifact: CompiledArtifact, updates: ClientUpdates | undefined): EngineError | null {
  if (!updates) return null;
  for (const item of updates.data ?? []) {
    const target = artifact.dataTargetById.get(item.id);
    const value = "value" in item ? item.value : null;
    if (!target) return invalidValue(item.id, value);
    if ((item.operation === undefined || item.operation === "set") && "value" in item && !target.validate(item.value)) {
      return invalidValue(item.id, item.value);
    }
  }
  for (const item of updates.dimensions ?? []) {
    if (!artifact.dimensionById.has(item.id)) return { code: "invalid_choice", details: { dimension_id: item.id } };
  }
  return null;
}

/** Applies validated updates; `now` is the override timestamp (RFC 3339, ms, Z). */
export function applyClientUpdates(state: SessionState, updates: ClientUpdates | undefined, now: string): void {
  if (!updates) return;
  for (const item of updates.data ?? []) {
    if (item.operation === "unset") unsetTarget(state, item.id);
    else if (item.operation === "not_applicable") markNotApplicable(state, item.id);
    else setClientValue(state, item.id, item.value);
  }
  for (const item of updates.dimensions ?? []) {
    if (item.operation === "clear") delete state.dimension_overrides[item.id];
    else if (item.operation === "exclude") state.dimension_overrides[item.id] = { status: "excluded", updated_at: now };
    else state.dimension_overrides[item.id] = { status: item.status, updated_at: now };
  }
  const objective = updates.objective;
  if (objective?.operation === "clear") state.objective_override = null;
  else if (objective?.operation === "set") state.objective_override = { status: objective.status, updated_at: now };
}
