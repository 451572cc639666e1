// PostgreSQL's batched one-statement commits of known sessions and creations of new ones (sql-session-batch.ts, issue
// 14): in one statement each write keeps its own outcome (a stale version, a key seen before, a missing session or a
// configuration version no longer published writes nothing of that write and leaves the others whole), writes that
// arrive while the statements in flight run go together, racing commits of one session version still let exactly one
// win, and a batch the database refuses is retried write by write.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import pg from "pg";
import { createSqlStore } from "../../../src/zelinqa/store/index.js";
import type { SessionFactsWrite, ZelinqaStore } from "../../../src/zelinqa/store/index.js";
import { createPostgresExecutor } from "../../../src/zelinqa/store/postgres/postgres-executor.js";
import { createSessionCache } from "../../../src/zelinqa/store/session-cache.js";
import {
  batchedNewKeyCommits,
  commitBatchOnNewKeys,
  type BatchItem,
  type CreationBatchItem,
} from "../../../src/zelinqa/store/sql-session-batch.js";
import type { SqlExecutor } from "../../../src/zelinqa/store/sql-executor.js";
import { createTestDatabase, postgresSkipReason, type TestDatabase } from "../../support/zelinqa-databases.js";
import { seqScans } from "../../support/postgres-plans.js";
import { keyReservation, sessionCreation } from "../../support/zelinqa-store-fixtures.js";

const T0 = "2026-09-01T09:00:00.000Z";
const T1 = "2026-09-01T09:01:00.000Z";
const T2 = "2026-09-02T10:00:00.000Z";
const DOMAIN = "dom_batch";
const CFG = "cfg_batch";
const TIMES = { now: T0, leaseExpiresAt: T1, expiresAt: T2 };

function facts(session: string, version: number): SessionFactsWrite {
  return {
    facts: {
      sessionId: session,
      domainId: DOMAIN,
      configVersionId: CFG,
      status: "active",
      stopReason: null,
      objectiveReached: false,
      turns: version,
      objectiveReachedTurn: null,
      pendingQuestionId: "q2",
      createdAt: T0,
      updatedAt: T1,
    },
    turn: {
      sessionId: session,
      stateVersion: version,
      turn: version,
      kind: "next",
      outcomes: [{ question_id: "q1", outcome: "asked_answered" }],
      extracted: [],
      progress: { overall: 0.5, dimensions: [{ dimension_id: "d1", coverage: 0.5 }] },
      occurredAt: T1,
    },
    outcomes: [{ seq: version - 1, questionId: "q1", outcome: "asked_answered" }],
    coverage: [{ dimensionId: "d1", coverage: version / 10, complete: false }],
  };
}

/** The /next of `session` from version `expected` under `key`; `withFacts` false leaves the decision and facts out. */
function item(session: string, expected: number, key: string, options: { withFacts?: boolean; body?: string; n?: number } = {}): BatchItem {
  const version = expected + 1;
  const withFacts = options.withFacts ?? true;
  const n = options.n ?? 0;
  return {
    mutation: {
      update: {
        id: session,
        expectedStateVersion: expected,
        state: { v: version, n },
        stateVersion: version,
        status: "active",
        turnCount: version,
        updatedAt: T1,
      },
      decision: withFacts
        ? { id: `dec_${session}_${version}_${n}`, sessionId: session, stateVersion: version, candidates: [{ q: 1 }], createdAt: T1 }
        : null,
      event: { sessionId: session, stateVersion: version, kind: "next", requestId: `req_${key}`, summary: { v: version }, occurredAt: T1 },
      ...(withFacts ? { facts: facts(session, version) } : {}),
    },
    reservation: keyReservation({ domainId: DOMAIN, operation: "nextQuestions", key }, TIMES),
    response: {
      status: 200,
      body: options.body ?? `{"key":"${key}"}`,
      contentType: "application/json; charset=utf-8",
      requestId: `req_${key}`,
    },
    holder: null,
  };
}

/** A new session `id` under `key`, on `configVersionId` (CFG), with one dimension's coverage among its facts. */
function creationItem(id: string, key: string, options: { configVersionId?: string; onlyIfPublished?: boolean } = {}): CreationBatchItem {
  const creation = sessionCreation({
    id,
    domainId: DOMAIN,
    configVersionId: options.configVersionId ?? CFG,
    requestId: `req_${key}`,
    at: T0,
  });
  return {
    creation: { ...creation, facts: { ...creation.facts, coverage: [{ dimensionId: "d1", coverage: 0, complete: false }] } },
    reservation: keyReservation({ domainId: DOMAIN, operation: "createSession", key }, TIMES),
    response: { status: 201, body: `{"key":"${key}"}`, contentType: "application/json; charset=utf-8", requestId: `req_${key}` },
    holder: null,
    onlyIfPublished: options.onlyIfPublished === true,
  };
}

/** Counts the batch statements (those reading the JSON recordset) sent through `inner`, with their row counts. */
function counting(inner: SqlExecutor, batches: number[], sent: Array<{ sql: string; params: readonly unknown[] }> = []): SqlExecutor {
  return {
    ...inner,
    all: async (sql, params) => {
      if (sql.startsWith("WITH i AS")) {
        batches.push((JSON.parse(String(params?.[0])) as unknown[]).length);
        sent.push({ sql, params: params ?? [] });
      }
      return inner.all(sql, params);
    },
  };
}

void describe("zelinqa batched session commits on PostgreSQL", { skip: postgresSkipReason() }, () => {
  let database: TestDatabase;
  let store: ZelinqaStore;
  let db: SqlExecutor;
  let client: pg.Client;
  const count = async (sql: string, params: unknown[]) => Number((await client.query<{ n: string }>(sql, params)).rows[0]?.n);

  before(async () => {
    database = await createTestDatabase("postgres");
    store = database.open();
    await store.migrate();
    const org = await store.ensureOrganization("default", T0);
    await store.createDomain({ id: DOMAIN, name: "Batch", organizationId: org, now: T0 });

    db = createPostgresExecutor({ url: database.databaseUrl ?? "" });
    client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    // CFG is the domain's published version, which new sessions under onlyIfPublished check.
    await client.query("UPDATE domains SET published_version_id = $1 WHERE id = $2", [CFG, DOMAIN]);
  });
  after(async () => {
    await client?.end();
    await db?.close();
    await store?.close();
    await database?.drop();
  });

  const insertSession = (id: string, version = 0) =>
    store.insertSession({
      id,
      domainId: DOMAIN,
      configVersionId: CFG,
      state: { v: version },
      stateVersion: version,
      status: "active",
      turnCount: version,
      createdAt: T0,
      updatedAt: T0,
    });

  void it("locks and updates a batch's sessions, and checks new sessions' domains, through primary keys while the tables are still small", async () => {
    // A few hundred sessions of a realistic size, analysed: the size at which a new deployment (or a benchmark on a
    // fresh database) runs its first minutes. A join against the recordset was a sequential scan of all of them.
    await client.query(
      `INSERT INTO sessions SELECT 'ses_small_' || g, $1, $2, repeat('x', 2000), 0, 'active', 0, $3, $3 FROM generate_series(1, 400) g`,
      [DOMAIN, CFG, T0],
    );
    // And a few thousand domains: a new session's check of its domain's published version probes one of them (a few
    // hundred fit in a page or two, which the planner rightly scans).
    await client.query(
      `INSERT INTO domains (id, name, organization_id, created_at, published_version_id)
       SELECT 'dom_small_' || g, 'Small', organization_id, $2, 'cfg_00001' FROM domains, generate_series(1, 3000) g WHERE id = $1`,
      [DOMAIN, T0],
    );
    await client.query("ANALYZE sessions");
    await client.query("ANALYZE domains");
    const batches: number[] = [];
    const sent: Array<{ sql: string; params: readonly unknown[] }> = [];
    const items = [
      ...Array.from({ length: 8 }, (_v, n) => item(`ses_small_${n * 37 + 1}`, 0, `key-small-${n}`)),
      ...Array.from({ length: 3 }, (_v, n) => creationItem(`ses_small_new_${n}`, `key-small-new-${n}`, { onlyIfPublished: true })),
    ];
    const outcomes = await commitBatchOnNewKeys(counting(db, batches, sent), items, createSessionCache());
    assert.deepEqual(
      outcomes,
      items.map(() => "committed"),
    );
    assert.deepEqual(batches, [11]);
    const plan = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${sent[0]!.sql}`, [...sent[0]!.params]);
    assert.deepEqual(seqScans(plan.rows[0]?.["QUERY PLAN"]), []);
  });

  void it("gives each commit of one statement its own outcome and writes only the rows of those that commit", async () => {
    await insertSession("ses_a");
    await insertSession("ses_b");
    await insertSession("ses_c", 2);
    await insertSession("ses_e");
    // ses_e's key was used before (another request): its commit must not take it over.
    await client.query(
      `INSERT INTO idempotency_records (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at, created_at, expires_at)
       VALUES ($1, 'nextQuestions', 'key-e', 'f', 'completed', 'earlier', $2, $2, $3)`,
      [DOMAIN, T0, T2],
    );
    const sessions = createSessionCache();
    for (const id of ["ses_a", "ses_b", "ses_c", "ses_e"]) {
      const stored = await store.getSession(DOMAIN, id);
      assert.ok(stored);
      sessions.remember({ ...stored, stateVersion: id === "ses_c" ? 0 : stored.stateVersion }, JSON.stringify(stored.state));
    }
    const items = [
      item("ses_a", 0, "key-a"),
      item("ses_b", 0, "key-b", { withFacts: false }),
      item("ses_c", 0, "key-c"), // stale: the session is at version 2
      item("ses_d", 0, "key-d"), // no such session
      item("ses_e", 0, "key-e"),
    ];
    assert.deepEqual(await commitBatchOnNewKeys(db, items, sessions), [
      "committed",
      "committed",
      "not_committed",
      "not_committed",
      "not_committed",
    ]);

    // ses_a: everything, facts included; ses_b: the session, its journal row and its key.
    assert.deepEqual((await store.getSession(DOMAIN, "ses_a"))?.state, { v: 1, n: 0 });
    assert.equal((await store.getDecision("dec_ses_a_1_0"))?.stateVersion, 1);
    assert.deepEqual(
      (await store.listSessionTurns("ses_a")).map((t) => t.stateVersion),
      [1],
    );
    assert.equal(await count(`SELECT count(*) AS n FROM session_outcomes WHERE session_id = 'ses_a'`, []), 1);
    assert.equal(await count(`SELECT count(*) AS n FROM session_dimension_coverage WHERE session_id = 'ses_a' AND coverage = 0.1`, []), 1);
    assert.equal((await store.getSession(DOMAIN, "ses_b"))?.stateVersion, 1);
    assert.deepEqual(
      (await store.listSessionEvents("ses_b")).map((e) => e.stateVersion),
      [1],
    );
    assert.deepEqual(await store.listSessionTurns("ses_b"), []);
    for (const key of ["key-a", "key-b"]) {
      const record = await store.getIdempotency(DOMAIN, "nextQuestions", key);
      assert.deepEqual([record?.status, record?.token, record?.response?.body], ["completed", `tok_${key}`, `{"key":"${key}"}`]);
    }
    // The others: nothing of theirs, and the earlier key of ses_e as it was.
    assert.equal((await store.getSession(DOMAIN, "ses_c"))?.stateVersion, 2);
    assert.equal((await store.getSession(DOMAIN, "ses_e"))?.stateVersion, 0);
    assert.equal(await store.getSession(DOMAIN, "ses_d"), null);
    assert.equal((await store.getIdempotency(DOMAIN, "nextQuestions", "key-e"))?.token, "earlier");
    for (const key of ["key-c", "key-d"]) assert.equal(await store.getIdempotency(DOMAIN, "nextQuestions", key), null);
    for (const id of ["ses_c", "ses_d", "ses_e"]) {
      assert.deepEqual(await store.listSessionTurns(id), []);
      assert.equal(await store.getDecision(`dec_${id}_1_0`), null);
    }
    assert.equal(await count(`SELECT count(*) AS n FROM session_events WHERE session_id IN ('ses_c', 'ses_d', 'ses_e')`, []), 0);
    // The cache follows: committed sessions advance, the stale copy is dropped.
    assert.deepEqual([sessions.get(DOMAIN, "ses_a")?.stateVersion, sessions.get(DOMAIN, "ses_b")?.stateVersion], [1, 1]);
    assert.equal(sessions.get(DOMAIN, "ses_c"), null);
  });

  void it("carries the new sessions of a round in the statement of its commits, each with its own outcome", async () => {
    for (const id of ["ses_m1", "ses_m2"]) await insertSession(id);
    // key-n-used was used before (another request): the new session under it must not be written.
    await client.query(
      `INSERT INTO idempotency_records (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at, created_at, expires_at)
       VALUES ($1, 'createSession', 'key-n-used', 'f', 'completed', 'earlier', $2, $2, $3)`,
      [DOMAIN, T0, T2],
    );
    const batches: number[] = [];
    const sessions = createSessionCache();
    const batched = batchedNewKeyCommits(counting(db, batches), sessions, 1);
    const outcomes = await Promise.all([
      batched.commit(item("ses_m1", 0, "key-m1")),
      batched.create(creationItem("ses_n1", "key-n1")),
      batched.create(creationItem("ses_n2", "key-n-used")),
      batched.commit(item("ses_m2", 0, "key-m2")),
      batched.create(creationItem("ses_n3", "key-n3", { onlyIfPublished: true })),
      // Pinned to a version that is no longer the published one.
      batched.create(creationItem("ses_n4", "key-n4", { onlyIfPublished: true, configVersionId: "cfg_before" })),
    ]);
    assert.deepEqual(outcomes, ["committed", "committed", "not_committed", "committed", "committed", "not_committed"]);
    assert.deepEqual(batches, [6], "one statement for the six");
    for (const id of ["ses_m1", "ses_m2"]) assert.equal((await store.getSession(DOMAIN, id))?.stateVersion, 1, id);
    for (const id of ["ses_n1", "ses_n3"]) {
      assert.equal((await store.getSession(DOMAIN, id))?.configVersionId, CFG, id);
      assert.deepEqual(
        (await store.listSessionEvents(id)).map((e) => e.kind),
        ["create"],
      );
      assert.equal(await count(`SELECT count(*) AS n FROM session_facts WHERE session_id = $1`, [id]), 1);
      assert.equal(await count(`SELECT count(*) AS n FROM session_dimension_coverage WHERE session_id = $1`, [id]), 1);
      // Remembered, so that its first /next can be one statement.
      assert.equal(sessions.get(DOMAIN, id)?.stateVersion, 0);
    }
    for (const key of ["key-n1", "key-n3"]) {
      const record = await store.getIdempotency(DOMAIN, "createSession", key);
      assert.deepEqual([record?.status, record?.token, record?.response?.body], ["completed", `tok_${key}`, `{"key":"${key}"}`]);
    }
    // Nothing of the other two, and the earlier key as it was.
    for (const id of ["ses_n2", "ses_n4"]) {
      assert.equal(await store.getSession(DOMAIN, id), null);
      assert.equal(sessions.get(DOMAIN, id), null);
      for (const table of ["session_events", "session_facts", "session_dimension_coverage"])
        assert.equal(await count(`SELECT count(*) AS n FROM ${table} WHERE session_id = $1`, [id]), 0, `${table} ${id}`);
    }
    assert.equal((await store.getIdempotency(DOMAIN, "createSession", "key-n-used"))?.token, "earlier");
    assert.equal(await store.getIdempotency(DOMAIN, "createSession", "key-n4"), null);
    // Alone, the same check: a stale version writes nothing, the published one goes in.
    assert.equal(
      await batched.create(creationItem("ses_n5", "key-n5", { onlyIfPublished: true, configVersionId: "cfg_before" })),
      "not_committed",
    );
    assert.equal(await batched.create(creationItem("ses_n6", "key-n6", { onlyIfPublished: true })), "committed");
    assert.deepEqual(batches, [6], "the last two went alone, each in its own statement");
    assert.equal(await store.getSession(DOMAIN, "ses_n5"), null);
    assert.equal(await store.getIdempotency(DOMAIN, "createSession", "key-n5"), null);
    assert.equal((await store.getSession(DOMAIN, "ses_n6"))?.configVersionId, CFG);
  });

  void it("sends the commits that arrive while a statement runs together, and lets exactly one of racing commits of a version win", async () => {
    const ids = Array.from({ length: 12 }, (_v, n) => `ses_r${n}`);
    for (const id of ids) await insertSession(id);
    const batches: number[] = [];
    const sessions = createSessionCache();
    const batched = batchedNewKeyCommits(counting(db, batches), sessions, 1);
    const turns = 4;
    let committed = 0;
    // Each session takes `turns` turns; every turn is sent twice under two keys, as two racing requests would be.
    await Promise.all(
      ids.map(async (id) => {
        for (let version = 0; version < turns; version += 1) {
          const outcomes = await Promise.all([0, 1].map((n) => batched.commit(item(id, version, `key-${id}-${version}-${n}`, { n }))));
          assert.equal(outcomes.filter((o) => o === "committed").length, 1, `${id} v${version}: ${outcomes.join()}`);
          committed += 1;
        }
      }),
    );
    await batched.drain();
    assert.equal(committed, ids.length * turns);
    assert.ok(batches.length > 0 && Math.max(...batches) > 1, `batches: ${batches.join()}`);
    for (const id of ids) {
      const session = await store.getSession(DOMAIN, id);
      assert.equal(session?.stateVersion, turns);
      assert.deepEqual(
        (await store.listSessionEvents(id)).map((e) => e.stateVersion),
        [1, 2, 3, 4],
      );
      // One key record and one decision per version: the winner's.
      assert.equal(await count(`SELECT count(*) AS n FROM idempotency_records WHERE idempotency_key LIKE $1`, [`key-${id}-%`]), turns);
      assert.equal(await count(`SELECT count(*) AS n FROM decisions WHERE session_id = $1`, [id]), turns);
      assert.equal(await count(`SELECT count(*) AS n FROM session_turns WHERE session_id = $1`, [id]), turns);
      // Each version's decision is that of the request whose key went in.
      const keys = await client.query<{ k: string }>(`SELECT idempotency_key AS k FROM idempotency_records WHERE idempotency_key LIKE $1`, [
        `key-${id}-%`,
      ]);
      const decisions = await client.query<{ d: string }>(`SELECT id AS d FROM decisions WHERE session_id = $1`, [id]);
      const fromKeys = keys.rows.map((r) => r.k.split("-").slice(-2).join("/")).sort();
      const fromDecisions = decisions.rows.map((r) => {
        const [version, n] = r.d.split("_").slice(-2).map(Number);
        return `${(version ?? 0) - 1}/${n}`;
      });
      assert.deepEqual(fromDecisions.sort(), fromKeys);
    }
  });

  void it("never puts two commits of one session, or of one key, in the same statement", async () => {
    for (const id of ["ses_s0", "ses_s1", "ses_s2"]) await insertSession(id);
    const batches: number[] = [];
    const batched = batchedNewKeyCommits(counting(db, batches), createSessionCache(), 1);
    // All four arrive in one round of the event loop: ses_s0 and ses_s1's first request go in the first statement;
    // ses_s1's second request (the same session) and ses_s2's commit reusing its key wait for the next one.
    const outcomes = await Promise.all([
      batched.commit(item("ses_s0", 0, "key-s0")),
      batched.commit(item("ses_s1", 0, "key-s1-a", { n: 1 })),
      batched.commit(item("ses_s1", 0, "key-s1-b", { n: 2 })),
      batched.commit(item("ses_s2", 0, "key-s1-a", { n: 3 })),
    ]);
    assert.deepEqual(outcomes, ["committed", "committed", "not_committed", "not_committed"]);
    // The two left over share nothing with each other: they went together, after the first statement.
    assert.deepEqual(batches, [2, 2]);
    assert.deepEqual((await store.getSession(DOMAIN, "ses_s1"))?.state, { v: 1, n: 1 });
    assert.equal((await store.getSession(DOMAIN, "ses_s2"))?.stateVersion, 0);
    assert.equal(await store.getIdempotency(DOMAIN, "nextQuestions", "key-s1-b"), null);
  });

  void it("retries a batch the database refuses commit by commit, so only the faulty commit fails", async () => {
    for (const id of ["ses_f1", "ses_f2", "ses_f3", "ses_f4"]) await insertSession(id);
    const batches: number[] = [];
    const batched = batchedNewKeyCommits(counting(db, batches), createSessionCache(), 1);
    // The four arrive in one round of the event loop and go together. A NUL character cannot be stored in a
    // PostgreSQL text (nor in the batch's jsonb): that commit fails, in the batch and then alone.
    const results = await Promise.allSettled([
      batched.commit(item("ses_f1", 0, "key-f1")),
      batched.commit(item("ses_f2", 0, "key-f2")),
      batched.commit(item("ses_f3", 0, "key-f3", { body: "nul\u0000byte" })),
      batched.commit(item("ses_f4", 0, "key-f4")),
    ]);
    assert.deepEqual(batches, [4]);
    assert.deepEqual(
      results.map((r) => r.status),
      ["fulfilled", "fulfilled", "rejected", "fulfilled"],
    );
    assert.deepEqual(
      results.map((r) => (r.status === "fulfilled" ? r.value : "error")),
      ["committed", "committed", "error", "committed"],
    );
    for (const [id, version] of [
      ["ses_f1", 1],
      ["ses_f2", 1],
      ["ses_f3", 0],
      ["ses_f4", 1],
    ] as const)
      assert.equal((await store.getSession(DOMAIN, id))?.stateVersion, version, id);
    assert.equal(await store.getIdempotency(DOMAIN, "nextQuestions", "key-f3"), null);
  });

  void it("lets a store close only after its queued commits have settled", async () => {
    await insertSession("ses_close");
    const other = createSqlStore(createPostgresExecutor({ url: database.databaseUrl ?? "" }), { batchesInFlight: 1 });
    const trips = other.oneTripMutations;
    assert.ok(trips);
    const pending = [0, 1, 2].map((n) => trips.commit(item("ses_close", 0, `key-close-${n}`, { n })));
    await other.close();
    const outcomes = await Promise.all(pending);
    assert.equal(outcomes.filter((o) => o === "committed").length, 1);
    assert.equal((await store.getSession(DOMAIN, "ses_close"))?.stateVersion, 1);
  });
});
