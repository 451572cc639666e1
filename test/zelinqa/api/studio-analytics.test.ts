// [ext] The studio's analytics (issue 15) on the real app over HTTP, on SQLite and PostgreSQL: exact figures of
// each chart on a small seeded set (versions, draft sessions and the date range included), the CSV export and
// its formula neutralisation, bad input and scopes, each chart's query reading an index (EXPLAIN), and on SQLite
// every chart over 10,000 seeded sessions equal to a reference computed here (its speed: bench/zelinqa-studio-analytics.ts).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import pg from "pg";
import { ANALYTICS_CHARTS } from "../../../src/zelinqa/contracts/index.js";
import { tableCsv } from "../../../src/zelinqa/api/csv.js";
import { CHART_SQL } from "../../../src/zelinqa/store/sql-analytics.js";
import type { AnalyticsChart, SessionFactsWrite } from "../../../src/zelinqa/store/index.js";
import { insertStudioSessions, seedStudioSessions } from "../../../harness/studio-analytics-seed.js";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import type { InjectResult, TestApp } from "../../support/zelinqa-app.js";

type Row = Record<string, unknown>;
const HOUR = 3_600_000;
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function fact(input: {
  id: string;
  domainId: string;
  version: string;
  status: string;
  reachedTurn?: number;
  pending?: string;
  outcomes?: Array<[string, string]>;
  coverage?: Array<[string, number]>;
  createdAt: string;
}): SessionFactsWrite {
  const reached = input.reachedTurn !== undefined;
  return {
    facts: {
      sessionId: input.id,
      domainId: input.domainId,
      configVersionId: input.version,
      status: input.status,
      stopReason: input.status === "stopped" ? "max_turns_reached" : input.status === "completed" ? "no_question_available" : null,
      objectiveReached: reached,
      turns: input.reachedTurn ?? 4,
      objectiveReachedTurn: input.reachedTurn ?? null,
      pendingQuestionId: input.pending ?? null,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    },
    turn: null,
    outcomes: (input.outcomes ?? []).map(([questionId, outcome], seq) => ({ seq, questionId, outcome })),
    coverage: (input.coverage ?? []).map(([dimensionId, coverage]) => ({ dimensionId, coverage, complete: coverage === 1 })),
  };
}

async function insert(t: TestApp, writes: SessionFactsWrite[]): Promise<void> {
  await insertStudioSessions(t.store, writes);
}

/** Each chart computed from the seeded facts, as the API documents it. */
function reference(chart: AnalyticsChart, writes: SessionFactsWrite[], q: { version?: string; from: string; to: string }): Row[] {
  const kept = writes.filter((w) => {
    const f = w.facts;
    const versionOk = q.version === undefined ? !f.configVersionId.startsWith("draft:") : f.configVersionId === q.version;
    return versionOk && f.createdAt >= q.from && f.createdAt < q.to;
  });
  const count = <K extends string | number | null>(keys: K[]) => {
    const m = new Map<K, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  switch (chart) {
    case "objective-rate": {
      const versions = [...new Set(kept.map((w) => w.facts.configVersionId))].sort(byText);
      return versions.map((v) => {
        const of = kept.filter((w) => w.facts.configVersionId === v);
        const reached = of.filter((w) => w.facts.objectiveReached).length;
        return { configuration_version: v, sessions: of.length, reached, rate: round4(reached / of.length) };
      });
    }
    case "turns-to-objective":
      return [...count(kept.flatMap((w) => (w.facts.objectiveReachedTurn === null ? [] : [w.facts.objectiveReachedTurn]))).entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([turns, sessions]) => ({ turns, sessions }));
    case "question-dropoff": {
      const stats = new Map<string, { asked: number; answered: number; refused: number; dropped: number }>();
      const of = (id: string) => stats.get(id) ?? (stats.set(id, { asked: 0, answered: 0, refused: 0, dropped: 0 }), stats.get(id)!);
      for (const w of kept) {
        for (const o of w.outcomes) {
          const s = of(o.questionId);
          s.asked += 1;
          if (o.outcome === "asked_answered") s.answered += 1;
          if (o.outcome === "refused") s.refused += 1;
        }
        if (w.facts.pendingQuestionId !== null) {
          const s = of(w.facts.pendingQuestionId);
          s.asked += 1;
          if (w.facts.status === "active") s.dropped += 1;
        }
      }
      return [...stats.entries()]
        .sort((a, b) => byText(a[0], b[0]))
        .map(([id, s]) => ({
          question_id: id,
          label: id,
          asked: s.asked,
          answered: s.answered,
          refused: s.refused,
          dropped_after: s.dropped,
          dropoff_rate: round4(s.dropped / s.asked),
          refusal_rate: round4(s.refused / s.asked),
        }));
    }
    case "dimension-coverage": {
      const dims = [...new Set(kept.flatMap((w) => w.coverage.map((c) => c.dimensionId)))].sort(byText);
      return dims.map((d) => {
        const values = kept.flatMap((w) => w.coverage.filter((c) => c.dimensionId === d));
        return {
          dimension_id: d,
          label: d,
          sessions: values.length,
          mean_coverage: round4(values.reduce((s, c) => s + c.coverage, 0) / values.length),
          complete_rate: round4(values.filter((c) => c.complete).length / values.length),
        };
      });
    }
    case "stop-reasons":
      return [...count(kept.map((w) => w.facts.stopReason)).entries()]
        .sort((a, b) => b[1] - a[1] || byText(a[0] ?? "", b[0] ?? ""))
        .map(([stop_reason, sessions]) => ({ stop_reason, sessions }));
  }
}

function assertInvalid(r: InjectResult, path: string): void {
  assert.equal(r.status, 400, r.text);
  assert.equal(r.json.code, "invalid_request");
  const issues = (r.json.details as { issues: Array<{ path: string }> }).issues;
  assert.ok(
    issues.some((i) => i.path === path),
    `expected an issue at ${path}: ${r.text}`,
  );
}

/** The plan of each chart's statement names an index of the studio's tables. */
async function plans(t: TestApp, domainId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const query = { domainId, from: new Date(Date.now() - 100 * 86_400_000).toISOString(), to: new Date().toISOString() };
  for (const chart of ANALYTICS_CHARTS) {
    for (const version of [undefined, "cfg_00001"]) {
      const { sql, params } = CHART_SQL[chart]({ ...query, configurationVersion: version });
      out[`${chart} ${version ?? "all"}`] = await explain(t, sql, params);
    }
  }
  return out;
}

async function explain(t: TestApp, sql: string, params: ReadonlyArray<string | number | boolean | null>): Promise<string> {
  if (t.database.backend === "sqlite") {
    const db = new Database(t.database.sqlitePath, { readonly: true });
    try {
      const ordered: unknown[] = [];
      const text = sql.replace(/\$(\d+)/g, (_m, n: string) => {
        ordered.push(params[Number(n) - 1]);
        return "?";
      });
      const rows = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...ordered) as Array<{ detail: string }>;
      return rows.map((r) => r.detail).join("\n");
    } finally {
      db.close();
    }
  }
  // A few rows make any table scan cheap: forbid sequential scans so the plan shows whether an index serves it.
  const client = new pg.Client({ connectionString: t.database.databaseUrl });
  await client.connect();
  try {
    await client.query("SET enable_seqscan = off");
    const result = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, [...params]);
    return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await client.end();
  }
}

for (const backend of BACKENDS) {
  void describe(`[ext] studio analytics on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
    const chart = (name: string, query = "", key = "read") => t.request("GET", `/v1/analytics/${name}${query}`, { key });
    let small: SessionFactsWrite[];

    before(async () => {
      t = await startTestApp({ backend, options: { worker: false } });
      const d = t.domainId;
      small = [
        fact({
          id: "ses_a1",
          domainId: d,
          version: "cfg_00001",
          status: "completed",
          reachedTurn: 3,
          outcomes: [
            ["q1", "asked_answered"],
            ["q2", "asked_answered"],
            ["q3", "refused"],
          ],
          coverage: [
            ["d1", 1],
            ["d2", 0.5],
          ],
          createdAt: at(5),
        }),
        fact({
          id: "ses_a2",
          domainId: d,
          version: "cfg_00001",
          status: "active",
          pending: "q2",
          outcomes: [["q1", "asked_answered"]],
          coverage: [
            ["d1", 0.5],
            ["d2", 0],
          ],
          createdAt: at(4),
        }),
        fact({
          id: "ses_a3",
          domainId: d,
          version: "cfg_00001",
          status: "stopped",
          outcomes: [
            ["q1", "refused"],
            ["q2", "asked_answered"],
          ],
          coverage: [
            ["d1", 1],
            ["d2", 1],
          ],
          createdAt: at(3),
        }),
        fact({
          id: "ses_a4",
          domainId: d,
          version: "cfg_00002",
          status: "completed",
          reachedTurn: 2,
          outcomes: [["q1", "asked_answered"]],
          createdAt: at(2),
        }),
        fact({ id: "ses_a5", domainId: d, version: "draft:3", status: "completed", reachedTurn: 1, createdAt: at(1) }),
        fact({ id: "ses_a6", domainId: d, version: "cfg_00001", status: "completed", reachedTurn: 9, createdAt: at(400 * 24) }),
      ];
      await insert(t, small);
    });
    after(async () => t.close());

    void it("answers the exact figures of each chart on a small set", async () => {
      const objective = await chart("objective-rate");
      assert.equal(objective.status, 200, objective.text);
      assert.deepEqual(Object.keys(objective.json), ["request_id", "chart", "configuration_version", "from", "to", "rows"]);
      assert.deepEqual(objective.json.rows, [
        { configuration_version: "cfg_00001", sessions: 3, reached: 1, rate: 0.3333 },
        { configuration_version: "cfg_00002", sessions: 1, reached: 1, rate: 1 },
      ]);
      assert.deepEqual((await chart("turns-to-objective")).json.rows, [
        { turns: 2, sessions: 1 },
        { turns: 3, sessions: 1 },
      ]);
      assert.deepEqual((await chart("question-dropoff", "?configuration_version=cfg_00001")).json.rows, [
        { question_id: "q1", label: "q1", asked: 3, answered: 2, refused: 1, dropped_after: 0, dropoff_rate: 0, refusal_rate: 0.3333 },
        { question_id: "q2", label: "q2", asked: 3, answered: 2, refused: 0, dropped_after: 1, dropoff_rate: 0.3333, refusal_rate: 0 },
        { question_id: "q3", label: "q3", asked: 1, answered: 0, refused: 1, dropped_after: 0, dropoff_rate: 0, refusal_rate: 1 },
      ]);
      assert.deepEqual((await chart("dimension-coverage", "?configuration_version=cfg_00001")).json.rows, [
        { dimension_id: "d1", label: "d1", sessions: 3, mean_coverage: 0.8333, complete_rate: 0.6667 },
        { dimension_id: "d2", label: "d2", sessions: 3, mean_coverage: 0.5, complete_rate: 0.3333 },
      ]);
      assert.deepEqual((await chart("stop-reasons")).json.rows, [
        { stop_reason: "no_question_available", sessions: 2 },
        { stop_reason: null, sessions: 1 },
        { stop_reason: "max_turns_reached", sessions: 1 },
      ]);
    });

    void it("counts draft sessions only for their draft version, and honours the date range", async () => {
      assert.deepEqual((await chart("objective-rate", "?configuration_version=draft:3")).json.rows, [
        { configuration_version: "draft:3", sessions: 1, reached: 1, rate: 1 },
      ]);
      const old = `?from=${at(401 * 24)}&to=${at(399 * 24)}`;
      assert.deepEqual((await chart("turns-to-objective", old)).json.rows, [{ turns: 9, sessions: 1 }]);
      const recent = `?from=${at(4.5)}&to=${at(2.5)}`;
      assert.deepEqual((await chart("stop-reasons", recent)).json.rows, [
        { stop_reason: null, sessions: 1 },
        { stop_reason: "max_turns_reached", sessions: 1 },
      ]);
    });

    void it("exports each chart as CSV by ?format=csv or Accept: text/csv", async () => {
      const csv = await chart("question-dropoff", "?configuration_version=cfg_00001&format=csv");
      assert.equal(csv.status, 200, csv.text);
      assert.match(String(csv.headers["content-type"]), /^text\/csv/);
      assert.equal(
        csv.text,
        "question_id,label,asked,answered,refused,dropped_after,dropoff_rate,refusal_rate\n" +
          "q1,q1,3,2,1,0,0,0.3333\nq2,q2,3,2,0,1,0.3333,0\nq3,q3,1,0,1,0,0,1\n",
      );
      const accepted = await t.request("GET", "/v1/analytics/stop-reasons", { key: "read", headers: { accept: "text/csv" } });
      assert.equal(accepted.text, "stop_reason,sessions\nno_question_available,2\n,1\nmax_turns_reached,1\n");
      const empty = await chart("turns-to-objective", "?configuration_version=cfg_00009&format=csv");
      assert.equal(empty.text, "turns,sessions\n");
    });

    void it("neutralises formulas and quotes separators in CSV cells", async () => {
      const other = await t.store.createDomain({ id: "dom_csv", name: "csv", organizationId: "default", now: at(0) });
      await insert(t, [
        fact({
          id: "ses_csv1",
          domainId: other.id,
          version: "cfg_00001",
          status: "active",
          outcomes: [
            ['=HYPERLINK("http://x")', "refused"],
            ["+1,2", "asked_answered"],
            ["@SUM(A1)", "asked_answered"],
          ],
          createdAt: at(1),
        }),
      ]);
      const rows = await t.store.analytics("question-dropoff", { domainId: other.id, from: at(2), to: at(0) });
      assert.equal(
        tableCsv(["question_id", "asked"], rows),
        'question_id,asked\n"\'+1,2",1\n"\'=HYPERLINK(""http://x"")",1\n\'@SUM(A1),1\n',
      );
    });

    void it("refuses unknown charts, bad ranges and unknown parameters, and keys without configuration:read", async () => {
      assertInvalid(await chart("funnel"), "path.chart");
      assertInvalid(await chart("objective-rate", `?from=${at(1)}&to=${at(2)}`), "query.to");
      assertInvalid(await chart("objective-rate", `?from=${at(400 * 24)}&to=${at(0)}`), "query.from");
      assertInvalid(await chart("objective-rate", "?from=last-week"), "query.from");
      assertInvalid(await chart("objective-rate", "?format=xlsx"), "query.format");
      assertInvalid(await chart("objective-rate", "?group=day"), "query.group");
      assertInvalid(await chart("objective-rate", `?configuration_version=${"v".repeat(129)}`), "query.configuration_version");
      for (const key of ["runtime", "write"]) {
        const r = await chart("objective-rate", "", key);
        assert.equal(r.status, 403, r.text);
        assert.equal(r.json.code, "insufficient_scope");
        assert.deepEqual((r.json.details as { required_scopes: string[] }).required_scopes, ["configuration:read"]);
      }
    });

    void it("reads an index of the studio's tables for every chart (EXPLAIN)", async () => {
      for (const [name, plan] of Object.entries(await plans(t, t.domainId))) {
        if (backend === "sqlite") assert.match(plan, /USING (COVERING )?INDEX session_\w+_by_\w+/, `${name}:\n${plan}`);
        else assert.match(plan, /Index (Only )?Scan using session_\w+_by_\w+|Bitmap Index Scan on session_\w+_by_\w+/, `${name}:\n${plan}`);
        assert.doesNotMatch(plan, /SCAN session_\w+(?! USING)\s*$/m, `${name}:\n${plan}`);
      }
    });
  });
}

void describe("[ext] studio analytics over 10,000 sessions on sqlite", () => {
  let t: TestApp;
  let seeded: SessionFactsWrite[];
  const now = new Date();
  before(async () => {
    t = await startTestApp({ backend: "sqlite", options: { worker: false, clock: { now: () => now } } });
    seeded = await seedStudioSessions(t.store, { domainId: t.domainId, count: 10_000, now });
  });
  after(async () => t.close());

  for (const name of ANALYTICS_CHARTS) {
    void it(`answers ${name} as the reference computes it, for all versions and for one`, async () => {
      for (const version of [undefined, "cfg_00001", "draft:1"]) {
        const from = new Date(now.getTime() - 200 * 86_400_000).toISOString();
        const query = `?from=${from}&to=${now.toISOString()}${version ? `&configuration_version=${version}` : ""}`;
        const r = await t.request("GET", `/v1/analytics/${name}${query}`, { key: "read" });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(r.json.rows, reference(name, seeded, { version, from, to: now.toISOString() }), `${name} ${version ?? "all"}`);
      }
    });
  }
});
