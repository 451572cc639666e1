// The JSON-serialisable session state stored by the API (one column), with its zod schema for parsing it
// back. Raw conversational text is never part of it (docs/zelinqa-api.md §2.3): only values, statuses, outcomes and ids.
import { z } from "zod";
import { CandidateSchema, OutcomeSchema, SessionStatusSchema, TargetStatusSchema } from "../contracts/index.js";

export const OutcomeEntrySchema = z.object({
  question_id: z.string(),
  decision_id: z.string().nullable(),
  outcome: OutcomeSchema,
  source: z.enum(["client", "inferred"]),
  message_id: z.string().optional(),
  occurred_at: z.string().optional(),
  /** turn_count right after the outcome was recorded; drives the re-ask cool-down (docs/zelinqa-api.md §11.4). */
  turn: z.number().int().min(0),
});
export type OutcomeEntry = z.infer<typeof OutcomeEntrySchema>;

/** docs/zelinqa-api.md §10.4 priorities: 0 indirect, 1 fuzzy/uncertain model, 2 exact or structured, 3 client. */
export const PrioritySchema = z.number().int().min(0).max(3);
export type Priority = 0 | 1 | 2 | 3;

export const DataTargetStateSchema = z.object({
  status: TargetStatusSchema,
  value: z.json().optional(),
  priority: PrioritySchema,
});
export type DataTargetState = z.infer<typeof DataTargetStateSchema>;

export const OverrideSchema = z.object({
  status: z.enum(["achieved", "not_achieved", "excluded"]),
  updated_at: z.string(),
});
export type Override = z.infer<typeof OverrideSchema>;

export const PendingDecisionSchema = z.object({
  decision_id: z.string(),
  /** Candidates exactly as first returned (docs/zelinqa-api.md §9.3: GET rebuilds them with the same ranks and texts). */
  candidates: z.array(CandidateSchema).min(1),
});
export type PendingDecision = z.infer<typeof PendingDecisionSchema>;

export const DecisionRecordSchema = z.object({
  decision_id: z.string(),
  question_ids: z.array(z.string()),
  status: z.enum(["pending", "resolved", "ignored"]),
});
export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;

export const SessionStateSchema = z.object({
  session_id: z.string(),
  client_reference: z.string().nullable(),
  status: SessionStatusSchema,
  turn_count: z.number().int().min(0),
  max_turns: z.number().int().min(1),
  /** Carried for convenience; the API owns and increments it (docs/zelinqa-api.md §7). */
  state_version: z.number().int().min(0),
  outcomes: z.array(OutcomeEntrySchema),
  /** Data targets only; exploration targets derive from outcomes. */
  targets: z.record(z.string(), DataTargetStateSchema),
  dimension_overrides: z.record(z.string(), OverrideSchema),
  objective_override: OverrideSchema.nullable(),
  pending_decision: PendingDecisionSchema.nullable(),
  decisions: z.array(DecisionRecordSchema),
  processed_message_ids: z.array(z.string()),
  degraded: z.boolean(),
});
export type SessionState = z.infer<typeof SessionStateSchema>;

/** Parses a stored state; throws on a corrupt one. */
export function parseSessionState(json: unknown): SessionState {
  return SessionStateSchema.parse(json);
}

export function newSessionState(input: { sessionId: string; clientReference: string | null; maxTurns: number }): SessionState {
  return {
    session_id: input.sessionId,
    client_reference: input.clientReference,
    status: "active",
    turn_count: 0,
    max_turns: input.maxTurns,
    state_version: 0,
    outcomes: [],
    targets: {},
    dimension_overrides: {},
    objective_override: null,
    pending_decision: null,
    decisions: [],
    processed_message_ids: [],
    degraded: false,
  };
}

/** Marks the pending decision resolved or ignored and clears it (docs/zelinqa-api.md §9.3). */
export function closePendingDecision(state: SessionState, status: "resolved" | "ignored"): void {
  const pending = state.pending_decision;
  if (pending === null) return;
  const record = state.decisions.find((d) => d.decision_id === pending.decision_id);
  if (record) record.status = status;
  state.pending_decision = null;
}
