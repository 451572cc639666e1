// [ext] The storage the studio needs: one-time sign-in codes (hashed), and the per-session facts, turns,
// outcomes and dimension coverage the conversation list, transcripts and analytics read with one query each.
// The studio-facts rows are written by the session mutations in the same transaction as the session.
import type { ConfigVersionRecord } from "./store-port.js";

export interface SignInCodeRecord {
  codeHash: string;
  domainId: string;
  createdAt: string;
  expiresAt: string;
}

/** One session's current summary (kept in step with the session row). */
export interface SessionFactsRecord {
  sessionId: string;
  domainId: string;
  configVersionId: string;
  status: string;
  stopReason: string | null;
  objectiveReached: boolean;
  turns: number;
  /** The turn count when the objective was first reached (kept once set), or null. */
  objectiveReachedTurn: number | null;
  /** The top candidate of the pending decision: the question the person was last asked and has not answered. */
  pendingQuestionId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One mutation of a session (create, next, events), as the transcript shows it. */
export interface SessionTurnRecord {
  sessionId: string;
  stateVersion: number;
  turn: number;
  kind: string;
  /** The outcomes recorded by this mutation: `[{question_id, outcome}]`. */
  outcomes: Array<{ question_id: string; outcome: string }>;
  /** Data targets whose value or status this mutation changed: `[{success_information_id, value, status}]`. */
  extracted: Array<{ success_information_id: string; value: unknown; status: string }>;
  /** `{overall, dimensions: [{dimension_id, coverage}]}` after the mutation. */
  progress: { overall: number; dimensions: Array<{ dimension_id: string; coverage: number }> };
  occurredAt: string;
}

export interface DimensionCoverageRecord {
  dimensionId: string;
  coverage: number;
  complete: boolean;
}

/** An outcome of the session's list of outcomes; `seq` is its position there. */
export interface SessionOutcomeRecord {
  seq: number;
  questionId: string;
  outcome: string;
}

/** What a session mutation records for the studio, in one call (no turn row when rebuilding an old session). */
export interface SessionFactsWrite {
  facts: SessionFactsRecord;
  turn: SessionTurnRecord | null;
  outcomes: SessionOutcomeRecord[];
  coverage: DimensionCoverageRecord[];
  /** Rebuilding an old session: never overwrite facts a live mutation wrote meanwhile. */
  onlyIfAbsent?: boolean;
}

export interface SessionListQuery {
  domainId: string;
  status?: string | undefined;
  stopReason?: string | undefined;
  objectiveReached?: boolean | undefined;
  configurationVersion?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  /** Keyset: sessions strictly older than this (created_at, session_id). */
  before?: { createdAt: string; sessionId: string } | undefined;
}

export type AnalyticsChart = "objective-rate" | "turns-to-objective" | "question-dropoff" | "dimension-coverage" | "stop-reasons";

export interface AnalyticsQuery {
  domainId: string;
  /** One version, or every published version (draft sessions excluded) when undefined. */
  configurationVersion?: string | undefined;
  from: string;
  to: string;
}

export type AnalyticsRow = Record<string, string | number | null>;

export interface StudioStoreOperations {
  /** [ext] A compiled draft (`draft:<revision>`) that try-it sessions pin; kept once per revision. */
  saveDraftVersion(version: ConfigVersionRecord): Promise<void>;
  insertSignInCode(code: SignInCodeRecord): Promise<void>;
  /** Marks the code used when it is unused and unexpired; returns its domain, or null. */
  consumeSignInCode(codeHash: string, now: string): Promise<string | null>;
  recordSessionFacts(write: SessionFactsWrite): Promise<void>;
  /** Sessions without facts yet (recorded before the studio's tables existed), oldest first. */
  listSessionsWithoutFacts(limit: number): Promise<Array<{ id: string; domainId: string }>>;
  listSessionFacts(query: SessionListQuery): Promise<SessionFactsRecord[]>;
  listSessionTurns(sessionId: string): Promise<SessionTurnRecord[]>;
  /** One SQL statement per chart. */
  analytics(chart: AnalyticsChart, query: AnalyticsQuery): Promise<AnalyticsRow[]>;
}
