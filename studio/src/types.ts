// Response shapes: the v1 ones come from the server's own contracts (types only, nothing bundled); the [ext]
// studio routes follow STUDIO-CONTRACT.md / docs/zelinqa-api-extensions.md.
export type {
  Choice,
  CompilationStatus,
  ConfigurationChange,
  ConfigurationChangesResponse,
  ConfigurationIssue,
  ConfigurationResponse,
  ConfiguredQuestion,
  Dimension,
  NextResponse,
  Objective,
  PublicTargetState,
  SessionStateResponse,
  SuccessInformation,
  TurnPreviewResponse,
} from "../../src/zelinqa/contracts/index.js";

import type { ConfigurationResponse } from "../../src/zelinqa/contracts/index.js";

/** A configuration as the editor holds it (a draft or the published version). */
export type Draft = Omit<ConfigurationResponse, "request_id">;

export interface Whoami {
  key_id: string;
  domain_id: string;
  domain: { name: string };
  organization: string;
  scopes: string[];
  locale: "fr" | "en";
  expires_at: string | null;
}

export interface DomainSummary {
  domain_id: string;
  name: string;
  created_at: string;
  published_version: string | null;
}

export interface SessionKey {
  api_key: string;
  key_id: string;
  domain_id: string;
  scopes: string[];
  expires_at: string | null;
}

export interface SessionSummary {
  session_id: string;
  status: string;
  stop_reason: string | null;
  objective_reached: boolean;
  turns: number;
  configuration_version: string;
  created_at: string;
  updated_at: string;
}

export interface TranscriptTurn {
  turn: number;
  /** Which mutation recorded it: the creation, a /next, or an /events. */
  kind: "create" | "next" | "events";
  question_ids: string[];
  question_texts: string[];
  /** Always null: the server never stores what the person wrote. */
  answer_text: null;
  outcome: string | null;
  extracted: { success_information_id: string; value: unknown; status: string }[];
  /** Null only in partial transcripts (sessions older than the studio). */
  progress: { overall: number; dimensions: { dimension_id: string; label: string; coverage: number }[] } | null;
  occurred_at: string;
}

export interface Transcript {
  session_id: string;
  status: string;
  stop_reason: string | null;
  configuration_version: string;
  history: "complete" | "partial";
  turns: TranscriptTurn[];
  collected: Record<string, unknown>;
}
