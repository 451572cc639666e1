// The Fastify app factory of the Zelinqa v1 API: routes of docs/zelinqa-api.md §8, §12 and §13 behind the §5.5 pipeline,
// gateway answers (404/405/413/500/503), X-Request-Id on every response, JSON access logs, OpenAPI docs, and
// the in-process compilation worker. main.ts only wires real dependencies and listens.
import Fastify, { LogController } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { HealthResponseSchema, documentQueryDefault } from "../contracts/index.js";
import type { Locale } from "../contracts/index.js";
import { ENGINE_VERSION } from "../engine/index.js";
import type { SemanticExtractor } from "../engine/index.js";
import { backfillSessionFacts, createArtifactCache, createCompilePool, createCompileWorker, errorSummary } from "../operations/index.js";
import type { CompilePoolOptions, CompileWorker, IdGenerator } from "../operations/index.js";
import type { ZelinqaStore } from "../store/index.js";
import { createAuthenticator } from "./api-keys.js";
import type { AppContext } from "./app-context.js";
import { clientErrorHandler, frameworkErrors, installErrorHandlers } from "./app-errors.js";
import { installRequestHooks } from "./app-hooks.js";
import type { AppFastify } from "./app-hooks.js";
import { createRateLimiter, createSharedRateLimiter, RATE_WINDOW_MS } from "./rate-limiter.js";
import type { RateLimiter } from "./rate-limiter.js";
import { createPipeline } from "./request-pipeline.js";
import type { Pipeline } from "./request-pipeline.js";
import { bodyLimitsFor } from "./request-body.js";
import { capConnections } from "./connection-cap.js";
import { DEFAULT_PROXY_ADDRESSES, proxyMatcher } from "./proxy-addresses.js";
import { MAX_CONNECTIONS, REQUEST_TIMEOUT_MS, defaultPerAddress } from "./server-config.js";
import { JSON_TYPE } from "./responses.js";
import type { RouteDefinition } from "./route-definition.js";
import { createMethodMatcher } from "./route-matching.js";
import { configurationReadRoutes } from "./routes/configuration-reads.js";
import { configurationWriteRoutes } from "./routes/configuration-writes.js";
import { legacyRoutes } from "./routes/legacy-routes.js";
import { sessionRoutes } from "./routes/session-routes.js";
import { studioAnalyticsRoutes } from "./routes/studio-analytics.js";
import { studioConfigurationRoutes } from "./routes/studio-configuration.js";
import { studioConversationRoutes } from "./routes/studio-conversations.js";
import { studioIdentityRoutes } from "./routes/studio-identity.js";
import { SIGN_IN_PATH, registerSignIn } from "./routes/studio-sign-in.js";
import { registerStudio } from "./studio-static.js";
import { turnPreviewRoutes } from "./routes/turn-preview-route.js";

export interface ZelinqaAppOptions {
  store: ZelinqaStore;
  clock: { now(): Date };
  ids: IdGenerator;
  logger: Logger;
  locale: Locale;
  semantic?: SemanticExtractor | undefined;
  maxBodyBytes: number;
  rateLimitPerMinute?: number | undefined;
  /** Start the compilation worker with the app (default true). */
  worker?: boolean;
  workerPollMs?: number;
  /** [ext] The studio's built files (default: the package's dist/studio). */
  studioDir?: string | undefined;
  /** How long a client may take to send a whole request, headers and body (default REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Connections served at once (default MAX_CONNECTIONS; connection-cap.ts says what happens past it). */
  maxConnections?: number;
  /** [ext] Connections one address may hold (default a quarter of maxConnections); proxies' addresses are not bounded. */
  maxConnectionsPerAddress?: number;
  /** [ext] Addresses and `address/prefix` ranges of proxies in front of the server (default loopback). */
  proxyAddresses?: readonly string[];
  /** The compile threads' bounds (compile-pool.ts defaults). */
  compilePool?: Omit<CompilePoolOptions, "logger">;
}

/** A client sends its headers at once; this long is all they may take (within REQUEST_TIMEOUT_MS). */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for requests past their time: the timeouts hold within this much. */
const TIMEOUT_CHECK_MS = 1_000;

export interface ZelinqaApp {
  fastify: AppFastify;
  worker: CompileWorker;
  close(): Promise<void>;
}

const IDEMPOTENCY_PURGE_MS = 10 * 60 * 1000;

/** Per-route body limits (request-body.ts), never above the global ZELINQA_MAX_BODY_BYTES. */
function routeBodyLimit(path: string, globalLimit: number): number {
  return Math.min(bodyLimitsFor(path).maxBytes, globalLimit);
}

/** Connections closed at the cap are logged at most this often, with the counts since the last line. */
const CAP_LOG_INTERVAL_MS = 10_000;

/** At most `maxConnections` connections (connection-cap.ts); the log counts those closed for it, at most one line per 10 s. */
function capServerConnections(fastify: AppFastify, options: ZelinqaAppOptions): void {
  const max = options.maxConnections ?? MAX_CONNECTIONS;
  const maxPerAddress = options.maxConnectionsPerAddress ?? defaultPerAddress(max);
  const closed = { dropped: 0, evicted: 0, refusedForAddress: 0 };
  let loggedAt = 0;
  const counted = (kind: keyof typeof closed) => () => {
    closed[kind] += 1;
    if (Date.now() - loggedAt < CAP_LOG_INTERVAL_MS) return;
    options.logger.warn(
      {
        max_connections: max,
        max_connections_per_address: maxPerAddress,
        dropped: closed.dropped,
        idle_closed: closed.evicted,
        refused_for_address: closed.refusedForAddress,
      },
      "connections closed at the cap (ZELINQA_MAX_CONNECTIONS, ZELINQA_MAX_CONNECTIONS_PER_ADDRESS): idle keep-alive ones to serve new ones, new ones when none was idle",
    );
    loggedAt = Date.now();
    closed.dropped = 0;
    closed.evicted = 0;
    closed.refusedForAddress = 0;
  };
  const exempt = proxyMatcher(options.proxyAddresses ?? DEFAULT_PROXY_ADDRESSES);
  capConnections(
    fastify.server,
    { max, maxPerAddress, exempt },
    { dropped: counted("dropped"), evicted: counted("evicted"), refusedForAddress: counted("refusedForAddress") },
  );
}

function createFastify(options: ZelinqaAppOptions): AppFastify {
  const errorDeps = { ids: options.ids, locale: options.locale, logger: options.logger };
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const fastify: AppFastify = Fastify({
    requestTimeout,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, requestTimeout),
    },
    loggerInstance: options.logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => options.ids.newId("req"),
    requestIdHeader: false,
    bodyLimit: options.maxBodyBytes,
    exposeHeadRoutes: false,
    // Ids of any length reach the handler and answer the resource's 404 (docs/zelinqa-api.md §3).
    routerOptions: { maxParamLength: 65_535 },
    return503OnClosing: true,
    clientErrorHandler: clientErrorHandler(errorDeps),
    frameworkErrors: frameworkErrors(errorDeps),
  });
  capServerConnections(fastify, options);
  return fastify;
}

async function registerDocs(fastify: AppFastify): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Zelinqa-compatible API", version: "1.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { override: documentQueryDefault } }),
  });
  await fastify.register(swaggerUi, { routePrefix: "/docs" });
}

/** The v1 routes behind the pipeline; their zod schemas document them in OpenAPI. */
function registerRoutes(
  fastify: AppFastify,
  input: { routes: readonly RouteDefinition[]; pipeline: Pipeline; maxBodyBytes: number },
): void {
  for (const route of input.routes) {
    fastify.route({
      method: route.method,
      url: route.path,
      bodyLimit: routeBodyLimit(route.path, input.maxBodyBytes),
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        security: [{ bearer: [] }],
        ...(route.body ? { body: route.body } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.params ? { params: route.params } : {}),
        response: route.responses,
      },
      handler: (request, reply) => input.pipeline(route, request, reply),
    });
  }
}

function registerHealth(fastify: AppFastify, store: ZelinqaStore): void {
  fastify.route({
    method: "GET",
    url: "/v1/health",
    schema: {
      operationId: "health",
      summary: "Liveness and database reachability",
      response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
    },
    handler: async (_request, reply) => {
      try {
        await store.ping();
        return reply
          .code(200)
          .type(JSON_TYPE)
          .send(JSON.stringify({ status: "ok", nbq_version: ENGINE_VERSION }));
      } catch {
        return reply
          .code(503)
          .header("retry-after", "1")
          .type(JSON_TYPE)
          .send(JSON.stringify({ status: "unavailable", nbq_version: ENGINE_VERSION }));
      }
    },
  });
}

function appRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    ...sessionRoutes(ctx),
    ...turnPreviewRoutes(ctx),
    ...configurationReadRoutes(ctx),
    ...configurationWriteRoutes(ctx),
    ...legacyRoutes(ctx),
    ...studioIdentityRoutes(ctx),
    ...studioConversationRoutes(ctx),
    ...studioAnalyticsRoutes(ctx),
    ...studioConfigurationRoutes(ctx),
  ];
}

/** PostgreSQL may be shared by several processes and hosts: the limit is counted in the database there. */
function rateLimiterFor(options: ZelinqaAppOptions): RateLimiter | undefined {
  const perMinute = options.rateLimitPerMinute;
  if (!perMinute) return undefined;
  return options.store.dialect === "postgres" ? createSharedRateLimiter(options.store, perMinute) : createRateLimiter(perMinute);
}

/** Records older than 24 h already count as new (docs/zelinqa-api.md §6.2); this only keeps the tables small. */
function startIdempotencyPurge(options: ZelinqaAppOptions): NodeJS.Timeout {
  const purge = setInterval(() => {
    const nowMs = options.clock.now().getTime();
    options.store.purgeIdempotency(new Date(nowMs).toISOString()).catch((error: unknown) => {
      options.logger.warn({ err: errorSummary(error) }, "idempotency purge failed");
    });
    options.store.purgeRateLimits(nowMs - 2 * RATE_WINDOW_MS).catch((error: unknown) => {
      options.logger.warn({ err: errorSummary(error) }, "rate limit purge failed");
    });
  }, IDEMPOTENCY_PURGE_MS);
  purge.unref();
  return purge;
}

export async function createZelinqaApp(options: ZelinqaAppOptions): Promise<ZelinqaApp> {
  const now = () => options.clock.now();
  const fastify = createFastify(options);
  // Checks and compilations of drafts run in worker threads: a largest configuration holds a core for seconds.
  const compiler = createCompilePool({ ...options.compilePool, logger: options.logger });
  const worker = createCompileWorker({
    store: options.store,
    ids: options.ids,
    now,
    logger: options.logger,
    compiler,
    ...(options.workerPollMs !== undefined ? { pollMs: options.workerPollMs } : {}),
  });
  const ctx: AppContext = {
    store: options.store,
    clock: options.clock,
    ids: options.ids,
    artifacts: createArtifactCache({ store: options.store, logger: options.logger }),
    semantic: options.semantic,
    compiler,
    locale: options.locale,
    wakeWorker: () => worker.wake(),
  };
  const bookkeeping = installRequestHooks(fastify, options.logger);
  const pipeline = createPipeline({
    store: options.store,
    authenticator: createAuthenticator({ store: options.store, now }),
    locale: options.locale,
    now,
    ids: options.ids,
    rateLimiter: rateLimiterFor(options),
    onPrincipal: (request, principal) => bookkeeping.setKeyId(request, principal.keyId),
    contentTypeOf: bookkeeping.contentTypeOf,
  });
  // Validation stays in the pipeline, not Fastify's zod type provider: docs/zelinqa-api.md §5.5 orders authentication, the
  // Idempotency-Key check and body checks before schema validation, and maps violations to its own codes.
  fastify.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
  fastify.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await registerDocs(fastify);
  const routes = appRoutes(ctx);
  registerRoutes(fastify, { routes, pipeline, maxBodyBytes: options.maxBodyBytes });
  registerHealth(fastify, options.store);
  registerSignIn(fastify, { ctx, contentTypeOf: bookkeeping.contentTypeOf });
  const matcher = createMethodMatcher([...routes, { method: "GET", path: "/v1/health" }, { method: "POST", path: SIGN_IN_PATH }]);
  installErrorHandlers(fastify, { ids: options.ids, locale: options.locale, logger: options.logger, matcher });
  await registerStudio(fastify, { dir: options.studioDir });

  if (options.worker !== false) worker.start();
  const purge = startIdempotencyPurge(options);
  // [ext] Sessions older than the studio's tables get their facts once, in the background.
  const stopBackfill = new AbortController();
  const backfill = backfillSessionFacts(ctx, stopBackfill.signal).catch((error: unknown) => {
    options.logger.warn({ err: errorSummary(error) }, "studio facts backfill failed");
  });
  let closing: Promise<void> | undefined;
  return {
    fastify,
    worker,
    close() {
      closing ??= (async () => {
        clearInterval(purge);
        stopBackfill.abort();
        await backfill;
        await worker.close();
        await fastify.close();
        await compiler.close();
      })();
      return closing;
    },
  };
}
