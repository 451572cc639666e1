// Behaviour that depends on time or limits, with an injected clock: idempotency contention (503 after one
// 500 ms wait), lease takeover, 24 h retention, the ≤ 1 s key cache and expiry, compilation lease timeout,
// the optional rate limit, the French locale, and 503s when the database is unavailable.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { requestFingerprint } from "../../../src/zelinqa/api/idempotency.js";
import { createIdGenerator, generateApiKey } from "../../../src/zelinqa/operations/index.js";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";

const T0 = Date.parse("2026-09-01T09:00:00.000Z");

for (const backend of BACKENDS) {
  void describe(`zelinqa time and limits on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    let nowMs = T0;
    const advance = (ms: number) => (nowMs += ms);
    before(async () => {
      t = await startTestApp({ backend, options: { clock: { now: () => new Date(nowMs) }, worker: false } });
    });
    after(async () => {
      await t?.close();
    });

    void it("answers 503 idempotency_contention after one wait when the same request is in flight, and 409 for another body", async () => {
      const key = newIdempotencyKey();
      const path = "/v1/sessions/ses_busy/feedback";
      const body = { result: "success" };
      const reserve = (token: string) =>
        t.store.reserveIdempotency({
          domainId: t.domainId,
          operation: "submitSessionFeedback",
          key,
          fingerprint: requestFingerprint("POST", path, body),
          token,
          now: new Date(nowMs).toISOString(),
          leaseExpiresAt: new Date(nowMs + 60_000).toISOString(),
          expiresAt: new Date(nowMs + 86_400_000).toISOString(),
        });
      assert.equal((await reserve("other-process")).kind, "reserved");
      const started = Date.now();
      const busy = await t.request("POST", path, { key: "runtime", body, idempotencyKey: key });
      assert.ok(Date.now() - started >= 450);
      assert.equal(busy.status, 503);
      assert.equal(busy.headers["retry-after"], "1");
      assert.deepEqual([busy.json.code, busy.json.details], ["idempotency_contention", { idempotency_key: key, retry_after_seconds: 1 }]);
      const other = await t.request("POST", path, { key: "runtime", body: { result: "failure" }, idempotencyKey: key });
      assert.deepEqual([other.status, other.json.code], [409, "idempotency_key_reused"]);
      advance(60_001);
      const takenOver = await t.request("POST", path, { key: "runtime", body, idempotencyKey: key });
      assert.deepEqual([takenOver.status, takenOver.json.code], [404, "unknown_session"]);
    });

    void it("forgets an idempotency record after 24 hours", async () => {
      const key = newIdempotencyKey();
      const first = await t.request("POST", "/v1/sessions/ses_old/feedback", {
        key: "runtime",
        body: { result: "success" },
        idempotencyKey: key,
      });
      assert.equal(first.status, 404);
      advance(23 * 3_600_000);
      const reused = await t.request("POST", "/v1/sessions/ses_old/feedback", {
        key: "runtime",
        body: { result: "partial" },
        idempotencyKey: key,
      });
      assert.equal(reused.status, 409);
      advance(3_600_001);
      const fresh = await t.request("POST", "/v1/sessions/ses_old/feedback", {
        key: "runtime",
        body: { result: "partial" },
        idempotencyKey: key,
      });
      assert.equal(fresh.status, 404);
      assert.notEqual(fresh.headers["x-request-id"], first.headers["x-request-id"]);
    });

    void it("refuses a revoked key within 1 s and an expired key at once", async () => {
      const ids = createIdGenerator();
      const at = new Date(nowMs).toISOString();
      const revocable = generateApiKey({ ids, domainId: t.domainId, scopes: ["runtime"], label: null, expiresAt: null, now: at });
      const expiring = generateApiKey({
        ids,
        domainId: t.domainId,
        scopes: ["runtime"],
        label: null,
        expiresAt: new Date(nowMs + 10_000).toISOString(),
        now: at,
      });
      await t.store.insertApiKey(revocable.record);
      await t.store.insertApiKey(expiring.record);
      const status = async (token: string) => (await t.request("GET", "/v1/sessions/ses_none", { key: token })).status;
      assert.equal(await status(revocable.apiKey), 404);
      assert.equal(await status(expiring.apiKey), 404);
      await t.store.revokeApiKey(revocable.record.id, at);
      advance(1_000);
      assert.equal(await status(revocable.apiKey), 403);
      advance(9_001);
      assert.equal(await status(expiring.apiKey), 403);
    });

    void it("fails a running compilation whose lease expired with timeout, and lets a new publish through", async () => {
      const changes = await t.request("POST", "/v1/configuration/changes", {
        key: "manage",
        body: { changes: referenceCorpusChanges() },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(changes.status, 200, changes.text);
      const first = await t.request("POST", "/v1/configuration/publish", { key: "publish", body: {}, idempotencyKey: newIdempotencyKey() });
      assert.equal(first.status, 202);
      const claimed = await t.store.claimCompilationJob({
        now: new Date(nowMs).toISOString(),
        leaseExpiresAt: new Date(nowMs + 60_000).toISOString(),
      });
      assert.equal(claimed?.id, first.json.compilation_id);
      const running = await t.request("GET", `/v1/configuration/compilations/${claimed?.id}`, { key: "read" });
      assert.deepEqual([running.json.status, running.json.progress], ["running", 0.1]);
      const blocked = await t.request("POST", "/v1/configuration/publish", {
        key: "publish",
        body: {},
        idempotencyKey: newIdempotencyKey(),
      });
      assert.deepEqual([blocked.status, blocked.json.details], [409, { compilation_id: claimed?.id, status: "running" }]);
      advance(60_001);
      await t.app.worker.drain();
      const failed = await t.request("GET", `/v1/configuration/compilations/${claimed?.id}`, { key: "read" });
      assert.equal(failed.json.status, "failed");
      assert.equal((failed.json.error as { code: string }).code, "timeout");
      const audit = await t.request("GET", "/v1/configuration/audit?action=configuration.publish.failed", { key: "publish" });
      assert.equal((audit.json.events as unknown[]).length, 1);
      const second = await t.request("POST", "/v1/configuration/publish", {
        key: "publish",
        body: {},
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(second.status, 202);
      await t.app.worker.drain();
      const done = await t.request("GET", `/v1/configuration/compilations/${second.json.compilation_id as string}`, { key: "read" });
      assert.deepEqual([done.json.status, done.json.configuration_version], ["succeeded", "cfg_00001"]);
    });

    void it("keeps domains apart: another domain's key sees none of this domain's sessions, configuration or jobs", async () => {
      const created = await t.request("POST", "/v1/sessions", { key: "runtime", body: {}, idempotencyKey: newIdempotencyKey() });
      assert.equal(created.status, 201, created.text);
      const ids = createIdGenerator();
      const at = new Date(nowMs).toISOString();
      const org = await t.store.ensureOrganization("other-tenant", at);
      const other = await t.store.createDomain({ id: ids.newId("dom"), name: "Other", organizationId: org, now: at });
      const key = generateApiKey({
        ids,
        domainId: other.id,
        scopes: ["runtime", "configuration:read", "configuration:publish"],
        label: null,
        expiresAt: null,
        now: at,
      });
      await t.store.insertApiKey(key.record);
      const session = await t.request("GET", `/v1/sessions/${created.json.session_id as string}`, { key: key.apiKey });
      assert.deepEqual([session.status, session.json.code], [404, "unknown_session"]);
      const config = await t.request("GET", "/v1/configuration", { key: key.apiKey });
      assert.deepEqual([config.status, config.json.code], [404, "unknown_configuration"]);
      const audit = await t.request("GET", "/v1/configuration/audit", { key: key.apiKey });
      assert.deepEqual(audit.json.events, []);
      const jobs = (await t.request("GET", "/v1/configuration/audit?action=configuration.publish.requested", { key: "publish" })).json
        .events as Array<{ resource: { id: string } }>;
      const job = await t.request("GET", `/v1/configuration/compilations/${jobs[0]?.resource.id ?? "none"}`, { key: key.apiKey });
      assert.deepEqual([job.status, job.json.code], [404, "unknown_compilation"]);
    });

    void it("answers 410 compiled_artifact_unavailable when a pinned or published artefact cannot be loaded", async () => {
      const at = new Date(nowMs).toISOString();
      await t.store.insertSession({
        id: "ses_pinned_to_nothing",
        domainId: t.domainId,
        configVersionId: "cfg_99999",
        state: {},
        stateVersion: 0,
        status: "active",
        turnCount: 0,
        createdAt: at,
        updatedAt: at,
      });
      const get = await t.request("GET", "/v1/sessions/ses_pinned_to_nothing", { key: "runtime" });
      assert.deepEqual(
        [get.status, get.json.code, get.json.details],
        [410, "compiled_artifact_unavailable", { session_id: "ses_pinned_to_nothing" }],
      );
      const key = newIdempotencyKey();
      const next = await t.request("POST", "/v1/sessions/ses_pinned_to_nothing/next", {
        key: "runtime",
        body: { state_version: 5 },
        idempotencyKey: key,
      });
      assert.equal(next.status, 410);
      const replay = await t.request("POST", "/v1/sessions/ses_pinned_to_nothing/next", {
        key: "runtime",
        body: { state_version: 5 },
        idempotencyKey: key,
      });
      assert.equal(replay.headers["x-request-id"], next.headers["x-request-id"]);
      const published = await t.store.getPublishedVersionHead(t.domainId);
      const good = published && (await t.store.getConfigVersion(t.domainId, published.id));
      await t.store.publishConfigVersion({
        domainId: t.domainId,
        draftRevision: 1,
        content: good?.content,
        artifact: { corrupt: true },
        engineVersion: "1.0.0",
        compilationId: null,
        publishedAt: at,
      });
      const create = await t.request("POST", "/v1/sessions", { key: "runtime", body: {}, idempotencyKey: newIdempotencyKey() });
      assert.deepEqual([create.status, create.json.details], [410, { session_id: null }]);
      await t.store.publishConfigVersion({
        domainId: t.domainId,
        draftRevision: 1,
        content: good?.content,
        artifact: good?.artifact,
        engineVersion: "1.0.0",
        compilationId: null,
        publishedAt: at,
      });
    });

    void it("answers 503 when the database is unavailable, on health and on routes", async () => {
      const broken = await startTestApp({ backend, database: t.database, options: { worker: false } });
      await broken.store.close();
      const health = await broken.request("GET", "/v1/health");
      assert.equal(health.status, 503);
      assert.equal(health.text, '{"status":"unavailable","nbq_version":"1.0.0"}');
      const route = await broken.request("GET", "/v1/sessions/ses_x", { key: "runtime" });
      assert.equal(route.status, 503);
      assert.equal(route.text, '{"message":"Service Unavailable"}');
      assert.equal(route.headers["retry-after"], "1");
      await broken.app.close();
    });
  });
}

void describe("zelinqa optional limits and locale", () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend: "sqlite", options: { rateLimitPerMinute: 3, locale: "fr", worker: false } });
  });
  after(async () => {
    await t?.close();
  });

  void it("uses French envelope messages and keeps gateway bodies identical", async () => {
    const r = await t.request("GET", "/v1/sessions/ses_none", { key: "runtime" });
    assert.equal(r.json.message, "La session demandée est inconnue.");
    const missing = await t.request("GET", "/v1/nowhere", { key: "runtime" });
    assert.equal(missing.text, '{"message":"Not Found"}');
  });

  void it("answers 429 Too Many Requests with Retry-After past the per-key limit", async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await t.request("GET", "/v1/sessions/ses_none", { key: "read" });
      statuses.push(last.status);
    }
    assert.deepEqual(statuses.slice(0, 3), [403, 403, 403]);
    const limited = await t.request("GET", "/v1/configuration", { key: "manage" });
    assert.notEqual(limited.status, 429);
    for (let i = 0; i < 3; i += 1) await t.request("GET", "/v1/configuration", { key: "manage" });
    const over = await t.request("GET", "/v1/configuration", { key: "manage" });
    assert.equal(over.status, 429);
    assert.equal(over.text, '{"message":"Too Many Requests"}');
    assert.ok(Number(over.headers["retry-after"]) >= 1);
  });
});
