// A bounded fuzz of every route (issue 11 item 7): random methods, path ids (percent junk, NUL, traversal),
// query parameters, headers (keys, Content-Type, Idempotency-Key) and bodies (JSON, junk, deep nesting). No
// answer is a 5xx, every answer carries X-Request-Id, and every error is the envelope or a docs/zelinqa-api.md §5.3 gateway body.
// A few seconds per store; also a handful of raw HTTP request lines no client library would send.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import fc from "fast-check";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { endedCompilation, newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";

const ROUTES: Array<[string, string]> = [
  ["POST", "/v1/sessions"],
  ["POST", "/v1/sessions/:id/next"],
  ["POST", "/v1/sessions/:id/events"],
  ["POST", "/v1/sessions/:id/understand"],
  ["GET", "/v1/sessions/:id"],
  ["POST", "/v1/sessions/:id/feedback"],
  ["POST", "/v1/sessions/:id/conversion"],
  ["GET", "/v1/configuration"],
  ["GET", "/v1/configuration/questions"],
  ["GET", "/v1/configuration/compilations/:id"],
  ["POST", "/v1/configuration/changes"],
  ["POST", "/v1/configuration/publish"],
  ["GET", "/v1/configuration/audit"],
  ["POST", "/v1/next-questions"],
  ["GET", "/v1/health"],
  ["GET", "/docs/static/:id"],
  ["GET", "/v1/:id"],
];
const QUERY_NAMES = ["state", "dimension_id", "active", "type", "search", "limit", "cursor", "format", "action", "resource_type"];
const GATEWAY_STATUSES = new Set([401, 403, 404, 405, 413, 429]);
const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

const junkSegment = fc.oneof(
  fc.constantFrom(
    "%",
    "%zz",
    "%00",
    "ses_%00",
    "%C0%AF",
    "%ED%A0%80",
    "%E0%A4%A",
    "..",
    "%2e%2e",
    "ses%2F..%2Fsecret",
    "%F0%9F%98%80",
    "x".repeat(3000),
  ),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s)),
  fc.string({ unit: "binary", maxLength: 8 }).map((s) => encodeURIComponent(s).replace(/%([0-9A-F]{2})/g, (m) => (m === "%2F" ? "/" : m))),
);
const queryValue = fc.oneof(
  fc.constantFrom("draft", "published", "true", "csv", "json", "0", "-1", "201", "%00", "%", "%ZZ", "a%00b"),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const bodyText = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(
        "state_version",
        "previous_turn",
        "changes",
        "result",
        "client_reference",
        "context_update",
        "client_updates",
        "session_id",
        "x",
      ),
      jsonValue,
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 60, max: 5000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.constantFrom('{"client_reference":"\\u0000"}', '{"client_reference":"\\ud800"}', '{"state_version":0}', "{}", ""),
);

void describe("route fuzz", () => {
  for (const backend of BACKENDS) {
    void describe(`on ${backend}`, { skip: skipReason(backend) }, () => {
      let t: TestApp;
      let sessionId = "";
      before(async () => {
        t = await startTestApp({ backend, options: { workerPollMs: 20 } });
        const changes = await t.request("POST", "/v1/configuration/changes", {
          key: "all",
          body: { changes: referenceCorpusChanges() },
          idempotencyKey: newIdempotencyKey(),
        });
        assert.equal(changes.status, 200, changes.text);
        const publish = await t.request("POST", "/v1/configuration/publish", { key: "all", body: {}, idempotencyKey: newIdempotencyKey() });
        assert.equal(publish.status, 202, publish.text);
        const job = await endedCompilation(t, publish.json.compilation_id as string, "all");
        assert.equal(job.json.status, "succeeded", job.text);
        const created = await t.request("POST", "/v1/sessions", { key: "all", body: {}, idempotencyKey: newIdempotencyKey() });
        assert.equal(created.status, 201, created.text);
        sessionId = created.json.session_id as string;
      });
      after(async () => {
        await t?.close();
      });

      void it("answers every fuzzed request below 500, with X-Request-Id, in the envelope or a gateway body", async () => {
        const request = fc.record({
          route: fc.constantFrom(...ROUTES),
          otherMethod: fc.option(fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"), { freq: 5 }),
          id: fc.oneof(
            { arbitrary: fc.constant("__session__"), weight: 3 },
            { arbitrary: fc.constantFrom("%00", "ses_%00", "cmp_%00x"), weight: 2 },
            { arbitrary: junkSegment, weight: 3 },
          ),
          query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.constantFrom("a%00", "x")), queryValue), { maxLength: 3 }),
          key: fc.oneof(
            { arbitrary: fc.constant("all"), weight: 4 },
            { arbitrary: fc.constantFrom("runtime", "write", null, "nbq_live_invalid", "Basic"), weight: 2 },
          ),
          contentType: fc.oneof(
            { arbitrary: fc.constant("application/json"), weight: 4 },
            { arbitrary: fc.constantFrom("application/json; charset=utf-8", "", "/", "text/plain", undefined), weight: 2 },
          ),
          idem: fc.oneof(fc.constant(undefined), fc.constantFrom("short", "k".repeat(200)), fc.uuid()),
          body: fc.option(bodyText, { freq: 4 }),
        });
        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            const [method0, template] = r.route;
            const method = (r.otherMethod ?? method0) as "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
            const path = template.replace(":id", r.id === "__session__" ? sessionId : r.id);
            const query = r.query.length > 0 ? `?${r.query.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
            const headers: Record<string, string> = {};
            if (r.key === "Basic") headers.authorization = "Basic abc";
            else if (r.key !== null) headers.authorization = `Bearer ${r.key in t.keys ? t.keys[r.key as keyof typeof t.keys] : r.key}`;
            if (r.contentType !== undefined) headers["content-type"] = r.contentType;
            if (r.idem !== undefined) headers["idempotency-key"] = r.idem;
            const response = await t.app.fastify.inject({
              method,
              url: `${path}${query}`,
              headers,
              ...(r.body !== null && method !== "GET" ? { payload: r.body } : {}),
            });
            const where = `${method} ${path.slice(0, 80)}${query} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
            assert.ok(response.statusCode < 500, where);
            const requestId = response.headers["x-request-id"];
            assert.match(String(requestId), REQUEST_ID, where);
            if (response.statusCode < 400) return;
            const body = JSON.parse(response.body) as Record<string, unknown>;
            if ("code" in body) {
              assert.deepEqual(Object.keys(body), ["code", "message", "request_id", "details"], where);
              assert.equal(body.request_id, requestId, where);
            } else {
              assert.ok(GATEWAY_STATUSES.has(response.statusCode), where);
              assert.deepEqual(Object.keys(body), ["message"], where);
            }
          }),
          { numRuns: 400, interruptAfterTimeLimit: 6000 },
        );
      });

      void it("answers raw request lines that clients normalise away below 500 with X-Request-Id", async () => {
        const base = await t.app.fastify.listen({ host: "127.0.0.1", port: 0 });
        const { port } = new URL(base);
        const lines = [
          "GET /docs/static/../../x HTTP/1.1",
          "GET /docs/static/..%2f..%2fpackage.json HTTP/1.1",
          "GET /v1/sessions/../../etc/passwd HTTP/1.1",
          "GET /v1/sessions/%E0%A4%A HTTP/1.1",
          "GET /v1//sessions HTTP/1.1",
          "GET //v1/health HTTP/1.1",
          "GET /v1/sessions/ses_x?%ZZ=1 HTTP/1.1",
          // Refused by Node's HTTP parser before any route: a control character in the path, a bad version.
          "GET /v1/sessions/a\u0001b HTTP/1.1",
          "GET /v1/health HTTP/9.9",
        ];
        for (const line of lines) {
          const raw = await new Promise<string>((resolve, reject) => {
            const socket = connect(Number(port), "127.0.0.1");
            let data = "";
            socket.on("data", (c: Buffer) => (data += c.toString("latin1")));
            socket.on("end", () => resolve(data));
            socket.on("error", reject);
            socket.write(`${line}\r\nHost: x\r\nAuthorization: Bearer ${t.keys.all}\r\nConnection: close\r\n\r\n`, "latin1");
          });
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
          if (line.startsWith("GET /docs/static/../")) assert.equal(status, 404, raw);
          if (status >= 400) assert.match(raw, /\r\n\r\n\{"(code|message)"/, `${line} -> ${raw.slice(0, 300)}`);
          assert.ok(status >= 200 && status < 500, `${line} -> ${raw.slice(0, 300)}`);
          assert.match(raw, /\r\nx-request-id: req_/i, `${line} -> ${raw.slice(0, 300)}`);
        }
        const headerBytes = await new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), "127.0.0.1");
          let data = "";
          socket.on("data", (c: Buffer) => (data += c.toString("latin1")));
          socket.on("end", () => resolve(data));
          socket.on("error", reject);
          socket.write(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n`, "latin1");
        });
        assert.match(headerBytes, /^HTTP\/1\.1 400 /);
        assert.match(headerBytes, /\r\nX-Request-Id: req_/i);
        assert.match(headerBytes, /"code":"invalid_request"/);
      });
    });
  }
});
