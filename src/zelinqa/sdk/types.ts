// The snake_case wire types the SDK speaks, with the public aliases of docs/zelinqa-mcp.md §3.4, and the runtime client port of §2.
import type {
  ConfigurationResponse,
  FeedbackRequest,
  FeedbackResponse,
  NextRequest,
  NextResponse,
  SessionCreateRequest,
  SessionEventsRequest,
  SessionStateResponse,
  TurnPreviewRequest,
  TurnPreviewResponse,
} from "../contracts/index.js";
import type { RequestOptions } from "./client-options.js";

export type SessionState = SessionStateResponse;
export type Configuration = ConfigurationResponse;

/** What the MCP server needs from a runtime client; `ZelinqaClient` implements it, tests inject fakes. */
export interface RuntimeClientLike {
  createSession(body?: SessionCreateRequest, options?: RequestOptions): Promise<SessionState>;
  next(sessionId: string, body: NextRequest, options?: RequestOptions): Promise<NextResponse>;
  applyEvents(sessionId: string, body: SessionEventsRequest, options?: RequestOptions): Promise<SessionState>;
  getSession(sessionId: string, options?: RequestOptions): Promise<SessionState>;
  submitFeedback(sessionId: string, body: FeedbackRequest, options?: RequestOptions): Promise<FeedbackResponse>;
  /** [ext] The answer preview; optional so that clients written for the v1 routes still fit. */
  previewTurn?(sessionId: string, body: TurnPreviewRequest, options?: RequestOptions): Promise<TurnPreviewResponse>;
  close(): Promise<void>;
}
