// Upgrading a database in place (issue 14): a database built by the schema before migrations 5 to 7, holding sessions, decisions,
// the journal and the studio's facts, is migrated by the current build; its data reads back the same, the charts answer the
// same, and new session mutations commit on it.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import pg from "pg";
import Database from "better-sqlite3";
import { BACKENDS, createTestDatabase, skipReason, type TestDatabase } from "../../support/zelinqa-databases.js";
import { MIGRATIONS, applyMigrations } from "../../../src/zelinqa/store/migrations/index.js";
import { createSqlStore } from "../../../src/zelinqa/store/index.js";
import { createPostgresExecutor } from "../../../src/zelinqa/store/postgres/postgres-executor.js";
import { createSqliteExecutor } from "../../../src/zelinqa/store/sqlite/sqlite-executor.js";
import type { SessionMutation, ZelinqaStore } from "../../../src/zelinqa/store/index.js";
import type { AnalyticsChart } from "../../../src/zelinqa/store/studio-port.js";

const T0 = "2026-09-01T09:00:00.000Z";
const T1 = "2026-09-01T09:01:00.000Z";
const T2 = "2026-09-02T10:00:00.000Z";
const CHARTS: AnalyticsChart[] = ["objective-rate", "turns-to-objective", "question-dropoff", "dimension-coverage", "stop-reasons"];

/** The /next of `session` from `version`, with its decision, journal row and studio facts. */
function turn(session: string, version: number, coverage: number): SessionMutation {
  const next = version + 1;
  return {
    update: {
      id: session,
      expectedStateVersion: version,
      state: { n: next },
      stateVersion: next,
      status: "active",
      turnCount: next,
      updatedAt: T1,
    },
    decision: { id: `dec_${session}_${next}`, sessionId: session, stateVersion: next, candidates: [{ question_id: "q1" }], createdAt: T1 },
    event: {
      sessionId: session,
      stateVersion: next,
      kind: "next",
      requestId: `req_${next}`,
      summary: { turn_count: next },
      occurredAt: T1,
    },
    facts: {
      facts: {
        sessionId: session,
        domainId: "dom_m",
        configVersionId: "cfg_00001",
        status: "active",
        stopReason: null,
        objectiveReached: coverage === 1,
        turns: next,
        objectiveReachedTurn: coverage === 1 ? next : null,
        pendingQuestionId: "q2",
        createdAt: T0,
        updatedAt: T1,
      },
      turn: {
        sessionId: session,
        stateVersion: next,
        turn: next,
        kind: "next",
        outcomes: [{ question_id: "q1", outcome: "asked_answered" }],
        extracted: [],
        progress: { overall: coverage, dimensions: [{ dimension_id: "d1", coverage }] },
        occurredAt: T1,
      },
      outcomes: [{ seq: version, questionId: "q1", outcome: "asked_answered" }],
      coverage: [{ dimensionId: "d1", coverage, complete: coverage === 1 }],
    },
  };
}

/** The answer of `sql` ($1 = `param`) on the test database, as rows of plain values. */
async function catalog(database: TestDatabase, sql: { sqlite: string; postgres: string }, param: string): Promise<unknown[]> {
  if (database.backend === "sqlite") {
    const db = new Database(database.sqlitePath ?? "", { readonly: true });
    try {
      return db.prepare(sql.sqlite).all(param);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql.postgres, [param])).rows;
  } finally {
    await client.end();
  }
}

const INDEX_COLUMNS = {
  sqlite: `SELECT name FROM pragma_index_info(?) ORDER BY seqno`,
  postgres: `SELECT a.attname AS name FROM pg_index i, unnest(i.indkey) WITH ORDINALITY AS k(attnum, n), pg_attribute a
    WHERE i.indexrelid = $1::regclass AND a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.n`,
};
const FOREIGN_KEYS = {
  sqlite: `SELECT ? AS relname`,
  postgres: `SELECT conrelid::regclass::text AS table FROM pg_constraint WHERE contype = 'f' AND confrelid = $1::regclass ORDER BY 1`,
};
const FILLFACTOR = { sqlite: `SELECT ? AS relname`, postgres: `SELECT reloptions FROM pg_class WHERE relname = $1` };

async function indexNames(database: TestDatabase): Promise<string[]> {
  if (database.backend === "sqlite") {
    const db = new Database(database.sqlitePath ?? "", { readonly: true });
    try {
      return (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`).all() as Array<{ name: string }>).map((r) => r.name);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).rows.map(
      (r) => r.indexname,
    );
  } finally {
    await client.end();
  }
}

for (const backend of BACKENDS) {
  void describe(`zelinqa store migrations 5 to 7 on ${backend}`, { skip: skipReason(backend) }, () => {
    let database: TestDatabase;
    let store: ZelinqaStore;

    before(async () => {
      database = await createTestDatabase(backend);
      const executor =
        backend === "sqlite"
          ? createSqliteExecutor({ path: database.sqlitePath ?? "" })
          : createPostgresExecutor({ url: database.databaseUrl ?? "" });
      store = createSqlStore(executor);
      const older = MIGRATIONS.filter((m) => m.version < 5);
      assert.deepEqual(await applyMigrations(executor, () => new Date(T0), older), [1, 2, 3, 4]);
    });
    after(async () => {
      await store?.close();
      await database?.drop();
    });

    void it("drops the unread decisions index, makes room for HOT updates and keeps every row, chart and transcript as it was", async () => {
      assert.ok((await indexNames(database)).includes("decisions_by_session"));
      const org = await store.ensureOrganization("default", T0);
      await store.createDomain({ id: "dom_m", name: "Migrated", organizationId: org, now: T0 });
      for (const id of ["ses_m1", "ses_m2"]) {
        const row = { id, domainId: "dom_m", configVersionId: "cfg_00001", state: { n: 0 }, stateVersion: 0, status: "active" };
        await store.insertSession({ ...row, turnCount: 0, createdAt: T0, updatedAt: T0 });
      }
      assert.equal(await store.commitSessionMutation(turn("ses_m1", 0, 0.5)), "committed");
      assert.equal(await store.commitSessionMutation(turn("ses_m2", 0, 1)), "committed");
      const query = { domainId: "dom_m", from: T0, to: T2 };
      const charts = async () => Promise.all(CHARTS.map((chart) => store.analytics(chart, query)));
      const before = {
        charts: await charts(),
        turns: await store.listSessionTurns("ses_m1"),
        events: await store.listSessionEvents("ses_m1"),
        decision: await store.getDecision("dec_ses_m1_1"),
      };

      assert.deepEqual(await store.migrate(), [5, 6, 7, 8, 9]);
      assert.ok(!(await indexNames(database)).includes("decisions_by_session"));
      const columns = (await catalog(database, INDEX_COLUMNS, "session_facts_by_version")) as Array<{ name: string }>;
      assert.deepEqual(
        columns.map((c) => c.name),
        ["domain_id", "config_version_id", "created_at", "status", "stop_reason", "objective_reached", "objective_reached_turn"],
      );
      if (backend === "postgres") {
        for (const [table, fillfactor] of [
          ["sessions", 80],
          ["session_facts", 80],
          ["idempotency_records", 70],
        ] as const) {
          assert.deepEqual(await catalog(database, FILLFACTOR, table), [{ reloptions: [`fillfactor=${fillfactor}`] }]);
        }
      }
      if (backend === "postgres") {
        // Migration 7: the per-turn tables lose their foreign key to sessions; feedback keeps its own.
        const keyed = (await catalog(database, FOREIGN_KEYS, "sessions")) as Array<{ table: string }>;
        assert.deepEqual(
          keyed.map((r) => r.table),
          ["feedback"],
        );
      }
      assert.deepEqual(await charts(), before.charts);
      assert.deepEqual(await store.listSessionTurns("ses_m1"), before.turns);
      assert.deepEqual(await store.listSessionEvents("ses_m1"), before.events);
      assert.deepEqual(await store.getDecision("dec_ses_m1_1"), before.decision);
      assert.deepEqual(before.decision?.candidates, [{ question_id: "q1" }]);

      // The upgraded database takes new turns; an unchanged coverage row keeps its value.
      assert.equal(await store.commitSessionMutation(turn("ses_m1", 1, 0.5)), "committed");
      assert.equal((await store.getSession("dom_m", "ses_m1"))?.stateVersion, 2);
      assert.equal((await store.listSessionTurns("ses_m1")).length, 2);
      const coverage = await store.analytics("dimension-coverage", query);
      assert.deepEqual(
        coverage.map((r) => [r.dimension_id, Number(r.sessions), Number(r.mean_coverage)]),
        [["d1", 2, 0.75]],
      );
      assert.deepEqual(await store.migrate(), []);
    });
  });
}
