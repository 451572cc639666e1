// Every error code of docs/zelinqa-api.md §5.2 (plus the [ext] invalid_request) is mapped to its HTTP status and both locales.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ERROR_CATALOGUE, ERROR_CODES, errorMessage } from "../../../src/zelinqa/contracts/index.js";

void describe("error catalogue", () => {
  const expected: Record<string, number> = {
    unauthorized: 401,
    insufficient_scope: 403,
    idempotency_contention: 503,
    state_version_conflict: 409,
    idempotency_key_reused: 409,
    unknown_session: 404,
    invalid_previous_turn: 422,
    constraint_no_match: 422,
    invalid_choice: 422,
    compiled_artifact_unavailable: 410,
    configuration_validation_failed: 422,
    compilation_in_progress: 409,
    unknown_configuration: 404,
    unknown_compilation: 404,
    invalid_request: 400,
    invalid_sign_in_code: 401,
    unknown_domain: 404,
    compiler_busy: 503,
  };
  for (const code of ERROR_CODES) {
    void it(`maps ${code} to HTTP ${expected[code]} with English and French messages`, () => {
      assert.equal(ERROR_CATALOGUE[code].status, expected[code]);
      assert.ok(ERROR_CATALOGUE[code].en.length > 0 && ERROR_CATALOGUE[code].fr.length > 0);
    });
  }
  void it("documents exactly the catalogue codes", () => {
    assert.deepEqual([...ERROR_CODES].sort(), Object.keys(expected).sort());
  });
  void it("only idempotency_contention and compiler_busy are retryable", () => {
    assert.deepEqual(
      ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].retryable),
      ["idempotency_contention", "compiler_busy"],
    );
  });
  void it("fills the issue count of configuration_validation_failed in both locales", () => {
    assert.equal(errorMessage("configuration_validation_failed", "en", { count: 3 }), "The configuration has 3 blocking issues.");
    assert.equal(errorMessage("configuration_validation_failed", "fr", { count: 2 }), "La configuration comporte 2 anomalies bloquantes.");
  });
  void it("selects the open-question variant of invalid_previous_turn", () => {
    assert.equal(
      errorMessage("invalid_previous_turn", "en", { variant: "open_question_requires_text" }),
      "an answered open question requires user_text",
    );
  });
});
