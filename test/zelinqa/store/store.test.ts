// One store suite run against SQLite and PostgreSQL (docs/zelinqa-api.md §2.3): migrations, tenancy, drafts, versions, the
// compilation queue, the state_version CAS, idempotency reservation and the audit log.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import pg from "pg";
import { BACKENDS, createTestDatabase, skipReason, type TestDatabase } from "../../support/zelinqa-databases.js";
import type { QueuedCompilationJob, SessionFactsWrite, ZelinqaStore } from "../../../src/zelinqa/store/index.js";
import { JsonText } from "../../../src/zelinqa/store/index.js";
import { keyReservation, sessionCreation } from "../../support/zelinqa-store-fixtures.js";

const T0 = "2026-09-01T09:00:00.000Z";
const T1 = "2026-09-01T09:01:00.000Z";
const T2 = "2026-09-02T10:00:00.000Z";
/** A configuration version to publish, less its domain. */
const VERSION = { draftRevision: 2, content: { c: 1 }, artifact: { art: 1 }, engineVersion: "1.0.0", compilationId: null, publishedAt: T1 };

function sessionRow(id: string, configVersionId: string) {
  return { id, domainId: "dom_a", configVersionId, state: {}, stateVersion: 0, status: "active", turnCount: 0 };
}

function job(id: string, domainId: string, createdAt = T0): QueuedCompilationJob {
  return {
    id,
    domainId,
    status: "queued",
    draftRevision: 1,
    snapshot: new JsonText(JSON.stringify({ objective: { name: "x" } })),
    progress: 0,
    error: null,
    configurationVersion: null,
    createdAt,
    updatedAt: createdAt,
    leaseExpiresAt: null,
    requestId: "req_1",
    actorKeyId: "key_1",
    actorScopes: ["configuration:publish"],
  };
}

for (const backend of BACKENDS) {
  void describe(`zelinqa store on ${backend}`, { skip: skipReason(backend) }, () => {
    let database: TestDatabase;
    let store: ZelinqaStore;
    let domainId: string;

    before(async () => {
      database = await createTestDatabase(backend);
      store = database.open();
      assert.deepEqual(await store.migrate(), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const org = await store.ensureOrganization("default", T0);
      domainId = (await store.createDomain({ id: "dom_a", name: "Alpha", organizationId: org, now: T0 })).id;
      await store.createDomain({ id: "dom_b", name: "Beta", organizationId: org, now: T1 });
    });
    after(async () => {
      await store?.close();
      await database?.drop();
    });

    void it("applies migrations once and reports nothing pending afterwards", async () => {
      assert.deepEqual(await store.migrate(), []);
      const again = database.open();
      try {
        assert.deepEqual(await again.migrate(), []);
      } finally {
        await again.close();
      }
    });

    void it("lists domains with their organisation", async () => {
      const domains = await store.listDomains();
      assert.deepEqual(
        domains.map((d) => [d.id, d.name, d.organization, d.publishedVersionId]),
        [
          ["dom_a", "Alpha", "default", null],
          ["dom_b", "Beta", "default", null],
        ],
      );
    });

    void it("stores API keys by hash only, lists them and revokes them once", async () => {
      await store.insertApiKey({
        id: "key_aaaaaaaaaaaa",
        keyHash: "ab".repeat(32),
        domainId,
        label: "demo",
        scopes: ["runtime", "configuration:read"],
        createdAt: T0,
        expiresAt: null,
        revokedAt: null,
      });
      const found = await store.findApiKeyByHash("ab".repeat(32));
      assert.deepEqual(found?.scopes, ["runtime", "configuration:read"]);
      assert.equal((await store.listApiKeys(domainId)).length, 1);
      assert.equal((await store.listApiKeys("dom_b")).length, 0);
      assert.equal(await store.revokeApiKey("key_aaaaaaaaaaaa", T1), true);
      assert.equal(await store.revokeApiKey("key_aaaaaaaaaaaa", T2), false);
      assert.equal((await store.findApiKeyByHash("ab".repeat(32)))?.revokedAt, T1);
    });

    void it("saves the draft with a compare-and-swap on its revision", async () => {
      assert.equal(await store.getDraft(domainId), null);
      assert.equal(await store.saveDraft({ domainId, expectedRevision: 0, revision: 1, content: { a: 1 }, now: T0 }), true);
      assert.equal(await store.saveDraft({ domainId, expectedRevision: 0, revision: 1, content: { a: 2 }, now: T0 }), false);
      assert.equal(await store.saveDraft({ domainId, expectedRevision: 1, revision: 2, content: { a: 3 }, now: T1 }), true);
      const draft = await store.getDraft(domainId);
      assert.equal(draft?.revision, 2);
      assert.deepEqual(draft?.content, { a: 3 });
      // Text already serialised (a compile thread's) is stored as it is, and read back unparsed.
      const text = '{"a": 4}';
      assert.equal(await store.saveDraft({ domainId, expectedRevision: 2, revision: 3, content: new JsonText(text), now: T1 }), true);
      assert.deepEqual(await store.getDraftText(domainId), { revision: 3, text });
      assert.deepEqual((await store.getDraft(domainId))?.content, { a: 4 });
      assert.equal(await store.getDraftText("dom_none"), null);
      assert.equal(await store.getDraftRevision(domainId), 3);
      assert.equal(await store.getDraftRevision("dom_none"), null);
    });

    void it("allocates configuration versions per domain and publishes the latest", async () => {
      const v1 = await store.publishConfigVersion({ ...VERSION, domainId });
      const v2 = await store.publishConfigVersion({ ...VERSION, domainId, artifact: { art: 2 } });
      const other = await store.publishConfigVersion({ ...VERSION, domainId: "dom_b" });
      assert.deepEqual([v1.id, v2.id, other.id], ["cfg_00001", "cfg_00002", "cfg_00001"]);
      const published = await store.getPublishedVersion(domainId);
      assert.deepEqual([published?.id, published?.content, published && "artifact" in published], ["cfg_00002", VERSION.content, false]);
      const { content: _content, ...head } = published ?? { content: null };
      assert.deepEqual(await store.getPublishedVersionHead(domainId), head);
      assert.equal(await store.getPublishedVersionHead("dom_none"), null);
      assert.deepEqual((await store.getConfigVersion(domainId, "cfg_00002"))?.artifact, { art: 2 });
      assert.deepEqual((await store.getConfigVersion(domainId, "cfg_00001"))?.artifact, { art: 1 });
      assert.equal((await store.getDomain(domainId))?.publishedVersionId, "cfg_00002");
      // The artefact's text and seal, unparsed; a version written without a seal reads back with none.
      const seal = { sha256: "ab".repeat(32), schema: "cd".repeat(16) };
      const text = '{"art": 3}';
      const v3 = await store.publishConfigVersion({ ...VERSION, domainId, artifact: new JsonText(text), artifactSeal: seal });
      assert.deepEqual(await store.getConfigVersionArtifact(domainId, v3.id), { text, seal });
      assert.deepEqual((await store.getConfigVersion(domainId, v3.id))?.artifactSeal, seal);
      assert.deepEqual(await store.getConfigVersionArtifact(domainId, "cfg_00001"), { text: '{"art":1}', seal: null });
      assert.equal(await store.getConfigVersionArtifact(domainId, "cfg_09999"), null);
    });

    void it("reads an artefact written in parts as their text joined in order, and as nothing when a part is missing", async () => {
      const text = `{"art":"${"é".repeat(10)}${"x".repeat(3_000)}😀"}`;
      const parts = [text.slice(0, 1_000), text.slice(1_000, 2_000), text.slice(2_000)];
      // Written out of order, one of them twice: the last write of a part counts.
      for (const part of [2, 0, 1]) await store.writeArtifactPart({ compilationId: "cmp_p", part, text: parts[part] ?? "" });
      await store.writeArtifactPart({ compilationId: "cmp_p", part: 0, text: parts[0] ?? "" });
      await store.writeArtifactPart({ compilationId: "cmp_other", part: 0, text: "{}" });
      const seal = { sha256: "ab".repeat(32), schema: "cd".repeat(16) };
      const base = { ...VERSION, domainId, artifact: new JsonText(""), artifactSeal: seal };
      const whole = await store.publishConfigVersion({ ...base, compilationId: "cmp_p", artifactParts: 3 });
      assert.deepEqual(await store.getConfigVersionArtifact(domainId, whole.id), { text, seal });
      assert.deepEqual((await store.getConfigVersion(domainId, whole.id))?.artifact, JSON.parse(text));
      const short = await store.publishConfigVersion({ ...base, compilationId: "cmp_other", artifactParts: 2 });
      assert.deepEqual(await store.getConfigVersionArtifact(domainId, short.id), { text: "", seal });
      await store.deleteArtifactParts("cmp_p");
      assert.deepEqual(await store.getConfigVersionArtifact(domainId, whole.id), { text: "", seal });
    });

    void it("keeps at most one queued or running compilation per domain", async () => {
      assert.deepEqual(await store.enqueueCompilationJob(job("cmp_1", domainId)), { inserted: true });
      const second = await store.enqueueCompilationJob(job("cmp_2", domainId));
      assert.equal(second.inserted, false);
      assert.equal(second.inserted === false && second.active.id, "cmp_1");
      const claimed = await store.claimCompilationJob({ now: T1, leaseExpiresAt: T2 });
      assert.equal(claimed?.id, "cmp_1");
      assert.equal(claimed?.status, "running");
      assert.equal(claimed?.progress, 0.1);
      assert.equal(claimed?.snapshot.text, '{"objective":{"name":"x"}}');
      assert.equal(await store.claimCompilationJob({ now: T1, leaseExpiresAt: T2 }), null);
      assert.equal((await store.enqueueCompilationJob(job("cmp_3", domainId))).inserted, false);
      assert.equal(
        await store.finishCompilationJob({ id: "cmp_1", status: "succeeded", error: null, configurationVersion: "cfg_00003", now: T2 }),
        true,
      );
      const done = await store.getCompilationJob(domainId, "cmp_1");
      assert.deepEqual([done?.status, done?.progress, done?.configurationVersion], ["succeeded", 1, "cfg_00003"]);
      assert.equal(await store.getCompilationJob("dom_b", "cmp_1"), null);
      assert.deepEqual(await store.enqueueCompilationJob(job("cmp_4", domainId)), { inserted: true });
    });

    void it("fails running jobs whose lease expired with their error", async () => {
      // A queued job, then a running one within its lease, past it, and none: what the worker's idle poll reads first.
      assert.equal(await store.hasCompilationWork(T0), true);
      await store.claimCompilationJob({ now: T1, leaseExpiresAt: T1 });
      assert.deepEqual([await store.hasCompilationWork(T0), await store.hasCompilationWork(T1)], [false, true]);
      const expired = await store.expireCompilationJobs({ now: T2, error: { code: "timeout", message: "lease expired" } });
      assert.deepEqual(
        expired.map((j) => [j.id, j.status]),
        [["cmp_4", "failed"]],
      );
      assert.deepEqual((await store.getCompilationJob(domainId, "cmp_4"))?.error, { code: "timeout", message: "lease expired" });
      assert.equal(await store.hasCompilationWork(T2), false);
    });

    void it("claims each queued job exactly once under concurrent workers", async () => {
      for (const [i, d] of ["dom_a", "dom_b"].entries()) await store.enqueueCompilationJob(job(`cmp_c${i}`, d, T1));
      const claims = await Promise.all(Array.from({ length: 6 }, () => store.claimCompilationJob({ now: T1, leaseExpiresAt: T2 })));
      const ids = claims
        .filter((c) => c !== null)
        .map((c) => c.id)
        .sort();
      assert.deepEqual(ids, ["cmp_c0", "cmp_c1"]);
    });

    void it("updates a session only when the supplied state_version is current", async () => {
      await store.insertSession({
        id: "ses_1",
        domainId,
        configVersionId: "cfg_00001",
        state: { n: 0 },
        stateVersion: 0,
        status: "active",
        turnCount: 0,
        createdAt: T0,
        updatedAt: T0,
      });
      const update = {
        id: "ses_1",
        expectedStateVersion: 0,
        state: { n: 1 },
        stateVersion: 1,
        status: "active",
        turnCount: 1,
        updatedAt: T1,
      };
      const results = await Promise.all(Array.from({ length: 8 }, () => store.updateSession(update)));
      assert.equal(results.filter(Boolean).length, 1);
      const session = await store.getSession(domainId, "ses_1");
      assert.deepEqual([session?.stateVersion, session?.turnCount, session?.state], [1, 1, { n: 1 }]);
      assert.equal(await store.getSession("dom_b", "ses_1"), null);
    });

    void it("journals one event per state_version and refuses a duplicate", async () => {
      const event = {
        sessionId: "ses_1",
        stateVersion: 1,
        kind: "next" as const,
        requestId: "req_x",
        summary: { action: "ask" },
        occurredAt: T1,
      };
      await store.appendSessionEvent(event);
      await assert.rejects(store.appendSessionEvent(event));
      assert.deepEqual(
        (await store.listSessionEvents("ses_1")).map((e) => e.summary),
        [{ action: "ask" }],
      );
    });

    void it("rolls back every write of a failed transaction", async () => {
      await assert.rejects(
        store.transaction(async (tx) => {
          await tx.updateSession({
            id: "ses_1",
            expectedStateVersion: 1,
            state: { n: 2 },
            stateVersion: 2,
            status: "active",
            turnCount: 2,
            updatedAt: T2,
          });
          await tx.insertFeedback({
            id: "fbk_1",
            sessionId: "ses_1",
            result: "success",
            label: null,
            metadata: null,
            source: "feedback",
            recordedAt: T2,
          });
          throw new Error("boom");
        }),
        /boom/,
      );
      assert.equal((await store.getSession(domainId, "ses_1"))?.stateVersion, 1);
      assert.deepEqual(await store.listFeedback("ses_1"), []);
    });

    void it("reserves an idempotency key once, replays it when completed and releases it on failure", async () => {
      const base = {
        domainId,
        operation: "nextQuestions",
        key: "key-00001",
        fingerprint: "f1",
        now: T0,
        leaseExpiresAt: T1,
        expiresAt: T2,
      };
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_v, i) => store.reserveIdempotency({ ...base, token: `tok${i}` })));
      assert.equal(outcomes.filter((o) => o.kind === "reserved").length, 1);
      assert.equal(outcomes.filter((o) => o.kind === "in_flight").length, 5);
      const winner = outcomes.findIndex((o) => o.kind === "reserved");
      const response = { status: 200, body: '{"a":1}', contentType: "application/json; charset=utf-8", requestId: "req_9" };
      assert.equal(await store.completeIdempotency({ ...base, token: "wrong", response }), false);
      assert.equal(await store.completeIdempotency({ ...base, token: `tok${winner}`, response }), true);
      const replay = await store.reserveIdempotency({ ...base, token: "again" });
      assert.equal(replay.kind, "completed");
      assert.deepEqual(replay.kind === "completed" && replay.record.response, response);

      const other = { ...base, key: "key-00002" };
      assert.equal((await store.reserveIdempotency({ ...other, token: "a" })).kind, "reserved");
      await store.releaseIdempotency({ ...other, token: "a" });
      assert.equal((await store.reserveIdempotency({ ...other, token: "b" })).kind, "reserved");
    });

    void it("lets an expired lease or an expired record be taken over", async () => {
      const base = { domainId, operation: "createSession", key: "key-00003", fingerprint: "f1", leaseExpiresAt: T1, expiresAt: T2 };
      assert.equal((await store.reserveIdempotency({ ...base, token: "a", now: T0 })).kind, "reserved");
      assert.equal((await store.reserveIdempotency({ ...base, token: "b", now: T0 })).kind, "in_flight");
      assert.equal((await store.reserveIdempotency({ ...base, token: "c", now: T1, leaseExpiresAt: T2 })).kind, "reserved");
      const response = { status: 201, body: "{}", contentType: "application/json; charset=utf-8", requestId: "req_1" };
      assert.equal(await store.completeIdempotency({ ...base, token: "a", response }), false);
      assert.equal(await store.completeIdempotency({ ...base, token: "c", response }), true);
      const later = "2026-09-03T10:00:00.000Z";
      assert.equal(
        (await store.reserveIdempotency({ ...base, token: "d", now: later, leaseExpiresAt: later, expiresAt: "2026-09-04T10:00:00.000Z" }))
          .kind,
        "reserved",
      );
      assert.equal((await store.purgeIdempotency("2030-01-01T00:00:00.000Z")) >= 1, true);
    });

    void it("commits a session mutation with its decision, journal row and idempotency record, or nothing", async () => {
      await store.insertSession({
        id: "ses_m",
        domainId,
        configVersionId: "cfg_00001",
        state: { n: 0 },
        stateVersion: 0,
        status: "active",
        turnCount: 0,
        createdAt: T0,
        updatedAt: T0,
      });
      const scope = { domainId, operation: "nextQuestions", key: "key-mut-01" };
      const reservation = { ...scope, fingerprint: "f", now: T0, leaseExpiresAt: T1, expiresAt: T2 };
      assert.equal((await store.reserveIdempotency({ ...reservation, token: "mine" })).kind, "reserved");
      const response = { status: 200, body: '{"ok":1}', contentType: "application/json; charset=utf-8", requestId: "req_m" };
      const mutation = (token: string, expected = 0) => ({
        update: {
          id: "ses_m",
          expectedStateVersion: expected,
          state: { n: 1 },
          stateVersion: expected + 1,
          status: "active",
          turnCount: 1,
          updatedAt: T1,
        },
        decision: { id: `dec_${token}`, sessionId: "ses_m", stateVersion: expected + 1, candidates: [{ q: 1 }], createdAt: T1 },
        event: {
          sessionId: "ses_m",
          stateVersion: expected + 1,
          kind: "next" as const,
          requestId: "req_m",
          summary: { a: 1 },
          occurredAt: T1,
        },
        completion: { ...scope, token, response },
      });
      // A completion whose reservation is not ours writes nothing.
      assert.equal(await store.commitSessionMutation(mutation("stolen")), "idempotency_lost");
      assert.equal((await store.getSession(domainId, "ses_m"))?.stateVersion, 0);
      assert.equal(await store.getDecision("dec_stolen"), null);
      // Racing commits of one state_version: exactly one wins.
      const outcomes = await Promise.all([
        store.commitSessionMutation(mutation("mine")),
        store.commitSessionMutation({ ...mutation("x"), completion: undefined }),
      ]);
      assert.equal(outcomes.filter((o) => o === "committed").length, 1);
      assert.ok(outcomes.includes("state_version_conflict") || outcomes.includes("idempotency_lost"), outcomes.join());
      const session = await store.getSession(domainId, "ses_m");
      assert.equal(session?.stateVersion, 1);
      assert.equal((await store.listSessionEvents("ses_m")).length, 1);
      const record = await store.getIdempotency(domainId, "nextQuestions", "key-mut-01");
      const mineWon = outcomes[0] === "committed";
      assert.equal(record?.status, mineWon ? "completed" : "in_flight");
      assert.equal((await store.getDecision("dec_mine")) !== null, mineWon);
      assert.equal(await store.commitSessionMutation({ ...mutation("y"), completion: undefined }), "state_version_conflict");
    });

    void it("commits mutations sent together each on its own: a lost CAS or a failed write undoes only its own writes", async () => {
      for (const id of ["ses_g1", "ses_g2", "ses_g3"])
        await store.insertSession({ ...sessionRow(id, "cfg_g"), createdAt: T0, updatedAt: T0 });
      const mutation = (id: string, expected: number, decisionId: string) => ({
        update: {
          id,
          expectedStateVersion: expected,
          state: { n: 1 },
          stateVersion: expected + 1,
          status: "active",
          turnCount: 1,
          updatedAt: T1,
        },
        decision: { id: decisionId, sessionId: id, stateVersion: expected + 1, candidates: [], createdAt: T1 },
        event: { sessionId: id, stateVersion: expected + 1, kind: "next" as const, requestId: `req_${id}`, summary: {}, occurredAt: T1 },
      });
      // SQLite commits these four in one transaction (sql-session-group-commit.ts); PostgreSQL, as four statements.
      const settled = await Promise.allSettled([
        store.commitSessionMutation(mutation("ses_g1", 0, "dec_g1")),
        store.commitSessionMutation(mutation("ses_g2", 5, "dec_g2")),
        store.commitSessionMutation(mutation("ses_g3", 0, "dec_g1")),
        store.commitSessionMutation(mutation("ses_g2", 0, "dec_g2")),
      ]);
      const outcome = (s: PromiseSettledResult<string>) => (s.status === "fulfilled" ? s.value : "failed");
      assert.deepEqual([settled[1], settled[3]].map(outcome), ["state_version_conflict", "committed"]);
      // One decision id for two sessions: one of the two mutations fails, with nothing of it written.
      assert.deepEqual([settled[0], settled[2]].map(outcome).sort(), ["committed", "failed"]);
      const [won, lost] = outcome(settled[0]) === "committed" ? ["ses_g1", "ses_g3"] : ["ses_g3", "ses_g1"];
      assert.equal((await store.getSession(domainId, won))?.stateVersion, 1);
      assert.equal((await store.getSession(domainId, lost))?.stateVersion, 0);
      assert.deepEqual(await store.listSessionEvents(lost), []);
      assert.equal((await store.listSessionEvents(won)).length, 1);
      assert.equal((await store.getDecision("dec_g1"))?.sessionId, won);
      assert.equal((await store.getSession(domainId, "ses_g2"))?.stateVersion, 1);
    });

    void it("commits a session mutation sent just before the store closes", async () => {
      await store.insertSession({ ...sessionRow("ses_c", "cfg_c"), createdAt: T0, updatedAt: T0 });
      const other = database.open();
      const committed = other.commitSessionMutation({
        update: { id: "ses_c", expectedStateVersion: 0, state: { n: 1 }, stateVersion: 1, status: "active", turnCount: 1, updatedAt: T1 },
        decision: null,
        event: { sessionId: "ses_c", stateVersion: 1, kind: "next", requestId: "req_c", summary: {}, occurredAt: T1 },
      });
      await other.close();
      assert.equal(await committed, "committed");
      assert.equal((await store.getSession(domainId, "ses_c"))?.stateVersion, 1);
    });

    void it("writes a session mutation's studio facts with it or not at all, and a backfill never overwrites them", async () => {
      const cfg = "cfg_facts";
      await store.insertSession({ ...sessionRow("ses_f", cfg), createdAt: T0, updatedAt: T0 });
      const write = (version: number, status: string, outcomes: SessionFactsWrite["outcomes"], coverage: [number, number]) => ({
        facts: {
          sessionId: "ses_f",
          domainId,
          configVersionId: cfg,
          status,
          stopReason: status === "completed" ? "no_question_available" : null,
          objectiveReached: version > 0,
          turns: version,
          objectiveReachedTurn: version > 0 ? version : null,
          pendingQuestionId: status === "active" ? "q9" : null,
          createdAt: T0,
          updatedAt: T1,
        },
        turn: {
          sessionId: "ses_f",
          stateVersion: version,
          turn: version,
          kind: "next",
          outcomes: outcomes.map((o) => ({ question_id: o.questionId, outcome: o.outcome })),
          extracted: [{ success_information_id: "s1", value: `v${version}`, status: "known" }],
          progress: { overall: coverage[0], dimensions: [{ dimension_id: "d1", coverage: coverage[0] }] },
          occurredAt: T1,
        },
        outcomes,
        coverage: [
          { dimensionId: "d1", coverage: coverage[0], complete: false },
          { dimensionId: "d2", coverage: coverage[1], complete: coverage[1] === 1 },
        ],
      });
      const commit = (expected: number, facts: SessionFactsWrite) =>
        store.commitSessionMutation({
          update: {
            id: "ses_f",
            expectedStateVersion: expected,
            state: {},
            stateVersion: expected + 1,
            status: facts.facts.status,
            turnCount: 1,
            updatedAt: T1,
          },
          decision: null,
          event: { sessionId: "ses_f", stateVersion: expected + 1, kind: "next", requestId: "req_f", summary: {}, occurredAt: T1 },
          facts,
        });
      const listed = () => store.listSessionFacts({ domainId, configurationVersion: cfg, limit: 10 });
      const charts = async () => {
        const query = { domainId, configurationVersion: cfg, from: T0, to: T2 };
        const rows = [...(await store.analytics("question-dropoff", query)), ...(await store.analytics("dimension-coverage", query))];
        return rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, typeof v === "string" && k !== "question_id" && k !== "dimension_id" ? Number(v) : v]),
          ),
        );
      };
      const first = write(1, "active", [{ seq: 0, questionId: "q1", outcome: "asked_answered" }], [0.5, 1]);
      // A stale state_version: neither the session nor its facts change.
      assert.equal(await commit(4, first), "state_version_conflict");
      assert.deepEqual(await listed(), []);
      assert.deepEqual(await store.listSessionTurns("ses_f"), []);
      assert.equal(await commit(0, first), "committed");
      assert.deepEqual(await listed(), [first.facts]);
      const second = write(
        2,
        "completed",
        [
          { seq: 0, questionId: "q1", outcome: "refused" },
          { seq: 1, questionId: "q2", outcome: "refused" },
        ],
        [0.75, 1],
      );
      assert.equal(await commit(1, second), "committed");
      // The upsert keeps the turn the objective was first reached at; an outcome already recorded stays as it was.
      assert.deepEqual(await listed(), [{ ...second.facts, objectiveReachedTurn: 1 }]);
      // A backfill (onlyIfAbsent, no turn) finds the facts there: nothing of it is written.
      await store.recordSessionFacts({
        ...write(9, "stopped", [{ seq: 2, questionId: "q3", outcome: "refused" }], [0, 0]),
        turn: null,
        onlyIfAbsent: true,
      });
      assert.deepEqual(await listed(), [{ ...second.facts, objectiveReachedTurn: 1 }]);
      assert.deepEqual(await store.listSessionTurns("ses_f"), [first.turn, second.turn]);
      assert.deepEqual(await charts(), [
        { question_id: "q1", asked: 1, answered: 1, refused: 0, dropped_after: 0 },
        { question_id: "q2", asked: 1, answered: 0, refused: 1, dropped_after: 0 },
        { dimension_id: "d1", sessions: 1, mean_coverage: 0.75, complete_rate: 0 },
        { dimension_id: "d2", sessions: 1, mean_coverage: 1, complete_rate: 1 },
      ]);
    });

    void it("writes none of a mutation's rows for a session that does not exist, on every path", async () => {
      // On PostgreSQL these tables have no foreign key to sessions (migration 7): the statements alone keep them whole.
      const cfg = "cfg_ghost";
      const mutation = {
        update: { id: "ses_ghost", expectedStateVersion: 0, state: {}, stateVersion: 1, status: "active", turnCount: 1, updatedAt: T1 },
        decision: { id: "dec_ghost", sessionId: "ses_ghost", stateVersion: 1, candidates: [{ q: 1 }], createdAt: T1 },
        event: { sessionId: "ses_ghost", stateVersion: 1, kind: "next" as const, requestId: "req_g", summary: {}, occurredAt: T1 },
        facts: {
          facts: {
            sessionId: "ses_ghost",
            domainId,
            configVersionId: cfg,
            status: "active",
            stopReason: null,
            objectiveReached: false,
            turns: 1,
            objectiveReachedTurn: null,
            pendingQuestionId: "q2",
            createdAt: T0,
            updatedAt: T1,
          },
          turn: {
            sessionId: "ses_ghost",
            stateVersion: 1,
            turn: 1,
            kind: "next",
            outcomes: [{ question_id: "q1", outcome: "asked_answered" }],
            extracted: [],
            progress: { overall: 0.5, dimensions: [{ dimension_id: "d1", coverage: 0.5 }] },
            occurredAt: T1,
          },
          outcomes: [{ seq: 0, questionId: "q1", outcome: "asked_answered" }],
          coverage: [{ dimensionId: "d1", coverage: 0.5, complete: false }],
        },
      };
      assert.equal(await store.commitSessionMutation(mutation), "state_version_conflict");
      const base = { domainId, operation: "nextQuestions", fingerprint: "f", now: T0, leaseExpiresAt: T1, expiresAt: T2 };
      if (store.oneTripMutations) {
        const response = { status: 200, body: "{}", contentType: "application/json; charset=utf-8", requestId: "req_g" };
        const reservation = { ...base, key: "key-ghost-01", token: "g" };
        assert.equal(await store.oneTripMutations.commit({ mutation, reservation, response }), "not_committed");
        assert.equal(await store.getIdempotency(domainId, "nextQuestions", "key-ghost-01"), null);
      }
      assert.equal(await store.getSession(domainId, "ses_ghost"), null);
      assert.equal(await store.getDecision("dec_ghost"), null);
      assert.deepEqual(await store.listSessionEvents("ses_ghost"), []);
      assert.deepEqual(await store.listSessionTurns("ses_ghost"), []);
      assert.deepEqual(await store.listSessionFacts({ domainId, configurationVersion: cfg, limit: 10 }), []);
      const query = { domainId, configurationVersion: cfg, from: T0, to: T2 };
      assert.deepEqual(await store.analytics("question-dropoff", query), []);
      assert.deepEqual(await store.analytics("dimension-coverage", query), []);
    });

    void it("reserves a key together with the session's read where the store combines them", async () => {
      const base = { domainId, operation: "nextQuestions", fingerprint: "f", now: T0, leaseExpiresAt: T1, expiresAt: T2 };
      const first = await store.reserveIdempotencyForSession({ ...base, key: "key-ses-01", token: "a" }, "ses_m");
      const unknown = await store.reserveIdempotencyForSession({ ...base, key: "key-ses-02", token: "b" }, "ses_none");
      const again = await store.reserveIdempotencyForSession({ ...base, key: "key-ses-01", token: "c" }, "ses_m");
      assert.deepEqual([first.outcome.kind, unknown.outcome.kind, again.outcome.kind], ["reserved", "reserved", "in_flight"]);
      assert.equal(again.session, undefined);
      if (backend === "postgres") {
        assert.deepEqual([first.session?.id, first.session?.stateVersion], ["ses_m", 1]);
        assert.equal(unknown.session, null);
      } else {
        assert.equal(first.session, undefined);
      }
    });

    void it("commits a known session's mutation with its new key's completed record in one go, or writes nothing", async () => {
      const trips = store.oneTripMutations;
      assert.ok(trips);
      // Only sessions this process wrote, read or committed are known: not one another process created.
      const other = database.open();
      try {
        await other.insertSession({ ...sessionRow("ses_o", "cfg_o"), state: { n: 0 }, createdAt: T0, updatedAt: T0 });
        assert.deepEqual(other.oneTripMutations?.known(domainId, "ses_o")?.state, { n: 0 });
      } finally {
        await other.close();
      }
      assert.equal(trips.known(domainId, "ses_o"), null);
      const base = { domainId, operation: "nextQuestions", fingerprint: "f", now: T0, leaseExpiresAt: T1, expiresAt: T2 };
      const response = (n: number) => ({
        status: 200,
        body: `{"n":${n}}`,
        contentType: "application/json; charset=utf-8",
        requestId: `req_${n}`,
      });
      const mutation = (expected: number, decisionId: string) => ({
        update: {
          id: "ses_o",
          expectedStateVersion: expected,
          state: { n: expected + 1 },
          stateVersion: expected + 1,
          status: "active",
          turnCount: expected + 1,
          updatedAt: T1,
        },
        decision: { id: decisionId, sessionId: "ses_o", stateVersion: expected + 1, candidates: [], createdAt: T1 },
        event: { sessionId: "ses_o", stateVersion: expected + 1, kind: "next" as const, requestId: "req_o", summary: {}, occurredAt: T1 },
      });
      // The ordinary path: reservation with the read (SQLite reads in process, as the handler does), then the commit.
      assert.equal(
        (await store.reserveIdempotencyForSession({ ...base, key: "key-one-01", token: "t1" }, "ses_o")).outcome.kind,
        "reserved",
      );
      if (backend === "sqlite") assert.equal((await store.getSession(domainId, "ses_o"))?.stateVersion, 0);
      assert.deepEqual([trips.known(domainId, "ses_o")?.stateVersion, trips.known(domainId, "ses_o")?.state], [0, { n: 0 }]);
      assert.equal(trips.known("dom_b", "ses_o"), null);
      const completion = { domainId, operation: "nextQuestions", key: "key-one-01", token: "t1", response: response(1) };
      assert.equal(await store.commitSessionMutation({ ...mutation(0, "dec_o1"), completion }), "committed");
      assert.deepEqual([trips.known(domainId, "ses_o")?.stateVersion, trips.known(domainId, "ses_o")?.state], [1, { n: 1 }]);
      // One statement under a new key: the same rows as the ordinary path.
      const reservation = (key: string, token: string) => ({ ...base, key, token });
      assert.equal(
        await trips.commit({ mutation: mutation(1, "dec_o2"), reservation: reservation("key-one-02", "t2"), response: response(2) }),
        "committed",
      );
      const session = await store.getSession(domainId, "ses_o");
      assert.deepEqual([session?.stateVersion, session?.state, session?.turnCount], [2, { n: 2 }, 2]);
      assert.equal((await store.getDecision("dec_o2"))?.stateVersion, 2);
      assert.deepEqual(
        (await store.listSessionEvents("ses_o")).map((e) => e.stateVersion),
        [1, 2],
      );
      const ordinary = await store.getIdempotency(domainId, "nextQuestions", "key-one-01");
      const oneTrip = await store.getIdempotency(domainId, "nextQuestions", "key-one-02");
      assert.deepEqual({ ...oneTrip, key: "k", token: "t", response: null }, { ...ordinary, key: "k", token: "t", response: null });
      assert.deepEqual([oneTrip?.status, oneTrip?.token, oneTrip?.response], ["completed", "t2", response(2)]);
      if (backend === "postgres") {
        const client = new pg.Client({ connectionString: database.databaseUrl });
        await client.connect();
        try {
          const holders = await client.query<{ holder: string | null }>(
            `SELECT holder FROM idempotency_records WHERE idempotency_key IN ('key-one-01', 'key-one-02') ORDER BY idempotency_key`,
          );
          assert.equal(holders.rows.length, 2);
          assert.equal(holders.rows[1]?.holder, holders.rows[0]?.holder);
        } finally {
          await client.end();
        }
      }
      // A key seen before, or a version that is no longer current: nothing is written.
      assert.equal(
        await trips.commit({ mutation: mutation(2, "dec_o3"), reservation: reservation("key-one-01", "t3"), response: response(3) }),
        "not_committed",
      );
      assert.equal(
        await trips.commit({ mutation: mutation(1, "dec_o4"), reservation: reservation("key-one-04", "t4"), response: response(4) }),
        "not_committed",
      );
      // A lost compare-and-swap drops the stale copy; a read brings the current one back.
      assert.equal(trips.known(domainId, "ses_o"), null);
      assert.equal((await store.getSession(domainId, "ses_o"))?.stateVersion, 2);
      assert.deepEqual([await store.getDecision("dec_o3"), await store.getDecision("dec_o4")], [null, null]);
      assert.equal(await store.getIdempotency(domainId, "nextQuestions", "key-one-04"), null);
      assert.equal((await store.getIdempotency(domainId, "nextQuestions", "key-one-01"))?.token, "t1");
      assert.deepEqual(trips.known(domainId, "ses_o")?.state, { n: 2 });
    });

    void it("creates a session with its new key's completed record in one statement, or writes nothing when the key exists", async () => {
      const trips = store.oneTripMutations;
      if (!trips) return;
      const base = { domainId, operation: "createSession", fingerprint: "f", now: T0, leaseExpiresAt: T1, expiresAt: T2 };
      const response = { status: 201, body: '{"s":1}', contentType: "application/json; charset=utf-8", requestId: "req_c" };
      const creation = (id: string) =>
        sessionCreation({ id, domainId, configVersionId: "cfg_c", requestId: "req_c", at: T0, summary: { degraded: false } });
      const reservation = { ...base, key: "key-create-1", token: "tc1" };
      assert.equal(await trips.create({ creation: creation("ses_c1"), reservation, response }), "committed");
      assert.equal((await store.getSession(domainId, "ses_c1"))?.stateVersion, 0);
      assert.deepEqual(trips.known(domainId, "ses_c1")?.state, { n: 0 });
      assert.deepEqual(
        (await store.listSessionEvents("ses_c1")).map((e) => e.kind),
        ["create"],
      );
      const facts = async () =>
        (await store.listSessionFacts({ domainId, configurationVersion: "cfg_c", limit: 10 })).map((f) => ({ session_id: f.sessionId }));
      assert.deepEqual(await facts(), [{ session_id: "ses_c1" }]);
      const record = await store.getIdempotency(domainId, "createSession", "key-create-1");
      assert.deepEqual([record?.status, record?.token, record?.fingerprint, record?.response], ["completed", "tc1", "f", response]);
      // The same key again: nothing of the second session is written.
      const again = { ...reservation, token: "tc2" };
      assert.equal(await trips.create({ creation: creation("ses_c2"), reservation: again, response }), "not_committed");
      assert.equal(await store.getSession(domainId, "ses_c2"), null);
      assert.deepEqual(await store.listSessionEvents("ses_c2"), []);
      assert.deepEqual(await facts(), [{ session_id: "ses_c1" }]);
      assert.equal((await store.getIdempotency(domainId, "createSession", "key-create-1"))?.token, "tc1");
    });

    void it("creates a session under onlyIfPublished only while its version is the domain's published one", async () => {
      const trips = store.oneTripMutations;
      if (!trips) return;
      const published = await store.publishConfigVersion({
        ...VERSION,
        domainId,
        draftRevision: 3,
        content: { c: 3 },
        artifact: { art: 3 },
      });
      const before = await store.getConfigVersion(domainId, "cfg_00001");
      assert.ok(before && before.id !== published.id);
      const response = { status: 201, body: '{"s":1}', contentType: "application/json; charset=utf-8", requestId: "req_p" };
      const create = (id: string, configVersionId: string) =>
        trips.create({
          creation: sessionCreation({ id, domainId, configVersionId, requestId: "req_p", at: T0 }),
          reservation: keyReservation(
            { domainId, operation: "createSession", key: `key-${id}` },
            { now: T0, leaseExpiresAt: T1, expiresAt: T2 },
          ),
          response,
          onlyIfPublished: true,
        });
      // PostgreSQL remembers the published version it read last; SQLite reads it in process and offers none.
      assert.equal((await store.getDomain(domainId))?.publishedVersionId, published.id);
      if (trips.publishedVersion) assert.equal(trips.publishedVersion(domainId), published.id);
      // A version that is no longer the published one: nothing is written, not even the key's record.
      assert.equal(await create("ses_p_old", before.id), "not_committed");
      assert.equal(await store.getSession(domainId, "ses_p_old"), null);
      assert.deepEqual(await store.listSessionEvents("ses_p_old"), []);
      assert.equal(await store.getIdempotency(domainId, "createSession", "key-ses_p_old"), null);
      // The store forgets the version it remembered: the next creation reads the domain again.
      if (trips.publishedVersion) assert.equal(trips.publishedVersion(domainId), undefined);
      assert.equal(await create("ses_p_new", published.id), "committed");
      assert.equal((await store.getSession(domainId, "ses_p_new"))?.configVersionId, published.id);
      assert.equal((await store.getIdempotency(domainId, "createSession", "key-ses_p_new"))?.status, "completed");
    });

    void it("lets exactly one of racing one-statement commits of a session version win, with nothing of the others written", async () => {
      const trips = store.oneTripMutations;
      if (!trips) return;
      await store.insertSession({ ...sessionRow("ses_r", "cfg_o"), createdAt: T0, updatedAt: T0 });
      const base = { domainId, operation: "nextQuestions", fingerprint: "f", now: T0, leaseExpiresAt: T1, expiresAt: T2 };
      const response = { status: 200, body: "{}", contentType: "application/json; charset=utf-8", requestId: "req_r" };
      const commit = (n: number, key: string) =>
        trips.commit({
          mutation: {
            update: { id: "ses_r", expectedStateVersion: 0, state: { n }, stateVersion: 1, status: "active", turnCount: 1, updatedAt: T1 },
            decision: { id: `dec_r${n}`, sessionId: "ses_r", stateVersion: 1, candidates: [], createdAt: T1 },
            event: { sessionId: "ses_r", stateVersion: 1, kind: "next", requestId: `req_r${n}`, summary: {}, occurredAt: T1 },
          },
          reservation: { ...base, key, token: `t${n}` },
          response,
        });
      // Six commits: three keys, each sent twice.
      const outcomes = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => commit(n, `key-race-${n % 3}`)));
      assert.equal(outcomes.filter((o) => o === "committed").length, 1);
      const winner = outcomes.indexOf("committed");
      assert.deepEqual((await store.getSession(domainId, "ses_r"))?.state, { n: winner });
      const records = await Promise.all([0, 1, 2].map((k) => store.getIdempotency(domainId, "nextQuestions", `key-race-${k}`)));
      assert.deepEqual(
        records.map((r) => r?.token ?? null),
        [0, 1, 2].map((k) => (k === winner % 3 ? `t${winner}` : null)),
      );
      const decisions = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => store.getDecision(`dec_r${n}`)));
      assert.deepEqual(
        decisions.map((d) => d !== null),
        [0, 1, 2, 3, 4, 5].map((n) => n === winner),
      );
    });

    void it("keeps a one-trip commit and a reservation of the same key from both going through", async () => {
      const trips = store.oneTripMutations;
      assert.ok(trips);
      await store.insertSession({ ...sessionRow("ses_k", "cfg_o"), createdAt: T0, updatedAt: T0 });
      const base = { domainId, operation: "nextQuestions", fingerprint: "f", now: T0, leaseExpiresAt: T1, expiresAt: T2 };
      const response = { status: 200, body: '{"k":1}', contentType: "application/json; charset=utf-8", requestId: "req_k" };
      const mutation = (expected: number, n: number) => ({
        update: {
          id: "ses_k",
          expectedStateVersion: expected,
          state: { n },
          stateVersion: expected + 1,
          status: "active",
          turnCount: expected + 1,
          updatedAt: T1,
        },
        decision: null,
        event: {
          sessionId: "ses_k",
          stateVersion: expected + 1,
          kind: "next" as const,
          requestId: `req_k${n}`,
          summary: {},
          occurredAt: T1,
        },
      });
      // A key a request holds in flight: the one-trip commit writes nothing and the holder's reservation stands.
      const held = { ...base, key: "key-held-01", token: "th" };
      assert.equal((await store.reserveIdempotency(held)).kind, "reserved");
      assert.equal(await trips.commit({ mutation: mutation(0, 1), reservation: { ...held, token: "tx" }, response }), "not_committed");
      assert.equal((await store.getSession(domainId, "ses_k"))?.stateVersion, 0);
      assert.deepEqual(await store.listSessionEvents("ses_k"), []);
      assert.equal(await store.completeIdempotency({ ...held, response }), true);
      if (backend !== "sqlite") return;
      // SQLite: while a one-trip commit is queued, its key is claimed in memory, so a request of the same key
      // answers in_flight instead of running; once committed, it replays.
      const key = { ...base, key: "key-claim-01", token: "tq" };
      const pending = trips.commit({ mutation: mutation(0, 2), reservation: key, response });
      assert.equal((await store.reserveIdempotency({ ...key, token: "tr" })).kind, "in_flight");
      assert.equal(await pending, "committed");
      const replay = await store.reserveIdempotency({ ...key, token: "ts" });
      assert.deepEqual([replay.kind, replay.kind === "completed" ? replay.record.response : null], ["completed", response]);
      assert.deepEqual((await store.getSession(domainId, "ses_k"))?.state, { n: 2 });
    });

    void it("counts requests of a key in a shared sliding window and refuses past the limit", async () => {
      const minute = Date.parse(T0);
      const hit = (keyId: string, at: number, limit = 3) => {
        const start = Math.floor(at / 60_000) * 60_000;
        return store.hitRateLimit({ keyId, start, previousStart: start - 60_000, previousWeight: 1 - (at - start) / 60_000, limit });
      };
      const first = await Promise.all(Array.from({ length: 6 }, () => hit("key_r", minute + 1000)));
      assert.equal(first.filter(Boolean).length, 3);
      assert.equal(await hit("key_other", minute + 1000), true);
      // Half-way through the next minute the previous 3 weigh 1.5: one more request fits, not two.
      assert.deepEqual([await hit("key_r", minute + 90_000), await hit("key_r", minute + 90_000)], [true, false]);
      assert.equal(await store.purgeRateLimits(minute + 60_000), 2);
    });

    void it("pages audit events newest first with filters", async () => {
      const events = Array.from({ length: 5 }, (_v, i) => ({
        id: `00000000-0000-4000-8000-00000000000${i}`,
        domainId,
        occurredAt: T0,
        action: i % 2 === 0 ? "configuration.question.created" : "configuration.dimension.created",
        resourceType: i % 2 === 0 ? "question" : "dimension",
        resourceId: `r${i}`,
        actorKeyId: "key_1",
        scopes: ["configuration:write"],
        requestId: "req_1",
        diff: { before: null, after: { id: `r${i}` } },
        details: { change_index: i },
      }));
      await store.insertAuditEvents(events);
      const first = await store.listAuditEvents({ domainId, limit: 2 });
      assert.deepEqual(
        first.map((e) => e.resourceId),
        ["r4", "r3"],
      );
      const second = await store.listAuditEvents({ domainId, limit: 2, beforeSeq: first[1]!.seq });
      assert.deepEqual(
        second.map((e) => e.resourceId),
        ["r2", "r1"],
      );
      const questions = await store.listAuditEvents({ domainId, limit: 10, resourceType: "question" });
      assert.deepEqual(
        questions.map((e) => e.resourceId),
        ["r4", "r2", "r0"],
      );
      assert.deepEqual(questions[0]?.diff, { before: null, after: { id: "r4" } });
      assert.deepEqual(await store.listAuditEvents({ domainId: "dom_b", limit: 10 }), []);
    });

    void it("answers a ping", async () => {
      await store.ping();
    });
  });
}
