// The JSON-serialisable session state stored by the API (one column), with its zod schema for parsing it
// back. Raw conversational text is never part of it (docs/zelinqa-api.md §2.3): only values, statuses, outcomes and ids.
import { z } from "zod";
import { CandidateSchema, OutcomeSchema, SessionStatusSchema, TargetStatusSchema } from "../contracts/index.js";
import type { Candidate } from "../contracts/index.js";

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
  return readSessionState(json) ?? SessionStateSchema.parse(json);
}

// The fast path of parseSessionState, read on every /next: what SessionStateSchema outputs (same values, keys in the
// schema's order, unknown keys dropped) for a state as JSON.parse makes it, or undefined when anything is unusual and
// the schema must decide (and throw its own error). test/zelinqa/engine/session-state-fast-path.property.test.ts
// proves the two equal. The enums come from the schemas themselves.

/** Thrown inside the fast path to hand the input to the schema: made once, so throwing it captures no stack. */
const DECLINE = new Error("the session state schema decides");

const SESSION_STATUSES: ReadonlySet<unknown> = new Set(SessionStatusSchema.options);
const OUTCOMES: ReadonlySet<unknown> = new Set(OutcomeSchema.options);
const OUTCOME_SOURCES: ReadonlySet<unknown> = new Set(OutcomeEntrySchema.shape.source.options);
const TARGET_STATUSES: ReadonlySet<unknown> = new Set(TargetStatusSchema.options);
const OVERRIDE_STATUSES: ReadonlySet<unknown> = new Set(OverrideSchema.shape.status.options);
const DECISION_STATUSES: ReadonlySet<unknown> = new Set(DecisionRecordSchema.shape.status.options);
const QUESTION_TYPES: ReadonlySet<unknown> = new Set(CandidateSchema.shape.type.options);
const SELECTION_MODES: ReadonlySet<unknown> = new Set(CandidateSchema.shape.selection_mode.unwrap().options);

type Fields = Record<string, unknown>;

/** A plain object as JSON.parse makes it. */
function fields(value: unknown): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype)
    throw DECLINE;
  return value as Fields;
}

function list(value: unknown, min = 0): unknown[] {
  if (!Array.isArray(value) || value.length < min) throw DECLINE;
  return value;
}

function text(value: unknown): string {
  if (typeof value !== "string") throw DECLINE;
  return value;
}

function int(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) throw DECLINE;
  return value as number;
}

function oneOf<T>(value: unknown, allowed: ReadonlySet<unknown>): T {
  if (!allowed.has(value)) throw DECLINE;
  return value as T;
}

/** An optional field: absent stays absent; present as undefined is left to the schema. */
function optional(out: Fields, input: Fields, key: string, read: (value: unknown) => unknown): void {
  if (!(key in input)) return;
  const value = input[key];
  if (value === undefined) throw DECLINE;
  out[key] = read(value);
}

/** z.json(): a copy; records lose a `__proto__` key there, so one is left to the schema. */
function jsonValue(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw DECLINE;
    return value;
  }
  if (Array.isArray(value)) return value.map(jsonValue);
  return record(value, jsonValue);
}

function record<T>(value: unknown, read: (value: unknown) => T): Record<string, T> {
  const input = fields(value);
  const out: Record<string, T> = {};
  for (const key of Object.keys(input)) {
    if (key === "__proto__") throw DECLINE;
    out[key] = read(input[key]);
  }
  return out;
}

function outcomeEntry(value: unknown): OutcomeEntry {
  const o = fields(value);
  const out: Fields = {
    question_id: text(o.question_id),
    decision_id: o.decision_id === null ? null : text(o.decision_id),
    outcome: oneOf(o.outcome, OUTCOMES),
    source: oneOf(o.source, OUTCOME_SOURCES),
  };
  optional(out, o, "message_id", text);
  optional(out, o, "occurred_at", text);
  out.turn = int(o.turn, 0);
  return out as OutcomeEntry;
}

function targetState(value: unknown): DataTargetState {
  const t = fields(value);
  const out: Fields = { status: oneOf(t.status, TARGET_STATUSES) };
  optional(out, t, "value", jsonValue);
  out.priority = int(t.priority, 0, 3);
  return out as DataTargetState;
}

function override(value: unknown): Override {
  const o = fields(value);
  return { status: oneOf(o.status, OVERRIDE_STATUSES), updated_at: text(o.updated_at) };
}

function candidate(value: unknown): Candidate {
  const c = fields(value);
  const out: Fields = {
    rank: int(c.rank, 1, 10),
    question_id: text(c.question_id),
    text: text(c.text),
    type: oneOf(c.type, QUESTION_TYPES),
    choices: list(c.choices).map((choice) => {
      const f = fields(choice);
      return { choice_id: text(f.choice_id), label: text(f.label) };
    }),
    target_ids: list(c.target_ids, 1).map(text),
  };
  optional(out, c, "selection_mode", (mode) => oneOf(mode, SELECTION_MODES));
  return out as Candidate;
}

function pendingDecision(value: unknown): PendingDecision {
  const p = fields(value);
  return { decision_id: text(p.decision_id), candidates: list(p.candidates, 1).map(candidate) };
}

function decisionRecord(value: unknown): DecisionRecord {
  const d = fields(value);
  return { decision_id: text(d.decision_id), question_ids: list(d.question_ids).map(text), status: oneOf(d.status, DECISION_STATUSES) };
}

/** SessionStateSchema's output for `json`, or undefined when the schema must decide. */
export function readSessionState(json: unknown): SessionState | undefined {
  try {
    const s = fields(json);
    return {
      session_id: text(s.session_id),
      client_reference: s.client_reference === null ? null : text(s.client_reference),
      status: oneOf(s.status, SESSION_STATUSES),
      turn_count: int(s.turn_count, 0),
      max_turns: int(s.max_turns, 1),
      state_version: int(s.state_version, 0),
      outcomes: list(s.outcomes).map(outcomeEntry),
      targets: record(s.targets, targetState),
      dimension_overrides: record(s.dimension_overrides, override),
      objective_override: s.objective_override === null ? null : override(s.objective_override),
      pending_decision: s.pending_decision === null ? null : pendingDecision(s.pending_decision),
      decisions: list(s.decisions).map(decisionRecord),
      processed_message_ids: list(s.processed_message_ids).map(text),
      degraded: typeof s.degraded === "boolean" ? s.degraded : decline(),
    };
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

function decline(): never {
  throw DECLINE;
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
