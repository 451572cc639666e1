// `Session`: a sequential handle tracking one session's state_version and pending decision (docs/zelinqa-mcp.md §3.5).
import type {
  FeedbackRequest,
  FeedbackResponse,
  NextRequest,
  NextResponse,
  SessionEventsRequest,
  TurnPreviewResponse,
} from "../contracts/index.js";
import { answerTurn, type AnswerInput, type PendingDecision } from "./answer-turn.js";
import type { RequestOptions } from "./client-options.js";
import { ZelinqaAnswerError } from "./errors/zelinqa-error.js";
import type { RuntimeClientLike, SessionState } from "./types.js";

export type SessionNextBody = Omit<NextRequest, "state_version"> & { state_version?: number };
export type SessionEventsBody = Omit<SessionEventsRequest, "state_version"> & { state_version?: number };

function pendingFromState(state: SessionState): PendingDecision | null {
  const pending = state.pending_decision;
  return pending ? { decision_id: pending.decision_id, candidates: pending.candidates ?? [] } : null;
}

/** Responses are not validated (docs/zelinqa-mcp.md §3.2): a body without an integer version keeps the tracked one. */
function versionOf(payload: { versions?: { state_version?: unknown } | null }, fallback: number): number {
  const version = payload.versions?.state_version;
  return typeof version === "number" && Number.isInteger(version) ? version : fallback;
}

export class Session {
  readonly #client: RuntimeClientLike;
  #id: string;
  #stateVersion: number;
  #state: SessionState;
  #pending: PendingDecision | null;

  constructor(client: RuntimeClientLike, state: SessionState) {
    this.#client = client;
    this.#id = state.session_id;
    this.#stateVersion = versionOf(state, 0);
    this.#state = state;
    this.#pending = pendingFromState(state);
  }

  get id(): string {
    return this.#id;
  }
  get stateVersion(): number {
    return this.#stateVersion;
  }
  /** The last full state; `next()` does not update it. */
  get state(): SessionState {
    return this.#state;
  }
  get pendingDecision(): PendingDecision | null {
    return this.#pending;
  }

  async next(body: SessionNextBody = {}, options?: RequestOptions): Promise<NextResponse> {
    const response = await this.#client.next(this.#id, { ...body, state_version: body.state_version ?? this.#stateVersion }, options);
    this.#stateVersion = versionOf(response, this.#stateVersion);
    this.#pending =
      response.action === "ask" && typeof response.decision_id === "string"
        ? { decision_id: response.decision_id, candidates: response.candidates ?? [] }
        : null;
    return response;
  }

  async answer(input: AnswerInput, options?: RequestOptions): Promise<NextResponse> {
    return this.next({ previous_turn: answerTurn(this.#pending, input) }, options);
  }

  /**
   * [ext] What answering `text` would record (question, outcome, targets), without recording it: no turn, no
   * state_version change. `questionId` names the question answered, as `previous_turn.question_id` would.
   */
  async preview(text: string, input: { questionId?: string } & RequestOptions = {}): Promise<TurnPreviewResponse> {
    if (!this.#client.previewTurn) throw new ZelinqaAnswerError("This client cannot preview answers");
    const { questionId, ...options } = input;
    const body = questionId === undefined ? { user_text: text } : { question_id: questionId, user_text: text };
    return this.#client.previewTurn(this.#id, body, options);
  }

  async applyEvents(body: SessionEventsBody, options?: RequestOptions): Promise<SessionState> {
    const state = await this.#client.applyEvents(this.#id, { ...body, state_version: body.state_version ?? this.#stateVersion }, options);
    this.adopt(state);
    return state;
  }

  async refresh(options?: RequestOptions): Promise<SessionState> {
    const state = await this.#client.getSession(this.#id, options);
    this.adopt(state);
    return state;
  }

  adopt(state: SessionState): void {
    if (typeof state.session_id === "string") this.#id = state.session_id;
    this.#stateVersion = versionOf(state, this.#stateVersion);
    this.#state = state;
    this.#pending = pendingFromState(state);
  }

  async submitFeedback(body: FeedbackRequest, options?: RequestOptions): Promise<FeedbackResponse> {
    return this.#client.submitFeedback(this.#id, body, options);
  }
}
