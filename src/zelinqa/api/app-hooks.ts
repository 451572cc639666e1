// Request hooks of the app: the declared Content-Type kept aside for the pipeline, X-Request-Id on every
// response, and one JSON access-log line per request (docs/zelinqa-api.md §2.5).
import type { FastifyInstance, FastifyRequest, RawServerDefault } from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";

/** The app's Fastify instance, logging through pino. */
export type AppFastify = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>;

export interface RequestBookkeeping {
  /** The Content-Type header as the client sent it. */
  contentTypeOf: (request: FastifyRequest) => string | undefined;
  /** Records the authenticated key for the access log. */
  setKeyId: (request: FastifyRequest, keyId: string) => void;
}

/**
 * Bodies are read as bytes and checked and parsed by the pipeline after authentication (docs/zelinqa-api.md §5.5 steps 2–4),
 * so a missing or malformed Content-Type is refused after the 401/403 checks instead of by Fastify: the
 * header the client sent is kept aside and Fastify sees a neutral one.
 */
export function installRequestHooks(fastify: AppFastify, logger: Logger): RequestBookkeeping {
  const declaredContentType = new WeakMap<FastifyRequest, string | undefined>();
  const keyIds = new WeakMap<FastifyRequest, string>();
  const startedAt = new WeakMap<FastifyRequest, bigint>();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

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
    logger.info(
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
  return {
    contentTypeOf: (request) => declaredContentType.get(request),
    setKeyId: (request, keyId) => keyIds.set(request, keyId),
  };
}
