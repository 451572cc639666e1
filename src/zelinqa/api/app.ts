// The Fastify app factory of the Zelinqa v1 API: routes of §8, §12 and §13 behind the §5.5 pipeline,
// gateway answers (404/405/413/500/503), X-Request-Id on every response, JSON access logs, OpenAPI docs, and
// the in-process compilation worker. main.ts only wires real dependencies and listens.
import Fastify, { LogController } from "fastify";
import type { FastifyInstance, FastifyRequest, RawServerDefault } from "fastify";
import { STATUS_CODES } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { HealthResponseSchema } from "../contracts/index.js";
import type { Locale } from "../contracts/index.js";
import type { ZelinqaStore } from "../store/index.js";
import type { SemanticExtractor } from "../understand/index.js";
import { createAuthenticator } from "./api-keys.js";
import type { AppContext } from "./app-context.js";
import { createArtifactCache } from "./artifact-cache.js";
import { createCompileWorker } from "./compile-worker.js";
import type { CompileWorker } from "./compile-worker.js";
import { defaultEngine } from "./engine-binding.js";
import type { EnginePort } from "./engine-port.js";
import type { IdGenerator } from "./ids.js";
import { createRateLimiter } from "./rate-limiter.js";
import { createPipeline, rawPathOf } from "./request-pipeline.js";
import { ApiError } from "./api-error.js";
import { bodyLimitsFor } from "./request-body.js";
import { JSON_TYPE, envelopeBody, sendGateway, sendRaw } from "./responses.js";
import type { RouteDefinition } from "./route-definition.js";
import { errorSummary } from "./error-summary.js";
import { createMethodMatcher } from "./route-matching.js";
import { configurationReadRoutes } from "./routes/configuration-reads.js";
import { configurationWriteRoutes } from "./routes/configuration-writes.js";
import { legacyRoutes } from "./routes/legacy-routes.js";
import { sessionRoutes } from "./routes/session-routes.js";
import { turnPreviewRoutes } from "./routes/turn-preview-route.js";

export interface ZelinqaAppOptions {
  store: ZelinqaStore;
  /** Defaults to the real engine; the port only names what the API uses. */
  engine?: EnginePort;
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
}

export interface ZelinqaApp {
  fastify: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>;
  worker: CompileWorker;
  close(): Promise<void>;
}

const IDEMPOTENCY_PURGE_MS = 10 * 60 * 1000;

/** Per-route body limits (request-body.ts), never above the global ZELINQA_MAX_BODY_BYTES. */
function routeBodyLimit(path: string, globalLimit: number): number {
  return Math.min(bodyLimitsFor(path).maxBytes, globalLimit);
}

/** Fastify's own 4xx errors (bad URL, content length, body read) become envelopes; these keep their §5.3 body. */
const GATEWAY_STATUSES = new Set([404, 405, 413]);

const DATABASE_DOWN = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "57P01", "57P03", "08000", "08001", "08003", "08006", "53300", "SQLITE_BUSY", "SQLITE_CANTOPEN"]);

function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && DATABASE_DOWN.has(code)) return true;
  const message = error instanceof Error ? error.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|database connection is not open/i.test(message);
}

export async function createZelinqaApp(options: ZelinqaAppOptions): Promise<ZelinqaApp> {
  const now = () => options.clock.now();
  const engine = options.engine ?? defaultEngine;
  const keyIds = new WeakMap<FastifyRequest, string>();
  const startedAt = new WeakMap<FastifyRequest, bigint>();
  const fastify = Fastify({
    loggerInstance: options.logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => options.ids.newId("req"),
    requestIdHeader: false,
    bodyLimit: options.maxBodyBytes,
    exposeHeadRoutes: false,
    // Ids of any length reach the handler and answer the resource's 404 (§3).
    routerOptions: { maxParamLength: 65_535 },
    return503OnClosing: true,
    // A request Node's parser refuses (bad header bytes, malformed request line, oversized headers) gets the
    // envelope with an X-Request-Id too, written on the socket since no request object exists.
    clientErrorHandler: (error, socket) => {
      const code = (error as { code?: unknown }).code;
      if (code === "ECONNRESET" || socket.destroyed) return;
      const status = code === "HPE_HEADER_OVERFLOW" ? 431 : code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
      const requestId = options.ids.newId("req");
      const issues = [{ path: "", message: typeof code === "string" ? code : "malformed request" }];
      const body = envelopeBody(new ApiError("invalid_request", { issues }), requestId, options.locale);
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Bad Request"}\r\nContent-Type: ${JSON_TYPE}\r\nX-Request-Id: ${requestId}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // An invalid percent-encoding never reaches a route: answer it in the envelope with X-Request-Id (§5.4 [ext]).
    frameworkErrors: (error, request, reply) => {
      void reply.header("x-request-id", request.id);
      const issues = [{ path: "path", message: error.code === "FST_ERR_BAD_URL" ? "invalid percent-encoding" : "invalid path" }];
      return sendRaw(reply, { status: 400, body: envelopeBody(new ApiError("invalid_request", { issues }), request.id, options.locale), contentType: JSON_TYPE, requestId: request.id });
    },
  });
  const worker = createCompileWorker({
    store: options.store,
    engine,
    ids: options.ids,
    now,
    logger: options.logger,
    ...(options.workerPollMs !== undefined ? { pollMs: options.workerPollMs } : {}),
  });
  const ctx: AppContext = {
    store: options.store,
    engine,
    artifacts: createArtifactCache({ store: options.store, engine }),
    ids: options.ids,
    now,
    locale: options.locale,
    semantic: options.semantic,
    wakeWorker: () => worker.wake(),
  };
  const pipeline = createPipeline({
    store: options.store,
    authenticator: createAuthenticator({ store: options.store, now }),
    locale: options.locale,
    now,
    ids: options.ids,
    rateLimiter: options.rateLimitPerMinute ? createRateLimiter(options.rateLimitPerMinute) : undefined,
    onPrincipal: (request, principal) => keyIds.set(request, principal.keyId),
    contentTypeOf: (request) => declaredContentType.get(request),
  });

  // Bodies are read as bytes and checked and parsed by the pipeline after authentication (§5.5 steps 2–4),
  // so a missing or malformed Content-Type is refused after the 401/403 checks instead of by Fastify: the
  // header the client sent is kept aside and Fastify sees a neutral one.
  const declaredContentType = new WeakMap<FastifyRequest, string | undefined>();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  fastify.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
  fastify.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Callback-style hooks: no promise per hook per request.
  fastify.addHook("onRequest", (request, _reply, done) => {
    startedAt.set(request, process.hrtime.bigint());
    if (request.method !== "GET" && request.method !== "HEAD") {
      declaredContentType.set(request, request.headers["content-type"]);
      request.headers["content-type"] = "application/octet-stream";
    }
    done();
  });
  fastify.addHook("onSend", (request, reply, payload, done) => {
    if (!reply.hasHeader("x-request-id")) void reply.header("x-request-id", request.id);
    done(null, payload);
  });
  fastify.addHook("onResponse", (request, reply, done) => {
    const start = startedAt.get(request);
    const latencyMs = start === undefined ? 0 : Number(process.hrtime.bigint() - start) / 1e6;
    options.logger.info(
      {
        request_id: request.id,
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        latency_ms: Math.round(latencyMs * 1000) / 1000,
        key_id: keyIds.get(request) ?? null,
      },
      "request",
    );
    done();
  });

  await fastify.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Zelinqa-compatible API", version: "1.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(swaggerUi, { routePrefix: "/docs" });

  const routes: RouteDefinition[] = [
    ...sessionRoutes(ctx),
    ...turnPreviewRoutes(ctx),
    ...configurationReadRoutes(ctx),
    ...configurationWriteRoutes(ctx),
    ...legacyRoutes(ctx),
  ];
  for (const route of routes) {
    fastify.route({
      method: route.method,
      url: route.path,
      bodyLimit: routeBodyLimit(route.path, options.maxBodyBytes),
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        security: [{ bearer: [] }],
        ...(route.body ? { body: route.body } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.params ? { params: route.params } : {}),
        response: route.responses,
      },
      handler: (request, reply) => pipeline(route, request, reply),
    });
  }
  fastify.route({
    method: "GET",
    url: "/v1/health",
    schema: { operationId: "health", summary: "Liveness and database reachability", response: { 200: HealthResponseSchema, 503: HealthResponseSchema } },
    handler: async (_request, reply) => {
      const version = engine.engineVersion;
      try {
        await options.store.ping();
        return reply.code(200).type(JSON_TYPE).send(JSON.stringify({ status: "ok", nbq_version: version }));
      } catch {
        return reply.code(503).header("retry-after", "1").type(JSON_TYPE).send(JSON.stringify({ status: "unavailable", nbq_version: version }));
      }
    },
  });

  const matcher = createMethodMatcher([...routes, { method: "GET", path: "/v1/health" }]);
  fastify.setNotFoundHandler((request, reply) => {
    const allowed = matcher.allowed(rawPathOf(request));
    if (allowed.length > 0) return sendGateway(reply, 405, { allow: allowed.join(", ") });
    return sendGateway(reply, 404);
  });
  fastify.setErrorHandler((error, request, reply) => {
    const code = (error as { code?: unknown }).code;
    if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendGateway(reply, 413);
    if (request.raw.aborted || (request.raw.destroyed && !request.raw.complete)) {
      // The client went away while sending its body: nothing to answer, nothing wrong on our side.
      options.logger.info({ request_id: request.id, err: errorSummary(error) }, "client aborted the request");
      return reply.code(400).send();
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      if (GATEWAY_STATUSES.has(status)) return sendGateway(reply, status as 404 | 405 | 413);
      // Our own refusals never reach here (the pipeline answers them): a 403 is the docs' static files refusing
      // a path outside their folder (`/docs/static/../../x`), which is simply a route that does not exist.
      if (status === 403) return sendGateway(reply, 404);
      const issues = [{ path: "", message: typeof code === "string" ? code : "bad request" }];
      return sendRaw(reply, { status: 400, body: envelopeBody(new ApiError("invalid_request", { issues }), request.id, options.locale), contentType: JSON_TYPE, requestId: request.id });
    }
    if (isDatabaseUnavailable(error)) {
      options.logger.error({ request_id: request.id, err: errorSummary(error) }, "database unavailable");
      return sendGateway(reply, 503, { "retry-after": "1" });
    }
    options.logger.error({ request_id: request.id, err: errorSummary(error) }, "unexpected error");
    return sendGateway(reply, 500);
  });

  if (options.worker !== false) worker.start();
  // Records older than 24 h already count as new (§6.2); this only keeps the table small.
  const purge = setInterval(() => {
    options.store.purgeIdempotency(now().toISOString()).catch((error: unknown) => {
      options.logger.warn({ err: errorSummary(error) }, "idempotency purge failed");
    });
  }, IDEMPOTENCY_PURGE_MS);
  purge.unref();
  let closing: Promise<void> | undefined;
  return {
    fastify,
    worker,
    close() {
      closing ??= (async () => {
        clearInterval(purge);
        await worker.close();
        await fastify.close();
      })();
      return closing;
    },
  };
}
