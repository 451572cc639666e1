// [ext] `POST /v1/studio/sign-in` (issue 15): exchanges a one-time local sign-in code for a 12-hour studio key.
// The one v1-style route without a key, so it sits outside the key pipeline: a per-address rate limit first,
// then the same body checks and error envelope as every route, the code used once in one transaction.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CATALOGUE, IssuedKeyResponseSchema, SignInRequestSchema } from "../../contracts/index.js";
import { OperationError, redeemSignInCode } from "../../operations/index.js";
import type { AppContext } from "../app-context.js";
import type { AppFastify } from "../app-hooks.js";
import { createRateLimiter } from "../rate-limiter.js";
import { RUNTIME_BODY_LIMITS, parseJsonBody } from "../request-body.js";
import { bodyValidationError } from "../request-issues.js";
import { JSON_TYPE, envelopeBody, sendGateway, sendRaw } from "../responses.js";

/** Attempts per client address and minute: enough for a person, far too few to guess a 192-bit code. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 10;

export const SIGN_IN_PATH = "/v1/studio/sign-in";

export function registerSignIn(
  fastify: AppFastify,
  input: { ctx: AppContext; contentTypeOf(request: FastifyRequest): string | undefined; attemptsPerMinute?: number },
): void {
  const { ctx } = input;
  const limiter = createRateLimiter(input.attemptsPerMinute ?? SIGN_IN_ATTEMPTS_PER_MINUTE);
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const nowMs = ctx.clock.now().getTime();
    const rate = await limiter.check(`ip:${request.ip}`, nowMs);
    if (!rate.allowed) return sendGateway(reply, 429, { "retry-after": String(rate.retryAfterSeconds) });
    try {
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      const parsed = parseJsonBody({
        raw,
        contentType: input.contentTypeOf(request),
        contentEncoding: request.headers["content-encoding"],
        optional: false,
        limits: RUNTIME_BODY_LIMITS,
      });
      const body = SignInRequestSchema.safeParse(parsed);
      if (!body.success) throw bodyValidationError(body.error, parsed, false);
      const now = ctx.clock.now();
      const key = await ctx.store.transaction((tx) => redeemSignInCode({ store: tx, ids: ctx.ids }, { code: body.data.code, now }));
      const response = {
        request_id: request.id,
        api_key: key.apiKey,
        key_id: key.record.id,
        domain_id: key.record.domainId,
        scopes: key.record.scopes,
        expires_at: key.record.expiresAt,
      };
      return sendRaw(reply, { status: 200, body: JSON.stringify(response), contentType: JSON_TYPE, requestId: request.id });
    } catch (error) {
      if (!(error instanceof OperationError)) throw error;
      const status = ERROR_CATALOGUE[error.code].status;
      return sendRaw(reply, { status, body: envelopeBody(error, request.id, ctx.locale), contentType: JSON_TYPE, requestId: request.id });
    }
  };
  fastify.route({
    method: "POST",
    url: SIGN_IN_PATH,
    bodyLimit: RUNTIME_BODY_LIMITS.maxBytes,
    schema: {
      operationId: "studioSignIn",
      summary: "[ext] Exchange a one-time local sign-in code for a 12-hour studio key (no key needed)",
      body: SignInRequestSchema,
      response: { 200: IssuedKeyResponseSchema },
    },
    handler: answer,
  });
}
