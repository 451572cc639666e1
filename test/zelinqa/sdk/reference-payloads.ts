// The reference payloads of docs/zelinqa-mcp.md Appendix A, shared by the SDK and MCP tests.
import type { FeedbackResponse, NextResponse, SessionStateResponse } from "../../../src/zelinqa/contracts/index.js";

export const versions = (n: number) => ({ state_version: n, engine_version: "1.0.0", api_version: "1.0" as const });

type Dim = NextResponse["progress"]["dimensions"][number];
const dim = (id: string, pos: number, role: Dim["completion_role"], status: Dim["computed_status"], progress: number): Dim => ({
  id,
  order_position: pos,
  completion_role: role,
  computed_status: status,
  progress,
  client_override: null,
  effective_status: status,
});

const objective = (status: NextResponse["progress"]["objective"]["computed_status"], progress: number) => ({
  computed_status: status,
  progress,
  client_override: null,
  effective_status: status,
});

export const CANDIDATES_NORMAUX: NextResponse["candidates"] = [
  {
    rank: 1,
    question_id: "q_budget",
    text: "Quel budget souhaitez-vous consacrer au canapé ?",
    type: "open",
    choices: [],
    target_ids: ["annual_budget"],
  },
  {
    rank: 2,
    question_id: "q_delai",
    text: "À quelle période souhaitez-vous être livré ?",
    type: "single_choice",
    choices: [
      { choice_id: "choice_1m", label: "Dans le mois" },
      { choice_id: "choice_3m", label: "Dans les trois mois" },
      { choice_id: "choice_later", label: "Plus tard" },
    ],
    target_ids: ["delivery_window"],
  },
];

export function sessionNeuve(): SessionStateResponse {
  return {
    request_id: "req_1001",
    session_id: "ses_01J8Z",
    client_reference: "crm-lead-8842",
    status: "active",
    turn_count: 0,
    max_turns: 10,
    turns_remaining: 10,
    question_state: { outcomes: [] },
    targets: {},
    progress: {
      objective: objective("not_started", 0),
      dimensions: [
        dim("so_besoin", 0, "blocking", "not_started", 0),
        dim("so_budget", 1, "blocking", "not_started", 0),
        dim("so_livraison", 2, "contributing", "not_started", 0),
      ],
    },
    pending_decision: null,
    degraded: false,
    versions: versions(0),
  };
}

export function decisionNormale(): NextResponse {
  return {
    request_id: "req_1002",
    session_id: "ses_01J8Z",
    decision_id: "dec_7f2a",
    action: "ask",
    stop_reason: null,
    candidates: structuredClone(CANDIDATES_NORMAUX),
    progress: {
      objective: { computed_status: "in_progress", progress: 0.34, client_override: null, effective_status: "in_progress" },
      dimensions: [
        dim("so_besoin", 0, "blocking", "covered", 1),
        dim("so_budget", 1, "blocking", "in_progress", 0.15),
        dim("so_livraison", 2, "contributing", "not_started", 0),
      ],
    },
    turn_count: 2,
    turns_remaining: 8,
    warnings: [],
    degraded: false,
    degraded_reasons: [],
    versions: versions(4),
  };
}

export function decisionApresMaxTurns(): NextResponse {
  return {
    request_id: "req_1003",
    session_id: "ses_01J8Z",
    decision_id: null,
    action: "stop",
    stop_reason: "max_turns_reached",
    candidates: [],
    progress: {
      objective: objective("in_progress", 0.86),
      dimensions: [
        dim("so_besoin", 0, "blocking", "covered", 1),
        dim("so_budget", 1, "blocking", "covered", 1),
        dim("so_livraison", 2, "contributing", "in_progress", 0.4),
      ],
    },
    turn_count: 10,
    turns_remaining: 0,
    warnings: [],
    degraded: false,
    degraded_reasons: [],
    versions: versions(21),
  };
}

export function arretSansQuestion(): NextResponse {
  return {
    request_id: "req_1004",
    session_id: "ses_01J8Z",
    decision_id: null,
    action: "stop",
    stop_reason: "no_question_available",
    candidates: [],
    progress: {
      objective: objective("covered", 1),
      dimensions: [
        dim("so_besoin", 0, "blocking", "covered", 1),
        dim("so_budget", 1, "blocking", "covered", 1),
        {
          ...dim("so_livraison", 2, "contributing", "not_started", 0),
          client_override: { status: "excluded", updated_at: "2026-09-01T09:31:00Z" },
          effective_status: "excluded",
        },
      ],
    },
    turn_count: 7,
    turns_remaining: 8,
    warnings: ["objective_achieved"],
    degraded: false,
    degraded_reasons: [],
    versions: versions(25),
  };
}

export function feedbackEnregistre(): FeedbackResponse {
  return { request_id: "req_5f31", session_id: "ses_01J8Z", feedback_id: "fbk_02K1", recorded_at: "2026-09-01T09:14:22Z" };
}

/** SESSION_NEUVE with DECISION_NORMALE pending. */
export function pendingState(): SessionStateResponse {
  const d = decisionNormale();
  return {
    ...sessionNeuve(),
    pending_decision: { decision_id: "dec_7f2a", candidates: d.candidates },
    versions: d.versions,
    turn_count: d.turn_count,
    turns_remaining: d.turns_remaining,
    progress: d.progress,
  };
}

export const API_ERRORS = {
  state_version_conflict: {
    status: 409,
    body: {
      code: "state_version_conflict",
      message: "La session a été modifiée depuis votre dernière lecture.",
      request_id: "req_9003",
      details: { supplied_state_version: 7, current_state_version: 8 },
    },
  },
  unknown_session: {
    status: 404,
    body: {
      code: "unknown_session",
      message: "La session demandée est inconnue.",
      request_id: "req_9007",
      details: { session_id: "ses_inconnue" },
    },
  },
  insufficient_scope: {
    status: 403,
    body: {
      code: "insufficient_scope",
      message: "Cette clé ne permet pas cette opération.",
      request_id: "req_9001",
      details: { required_scopes: ["runtime"], granted_scopes: ["configuration:read"] },
    },
  },
  invalid_previous_turn: {
    status: 422,
    body: {
      code: "invalid_previous_turn",
      message: "Les identifiants fournis ne correspondent pas à la décision en attente.",
      request_id: "req_9011",
      details: { pending_decision_id: "dec_7f2a", supplied_decision_id: "dec_7f29", candidate_question_ids: ["q_style", "q_budget"] },
    },
  },
  idempotency_contention: {
    status: 503,
    headers: { "Retry-After": "0" },
    body: {
      code: "idempotency_contention",
      message: "Une requête avec la même clé est en cours.",
      request_id: "req_9013",
      details: { idempotency_key: "idem-key-0001", retry_after_seconds: 0 },
    },
  },
  gateway_401: { status: 401, body: { message: "Unauthorized" } },
  gateway_403: { status: 403, body: { message: "Forbidden" } },
  gateway_503: { status: 503, headers: { "Retry-After": "0" }, body: { message: "Service Unavailable" } },
} as const;
