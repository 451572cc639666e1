// Serialisation of envelopes (docs/zelinqa-api.md §5.1), gateway bodies (§5.3) and success bodies with their headers.
import type { FastifyReply } from "fastify";
import { GATEWAY_MESSAGES, errorMessage } from "../contracts/index.js";
import type { Locale } from "../contracts/index.js";
import type { OperationError } from "../operations/index.js";
import type { GatewayStatus } from "./gateway-error.js";

export const JSON_TYPE = "application/json; charset=utf-8";

export function envelopeBody(error: OperationError, requestId: string, locale: Locale): string {
  const options: { variant?: string; count?: number } = {};
  if (error.variant !== undefined) options.variant = error.variant;
  if (error.count !== undefined) options.count = error.count;
  return JSON.stringify({
    code: error.code,
    message: errorMessage(error.code, locale, options),
    request_id: requestId,
    details: error.details,
  });
}

export function sendGateway(reply: FastifyReply, status: GatewayStatus, headers: Record<string, string> = {}): FastifyReply {
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  return reply
    .code(status)
    .type(JSON_TYPE)
    .send(JSON.stringify({ message: GATEWAY_MESSAGES[status] }));
}

export function sendRaw(
  reply: FastifyReply,
  input: { status: number; body: string; contentType: string; requestId: string; headers?: Record<string, string> },
): FastifyReply {
  void reply.header("x-request-id", input.requestId);
  for (const [name, value] of Object.entries(input.headers ?? {})) void reply.header(name, value);
  return reply.code(input.status).type(input.contentType).send(input.body);
}
