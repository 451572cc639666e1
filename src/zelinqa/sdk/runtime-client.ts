// `ZelinqaClient`: the five runtime routes of docs/zelinqa-api.md §8 and the [ext] answer preview, with request
// validation before sending.
import {
  FeedbackRequestSchema,
  NextRequestSchema,
  SessionCreateRequestSchema,
  SessionEventsRequestSchema,
  TurnPreviewRequestSchema,
  type FeedbackRequest,
  type FeedbackResponse,
  type NextRequest,
  type NextResponse,
  type SessionCreateRequest,
  type SessionEventsRequest,
  type TurnPreviewRequest,
  type TurnPreviewResponse,
} from "../contracts/index.js";
import { ClientBase } from "./client-base.js";
import type { RequestOptions } from "./client-options.js";
import { encodePathSegment } from "./http-transport.js";
import { validateRequest } from "./request-validation.js";
import { Session } from "./session.js";
import type { RuntimeClientLike, SessionState } from "./types.js";

const sessionPath = (sessionId: string, ...rest: string[]) => ["v1", "sessions", { id: sessionId, name: "session_id" }, ...rest];

export class ZelinqaClient extends ClientBase implements RuntimeClientLike {
  async createSession(body: SessionCreateRequest = {}, options?: RequestOptions): Promise<SessionState> {
    const valid = validateRequest(SessionCreateRequestSchema, body);
    return (await this.transport.request({ method: "POST", path: ["v1", "sessions"], body: valid }, options)) as SessionState;
  }

  async next(sessionId: string, body: NextRequest, options?: RequestOptions): Promise<NextResponse> {
    encodePathSegment(sessionId, "session_id");
    const valid = validateRequest(NextRequestSchema, body);
    return (await this.transport.request({ method: "POST", path: sessionPath(sessionId, "next"), body: valid }, options)) as NextResponse;
  }

  async applyEvents(sessionId: string, body: SessionEventsRequest, options?: RequestOptions): Promise<SessionState> {
    encodePathSegment(sessionId, "session_id");
    const valid = validateRequest(SessionEventsRequestSchema, body);
    return (await this.transport.request({ method: "POST", path: sessionPath(sessionId, "events"), body: valid }, options)) as SessionState;
  }

  async getSession(sessionId: string, options?: RequestOptions): Promise<SessionState> {
    encodePathSegment(sessionId, "session_id");
    return (await this.transport.request({ method: "GET", path: sessionPath(sessionId) }, options)) as SessionState;
  }

  async submitFeedback(sessionId: string, body: FeedbackRequest, options?: RequestOptions): Promise<FeedbackResponse> {
    encodePathSegment(sessionId, "session_id");
    const valid = validateRequest(FeedbackRequestSchema, body);
    return (await this.transport.request(
      { method: "POST", path: sessionPath(sessionId, "feedback"), body: valid },
      options,
    )) as FeedbackResponse;
  }

  /** [ext] What a turn with this text would record; changes nothing, so it is safe to retry. */
  async previewTurn(sessionId: string, body: TurnPreviewRequest, options?: RequestOptions): Promise<TurnPreviewResponse> {
    encodePathSegment(sessionId, "session_id");
    const valid = validateRequest(TurnPreviewRequestSchema, body);
    return (await this.transport.request(
      { method: "POST", path: sessionPath(sessionId, "understand"), body: valid },
      options,
    )) as TurnPreviewResponse;
  }

  async startSession(body: SessionCreateRequest = {}, options?: RequestOptions): Promise<Session> {
    return new Session(this, await this.createSession(body, options));
  }

  async resumeSession(sessionId: string, options?: RequestOptions): Promise<Session> {
    return new Session(this, await this.getSession(sessionId, options));
  }
}
