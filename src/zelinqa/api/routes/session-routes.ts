// Runtime routes of §8: create, next, events, get and feedback. Each mutation checks the pinned artefact and
// the state_version before calling the engine, then commits the new state with a compare-and-swap (§7).
import {
  FeedbackRequestSchema,
  FeedbackResponseSchema,
  NextRequestSchema,
  NextResponseSchema,
  SessionCreateRequestSchema,
  SessionEventsRequestSchema,
  SessionIdParamsSchema,
  SessionStateResponseSchema,
} from "../../contracts/index.js";
import type { SessionStateBody } from "../../contracts/index.js";
import type { SessionRecord, StoreOperations } from "../../store/index.js";
import { ApiError, StateVersionConflict } from "../api-error.js";
import type { AppContext } from "../app-context.js";
import { engineDeps, timestamp } from "../app-context.js";
import { engineApiError } from "../engine-errors.js";
import type { Artifact, SessionState } from "../engine-port.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

export async function loadSession(ctx: AppContext, domainId: string, sessionId: string): Promise<SessionRecord> {
  const session = await ctx.store.getSession(domainId, sessionId);
  if (!session) throw new ApiError("unknown_session", { session_id: sessionId });
  return session;
}

export async function pinnedArtifact(ctx: AppContext, session: SessionRecord): Promise<Artifact> {
  const loaded = await ctx.artifacts.get(session.domainId, session.configVersionId);
  if (loaded === null) throw new ApiError("compiled_artifact_unavailable", { session_id: session.id });
  return loaded.artifact;
}

function checkStateVersion(session: SessionRecord, supplied: number): void {
  if (supplied !== session.stateVersion) {
    throw new ApiError("state_version_conflict", { supplied_state_version: supplied, current_state_version: session.stateVersion });
  }
}

/** The API owns state_version (§7): the stored column is authoritative, exactly +1 per successful /next or /events. */
function withStateVersion(state: SessionState, version: number): SessionState {
  return state.state_version === version ? state : { ...state, state_version: version };
}

/** The common head of /next and /events: the session, its pinned artefact, the version check, the parsed state. */
async function prepareMutation(ctx: AppContext, domainId: string, sessionId: string, suppliedVersion: number) {
  const session = await loadSession(ctx, domainId, sessionId);
  const artifact = await pinnedArtifact(ctx, session);
  checkStateVersion(session, suppliedVersion);
  const current = withStateVersion(ctx.engine.parseSessionState(session.state), session.stateVersion);
  return { session, artifact, current, version: session.stateVersion + 1 };
}

/** A public body whose `versions.state_version` is the stored one. */
function withVersions<T extends { versions: SessionStateBody["versions"] }>(body: T, version: number): T {
  return { ...body, versions: { ...body.versions, state_version: version } };
}

function counters(view: Pick<SessionStateBody, "status" | "turn_count">) {
  return { status: view.status, turnCount: view.turn_count };
}

function sessionUpdate(input: { tx: StoreOperations; session: SessionRecord; state: SessionState; status: string; turnCount: number; at: string }) {
  return input.tx
    .updateSession({
      id: input.session.id,
      expectedStateVersion: input.session.stateVersion,
      state: input.state,
      stateVersion: input.session.stateVersion + 1,
      status: input.status,
      turnCount: input.turnCount,
      updatedAt: input.at,
    })
    .then((updated) => {
      if (!updated) throw new StateVersionConflict(input.session.id, input.session.stateVersion);
    });
}

export function sessionRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "POST",
      path: "/v1/sessions",
      operationId: "createSession",
      summary: "Create a session pinned to the published configuration",
      scope: "runtime",
      idempotency: "required",
      runtime: true,
      // Every field is optional (§8.1): an absent body is read as `{}`.
      bodyOptional: true,
      body: SessionCreateRequestSchema,
      responses: { 201: SessionStateResponseSchema },
      async handle({ principal, body, requestId, now }) {
        const domain = await ctx.store.getDomain(principal.domainId);
        const versionId = domain?.publishedVersionId ?? null;
        if (versionId === null) throw new ApiError("unknown_configuration", { state: "published" });
        const loaded = await ctx.artifacts.get(principal.domainId, versionId);
        if (loaded === null) throw new ApiError("compiled_artifact_unavailable", { session_id: null });
        const artifact = loaded.artifact;
        const result = await ctx.engine.createSession(artifact, body, engineDeps(ctx));
        if (!result.ok) throw engineApiError(result.error);
        const { state, view } = result.value;
        const sessionId = view.session_id;
        const at = timestamp(now);
        return {
          status: 201,
          body: { request_id: requestId, ...view },
          effects: async (tx) => {
            await tx.insertSession({
              id: sessionId,
              domainId: principal.domainId,
              configVersionId: versionId,
              state,
              stateVersion: 0,
              ...counters(view),
              createdAt: at,
              updatedAt: at,
            });
            await tx.appendSessionEvent({ sessionId, stateVersion: 0, kind: "create", requestId, summary: { degraded: view.degraded }, occurredAt: at });
          },
        };
      },
    }),
    defineRoute({
      method: "POST",
      path: "/v1/sessions/:session_id/next",
      operationId: "nextQuestions",
      summary: "Record the previous turn and get the next question candidates",
      scope: "runtime",
      idempotency: "required",
      runtime: true,
      body: NextRequestSchema,
      params: SessionIdParamsSchema,
      responses: { 200: NextResponseSchema },
      async handle({ principal, params, body, requestId, now }) {
        const { session, artifact, current, version } = await prepareMutation(ctx, principal.domainId, params.session_id ?? "", body.state_version);
        const result = await ctx.engine.nextQuestions(artifact, current, body, engineDeps(ctx));
        if (!result.ok) throw engineApiError(result.error);
        const state = withStateVersion(result.value.state, version);
        const response = withVersions(result.value.response, version);
        const at = timestamp(now);
        return {
          status: 200,
          body: { request_id: requestId, ...response },
          effects: async (tx) => {
            await sessionUpdate({ tx, session, state, ...counters(state), at });
            if (response.decision_id !== null) {
              await tx.insertDecision({ id: response.decision_id, sessionId: session.id, stateVersion: version, candidates: response.candidates, createdAt: at });
            }
            await tx.appendSessionEvent({
              sessionId: session.id,
              stateVersion: version,
              kind: "next",
              requestId,
              summary: {
                action: response.action,
                decision_id: response.decision_id,
                stop_reason: response.stop_reason,
                turn_count: response.turn_count,
                degraded_reasons: response.degraded_reasons,
              },
              occurredAt: at,
            });
          },
        };
      },
    }),
    defineRoute({
      method: "POST",
      path: "/v1/sessions/:session_id/events",
      operationId: "applySessionEvents",
      summary: "Apply context and client updates without selection",
      scope: "runtime",
      idempotency: "required",
      runtime: true,
      body: SessionEventsRequestSchema,
      params: SessionIdParamsSchema,
      responses: { 200: SessionStateResponseSchema },
      async handle({ principal, params, body, requestId, now }) {
        const { session, artifact, current, version } = await prepareMutation(ctx, principal.domainId, params.session_id ?? "", body.state_version);
        const result = await ctx.engine.applySessionEvents(artifact, current, body, engineDeps(ctx));
        if (!result.ok) throw engineApiError(result.error);
        const state = withStateVersion(result.value.state, version);
        const view = withVersions(result.value.view, version);
        const at = timestamp(now);
        return {
          status: 200,
          body: { request_id: requestId, ...view },
          effects: async (tx) => {
            await sessionUpdate({ tx, session, state, ...counters(view), at });
            await tx.appendSessionEvent({ sessionId: session.id, stateVersion: version, kind: "events", requestId, summary: { degraded: view.degraded }, occurredAt: at });
          },
        };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/v1/sessions/:session_id",
      operationId: "getSession",
      summary: "Read the full resume state of a session",
      scope: "runtime",
      idempotency: "none",
      runtime: true,
      params: SessionIdParamsSchema,
      responses: { 200: SessionStateResponseSchema },
      async handle({ principal, params, requestId }) {
        const session = await loadSession(ctx, principal.domainId, params.session_id ?? "");
        const artifact = await pinnedArtifact(ctx, session);
        const view = ctx.engine.sessionView(artifact, ctx.engine.parseSessionState(session.state));
        return { status: 200, body: { request_id: requestId, ...withVersions(view, session.stateVersion) } };
      },
    }),
    defineRoute({
      method: "POST",
      path: "/v1/sessions/:session_id/feedback",
      operationId: "submitSessionFeedback",
      summary: "Record feedback on a session (never changes its state)",
      scope: "runtime",
      idempotency: "required",
      runtime: true,
      body: FeedbackRequestSchema,
      params: SessionIdParamsSchema,
      responses: { 202: FeedbackResponseSchema },
      async handle({ principal, params, body, requestId, now }) {
        const session = await loadSession(ctx, principal.domainId, params.session_id ?? "");
        const feedbackId = ctx.ids.newId("fbk");
        const at = timestamp(now);
        return {
          status: 202,
          body: { request_id: requestId, session_id: session.id, feedback_id: feedbackId, recorded_at: at },
          effects: (tx) =>
            tx.insertFeedback({
              id: feedbackId,
              sessionId: session.id,
              result: body.result,
              label: body.label ?? null,
              metadata: body.metadata ?? null,
              source: "feedback",
              recordedAt: at,
            }),
        };
      },
    }),
  ];
}
