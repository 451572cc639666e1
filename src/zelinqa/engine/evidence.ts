// Evidence merge of docs/zelinqa-api.md §10.4: priorities P0–P3, equal-priority rules and conflicts.
import type { JsonValue, TargetStatus } from "../contracts/index.js";
import type { DataTargetState, Priority, SessionState } from "./session-state.js";

const statusOf = (priority: Priority): TargetStatus => (priority >= 2 ? "confirmed" : "tentative");
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Merges value v with priority p into the target's current state (docs/zelinqa-api.md §10.4 merge rule). */
export function mergeEvidence(state: SessionState, targetId: string, value: JsonValue, p: Priority): void {
  const current: DataTargetState | undefined = state.targets[targetId];
  if (current === undefined) {
    state.targets[targetId] = { status: statusOf(p), value, priority: p };
    return;
  }
  const q = current.priority as Priority;
  if (current.status === "conflicted") {
    // Only stronger evidence resolves a conflict.
    if (p > q) state.targets[targetId] = { status: statusOf(p), value, priority: p };
    return;
  }
  if (current.status === "not_applicable" && p < 3) return;
  if (current.value !== undefined && sameValue(current.value, value)) {
    const raised = Math.max(p, q) as Priority;
    state.targets[targetId] = { status: current.status === "not_applicable" ? "confirmed" : statusOf(raised), value, priority: raised };
    return;
  }
  if (p > q || (p === q && p >= 2)) {
    state.targets[targetId] = { status: statusOf(p), value, priority: p };
    return;
  }
  if (p < q) return;
  state.targets[targetId] = { status: "conflicted", priority: p };
}

/** Client `not_applicable`: P3, no value, coverage 1 (docs/zelinqa-api.md §10.8). */
export function markNotApplicable(state: SessionState, targetId: string): void {
  state.targets[targetId] = { status: "not_applicable", priority: 3 };
}

/** Client `set`: P3 confirmed, whatever was there (docs/zelinqa-api.md §10.8). */
export function setClientValue(state: SessionState, targetId: string, value: JsonValue): void {
  state.targets[targetId] = { status: "confirmed", value, priority: 3 };
}

/** Client `unset`: the value and all its evidence go; the target leaves `targets` (docs/zelinqa-api.md §10.8). */
export function unsetTarget(state: SessionState, targetId: string): void {
  delete state.targets[targetId];
}
