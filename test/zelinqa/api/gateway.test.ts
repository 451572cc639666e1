// Gateway behaviour of docs/zelinqa-api.md §3–§6 that runs before the engine: 404/405/413, authentication and static scopes,
// Idempotency-Key header checks, request validation with JSON-Pointer issues, resource 404s, idempotent
// replay of stored refusals, health, OpenAPI docs and access logs. Run on SQLite and PostgreSQL.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

for (const backend of BACKENDS) {
  void describe(`zelinqa API gateway on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, options: { maxBodyBytes: 4096, worker: false } });
    });
    after(async () => {
      await t?.close();
    });

    void it("answers an unknown route with a bare 404 and an X-Request-Id", async () => {
      const r = await t.request("GET", "/v1/nothing-here", { key: "all" });
      assert.equal(r.status, 404);
      assert.equal(r.text, '{"message":"Not Found"}');
      assert.match(String(r.headers["x-request-id"]), REQUEST_ID);
    });

    void it("answers a known path with another method with 405 and Allow, before authentication", async () => {
      const r = await t.request("DELETE", "/v1/sessions/ses_1", {});
      assert.equal(r.status, 405);
      assert.equal(r.text, '{"message":"Method Not Allowed"}');
      assert.equal(r.headers.allow, "GET");
      const next = await t.request("GET", "/v1/sessions/ses_1/next", {});
      assert.equal(next.status, 405);
      assert.equal(next.headers.allow, "POST");
      // [ext] GET /v1/sessions lists sessions (issue 15).
      const sessions = await t.request("PUT", "/v1/sessions", {});
      assert.equal(sessions.status, 405);
      assert.match(String(sessions.headers.allow), /^GET, ?POST$/);
    });

    void it("answers a body over the limit with a bare 413 before authentication", async () => {
      const r = await t.request("POST", "/v1/sessions", { key: null, rawBody: JSON.stringify({ client_reference: "x".repeat(5000) }) });
      assert.equal(r.status, 413);
      assert.equal(r.text, '{"message":"Request Entity Too Large"}');
      assert.match(String(r.headers["x-request-id"]), REQUEST_ID);
    });

    void it("refuses a missing or empty Authorization header with a bare 401", async () => {
      for (const headers of [{}, { authorization: "" }] as Array<Record<string, string>>) {
        const r = await t.request("GET", "/v1/sessions/ses_does_not_exist", { headers });
        assert.equal(r.status, 401);
        assert.equal(r.text, '{"message":"Unauthorized"}');
      }
    });

    void it("refuses malformed, unknown, invalid and revoked keys with a bare 403 before any lookup", async () => {
      const cases = [
        { headers: { authorization: "Basic abc" } },
        { headers: { authorization: "Bearer" } },
        { key: "nbq_live_invalid" },
        { key: `nbq_live_${"A".repeat(43)}` },
        { key: "revoked" },
      ];
      for (const c of cases) {
        for (const [method, url] of [
          ["GET", "/v1/sessions/ses_does_not_exist"],
          ["POST", "/v1/sessions"],
        ] as const) {
          const r = await t.request(method, url, { ...c, body: {}, idempotencyKey: newIdempotencyKey() });
          assert.equal(r.status, 403, `${JSON.stringify(c)} ${url}`);
          assert.equal(r.text, '{"message":"Forbidden"}');
        }
      }
    });

    void it("refuses a key without the route's static scope with a bare 403", async () => {
      const cases: Array<[string, "GET" | "POST", string]> = [
        ["write", "POST", "/v1/configuration/publish"],
        ["runtime", "GET", "/v1/configuration"],
        ["read", "GET", "/v1/configuration/audit"],
        ["publish", "GET", "/v1/configuration/compilations/cmp_x"],
        ["write", "GET", "/v1/configuration"],
        ["read", "POST", "/v1/sessions"],
        ["manage", "POST", "/v1/next-questions"],
      ];
      for (const [key, method, url] of cases) {
        const r = await t.request(method, url, { key, body: {}, idempotencyKey: newIdempotencyKey() });
        assert.equal(r.status, 403, `${key} ${url}`);
        assert.equal(r.text, '{"message":"Forbidden"}');
      }
    });

    void it("ignores client-sent tenant, domain and scope headers", async () => {
      const r = await t.request("GET", "/v1/configuration", {
        key: "runtime",
        headers: { "x-scopes": "configuration:read", "x-tenant-id": "other", "x-nbq-id": "other" },
      });
      assert.equal(r.status, 403);
      assert.equal(r.text, '{"message":"Forbidden"}');
    });

    void it("answers a draft read by a read-only key with the insufficient_scope envelope", async () => {
      for (const url of ["/v1/configuration?state=draft", "/v1/configuration/questions?state=draft"]) {
        const r = await t.request("GET", url, { key: "read" });
        assert.equal(r.status, 403);
        assert.deepEqual(r.json, {
          code: "insufficient_scope",
          message: "This key does not carry the required scopes.",
          request_id: r.headers["x-request-id"],
          details: { required_scopes: ["configuration:read", "configuration:write"], granted_scopes: ["configuration:read"] },
        });
      }
    });

    void it("requires an Idempotency-Key of 8 to 128 characters on mutations", async () => {
      const missing = await t.request("POST", "/v1/sessions", { key: "runtime", body: {} });
      assert.equal(missing.status, 400);
      assert.equal(missing.json.code, "invalid_request");
      assert.equal(missing.json.message, "The Idempotency-Key header is required for this operation.");
      assert.deepEqual(
        (missing.json.details as { issues: Array<{ path: string }> }).issues.map((i) => i.path),
        ["header.Idempotency-Key"],
      );
      for (const key of ["short", "k".repeat(129)]) {
        const r = await t.request("POST", "/v1/sessions/ses_x/next", { key: "runtime", body: { state_version: 0 }, idempotencyKey: key });
        assert.equal(r.status, 400);
        assert.equal(r.json.message, "The Idempotency-Key header must be 8 to 128 characters long.");
      }
    });

    void it("answers malformed JSON and non-object bodies with 400 invalid_request", async () => {
      for (const rawBody of ["{not json", "[1,2]", "42", ""]) {
        const r = await t.request("POST", "/v1/configuration/changes", { key: "write", rawBody, idempotencyKey: newIdempotencyKey() });
        assert.equal(r.status, 400, rawBody);
        assert.equal(r.json.code, "invalid_request");
        assert.equal(r.json.message, "The request body is not valid JSON.");
        const issues = (r.json.details as { issues: Array<{ path: string; message: string }> }).issues;
        assert.equal(issues[0]?.path, "");
        assert.ok((issues[0]?.message ?? "").length > 0);
      }
    });

    void it("reports schema violations as JSON-Pointer issues and maps runtime locations to 422", async () => {
      const unknown = await t.request("POST", "/v1/sessions", {
        key: "runtime",
        body: { foo: 1, max_turns: 0 },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(unknown.status, 400);
      assert.equal(unknown.json.message, "The request does not satisfy the contract.");
      const paths = (unknown.json.details as { issues: Array<{ path: string }> }).issues.map((i) => i.path).sort();
      assert.deepEqual(paths, ["/foo", "/max_turns"]);

      const turn = await t.request("POST", "/v1/sessions/ses_x/next", {
        key: "runtime",
        body: { state_version: 0, previous_turn: { user_text: "" } },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(turn.status, 422);
      assert.equal(turn.json.code, "invalid_previous_turn");
      assert.deepEqual(
        (turn.json.details as { issues: Array<{ path: string }> }).issues.map((i) => i.path),
        ["/previous_turn/user_text"],
      );

      const value = await t.request("POST", "/v1/sessions/ses_x/events", {
        key: "runtime",
        body: { state_version: 0, client_updates: { data: [{ id: "sdk_budget", value: { a: 1 } }] } },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(value.status, 422);
      assert.equal(value.json.code, "invalid_choice");
      assert.equal(value.json.message, "The supplied value is not valid for this success information.");
      assert.equal((value.json.details as { data_id: string }).data_id, "sdk_budget");
      assert.deepEqual((value.json.details as { invalid_value: unknown }).invalid_value, { a: 1 });

      const mixed = await t.request("POST", "/v1/sessions/ses_x/next", {
        key: "runtime",
        body: { previous_turn: { user_text: "" } },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(mixed.status, 400);

      const query = await t.request("GET", "/v1/configuration/questions?limit=0&unknown=1", { key: "read" });
      assert.equal(query.status, 400);
      assert.deepEqual(
        (query.json.details as { issues: Array<{ path: string }> }).issues.map((i) => i.path),
        ["query.limit"],
      );

      const metadata = await t.request("POST", "/v1/sessions/ses_x/feedback", {
        key: "runtime",
        body: { result: "success", metadata: { Transcript: "hello" } },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(metadata.status, 400);
      assert.equal(metadata.json.code, "invalid_request");
    });

    void it("answers an unknown session with 404 unknown_session, keeping an encoded slash inside the id", async () => {
      const r = await t.request("GET", "/v1/sessions/ses_does_not_exist", { key: "runtime" });
      assert.equal(r.status, 404);
      assert.deepEqual(r.json, {
        code: "unknown_session",
        message: "The requested session is unknown.",
        request_id: r.headers["x-request-id"],
        details: { session_id: "ses_does_not_exist" },
      });
      const encoded = await t.request("GET", "/v1/sessions/ses%2F..%2Fsecret", { key: "runtime" });
      assert.equal(encoded.status, 404);
      assert.deepEqual(encoded.json.details, { session_id: "ses/../secret" });
      const next = await t.request("POST", "/v1/sessions/ses%2F..%2Fsecret/next", {
        key: "runtime",
        body: { state_version: 0 },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.deepEqual([next.status, next.json.details], [404, { session_id: "ses/../secret" }]);
      const long = await t.request("GET", `/v1/sessions/${"x".repeat(600)}`, { key: "runtime" });
      assert.equal(long.status, 404);
    });

    void it("stores a refusal produced after reservation and replays it verbatim; another body is idempotency_key_reused", async () => {
      const key = newIdempotencyKey();
      const first = await t.request("POST", "/v1/sessions/ses_missing/feedback", {
        key: "runtime",
        body: { result: "success" },
        idempotencyKey: key,
      });
      assert.equal(first.status, 404);
      const replay = await t.request("POST", "/v1/sessions/ses_missing/feedback", {
        key: "runtime",
        body: { result: "success" },
        idempotencyKey: key,
      });
      assert.equal(replay.status, 404);
      assert.equal(replay.text, first.text);
      assert.equal(replay.headers["x-request-id"], first.headers["x-request-id"]);
      const reordered = await t.request("POST", "/v1/sessions/ses_missing/feedback", {
        key: "runtime",
        rawBody: '{ "result" : "success" }',
        idempotencyKey: key,
      });
      assert.equal(reordered.headers["x-request-id"], first.headers["x-request-id"]);
      const other = await t.request("POST", "/v1/sessions/ses_missing/feedback", {
        key: "runtime",
        body: { result: "failure" },
        idempotencyKey: key,
      });
      assert.equal(other.status, 409);
      assert.equal(other.json.code, "idempotency_key_reused");
      assert.deepEqual(other.json.details, { idempotency_key: key });
      const otherPath = await t.request("POST", "/v1/sessions/ses_other/feedback", {
        key: "runtime",
        body: { result: "success" },
        idempotencyKey: key,
      });
      assert.equal(otherPath.status, 409);
    });

    void it("does not store validation errors as idempotency records", async () => {
      const key = newIdempotencyKey();
      const bad = await t.request("POST", "/v1/sessions/ses_missing/feedback", {
        key: "runtime",
        body: { result: "nope" },
        idempotencyKey: key,
      });
      assert.equal(bad.status, 400);
      const good = await t.request("POST", "/v1/sessions/ses_missing/feedback", {
        key: "runtime",
        body: { result: "success" },
        idempotencyKey: key,
      });
      assert.equal(good.status, 404);
    });

    void it("answers configuration reads with nothing configured with 404 unknown_configuration", async () => {
      const published = await t.request("GET", "/v1/configuration", { key: "manage" });
      assert.equal(published.status, 404);
      assert.equal(published.json.message, "No published configuration exists for this domain.");
      assert.deepEqual(published.json.details, { state: "published" });
      const draft = await t.request("GET", "/v1/configuration?state=draft", { key: "manage" });
      assert.equal(draft.status, 404);
      assert.equal(draft.json.message, "No draft exists for this configuration.");
      assert.deepEqual(draft.json.details, { state: "draft" });
      const questions = await t.request("GET", "/v1/configuration/questions", { key: "read" });
      assert.equal(questions.status, 404);
      const publish = await t.request("POST", "/v1/configuration/publish", { key: "publish", idempotencyKey: newIdempotencyKey() });
      assert.deepEqual([publish.status, publish.json.details], [404, { state: "draft" }]);
      const create = await t.request("POST", "/v1/sessions", { key: "runtime", body: {}, idempotencyKey: newIdempotencyKey() });
      assert.deepEqual([create.status, create.json.code, create.json.details], [404, "unknown_configuration", { state: "published" }]);
      const noBody = await t.request("POST", "/v1/sessions", { key: "runtime", idempotencyKey: newIdempotencyKey() });
      assert.deepEqual([noBody.status, noBody.json.code], [404, "unknown_configuration"]);
    });

    void it("answers an unknown compilation with 404 unknown_compilation", async () => {
      const r = await t.request("GET", "/v1/configuration/compilations/cmp_nope", { key: "read" });
      assert.equal(r.status, 404);
      assert.deepEqual(r.json.details, { compilation_id: "cmp_nope" });
      assert.equal(r.json.message, "This compilation job is unknown.");
    });

    void it("lists an empty audit log and refuses a bad cursor with 400", async () => {
      const r = await t.request("GET", "/v1/configuration/audit?limit=10", { key: "publish" });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json, { request_id: r.headers["x-request-id"], events: [], next_cursor: null });
      const bad = await t.request("GET", "/v1/configuration/audit?cursor=garbage", { key: "publish" });
      assert.equal(bad.status, 400);
      assert.equal(bad.json.code, "invalid_request");
    });

    void it("answers a corrupt stored draft with a bare 500 and lets a retry re-execute", async () => {
      await t.store.saveDraft({
        domainId: t.domainId,
        expectedRevision: 0,
        revision: 1,
        content: { corrupt: true },
        now: new Date().toISOString(),
      });
      const key = newIdempotencyKey();
      const body = { changes: [{ entity: "objective", operation: "update", objective: { name: "x" } }] };
      const first = await t.request("POST", "/v1/configuration/changes", { key: "write", body, idempotencyKey: key });
      assert.equal(first.status, 500);
      assert.equal(first.text, '{"message":"Internal server error"}');
      const retry = await t.request("POST", "/v1/configuration/changes", { key: "write", body, idempotencyKey: key });
      assert.equal(retry.status, 500);
      assert.notEqual(retry.headers["x-request-id"], first.headers["x-request-id"]);
      assert.ok(t.logLines.some((l) => l.includes(String(first.headers["x-request-id"])) && l.includes("unexpected error")));
    });

    void it("serves health without a key and the OpenAPI document", async () => {
      const health = await t.request("GET", "/v1/health");
      assert.equal(health.status, 200);
      assert.equal(health.text, '{"status":"ok","nbq_version":"1.0.0"}');
      assert.match(String(health.headers["x-request-id"]), REQUEST_ID);
      const docs = await t.request("GET", "/docs/json");
      assert.equal(docs.status, 200);
      const ui = await t.request("GET", "/docs/");
      assert.equal(ui.status, 200);
      assert.match(String(ui.headers["content-type"]), /text\/html/);
      const paths = Object.keys(docs.json.paths as object);
      assert.ok(paths.includes("/v1/sessions/{session_id}/next"));
      assert.ok(paths.includes("/v1/configuration/changes"));
      // A paging limit is documented as what a client sends, an integer with its bounds and default (§10.5, §13), not
      // as the digits-only text pattern the server checks it with.
      type Parameter = { name: string; in: string; schema: Record<string, unknown> };
      const operations = docs.json.paths as Record<string, Record<string, { parameters?: Parameter[] }>>;
      for (const path of ["/v1/configuration/questions", "/v1/configuration/audit", "/v1/sessions"]) {
        const limit = operations[path]?.get?.parameters?.find((p) => p.name === "limit" && p.in === "query");
        assert.deepEqual(limit?.schema, { type: "integer", minimum: 1, maximum: 200, default: 50 }, path);
      }
    });

    void it("logs one JSON line per request with its id, route, status, latency and key id, never the key or body", async () => {
      const secret = "confidential user text";
      const r = await t.request("POST", "/v1/sessions/ses_log/feedback", {
        key: "runtime",
        body: { result: "success", label: secret },
        idempotencyKey: newIdempotencyKey(),
      });
      const line = t.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.request_id === r.headers["x-request-id"]);
      assert.ok(line);
      assert.equal(line.method, "POST");
      assert.equal(line.route, "/v1/sessions/:session_id/feedback");
      assert.equal(line.status, 404);
      assert.equal(line.key_id, t.keyIds.runtime);
      assert.equal(typeof line.latency_ms, "number");
      const all = t.logLines.join("\n");
      assert.ok(!all.includes(secret));
      for (const key of Object.values(t.keys)) assert.ok(!all.includes(key));
    });

    void it("makes every request id unique", async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 20; i += 1) ids.add(String((await t.request("GET", "/v1/health")).headers["x-request-id"]));
      assert.equal(ids.size, 20);
    });
  });
}
