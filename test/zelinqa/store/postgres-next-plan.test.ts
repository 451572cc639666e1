// The cost of one /next on PostgreSQL (issue 14): the statements a real /next sends through the store, counted
// (each is one round trip: the rate-limit hit, then either the idempotency reservation with the session read and the
// one-statement commit, or, for a session this process last wrote, the commit alone with the key's record; the
// studio's session facts included; the key lookup comes at most every 500 ms), and each one's plan on a database
// holding 100,000 sessions with their journal, decisions, idempotency records, keys and studio facts: no sequential
// scan of those tables.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import pg from "pg";
import { createZelinqaApp } from "../../../src/zelinqa/api/app.js";
import type { ZelinqaApp } from "../../../src/zelinqa/api/app.js";
import { createIdGenerator, generateApiKey } from "../../../src/zelinqa/operations/index.js";
import { createSqlStore } from "../../../src/zelinqa/store/index.js";
import type { ZelinqaStore } from "../../../src/zelinqa/store/index.js";
import { createPostgresExecutor } from "../../../src/zelinqa/store/postgres/postgres-executor.js";
import { createPostgresLiveness } from "../../../src/zelinqa/store/postgres/postgres-liveness.js";
import type { SqlExecutor, SqlParam } from "../../../src/zelinqa/store/sql-executor.js";
import { CHART_SQL } from "../../../src/zelinqa/store/sql-analytics.js";
import type { AnalyticsChart } from "../../../src/zelinqa/store/studio-port.js";
import { silentLogger } from "../../../src/shared/stderr-logger.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";
import { createTestDatabase, postgresSkipReason } from "../../support/zelinqa-databases.js";
import type { TestDatabase } from "../../support/zelinqa-databases.js";
import { seqScans } from "../../support/postgres-plans.js";

const SEEDED = 100_000;
const LARGE_TABLES = new Set([
  "sessions",
  "session_events",
  "decisions",
  "idempotency_records",
  "api_keys",
  "rate_limit_windows",
  "session_facts",
  "session_turns",
  "session_outcomes",
  "session_dimension_coverage",
]);
const FACTS_TABLES = ["session_facts", "session_turns", "session_outcomes", "session_dimension_coverage"];

interface Recorded {
  sql: string;
  params: readonly SqlParam[];
}

/** Every statement sent through the executor while `on`; BEGIN and COMMIT of a transaction count as statements too. */
function recording(inner: SqlExecutor, log: { on: boolean; statements: Recorded[] }): SqlExecutor {
  const note = (sql: string, params: readonly SqlParam[] = []) => {
    if (log.on) log.statements.push({ sql, params });
  };
  const wrap = (db: SqlExecutor): SqlExecutor => ({
    dialect: db.dialect,
    all: (sql, params) => (note(sql, params), db.all(sql, params)),
    get: (sql, params) => (note(sql, params), db.get(sql, params)),
    getLarge: (sql, params) => (note(sql, params), db.getLarge(sql, params)),
    run: (sql, params) => (note(sql, params), db.run(sql, params)),
    transaction: (fn) => {
      note("BEGIN");
      return db.transaction((tx) => fn(wrap(tx))).finally(() => note("COMMIT"));
    },
    close: () => db.close(),
  });
  return wrap(inner);
}

void describe("zelinqa /next on PostgreSQL with 100,000 sessions", { skip: postgresSkipReason() }, () => {
  let database: TestDatabase;
  let store: ZelinqaStore;
  let app: ZelinqaApp;
  /** Another process on the same database: the sessions it creates are unknown to `app`. */
  let otherStore: ZelinqaStore;
  let other: ZelinqaApp;
  let key = "";
  const log = { on: false, statements: [] as Recorded[] };
  let counter = 0;
  let domainId = "";

  const post = async (url: string, body: unknown, via = app) => {
    const response = await via.fastify.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": `plan-key-${(counter += 1)}` },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, json: JSON.parse(response.body) as Record<string, unknown>, text: response.body };
  };

  before(async () => {
    database = await createTestDatabase("postgres");
    const url = database.databaseUrl ?? "";
    // One commit statement in flight at a time, so that concurrent /next requests go together (sql-session-batch.ts).
    store = createSqlStore(recording(createPostgresExecutor({ url }), log), { liveness: createPostgresLiveness(url), batchesInFlight: 1 });
    await store.migrate();
    const ids = createIdGenerator();
    const now = new Date().toISOString();
    const org = await store.ensureOrganization("default", now);
    const domain = await store.createDomain({ id: ids.newId("dom"), name: "Plans", organizationId: org, now });
    domainId = domain.id;
    const generated = generateApiKey({
      ids,
      domainId: domain.id,
      scopes: ["runtime", "configuration:write", "configuration:publish", "configuration:read"],
      label: null,
      expiresAt: null,
      now,
    });
    await store.insertApiKey(generated.record);
    key = generated.apiKey;
    const seed = new pg.Client({ connectionString: url });
    await seed.connect();
    try {
      const rows = `FROM generate_series(1, ${SEEDED}) g`;
      await seed.query(`INSERT INTO sessions SELECT 'ses_seed_' || g, $1, 'cfg_00001', '{}', 1, 'active', 1, $2, $2 ${rows}`, [
        domain.id,
        now,
      ]);
      await seed.query(`INSERT INTO session_events SELECT 'ses_seed_' || g, 1, 'next', 'req_seed', '{}', $1 ${rows}`, [now]);
      await seed.query(`INSERT INTO decisions SELECT 'dec_seed_' || g, 'ses_seed_' || g, 1, '[]', $1 ${rows}`, [now]);
      await seed.query(
        `INSERT INTO idempotency_records (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at,
           created_at, expires_at) SELECT $1, 'nextQuestions', 'seed-' || g, 'f', 'completed', 't', $2, $2, $2 ${rows}`,
        [domain.id, now],
      );
      await seed.query(`INSERT INTO api_keys SELECT 'key_seed_' || g, md5(g::text), $1, NULL, 'runtime', $2 ${rows}`, [domain.id, now]);
      await seed.query(`INSERT INTO rate_limit_windows SELECT 'key_seed_' || g, 0, 1 ${rows}`);
      const seeded = [domain.id, now];
      await seed.query(
        `INSERT INTO session_facts SELECT 'ses_seed_' || g, $1, 'cfg_00001', 'active', NULL, 0, 1, NULL, 'q', $2, $2 ${rows}`,
        seeded,
      );
      await seed.query(`INSERT INTO session_turns SELECT 'ses_seed_' || g, 1, 1, 'next', '[]', '[]', '{}', $1 ${rows}`, [now]);
      await seed.query(`INSERT INTO session_outcomes SELECT 'ses_seed_' || g, 0, 'q', 'refused', $1, 'cfg_00001', $2 ${rows}`, seeded);
      await seed.query(`INSERT INTO session_dimension_coverage SELECT 'ses_seed_' || g, 'd', 0.5, 0, $1, 'cfg_00001', $2 ${rows}`, seeded);
      await seed.query("ANALYZE");
    } finally {
      await seed.end();
    }
    const appOptions = {
      clock: { now: () => new Date() },
      ids,
      logger: silentLogger(),
      locale: "en" as const,
      maxBodyBytes: 10_485_760,
      rateLimitPerMinute: 1_000_000,
      workerPollMs: 20,
    };
    app = await createZelinqaApp({ store, ...appOptions });
    otherStore = createSqlStore(createPostgresExecutor({ url }), { liveness: createPostgresLiveness(url) });
    other = await createZelinqaApp({ store: otherStore, ...appOptions });
    await other.worker.close();
    assert.equal((await post("/v1/configuration/changes", { changes: referenceCorpusChanges() })).status, 200);
    const job = await post("/v1/configuration/publish", {});
    for (let i = 0; i < 500 && (await store.getActiveCompilationJob(domain.id)) !== null; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal((await store.getCompilationJob(domain.id, job.json.compilation_id as string))?.status, "succeeded");
    // The compilation worker's polling would mix its statements into the recorded ones.
    await app.worker.close();
  });
  after(async () => {
    await app?.close();
    await other?.close();
    await otherStore?.close();
    await store?.close();
    await database?.drop();
  });

  /** The statements `send` made through `app`'s store, the key lookup left out (it comes at most every 500 ms). */
  const recorded = async <T>(send: () => Promise<T>): Promise<{ result: T; statements: Recorded[] }> => {
    log.statements = [];
    log.on = true;
    const result = await send();
    log.on = false;
    const statements = log.statements.filter((s) => !/FROM api_keys WHERE key_hash/.test(s.sql));
    assert.ok(log.statements.length - statements.length <= 1);
    assert.ok(!statements.some((s) => /^\s*(BEGIN|COMMIT)/i.test(s.sql)), "no transaction block");
    return { result, statements };
  };
  const shown = (statements: Recorded[]) => statements.map((s) => s.sql.slice(0, 60)).join("\n");

  void it("sends three statements per /next with an Idempotency-Key and a rate limit, two for a session this process wrote, none scanning a large table", async () => {
    // This process has loaded the published artefact (a session created here), as it would have after its first request.
    assert.equal((await post("/v1/sessions", {})).status, 201);
    // Created by another process: the first /next here reserves the key and reads the session, then commits.
    const created = await post("/v1/sessions", {}, other);
    assert.equal(created.status, 201, created.text);
    const path = `/v1/sessions/${created.json.session_id as string}/next`;
    const first = await recorded(() => post(path, { state_version: 0 }));
    assert.equal(first.result.status, 200, first.result.text);
    assert.equal(first.statements.length, 3, shown(first.statements));
    const [hit, reserve, commit] = first.statements.map((s) => s.sql);
    assert.match(hit ?? "", /INSERT INTO rate_limit_windows/);
    assert.match(reserve ?? "", /INSERT INTO idempotency_records[\s\S]*LEFT JOIN sessions/);
    for (const written of ["UPDATE sessions", "INSERT INTO decisions", "INSERT INTO session_events", "UPDATE idempotency_records"])
      assert.ok(commit?.includes(written), `the commit statement does ${written}`);
    // The next /next of that session here: the commit alone, which inserts the key's record already completed.
    const second = await recorded(() => post(path, { state_version: 1, previous_turn: { user_text: "je ne sais pas" } }));
    assert.equal(second.result.status, 200, second.result.text);
    assert.equal(second.statements.length, 2, shown(second.statements));
    const oneTrip = second.statements[1]?.sql;
    for (const written of ["UPDATE sessions", "INSERT INTO decisions", "INSERT INTO session_events", "INSERT INTO idempotency_records"])
      assert.ok(oneTrip?.includes(written), `the one-statement commit does ${written}`);
    // The studio's facts go in the commit statements, written only if the session update matched.
    for (const table of FACTS_TABLES) {
      assert.ok(commit?.includes(`INSERT INTO ${table} `), `the commit statement writes ${table}`);
      assert.ok(oneTrip?.includes(`INSERT INTO ${table} `), `the one-statement commit writes ${table}`);
    }
    // A session created here: its row, journal, facts and idempotency record in one statement, and its first /next is one too.
    const mine = await recorded(() => post("/v1/sessions", {}));
    assert.equal(mine.result.status, 201, mine.result.text);
    const creation = mine.statements.at(-1)?.sql ?? "";
    for (const table of ["sessions", "session_events", ...FACTS_TABLES])
      assert.ok(creation.includes(`INSERT INTO ${table} `), `the creation writes ${table}`);
    // The rate-limit hit, then the writes with the key's record: no reservation, and no read of the domain (this process
    // read its published version with its first creation); the write checks that version is still the published one.
    assert.equal(mine.statements.length, 2, shown(mine.statements));
    assert.ok(creation.includes("INSERT INTO idempotency_records"), "the creation writes the key's record");
    assert.match(creation, /FROM domains WHERE id = \$2 AND published_version_id = \$3/);
    const minePath = `/v1/sessions/${mine.result.json.session_id as string}/next`;
    const mineNext = await recorded(() => post(minePath, { state_version: 0 }));
    assert.equal(mineNext.result.status, 200, mineNext.result.text);
    assert.equal(mineNext.statements.length, 2, shown(mineNext.statements));
    log.statements = [...first.statements, ...second.statements, ...mine.statements];

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const id = created.json.session_id as string;
      const counts = await client.query<Record<string, unknown>>(
        `SELECT ${FACTS_TABLES.map((t) => `(SELECT count(*) FROM ${t} WHERE session_id = $1) AS ${t}`).join(", ")},
           (SELECT f.turns = s.turn_count AND f.updated_at = s.updated_at FROM session_facts f JOIN sessions s ON s.id = f.session_id
              WHERE f.session_id = $1) AS in_step`,
        [id],
      );
      const written = counts.rows[0] ?? {};
      // create, then two /next: one turn row each; the summary is in step with the session; outcomes and coverage are there.
      assert.equal(Number(written["session_turns"]), 3);
      assert.equal(written["in_step"], true);
      assert.ok(Number(written["session_outcomes"]) >= 1 && Number(written["session_dimension_coverage"]) >= 1, JSON.stringify(written));
      for (const statement of log.statements) {
        const plan = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [...statement.params]);
        const scanned = seqScans(plan.rows[0]?.["QUERY PLAN"]).filter((relation) => LARGE_TABLES.has(relation));
        assert.deepEqual(scanned, [], `sequential scan in: ${statement.sql}`);
      }
    } finally {
      await client.end();
    }
  });

  void it("commits concurrent /next requests of known sessions together in one statement that scans no large table", async () => {
    let batches: Recorded[] = [];
    for (let attempt = 0; attempt < 5 && batches.length === 0; attempt += 1) {
      const created = await Promise.all(Array.from({ length: 8 }, () => post("/v1/sessions", {})));
      const paths = created.map((c) => `/v1/sessions/${c.json.session_id as string}/next`);
      const sent = await recorded(() => Promise.all(paths.map((path) => post(path, { state_version: 0 }))));
      for (const answer of sent.result) assert.equal(answer.status, 200, answer.text);
      batches = sent.statements.filter((s) => s.sql.startsWith("WITH i AS"));
      const singles = sent.statements.filter((s) => s.sql.includes("INSERT INTO idempotency_records") && !s.sql.startsWith("WITH i AS"));
      const together = batches.reduce((sum, b) => sum + (JSON.parse(String(b.params[0])) as unknown[]).length, 0);
      // Every /next committed exactly once, alone or in a batch.
      assert.equal(singles.length + together, paths.length);
    }
    assert.ok(batches.length > 0, "no batch in five rounds of eight concurrent requests");
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      for (const batch of batches) {
        const plan = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${batch.sql}`, [...batch.params]);
        const scanned = seqScans(plan.rows[0]?.["QUERY PLAN"]).filter((relation) => LARGE_TABLES.has(relation));
        assert.deepEqual(scanned, [], "sequential scan in the batch statement");
      }
    } finally {
      await client.end();
    }
  });

  // Migration 6 took pending_question_id out of session_facts_by_version (so the per-turn facts update is a HOT one):
  // the drop-off chart reads it from the table, still through the index, for the rows of its domain only. (A chart
  // over most of the table, as the seeded domain's, is rightly a sequential scan, with or without that column.)
  void it("answers every studio chart of a small domain beside 100,000 sessions' facts without a sequential scan", async () => {
    const day = new Date();
    const query = {
      domainId: `${domainId}_small`,
      from: new Date(day.getTime() - 43_200_000).toISOString(),
      to: new Date(day.getTime() + 43_200_000).toISOString(),
    };
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      for (const chart of Object.keys(CHART_SQL) as AnalyticsChart[]) {
        const { sql, params } = CHART_SQL[chart](query);
        const plan = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
        const scanned = seqScans(plan.rows[0]?.["QUERY PLAN"]).filter((relation) => LARGE_TABLES.has(relation));
        assert.deepEqual(scanned, [], `sequential scan in the ${chart} chart: ${JSON.stringify(plan.rows[0]?.["QUERY PLAN"])}`);
      }
    } finally {
      await client.end();
    }
  });
});
