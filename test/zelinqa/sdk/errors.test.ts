// Error classes chosen by code then status (docs/zelinqa-mcp.md §3.4), their rendering, and the toJSON round trip (R44).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as sdk from "../../../src/zelinqa/sdk/index.js";
import {
  apiErrorFromResponse,
  parseRetryAfterHeader,
  GATEWAY_FORBIDDEN_MESSAGE,
  ZelinqaAPIError,
  ZelinqaError,
} from "../../../src/zelinqa/sdk/index.js";
import { API_ERRORS } from "./reference-payloads.js";

const envelope = (code: string, details: Record<string, unknown> = {}) => ({ code, message: `m ${code}`, request_id: "req_x", details });

void describe("apiErrorFromResponse", () => {
  const byCode: [string, number, string][] = [
    ["unauthorized", 401, "ZelinqaAuthenticationError"],
    ["insufficient_scope", 403, "ZelinqaInsufficientScopeError"],
    ["idempotency_contention", 503, "ZelinqaIdempotencyContentionError"],
    ["state_version_conflict", 409, "ZelinqaStateVersionConflictError"],
    ["idempotency_key_reused", 409, "ZelinqaIdempotencyKeyReusedError"],
    ["unknown_session", 404, "ZelinqaUnknownSessionError"],
    ["invalid_previous_turn", 422, "ZelinqaInvalidPreviousTurnError"],
    ["constraint_no_match", 422, "ZelinqaConstraintNoMatchError"],
    ["invalid_choice", 422, "ZelinqaInvalidChoiceError"],
    ["compiled_artifact_unavailable", 410, "ZelinqaCompiledArtifactUnavailableError"],
    ["configuration_validation_failed", 422, "ZelinqaConfigurationValidationError"],
    ["compilation_in_progress", 409, "ZelinqaCompilationInProgressError"],
    ["unknown_configuration", 404, "ZelinqaUnknownConfigurationError"],
    ["unknown_compilation", 404, "ZelinqaUnknownCompilationError"],
  ];
  for (const [code, status, name] of byCode) {
    void it(`maps the envelope code ${code} to ${name}, even with an unexpected status`, () => {
      for (const s of [status, 418]) {
        const err = apiErrorFromResponse(s, envelope(code));
        assert.equal(err.name, name);
        assert.ok(err instanceof (sdk as unknown as Record<string, new () => Error>)[name]!);
        assert.equal(err.code, code);
        assert.equal(err.statusCode, s);
      }
    });
  }

  void it("makes any 401 an authentication error whatever the body says", () => {
    const err = apiErrorFromResponse(401, envelope("unknown_session"));
    assert.ok(err instanceof sdk.ZelinqaAuthenticationError);
  });

  const byStatus: [number, string, string][] = [
    [403, "ZelinqaAuthenticationError", GATEWAY_FORBIDDEN_MESSAGE],
    [404, "ZelinqaNotFoundError", "Not Found"],
    [409, "ZelinqaConflictError", "x"],
    [410, "ZelinqaCompiledArtifactUnavailableError", "x"],
    [422, "ZelinqaValidationError", "x"],
    [429, "ZelinqaRateLimitError", "Too Many Requests"],
    [500, "ZelinqaServerError", "Internal server error"],
    [503, "ZelinqaServerError", "Service Unavailable"],
    [400, "ZelinqaAPIError", "x"],
    [418, "ZelinqaAPIError", "x"],
  ];
  for (const [status, name, message] of byStatus) {
    void it(`maps HTTP ${status} without a known code to ${name}`, () => {
      const err = apiErrorFromResponse(status, { message });
      assert.equal(err.constructor.name, name);
      assert.equal(err.message, status === 403 ? GATEWAY_FORBIDDEN_MESSAGE : message);
      assert.equal(err.code, null);
    });
  }

  void it("maps 400 invalid_request to the base ZelinqaAPIError", () => {
    const err = apiErrorFromResponse(400, envelope("invalid_request"));
    assert.equal(err.constructor, ZelinqaAPIError);
    assert.equal(err.code, "invalid_request");
  });

  void it("takes the message from message, detail, title or error, else a status sentence", () => {
    assert.equal(apiErrorFromResponse(500, { detail: "d" }).message, "d");
    assert.equal(apiErrorFromResponse(500, { title: "t" }).message, "t");
    assert.equal(apiErrorFromResponse(500, { error: "e" }).message, "e");
    assert.equal(apiErrorFromResponse(500, "not an object").message, "Zelinqa API request failed with status 500");
  });

  void it("takes the request id from the body, else X-Request-Id, else x-amzn-RequestId", () => {
    assert.equal(apiErrorFromResponse(500, { request_id: "b" }, { "X-Request-Id": "h" }).requestId, "b");
    assert.equal(apiErrorFromResponse(500, {}, new Headers({ "x-request-id": "h" })).requestId, "h");
    assert.equal(apiErrorFromResponse(500, {}, { "x-amzn-RequestId": "a" }).requestId, "a");
    assert.equal(apiErrorFromResponse(500, {}).requestId, null);
  });

  void it("reads retryAfter from Retry-After, else details.retry_after_seconds", () => {
    assert.equal(
      apiErrorFromResponse(503, envelope("idempotency_contention", { retry_after_seconds: 4 }), { "Retry-After": "2" }).retryAfter,
      2,
    );
    assert.equal(apiErrorFromResponse(503, envelope("idempotency_contention", { retry_after_seconds: 4 })).retryAfter, 4);
    assert.equal(apiErrorFromResponse(503, {}).retryAfter, null);
  });

  void it("parses Retry-After as delta-seconds or HTTP-date", () => {
    assert.equal(parseRetryAfterHeader("3"), 3);
    assert.equal(parseRetryAfterHeader("0"), 0);
    const now = Date.parse("2026-09-01T09:00:00Z");
    assert.equal(parseRetryAfterHeader("Tue, 01 Sep 2026 09:00:05 GMT", now), 5);
    assert.equal(parseRetryAfterHeader("Tue, 01 Sep 2026 08:00:00 GMT", now), 0);
    assert.equal(parseRetryAfterHeader("soon"), null);
    assert.equal(parseRetryAfterHeader(undefined), null);
  });

  void it("renders String(err) as <code or status>: <message> (request_id=<id>)", () => {
    const conflict = apiErrorFromResponse(409, API_ERRORS.state_version_conflict.body);
    assert.equal(
      String(conflict),
      "state_version_conflict: La session a été modifiée depuis votre dernière lecture. (request_id=req_9003)",
    );
    assert.equal(String(apiErrorFromResponse(503, { message: "Service Unavailable" })), "503: Service Unavailable");
  });

  void it("R44 round-trips every error through toJSON() and apiErrorFromResponse with class and fields", () => {
    const samples = [
      apiErrorFromResponse(503, API_ERRORS.idempotency_contention.body, API_ERRORS.idempotency_contention.headers),
      apiErrorFromResponse(409, API_ERRORS.state_version_conflict.body),
      apiErrorFromResponse(403, API_ERRORS.insufficient_scope.body),
      apiErrorFromResponse(422, API_ERRORS.invalid_previous_turn.body),
      apiErrorFromResponse(403, { message: "Forbidden" }),
      apiErrorFromResponse(409, envelope("compilation_in_progress", { compilation_id: "cmp_1", status: "running" })),
      apiErrorFromResponse(422, envelope("configuration_validation_failed", { issues: [{ code: "x" }] })),
    ];
    for (const original of samples) {
      const data = JSON.parse(JSON.stringify(original)) as Record<string, unknown>;
      const rebuilt = apiErrorFromResponse(data.statusCode as number, {
        code: data.code,
        message: data.message,
        request_id: data.requestId,
        details: data.details,
      });
      assert.equal(rebuilt.constructor, original.constructor);
      assert.deepEqual(rebuilt.toJSON(), original.toJSON());
    }
    const contention = samples[0]!.toJSON();
    assert.equal(contention.name, "ZelinqaIdempotencyContentionError");
    assert.equal(contention.retryAfter, 0);
    assert.deepEqual(samples[2]!.toJSON().requiredScopes, ["runtime"]);
    assert.equal(samples[1]!.toJSON().currentStateVersion, 8);
    assert.equal(samples[5]!.toJSON().compilationId, "cmp_1");
  });

  void it("gives local errors a toJSON and places them in the hierarchy", () => {
    const v = new sdk.ZelinqaRequestValidationError([{ path: "label", message: "too short" }]);
    assert.ok(v instanceof ZelinqaError);
    assert.deepEqual(JSON.parse(JSON.stringify(v)), {
      name: "ZelinqaRequestValidationError",
      message: v.message,
      issues: [{ path: "label", message: "too short" }],
    });
    const t = new sdk.ZelinqaCompilationTimeoutError("cmp_1", 10);
    assert.deepEqual(t.toJSON(), { name: "ZelinqaCompilationTimeoutError", message: t.message, compilationId: "cmp_1", timeoutMs: 10 });
    const c = new sdk.ZelinqaConnectionError();
    assert.equal(c.message, "unable to reach the Zelinqa API");
    assert.ok(new sdk.ZelinqaAnswerError("x") instanceof TypeError);
    assert.ok(sdk.ZelinqaUnknownSessionError.prototype instanceof sdk.ZelinqaNotFoundError);
    assert.ok(sdk.ZelinqaStateVersionConflictError.prototype instanceof sdk.ZelinqaConflictError);
    assert.ok(sdk.ZelinqaConfigurationValidationError.prototype instanceof sdk.ZelinqaValidationError);
  });

  void it("exports the constants of docs/zelinqa-mcp.md §3.4", () => {
    assert.equal(sdk.DEFAULT_BASE_URL, "https://api.zelinqa.ai");
    assert.equal(sdk.DEFAULT_TIMEOUT_MS, 30000);
    assert.equal(sdk.DEFAULT_MAX_RETRIES, 2);
    assert.equal(
      GATEWAY_FORBIDDEN_MESSAGE,
      "Forbidden: the API key is invalid, revoked or expired, or lacks the scope this route requires",
    );
  });
});
