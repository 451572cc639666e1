// Issue 11 probes against the API, each reproducing an attack that used to get through: deep nesting in bodies
// and in stored schemas, oversized runtime bodies, missing or malformed Content-Type, characters PostgreSQL
// cannot store, and Fastify's own errors outside the envelope. Run on SQLite and PostgreSQL.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { InjectResult, TestApp } from "../../support/zelinqa-app.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { corpusDocument } from "../../support/zelinqa-config-file.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

function nestedObject(depth: number, leaf: Record<string, unknown> = { type: "string" }): Record<string, unknown> {
  let value: Record<string, unknown> = leaf;
  for (let i = 0; i < depth; i += 1) value = { allOf: [value] };
  return value;
}

/** Writes `request` on a new connection and reads the answer until the server closes it. */
function rawExchange(port: number, request: string): Promise<{ status: number; head: string; body: string; text: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n", 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body, text });
    });
  });
}

function assertEnvelope(r: InjectResult, status: number, code: string): void {
  assert.equal(r.status, status, r.text);
  assert.equal(r.json.code, code, r.text);
  assert.match(String(r.json.request_id), REQUEST_ID);
  assert.equal(r.headers["x-request-id"], r.json.request_id);
  assert.equal(typeof r.json.details, "object");
}

for (const backend of BACKENDS) {
  void describe(`zelinqa API hardening on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, options: { worker: false } });
    });
    after(async () => {
      await t?.close();
    });

    const post = (url: string, rawBody: string, headers: Record<string, string> = {}) =>
      t.request("POST", url, { key: "all", rawBody, idempotencyKey: newIdempotencyKey(), headers });
    let listening: Promise<number> | undefined;
    /** The app's port on 127.0.0.1, listening from the first call on. */
    const port = () => (listening ??= t.app.fastify.listen({ host: "127.0.0.1", port: 0 }).then((base) => Number(new URL(base).port)));

    void it("refuses a body nested deeper than 64 levels with 400 invalid_request before parsing it", async () => {
      for (const body of ["[".repeat(100_000) + "]".repeat(100_000), `{"client_reference":${"[".repeat(65)}${"]".repeat(65)}}`]) {
        const r = await post("/v1/sessions", body);
        assertEnvelope(r, 400, "invalid_request");
        assert.match(JSON.stringify(r.json.details), /deeper than 64/);
      }
      // Brackets inside strings do not count.
      const inString = await post("/v1/sessions", JSON.stringify({ client_reference: "[".repeat(100) }));
      assert.notEqual(inString.status, 400, inString.text);
    });

    void it("refuses a success_information schema nested deeper than 32 levels with invalid_schema", async () => {
      const changes = referenceCorpusChanges("create").filter((c) => c.entity !== "success_information");
      const base = await t.request("POST", "/v1/configuration/changes", {
        key: "all",
        body: { changes },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(base.status, 200, base.text);
      const deep = {
        entity: "success_information",
        operation: "create",
        success_information: { id: "deep", label: "Deep", schema: nestedObject(20), primary_question_id: "sdk_q_usage" },
      };
      const r = await t.request("POST", "/v1/configuration/changes", {
        key: "all",
        body: { changes: [deep] },
        idempotencyKey: newIdempotencyKey(),
      });
      assertEnvelope(r, 422, "configuration_validation_failed");
      const issues = r.json.details as { issues: Array<{ code: string; message: string }> };
      assert.equal(issues.issues[0]?.code, "invalid_schema");
      assert.match(issues.issues[0]?.message ?? "", /deeper than 32/);
    });

    void it("keeps a domain poisoned by a deep stored schema editable: the item is reported and can be replaced", async () => {
      const { domainId, store } = t;
      const stored = await store.getDraft(domainId);
      assert.ok(stored);
      const content = stored.content as { draft_revision: number; success_informations: unknown[] };
      // What an earlier release accepted with 200: a schema about 2,000 levels deep.
      content.success_informations.push({ id: "poison", label: "Poison", schema: nestedObject(2_000), primary_question_id: "sdk_q_usage" });
      assert.ok(
        await store.saveDraft({
          domainId,
          expectedRevision: stored.revision,
          revision: stored.revision + 1,
          content: { ...content, draft_revision: stored.revision + 1 },
          now: new Date().toISOString(),
        }),
      );

      const objective = { entity: "objective", operation: "update", objective: { max_turns: 7 } };
      const edit = await t.request("POST", "/v1/configuration/changes", {
        key: "all",
        body: { changes: [objective] },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(edit.status, 200, edit.text);
      const warnings = edit.json.warnings as Array<{ code: string; entity_id?: string }>;
      assert.ok(
        warnings.some((w) => w.code === "invalid_schema" && w.entity_id === "poison"),
        edit.text,
      );

      const publish = await t.request("POST", "/v1/configuration/publish", { key: "all", body: {}, idempotencyKey: newIdempotencyKey() });
      assertEnvelope(publish, 422, "configuration_validation_failed");
      assert.match(publish.text, /"entity_id":"poison"/);

      const read = await t.request("GET", "/v1/configuration?state=draft", { key: "all" });
      assert.equal(read.status, 200, read.text.slice(0, 300));

      const replace = {
        entity: "success_information",
        operation: "update",
        success_information: { id: "poison", schema: { type: "string" } },
      };
      const fixed = await t.request("POST", "/v1/configuration/changes", {
        key: "all",
        body: { changes: [replace] },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(fixed.status, 200, fixed.text);
      assert.ok(!(fixed.json.warnings as Array<{ code: string }>).some((w) => w.code === "invalid_schema"), fixed.text);
      const remove = { entity: "success_information", operation: "delete", success_information: { id: "poison" } };
      const removed = await t.request("POST", "/v1/configuration/changes", {
        key: "all",
        body: { changes: [remove] },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(removed.status, 200, removed.text);
    });

    void it("lets `zelinqa config import` replace a poisoned draft (it used to fail with a stack overflow)", async () => {
      const { domainId, store } = t;
      const stored = await store.getDraft(domainId);
      assert.ok(stored);
      const content = stored.content as { success_informations: unknown[] };
      content.success_informations.push({
        id: "poison2",
        label: "Poison",
        schema: nestedObject(2_000),
        primary_question_id: "sdk_q_usage",
      });
      assert.ok(
        await store.saveDraft({
          domainId,
          expectedRevision: stored.revision,
          revision: stored.revision + 1,
          content: { ...content, draft_revision: stored.revision + 1 },
          now: new Date().toISOString(),
        }),
      );
      const dir = mkdtempSync(join(tmpdir(), "zelinqa-import-"));
      try {
        const file = join(dir, "corpus.json");
        writeFileSync(file, JSON.stringify(corpusDocument()));
        const flags = t.database.databaseUrl ? ["--database-url", t.database.databaseUrl] : ["--sqlite-path", t.database.sqlitePath ?? ""];
        let stderr = "";
        const io = { env: {}, stdout: () => undefined, stderr: (text: string) => (stderr += text) };
        assert.equal(await runCli(["config", "import", file, ...flags], io), 0, stderr);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    void it("refuses runtime bodies over 256 KiB with 413 although the global limit is 10 MB", async () => {
      const big = JSON.stringify({ client_reference: "x", initial_history: [{ role: "user", text: "y".repeat(300 * 1024) }] });
      const r = await post("/v1/sessions", big);
      assert.equal(r.status, 413);
      assert.equal(r.text, '{"message":"Request Entity Too Large"}');
      assert.match(String(r.headers["x-request-id"]), REQUEST_ID);
      // Configuration batches keep a larger (2 MiB) limit: 300 KiB reaches validation.
      const config = await post("/v1/configuration/changes", JSON.stringify({ changes: [], pad: "z".repeat(300 * 1024) }));
      assertEnvelope(config, 400, "invalid_request");
    });

    void it("answers a missing or malformed Content-Type with 400 invalid_request after authentication", async () => {
      const cases: Array<Record<string, string>> = [
        { "content-type": "" },
        { "content-type": "/" },
        { "content-type": "text/plain" },
        { "content-type": "application/x-www-form-urlencoded" },
      ];
      for (const headers of cases) {
        for (const url of [
          "/v1/sessions",
          "/v1/sessions/ses_x/next",
          "/v1/configuration/changes",
          "/v1/configuration/publish",
          "/v1/next-questions",
        ]) {
          const r = await post(url, "{}", headers);
          assertEnvelope(r, 400, "invalid_request");
          assert.deepEqual(r.json.details, { issues: [{ path: "header.Content-Type", message: "must be application/json" }] });
          const anonymous = await t.request("POST", url, { key: null, rawBody: "{}", headers });
          assert.equal(anonymous.status, 401, `${url} ${JSON.stringify(headers)}`);
        }
      }
      const missing = await t.app.fastify.inject({
        method: "POST",
        url: "/v1/sessions",
        payload: "{}",
        headers: { authorization: `Bearer ${t.keys.all}`, "idempotency-key": newIdempotencyKey() },
      });
      assert.equal(missing.statusCode, 400);
      // No body needs no Content-Type: publish takes an optional body.
      const empty = await t.app.fastify.inject({
        method: "POST",
        url: "/v1/configuration/publish",
        headers: { authorization: `Bearer ${t.keys.all}`, "idempotency-key": newIdempotencyKey() },
      });
      assert.notEqual(empty.statusCode, 400, empty.body);
      assert.ok(empty.statusCode < 500, empty.body);
    });

    void it("refuses a body declared in another charset than UTF-8 or with a content coding, after authentication", async () => {
      const body = JSON.stringify({ client_reference: "r" });
      const refused: Array<[Record<string, string>, Buffer | string, string, string]> = [
        [{ "content-type": "application/json; charset=utf-16" }, body, "header.Content-Type", "the charset must be utf-8"],
        [{ "content-type": 'application/json; charset="ISO-8859-1"' }, body, "header.Content-Type", "the charset must be utf-8"],
        [{ "content-encoding": "gzip" }, gzipSync(body), "header.Content-Encoding", "not supported"],
        // A plain body under a coding header is refused too: the header, not the bytes, says what the body is.
        [{ "content-encoding": "gzip" }, body, "header.Content-Encoding", "not supported"],
        [{ "content-encoding": "br, identity" }, body, "header.Content-Encoding", "not supported"],
      ];
      for (const [headers, payload, path, message] of refused) {
        const r = await t.app.fastify.inject({
          method: "POST",
          url: "/v1/sessions",
          payload,
          headers: {
            "content-type": "application/json",
            ...headers,
            authorization: `Bearer ${t.keys.all}`,
            "idempotency-key": newIdempotencyKey(),
          },
        });
        assert.equal(r.statusCode, 400, r.body);
        const json = JSON.parse(r.body) as { code: string; details: { issues: Array<{ path: string; message: string }> } };
        assert.equal(json.code, "invalid_request");
        assert.equal(json.details.issues[0]!.path, path, r.body);
        assert.match(json.details.issues[0]!.message, new RegExp(message), r.body);
        const anonymous = await t.request("POST", "/v1/sessions", { key: null, rawBody: body, headers });
        assert.equal(anonymous.status, 401, JSON.stringify(headers));
      }
      const accepted: Array<Record<string, string>> = [
        { "content-type": 'application/json; charset="UTF-8"' },
        { "content-type": "application/json;charset=utf8" },
        { "content-encoding": "identity" },
      ];
      for (const headers of accepted) {
        // Past the body checks: this app has no published configuration, which is the next refusal.
        const r = await post("/v1/sessions", body, headers);
        assert.equal(r.json.code, "unknown_configuration", `${JSON.stringify(headers)}: ${r.text}`);
      }
    });

    void it("refuses two Idempotency-Key headers instead of joining them into a third key", async () => {
      const key = newIdempotencyKey();
      const answer = await rawExchange(
        await port(),
        `POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.keys.all}\r\nContent-Type: application/json\r\n` +
          `Idempotency-Key: ${key}\r\nidempotency-key: ${newIdempotencyKey()}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      );
      assert.equal(answer.status, 400, answer.text);
      assert.match(answer.text, /"path":"header\.Idempotency-Key","message":"must be sent once"/);
      // The same request with one of the keys gets past the header checks (to the missing configuration).
      const alone = await t.request("POST", "/v1/sessions", { key: "all", rawBody: "{}", idempotencyKey: key });
      assert.equal(alone.json.code, "unknown_configuration", alone.text);
    });

    void it("answers an Expect other than 100-continue with 417 in the envelope, and goes on serving", async () => {
      const answer = await rawExchange(
        await port(),
        `POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.keys.all}\r\nContent-Type: application/json\r\n` +
          `Idempotency-Key: ${newIdempotencyKey()}\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}`,
      );
      assert.equal(answer.status, 417, answer.text);
      const requestId = /^x-request-id: (\S+)$/im.exec(answer.head)?.[1];
      assert.match(requestId ?? "", REQUEST_ID, answer.head);
      const envelope = JSON.parse(answer.body) as { code: string; request_id: string; details: unknown };
      assert.equal(envelope.code, "invalid_request");
      assert.equal(envelope.request_id, requestId);
      assert.deepEqual(envelope.details, { issues: [{ path: "header.Expect", message: "only 100-continue is supported" }] });
      const health = await rawExchange(await port(), "GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      assert.equal(health.status, 200, health.text);
    });

    void it("answers NUL and lone surrogates in path ids, query parameters and string fields with 400 invalid_request", async () => {
      const cases: Array<[string, Promise<InjectResult>]> = [
        ["path", t.request("GET", "/v1/sessions/ses_%00x", { key: "all" })],
        ["path next", post("/v1/sessions/ses_%00/next", JSON.stringify({ state_version: 0 }))],
        ["compilation", t.request("GET", "/v1/configuration/compilations/cmp_%00", { key: "all" })],
        ["query", t.request("GET", "/v1/configuration/questions?state=draft&search=a%00b", { key: "all" })],
        ["query cursor", t.request("GET", "/v1/configuration/audit?cursor=%00", { key: "all" })],
        ["query name", t.request("GET", "/v1/configuration/questions?a%00=1", { key: "all" })],
        ["field", post("/v1/sessions", JSON.stringify({ client_reference: "a\u0000b" }))],
        ["surrogate", post("/v1/sessions", '{"client_reference":"a\\ud800b"}')],
        ["surrogate key", post("/v1/sessions/ses_x/feedback", '{"result":"success","metadata":{"\\udc00":1}}')],
        ["feedback", post("/v1/sessions/ses_x/feedback", JSON.stringify({ result: "success", label: "\u0000" }))],
        ["legacy", post("/v1/next-questions", JSON.stringify({ session_id: "s\u0000" }))],
        [
          "config",
          post(
            "/v1/configuration/changes",
            JSON.stringify({
              changes: [
                {
                  entity: "dimension",
                  operation: "create",
                  dimension: { id: "d\u0000", name: "n", order_position: 0, completion_role: "blocking" },
                },
              ],
            }),
          ),
        ],
      ];
      for (const [name, pending] of cases) {
        const r = await pending;
        assertEnvelope(r, 400, "invalid_request");
        assert.match(JSON.stringify(r.json.details), /NUL or an unpaired surrogate/, name);
      }
      const paired = await post("/v1/sessions", JSON.stringify({ client_reference: "emoji \ud83d\ude00" }));
      assert.notEqual(paired.status, 400, paired.text);
    });

    void it("answers invalid UTF-8 bytes in a body with 400 invalid_request", async () => {
      const r = await t.app.fastify.inject({
        method: "POST",
        url: "/v1/sessions",
        payload: Buffer.concat([Buffer.from('{"client_reference":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
        headers: { authorization: `Bearer ${t.keys.all}`, "idempotency-key": newIdempotencyKey(), "content-type": "application/json" },
      });
      assert.equal(r.statusCode, 400);
      assert.match(r.body, /not valid UTF-8/);
    });

    void it("answers Fastify's own errors in the envelope with X-Request-Id", async () => {
      for (const url of ["/v1/sessions/%E0%A4%A", "/v1/sessions/%ZZ", "/v1/configuration/compilations/%"]) {
        const r = await t.request("GET", url, { key: "all" });
        assertEnvelope(r, 400, "invalid_request");
      }
      const lying = await t.app.fastify.inject({
        method: "POST",
        url: "/v1/sessions",
        payload: "{}",
        headers: { authorization: `Bearer ${t.keys.all}`, "content-type": "application/json", "content-length": "abc" },
      });
      assert.ok(lying.statusCode < 500, lying.body);
      assert.ok(lying.headers["x-request-id"]);
    });

    void it("logs a client that aborts its upload as a client abort, not as database unavailable", async () => {
      const appPort = await port();
      const before = t.logLines.length;
      await new Promise<void>((resolve, reject) => {
        const socket = connect(appPort, "127.0.0.1", () => {
          socket.write(
            `POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.keys.all}\r\nContent-Type: application/json\r\n` +
              `Idempotency-Key: ${newIdempotencyKey()}\r\nContent-Length: 100000\r\n\r\n{"client_reference":"`,
            () => setTimeout(() => socket.destroy(), 50),
          );
        });
        socket.on("close", () => resolve());
        socket.on("error", reject);
      });
      const until = Date.now() + 3000;
      while (!t.logLines.slice(before).some((l) => l.includes("client aborted")) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      const lines = t.logLines.slice(before);
      assert.ok(
        lines.some((l) => l.includes("client aborted the request")),
        lines.join("\n"),
      );
      assert.ok(!lines.some((l) => l.includes("database unavailable")), lines.join("\n"));
    });
  });
}
