// The processing order of docs/zelinqa-api.md §5.5 for every route: authentication and static scope, Idempotency-Key header,
// parsing and validation, dynamic scope, idempotency reservation, the handler, then effects and the
// idempotency record committed in one transaction. Replays and refusals are answered at their step. A /next or
// /events of a session this process knows, and a new session, first try the handler before the reservation
// (oneTripWrite): its writes and the key's completed record then go in one commit that writes nothing if the key
// was seen or the session moved on, and the request falls back to that order as if the attempt had not run. On
// PostgreSQL that commit is one statement, and under load several requests' commits share it, each row on its own
// (store/sql-session-batch.ts); on SQLite it joins the next group commit (store/sql-session-group-commit.ts).
import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CATALOGUE } from "../contracts/index.js";
import type { Locale } from "../contracts/index.js";
import type { IdempotencyReservation, SessionRecord, StoredResponse, StoreOperations, ZelinqaStore } from "../store/index.js";
import { OperationError, RetryableConflict, StateVersionConflict } from "../operations/index.js";
import { GatewayError } from "./gateway-error.js";
import type { Authenticator, Principal } from "./api-keys.js";
import type { IdGenerator } from "../operations/index.js";
import { reservationAt, reserveIdempotencyKey, requestFingerprint } from "./idempotency.js";
import type { IdempotencyScope } from "./idempotency.js";
import type { RequestIssue } from "../contracts/index.js";
import { bodyLimitsFor, isStorableText, parseJsonBody, unstorableIssue } from "./request-body.js";
import { bodyValidationError, invalidRequest, queryIssues } from "./request-issues.js";
import { JSON_TYPE, envelopeBody, sendGateway, sendRaw } from "./responses.js";
import type { RateLimiter } from "./rate-limiter.js";
import type { RouteDefinition, RouteResult } from "./route-definition.js";

export interface PipelineDeps {
  store: ZelinqaStore;
  authenticator: Authenticator;
  locale: Locale;
  now: () => Date;
  ids: IdGenerator;
  rateLimiter?: RateLimiter | undefined;
  /** The Content-Type header as the client sent it (the app lets every body through Fastify's parser). */
  contentTypeOf(request: FastifyRequest): string | undefined;
  /** Called with the key id once authenticated, for the access log. */
  onPrincipal(request: FastifyRequest, principal: Principal): void;
}

type OneTrips = NonNullable<ZelinqaStore["oneTripMutations"]>;

/** Optimistic retries of a handler whose read went stale (draft CAS); each round lets at least one writer win. */
const MAX_ATTEMPTS = 50;
const backoff = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10) * 2));

function authorizationToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "") throw new GatewayError(401);
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new GatewayError(403);
  return match[1];
}

/** How many times the request carries the header `lowerName`. */
function headerCount(request: FastifyRequest, lowerName: string): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === lowerName) count += 1;
  return count;
}

function idempotencyKey(request: FastifyRequest, rule: RouteDefinition["idempotency"]): string | undefined {
  if (rule === "none") return undefined;
  // Node joins repeated headers with ", ": two keys would become one that is neither of them.
  if (headerCount(request, "idempotency-key") > 1) {
    throw new OperationError("invalid_request", { issues: [{ path: "header.Idempotency-Key", message: "must be sent once" }] });
  }
  const raw = request.headers["idempotency-key"];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === "") {
    if (rule === "optional") return undefined;
    throw new OperationError(
      "invalid_request",
      { issues: [{ path: "header.Idempotency-Key", message: "required" }] },
      { variant: "idempotency_key_missing" },
    );
  }
  if (key.length < 8 || key.length > 128) {
    throw new OperationError(
      "invalid_request",
      { issues: [{ path: "header.Idempotency-Key", message: "must be 8 to 128 characters long" }] },
      { variant: "idempotency_key_length" },
    );
  }
  return key;
}

function parseBody(deps: PipelineDeps, request: FastifyRequest, route: RouteDefinition): unknown {
  if (route.method === "GET") return undefined;
  const raw = Buffer.isBuffer(request.body) ? request.body : typeof request.body === "string" ? Buffer.from(request.body) : undefined;
  return parseJsonBody({
    raw,
    contentType: deps.contentTypeOf(request),
    contentEncoding: request.headers["content-encoding"],
    optional: route.bodyOptional === true,
    limits: bodyLimitsFor(route.path),
  });
}

/** Path ids and query values PostgreSQL could not store answer 400 on both stores (docs/zelinqa-api.md §5.4 [ext]). */
function checkStorableInputs(request: FastifyRequest): void {
  const issues: RequestIssue[] = [];
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string" && !isStorableText(value)) issues.push(unstorableIssue(`path.${name}`));
  }
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    if (!isStorableText(name) || values.some((v) => typeof v === "string" && !isStorableText(v))) {
      issues.push(unstorableIssue(`query.${isStorableText(name) ? name : "?"}`));
    }
  }
  if (issues.length > 0) throw invalidRequest(issues);
}

export function rawPathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

interface Prepared {
  principal: Principal;
  body: unknown;
  query: unknown;
  key: string | undefined;
}

async function prepare(deps: PipelineDeps, route: RouteDefinition, request: FastifyRequest): Promise<Prepared> {
  const token = authorizationToken(request);
  const principal = await deps.authenticator.authenticate(token);
  if (!principal) throw new GatewayError(403);
  deps.onPrincipal(request, principal);
  if (route.scope !== null && !principal.scopes.includes(route.scope)) throw new GatewayError(403);
  const extRequired = route.extScope?.(principal) ?? null;
  if (extRequired)
    throw new OperationError("insufficient_scope", { required_scopes: extRequired, granted_scopes: [...principal.scopes].sort() });
  if (deps.rateLimiter) {
    const rate = await deps.rateLimiter.check(principal.keyId, deps.now().getTime());
    if (!rate.allowed) throw new GatewayError(429, { "retry-after": String(rate.retryAfterSeconds) });
  }
  const key = idempotencyKey(request, route.idempotency);
  checkStorableInputs(request);
  const rawBody = parseBody(deps, request, route);
  let body: unknown = rawBody;
  const fast = route.bodyFastPath?.(rawBody);
  if (fast !== undefined) body = fast;
  else if (route.body) {
    const result = route.body.safeParse(rawBody);
    if (!result.success) throw bodyValidationError(result.error, rawBody, route.runtime);
    body = result.data;
  }
  let query: unknown = request.query;
  if (route.query) {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const result = route.query.safeParse(route.prepareQuery ? route.prepareQuery(raw) : raw);
    if (!result.success) throw invalidRequest(queryIssues(result.error));
    query = result.data;
  }
  if (route.dynamicScope) {
    const required = route.dynamicScope(principal, query);
    if (required) {
      throw new OperationError("insufficient_scope", { required_scopes: required, granted_scopes: [...principal.scopes].sort() });
    }
  }
  return { principal, body, query, key };
}

interface Reserved {
  domainId: string;
  operation: string;
  key: string;
  token: string;
}

function serialise(result: RouteResult): { body: string; contentType: string } {
  return typeof result.body === "string"
    ? { body: result.body, contentType: result.contentType ?? "text/plain; charset=utf-8" }
    : { body: JSON.stringify(result.body), contentType: result.contentType ?? JSON_TYPE };
}

async function currentStateVersion(store: StoreOperations, domainId: string, sessionId: string): Promise<number | null> {
  return (await store.getSession(domainId, sessionId))?.stateVersion ?? null;
}

function errorResponse(deps: PipelineDeps, error: OperationError, requestId: string) {
  return {
    status: statusOf(error),
    body: envelopeBody(error, requestId, deps.locale),
    contentType: JSON_TYPE,
    requestId,
    headers: error.headers,
  };
}

/** A < 500 answer produced after reservation is stored as the key's response (docs/zelinqa-api.md §6.6). */
async function finishError(deps: PipelineDeps, error: OperationError, requestId: string, reserved: Reserved | null) {
  const response = errorResponse(deps, error, requestId);
  if (reserved && response.status < 500) {
    await deps.store.completeIdempotency({ ...reserved, response });
  }
  return response;
}

/** Commits the effects and the idempotency record together; a lost CAS becomes the stored 409. */
async function commit(
  deps: PipelineDeps,
  input: { result: RouteResult; requestId: string; reserved: Reserved | null; principal: Principal },
) {
  const { result, requestId, reserved } = input;
  const { body, contentType } = serialise(result);
  const response = { status: result.status, body, contentType, requestId };
  const contention = () =>
    new OperationError(
      "idempotency_contention",
      { idempotency_key: reserved?.key, retry_after_seconds: 1 },
      { headers: { "retry-after": "1" } },
    );
  try {
    if (result.mutation) {
      const outcome = await deps.store.commitSessionMutation({
        ...result.mutation,
        completion: reserved ? { ...reserved, response } : undefined,
      });
      if (outcome === "state_version_conflict")
        throw new StateVersionConflict(result.mutation.update.id, result.mutation.update.expectedStateVersion);
      if (outcome === "idempotency_lost") throw contention();
    } else if (result.creation) {
      const outcome = await deps.store.commitSessionCreation({
        ...result.creation,
        completion: reserved ? { ...reserved, response } : undefined,
      });
      if (outcome === "idempotency_lost") throw contention();
    } else if (result.effects || reserved) {
      await deps.store.transaction(async (tx) => {
        if (result.effects) await result.effects(tx);
        if (reserved && !(await tx.completeIdempotency({ ...reserved, response }))) throw contention();
      });
    }
    result.afterCommit?.();
    return { ...response, headers: {} as Record<string, string> };
  } catch (error) {
    if (!(error instanceof StateVersionConflict)) throw error;
    const current = await currentStateVersion(deps.store, input.principal.domainId, error.sessionId);
    const conflict = new OperationError("state_version_conflict", {
      supplied_state_version: error.suppliedStateVersion,
      current_state_version: current,
    });
    return finishError(deps, conflict, requestId, reserved);
  }
}

function handlerInput(
  deps: PipelineDeps,
  input: { route: RouteDefinition; request: FastifyRequest; prepared: Prepared },
  session: SessionRecord | null | undefined,
  publishedVersion?: string,
): Parameters<RouteDefinition["handle"]>[0] {
  const { route, request, prepared } = input;
  return {
    requestId: request.id,
    principal: prepared.principal,
    params: route.params ? route.params.parse(request.params) : {},
    body: prepared.body,
    query: prepared.query,
    rawPath: rawPathOf(request),
    now: deps.now(),
    accept: request.headers.accept,
    ...(session !== undefined ? { session } : {}),
    ...(publishedVersion !== undefined ? { publishedVersion } : {}),
  };
}

/** Commits a one-trip result: a mutation of the session it was computed from, or a new session (route.createsSession). */
function commitOneTrip(
  trips: OneTrips,
  result: RouteResult,
  write: { reservation: IdempotencyReservation; response: StoredResponse },
  from: { session: SessionRecord | undefined; publishedVersion: string | undefined },
) {
  const { session, publishedVersion } = from;
  if (session && result.mutation) return trips.commit({ mutation: result.mutation, ...write });
  if (!session && result.creation)
    return trips.create({ creation: result.creation, ...write, onlyIfPublished: publishedVersion !== undefined });
  return "not_committed" as const;
}

/**
 * A session mutation under a new key, from the session as this process last read or committed it, or a new session
 * (route.createsSession), stored with its completed idempotency record in one commit (ZelinqaStore.oneTripMutations).
 * Anything else (a session this process does not know, a refusal, a stale copy, a published version that has moved
 * on, a key seen before) writes nothing and returns null: the request then takes the ordinary path (reservation,
 * handler, commit) as if this had not run.
 */
async function oneTripWrite(
  deps: PipelineDeps,
  input: { route: RouteDefinition; request: FastifyRequest; prepared: Prepared; scope: IdempotencyScope; fingerprint: string },
  sessionId: unknown,
) {
  const trips = deps.store.oneTripMutations;
  if (!trips) return null;
  const session = typeof sessionId === "string" ? trips.known(input.scope.domainId, sessionId) : undefined;
  if (session === null || (session === undefined && input.route.createsSession?.(input.prepared.body) !== true)) return null;
  // A new session may pin the published version as last read: its write checks that version is still the published one.
  const publishedVersion = session === undefined ? trips.publishedVersion?.(input.scope.domainId) : undefined;
  let result: RouteResult;
  try {
    result = await input.route.handle(handlerInput(deps, input, session, publishedVersion));
  } catch {
    return null;
  }
  const response = { status: result.status, ...serialise(result), requestId: input.request.id };
  const reservation = reservationAt(deps.now(), { scope: input.scope, fingerprint: input.fingerprint, token: deps.ids.uuid() });
  if ((await commitOneTrip(trips, result, { reservation, response }, { session, publishedVersion })) !== "committed") return null;
  result.afterCommit?.();
  return { ...response, headers: {} as Record<string, string> };
}

/** Runs the handler and commits its effects, re-running it while a read it relied on went stale. */
async function handleAndCommit(
  deps: PipelineDeps,
  input: { route: RouteDefinition; request: FastifyRequest; prepared: Prepared; reserved: Reserved | null; session?: SessionRecord | null },
) {
  const { route, request, prepared, reserved } = input;
  const requestId = request.id;
  for (let attempt = 1; ; attempt += 1) {
    try {
      // A retry re-reads: the read it relied on went stale.
      const result = await route.handle(handlerInput(deps, input, attempt === 1 ? input.session : undefined));
      return await commit(deps, { result, requestId, reserved, principal: prepared.principal });
    } catch (error) {
      if (error instanceof RetryableConflict && attempt < MAX_ATTEMPTS) {
        await backoff(attempt);
        continue;
      }
      if (!(error instanceof OperationError)) throw error;
      return finishError(deps, error, requestId, reserved);
    }
  }
}

export function createPipeline(deps: PipelineDeps) {
  return async function run(route: RouteDefinition, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let reserved: Reserved | null = null;
    try {
      const prepared = await prepare(deps, route, request);
      let session: SessionRecord | null | undefined;
      if (prepared.key !== undefined) {
        const scope = { domainId: prepared.principal.domainId, operation: route.operationId, key: prepared.key };
        const fingerprint = requestFingerprint(route.method, rawPathOf(request), prepared.body);
        const sessionId = route.sessionParam === undefined ? undefined : (request.params as Record<string, unknown>)[route.sessionParam];
        const done = await oneTripWrite(deps, { route, request, prepared, scope, fingerprint }, sessionId);
        if (done) return sendRaw(reply, done);
        const store: Pick<StoreOperations, "reserveIdempotency"> =
          typeof sessionId === "string"
            ? {
                reserveIdempotency: async (reservation) => {
                  const made = await deps.store.reserveIdempotencyForSession(reservation, sessionId);
                  session = made.session;
                  return made.outcome;
                },
              }
            : deps.store;
        const reservation = await reserveIdempotencyKey({ store, scope, fingerprint, token: deps.ids.uuid(), now: deps.now });
        if (reservation.kind === "replay") return sendRaw(reply, reservation.response);
        reserved = { ...scope, token: reservation.token };
      }
      return sendRaw(reply, await handleAndCommit(deps, { route, request, prepared, reserved, session }));
    } catch (error) {
      if (reserved) {
        await deps.store.releaseIdempotency(reserved).catch(() => undefined);
      }
      if (error instanceof GatewayError) return sendGateway(reply, error.status, error.headers);
      if (error instanceof OperationError) return sendRaw(reply, errorResponse(deps, error, request.id));
      throw error;
    }
  };
}

function statusOf(error: OperationError): number {
  return ERROR_CATALOGUE[error.code].status;
}

export type Pipeline = ReturnType<typeof createPipeline>;
