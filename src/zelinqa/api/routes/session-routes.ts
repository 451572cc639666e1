// Runtime routes of docs/zelinqa-api.md §8: create, next, events, get and feedback, as HTTP adapters of the session operations.
import {
  FeedbackRequestSchema,
  FeedbackResponseSchema,
  NextRequestSchema,
  NextResponseSchema,
  SessionCreateRequestSchema,
  type SessionCreateRequest,
  SessionEventsRequestSchema,
  SessionIdParamsSchema,
  SessionStateResponseSchema,
  plainNextRequest,
} from "../../contracts/index.js";
import { applySessionEvents, createSession, feedbackRecord, getSession, nextQuestions, recordFeedback } from "../../operations/index.js";
import type { AppContext } from "../app-context.js";
import { requireScopes } from "../ext-scopes.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

const runtime = { scope: "runtime", runtime: true } as const;

function createRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...runtime,
    method: "POST",
    path: "/v1/sessions",
    operationId: "createSession",
    summary: "Create a session pinned to the published configuration",
    idempotency: "required",
    // Every field is optional (docs/zelinqa-api.md §8.1): an absent body is read as `{}`.
    bodyOptional: true,
    body: SessionCreateRequestSchema,
    // A try-it session on the draft saves the draft's version too: that one takes the reservation first.
    createsSession: (body) => (body as SessionCreateRequest).configuration !== "draft",
    responses: { 201: SessionStateResponseSchema },
    async handle({ principal, body, requestId, now, publishedVersion }) {
      // [ext] A try-it session on the draft reads the draft: it needs what a draft read needs (docs/zelinqa-api.md §4.3).
      if (body.configuration === "draft") requireScopes(principal, ["runtime", "configuration:read", "configuration:write"]);
      const created = await createSession(ctx, { domainId: principal.domainId, requestId, now, request: body, publishedVersion });
      return { status: 201, body: { request_id: requestId, ...created.value }, effects: created.effects, creation: created.creation };
    },
  });
}

function nextRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...runtime,
    method: "POST",
    path: "/v1/sessions/:session_id/next",
    operationId: "nextQuestions",
    summary: "Record the previous turn and get the next question candidates",
    idempotency: "required",
    sessionParam: "session_id",
    body: NextRequestSchema,
    bodyFastPath: plainNextRequest,
    params: SessionIdParamsSchema,
    responses: { 200: NextResponseSchema },
    async handle({ principal, params, body, requestId, now, session }) {
      const call = { domainId: principal.domainId, sessionId: params.session_id, session, requestId, now, request: body };
      const next = await nextQuestions(ctx, call);
      return { status: 200, body: { request_id: requestId, ...next.value }, mutation: next.mutation };
    },
  });
}

function eventsRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...runtime,
    method: "POST",
    path: "/v1/sessions/:session_id/events",
    operationId: "applySessionEvents",
    summary: "Apply context and client updates without selection",
    idempotency: "required",
    sessionParam: "session_id",
    body: SessionEventsRequestSchema,
    params: SessionIdParamsSchema,
    responses: { 200: SessionStateResponseSchema },
    async handle({ principal, params, body, requestId, now, session }) {
      const applied = await applySessionEvents(ctx, {
        domainId: principal.domainId,
        sessionId: params.session_id,
        session,
        requestId,
        now,
        request: body,
      });
      return { status: 200, body: { request_id: requestId, ...applied.value }, mutation: applied.mutation };
    },
  });
}

function getRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...runtime,
    method: "GET",
    path: "/v1/sessions/:session_id",
    operationId: "getSession",
    summary: "Read the full resume state of a session",
    idempotency: "none",
    params: SessionIdParamsSchema,
    responses: { 200: SessionStateResponseSchema },
    async handle({ principal, params, requestId }) {
      const view = await getSession(ctx, { domainId: principal.domainId, sessionId: params.session_id });
      return { status: 200, body: { request_id: requestId, ...view } };
    },
  });
}

function feedbackRoute(ctx: AppContext): RouteDefinition {
  return defineRoute({
    ...runtime,
    method: "POST",
    path: "/v1/sessions/:session_id/feedback",
    operationId: "submitSessionFeedback",
    summary: "Record feedback on a session (never changes its state)",
    idempotency: "required",
    body: FeedbackRequestSchema,
    params: SessionIdParamsSchema,
    responses: { 202: FeedbackResponseSchema },
    async handle({ principal, params, body, requestId, now }) {
      const call = { domainId: principal.domainId, sessionId: params.session_id, now, feedback: feedbackRecord(body) };
      const { value, effects } = await recordFeedback(ctx, call);
      return {
        status: 202,
        body: { request_id: requestId, session_id: value.sessionId, feedback_id: value.feedbackId, recorded_at: value.recordedAt },
        effects,
      };
    },
  });
}

export function sessionRoutes(ctx: AppContext): RouteDefinition[] {
  return [createRoute(ctx), nextRoute(ctx), eventsRoute(ctx), getRoute(ctx), feedbackRoute(ctx)];
}
