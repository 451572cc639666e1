// A route of the v1 surface (docs/zelinqa-api.md §4.2): its operationId, static scope, idempotency rule, request schemas (which
// also document it in OpenAPI) and a handler returning a response plus the effects to commit atomically.
import type { z } from "zod";
import type { Scope, SessionCreation, SessionMutation, SessionRecord, StoreOperations } from "../store/index.js";
import type { Principal } from "./api-keys.js";

export type IdempotencyRule = "required" | "optional" | "none";

export interface RouteResult {
  status: number;
  /** A JSON object in final field order, or a preformatted text body (CSV). */
  body: Record<string, unknown> | string;
  contentType?: string;
  /** Writes committed in one transaction with the idempotency record (docs/zelinqa-api.md §2.3, §5.5 step 10). */
  effects?: (tx: StoreOperations) => Promise<void>;
  /** The same writes as one session mutation: committed with the idempotency record in one round trip. */
  mutation?: SessionMutation | undefined;
  /** A new session's writes as data: committed with the idempotency record in one round trip. */
  creation?: SessionCreation | undefined;
  /** Runs after the commit, e.g. waking the compilation worker. */
  afterCommit?: () => void;
}

export interface RequestContext<B, Q, P = Record<string, string>> {
  requestId: string;
  principal: Principal;
  /** The path parameters as the route's `params` schema reads them. */
  params: P;
  body: B;
  query: Q;
  rawPath: string;
  /** The request's clock reading, taken once after authentication. */
  now: Date;
  /** The Accept header ([ext] CSV exports by content negotiation). */
  accept?: string | undefined;
  /** The session of a `sessionParam` route, read with the idempotency reservation (null: unknown); absent: not read. */
  session?: SessionRecord | null | undefined;
  /**
   * A `createsSession` route on its one-trip path: the domain's published version as this process last read it,
   * which a new session may pin without reading the domain (the store's write checks it is still the published one).
   */
  publishedVersion?: string | undefined;
}

export interface RouteDefinition {
  method: "GET" | "POST";
  /** Fastify path with `:param` segments. */
  path: string;
  operationId: string;
  scope: Scope | null;
  idempotency: IdempotencyRule;
  /** Runtime routes map some body violations to 422 codes (docs/zelinqa-api.md §5.4). */
  runtime: boolean;
  /** A missing body counts as `{}` (publish, docs/zelinqa-api.md §12.5). */
  bodyOptional?: boolean;
  body?: z.ZodType;
  /** The body schema's output for the common bodies, read before it (a fast path proven equal), or undefined: the schema decides. */
  bodyFastPath?: (raw: unknown) => unknown;
  query?: z.ZodType;
  /** Adjusts the raw query before validation (the CSV export ignores `cursor` and `limit`, docs/zelinqa-api.md §12.2). */
  prepareQuery?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /** Path parameters (plain strings: ids of any length reach the handler and answer the resource's 404, docs/zelinqa-api.md §3). */
  params?: z.ZodType<Record<string, string>>;
  responses: Record<number, z.ZodType>;
  summary: string;
  /**
   * [ext] Scope check right after authentication answering 403 `insufficient_scope` with details (the studio's
   * routes): the scopes required when the key lacks them, or null.
   */
  extScope?: (principal: Principal) => Scope[] | null;
  /** The path parameter naming the session the route mutates: its read shares the reservation's round trip. */
  sessionParam?: string;
  /**
   * True when this request's handler only reads and returns a new session's writes (RouteResult.creation): on
   * PostgreSQL it then runs before the reservation, and the writes go in one statement with the key's record.
   */
  createsSession?: (body: unknown) => boolean;
  /** Dynamic scope check after validation (docs/zelinqa-api.md §4.3); returns the missing-scope refusal or nothing. */
  dynamicScope?: (principal: Principal, query: unknown) => Scope[] | null;
  handle(ctx: RequestContext<unknown, unknown, unknown>): Promise<RouteResult>;
}

/** Keeps handler parameter types tied to the route's schemas. */
export function defineRoute<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType<Record<string, string>> = z.ZodType<Record<string, never>>,
>(
  route: Omit<RouteDefinition, "handle" | "body" | "query" | "params"> & {
    body?: B;
    bodyFastPath?: (raw: unknown) => z.infer<B> | undefined;
    query?: Q;
    params?: P;
    handle(ctx: RequestContext<z.infer<B>, z.infer<Q>, z.infer<P>>): Promise<RouteResult>;
  },
): RouteDefinition {
  return route;
}
