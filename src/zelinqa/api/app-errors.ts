// The app's answers outside the routes: requests Node's parser refuses, bad URLs, unknown routes and methods,
// Fastify's own 4xx, an unreachable database (503) and unexpected exceptions (500 with the request id logged).
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { Socket } from "node:net";
import type { Logger } from "pino";
import type { Locale } from "../contracts/index.js";
import { OperationError, errorSummary } from "../operations/index.js";
import { isQueryReadTimeout } from "../../shared/pg-query-timeout.js";
import type { IdGenerator } from "../operations/index.js";
import { rawPathOf } from "./request-pipeline.js";
import { JSON_TYPE, envelopeBody, sendGateway, sendRaw } from "./responses.js";
import type { AppFastify } from "./app-hooks.js";
import type { MethodMatcher } from "./route-matching.js";

export interface AppErrorDeps {
  ids: IdGenerator;
  locale: Locale;
  logger: Logger;
}

/** Fastify's own 4xx errors (bad URL, content length, body read) become envelopes; these keep their docs/zelinqa-api.md §5.3 body. */
const GATEWAY_STATUSES = new Set([404, 405, 413]);

const DATABASE_DOWN = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "57P01",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
  "53300",
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
]);

function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && DATABASE_DOWN.has(code)) return true;
  // A statement with no answer at all (a frozen server, a dropped route): store/postgres/postgres-executor.ts.
  if (isQueryReadTimeout(error)) return true;
  const message = error instanceof Error ? error.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|database connection is not open/i.test(
    message,
  );
}

function invalidRequestBody(deps: AppErrorDeps, requestId: string, message: string, path = ""): string {
  return envelopeBody(new OperationError("invalid_request", { issues: [{ path, message }] }), requestId, deps.locale);
}

/**
 * A request Node's parser refuses (bad header bytes, malformed request line, oversized headers) gets the
 * envelope with an X-Request-Id too, written on the socket since no request object exists.
 */
/**
 * After its 408 or 400, a client gets this long to close its side. `end()` alone waited for it for good: the connection
 * had already left the server's timeouts, so 2,000 clients that sent half a request and read nothing held 2,000
 * descriptors for as long as they liked (20,000 used them all up: every later request was refused).
 */
export const CLIENT_ERROR_CLOSE_MS = 1_000;

export function clientErrorHandler(deps: AppErrorDeps) {
  return (error: Error, socket: Socket) => {
    const code = (error as { code?: unknown }).code;
    if (code === "ECONNRESET" || socket.destroyed) return;
    const status = code === "HPE_HEADER_OVERFLOW" ? 431 : code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const requestId = deps.ids.newId("req");
    const body = invalidRequestBody(deps, requestId, typeof code === "string" ? code : "malformed request");
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Bad Request"}\r\nContent-Type: ${JSON_TYPE}\r\nX-Request-Id: ${requestId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), CLIENT_ERROR_CLOSE_MS).unref();
  };
}

/**
 * A request whose `Expect` is not 100-continue: Node would answer 417 by itself, with neither body nor X-Request-Id;
 * this answers it in the envelope, as the other requests refused before routing. Its body is never read, so the
 * connection closes.
 */
export function expectationFailed(deps: AppErrorDeps) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    const requestId = deps.ids.newId("req");
    const body = invalidRequestBody(deps, requestId, "only 100-continue is supported", "header.Expect");
    response.writeHead(417, {
      "content-type": JSON_TYPE,
      "x-request-id": requestId,
      "content-length": Buffer.byteLength(body),
      connection: "close",
    });
    response.end(body);
  };
}

/** An invalid percent-encoding never reaches a route: answer it in the envelope with X-Request-Id (docs/zelinqa-api.md §5.4 [ext]). */
export function frameworkErrors(deps: AppErrorDeps) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    void reply.header("x-request-id", request.id);
    const issues = [{ path: "path", message: error.code === "FST_ERR_BAD_URL" ? "invalid percent-encoding" : "invalid path" }];
    const body = envelopeBody(new OperationError("invalid_request", { issues }), request.id, deps.locale);
    return sendRaw(reply, { status: 400, body, contentType: JSON_TYPE, requestId: request.id });
  };
}

function handleError(deps: AppErrorDeps, error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const code = (error as { code?: unknown }).code;
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendGateway(reply, 413);
  if (request.raw.aborted || (request.raw.destroyed && !request.raw.complete)) {
    // The client went away while sending its body: nothing to answer, nothing wrong on our side.
    deps.logger.info({ request_id: request.id, err: errorSummary(error) }, "client aborted the request");
    return reply.code(400).send();
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    if (GATEWAY_STATUSES.has(status)) return sendGateway(reply, status as 404 | 405 | 413);
    // Our own refusals never reach here (the pipeline answers them): a 403 is the docs' static files refusing
    // a path outside their folder (`/docs/static/../../x`), which is simply a route that does not exist.
    if (status === 403) return sendGateway(reply, 404);
    const body = invalidRequestBody(deps, request.id, typeof code === "string" ? code : "bad request");
    return sendRaw(reply, { status: 400, body, contentType: JSON_TYPE, requestId: request.id });
  }
  if (isDatabaseUnavailable(error)) {
    deps.logger.error({ request_id: request.id, err: errorSummary(error) }, "database unavailable");
    return sendGateway(reply, 503, { "retry-after": "1" });
  }
  deps.logger.error({ request_id: request.id, err: errorSummary(error) }, "unexpected error");
  return sendGateway(reply, 500);
}

/** Unknown paths answer 404, known paths with another method 405 with Allow; errors as handleError says; a bad Expect 417. */
export function installErrorHandlers(fastify: AppFastify, deps: AppErrorDeps & { matcher: MethodMatcher }): void {
  fastify.setNotFoundHandler((request, reply) => {
    const allowed = deps.matcher.allowed(rawPathOf(request));
    if (allowed.length > 0) return sendGateway(reply, 405, { allow: allowed.join(", ") });
    return sendGateway(reply, 404);
  });
  fastify.setErrorHandler((error, request, reply) => handleError(deps, error, request, reply));
  fastify.server.on("checkExpectation", expectationFailed(deps));
}
