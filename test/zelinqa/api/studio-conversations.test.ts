// [ext] The studio's conversations (issue 15) on the real app over HTTP, on SQLite and PostgreSQL: the session
// list with its filters, limits and cursor, the transcript turn by turn, the facts rebuilt for a session older
// than the studio's tables, and the scopes.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { backfillSessionFacts, createArtifactCache, createIdGenerator } from "../../../src/zelinqa/operations/index.js";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import type { InjectResult, TestApp } from "../../support/zelinqa-app.js";
import { DrivenSession, publishFurniture, rawSql } from "../../support/studio-sessions.js";

type Json = Record<string, unknown>;
interface Turn {
  turn: number;
  kind: string;
  question_ids: string[];
  question_texts: string[];
  answer_text: null;
  outcome: string | null;
  extracted: Array<{ success_information_id: string; value: unknown; status: string }>;
  progress: { overall: number; dimensions: Array<{ dimension_id: string; label: string; coverage: number }> } | null;
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

for (const backend of BACKENDS) {
  void describe(`[ext] studio conversations on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    let offsetMs = 0;
    const ids = (r: InjectResult) => (r.json.sessions as Array<{ session_id: string }>).map((s) => s.session_id);
    const list = (query = "", key = "read") => t.request("GET", `/v1/sessions${query}`, { key });
    let stopped: DrivenSession;
    let refused: DrivenSession;
    let idle: DrivenSession;
    let startedAt: string;

    before(async () => {
      t = await startTestApp({ backend, options: { workerPollMs: 50, clock: { now: () => new Date(Date.now() + offsetMs) } } });
      await publishFurniture(t);
      startedAt = new Date(Date.now() + offsetMs).toISOString();
      stopped = await DrivenSession.create(t, { max_turns: 2 });
      await stopped.ask();
      await stopped.answer("first-choice");
      await stopped.answer("first-choice");
      offsetMs += 60_000;
      refused = await DrivenSession.create(t);
      await refused.ask();
      await refused.answer("refuse");
      offsetMs += 60_000;
      idle = await DrivenSession.create(t);
    });
    after(async () => t.close());

    void it("lists the sessions newest first with their summary", async () => {
      const r = await list();
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(ids(r), [idle.id, refused.id, stopped.id]);
      const first = (r.json.sessions as Json[])[2]!;
      assert.deepEqual(Object.keys(first), [
        "session_id",
        "status",
        "stop_reason",
        "objective_reached",
        "turns",
        "configuration_version",
        "created_at",
        "updated_at",
      ]);
      assert.equal(first.status, "stopped");
      assert.equal(first.stop_reason, "max_turns_reached");
      assert.equal(first.turns, 2);
      assert.equal(first.objective_reached, false);
      assert.equal(first.configuration_version, "cfg_00001");
      assert.equal(r.json.next_cursor, null);
    });

    void it("filters by status, stop reason, objective, version and date range", async () => {
      assert.deepEqual(ids(await list("?status=stopped")), [stopped.id]);
      assert.deepEqual(ids(await list("?status=active")), [idle.id, refused.id]);
      assert.deepEqual(ids(await list("?stop_reason=max_turns_reached")), [stopped.id]);
      assert.deepEqual(ids(await list("?objective_reached=true")), []);
      assert.deepEqual(ids(await list("?objective_reached=false&configuration_version=cfg_00001")).length, 3);
      assert.deepEqual(ids(await list("?configuration_version=cfg_00002")), []);
      const afterFirst = new Date(Date.parse(startedAt) + 30_000).toISOString();
      assert.deepEqual(ids(await list(`?from=${afterFirst}`)), [idle.id, refused.id]);
      assert.deepEqual(ids(await list(`?from=${startedAt}&to=${afterFirst}`)), [stopped.id]);
    });

    void it("pages with an opaque cursor", async () => {
      const seen: string[] = [];
      let query = "?limit=1";
      for (let page = 0; page < 5; page += 1) {
        const r = await list(query, "runtime");
        assert.equal(r.status, 200, r.text);
        seen.push(...ids(r));
        if (r.json.next_cursor === null) break;
        query = `?limit=1&cursor=${r.json.next_cursor as string}`;
      }
      assert.deepEqual(seen, [idle.id, refused.id, stopped.id]);
    });

    void it("refuses bad filters, limits and cursors with invalid_request", async () => {
      assertInvalid(await list("?limit=0"), "query.limit");
      assertInvalid(await list("?limit=201"), "query.limit");
      assertInvalid(await list("?status=paused"), "query.status");
      assertInvalid(await list("?objective_reached=yes"), "query.objective_reached");
      assertInvalid(await list("?from=yesterday"), "query.from");
      assertInvalid(await list(`?from=${new Date().toISOString()}&to=${startedAt}`), "query.to");
      assertInvalid(await list("?cursor=bm9wZQ"), "query.cursor");
      assertInvalid(await list("?sort=asc"), "query.sort");
      assertInvalid(await list(`?configuration_version=${"x".repeat(129)}`), "query.configuration_version");
    });

    void it("refuses a key with neither runtime nor configuration:read", async () => {
      for (const path of ["/v1/sessions", `/v1/sessions/${stopped.id}/transcript`]) {
        const r = await t.request("GET", path, { key: "write" });
        assert.equal(r.status, 403, r.text);
        assert.equal(r.json.code, "insufficient_scope");
      }
    });

    void it("shows a transcript turn by turn with questions, outcomes, extracted values and progress", async () => {
      const r = await t.request("GET", `/v1/sessions/${stopped.id}/transcript`, { key: "read" });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.status, "stopped");
      assert.equal(r.json.stop_reason, "max_turns_reached");
      assert.equal(r.json.history, "complete");
      const turns = r.json.turns as Turn[];
      assert.deepEqual(
        turns.map((x) => [x.kind, x.turn, x.outcome]),
        [
          ["create", 0, null],
          ["next", 0, null],
          ["next", 1, "asked_answered"],
          ["next", 2, "asked_answered"],
        ],
      );
      const answered = turns[2]!;
      assert.equal(answered.question_ids.length, 1);
      assert.equal(answered.question_texts[0], "Quel meuble cherchez-vous ?");
      assert.equal(answered.answer_text, null);
      assert.ok(
        answered.extracted.some((e) => e.success_information_id === "fur_piece" && e.status === "confirmed"),
        JSON.stringify(answered),
      );
      const labels = answered.progress!.dimensions.map((d) => d.label);
      assert.deepEqual(labels, ["Besoin", "Budget", "Livraison", "Style", "Services"]);
      assert.ok(answered.progress!.overall > turns[1]!.progress!.overall, "progress grows with the answer");
      assert.ok((r.json.collected as Json).fur_piece !== undefined);
    });

    void it("answers unknown_session for a session of no domain or another domain", async () => {
      const r = await t.request("GET", "/v1/sessions/ses_nope/transcript", { key: "read" });
      assert.equal(r.status, 404, r.text);
      assert.equal(r.json.code, "unknown_session");
    });

    void it("rebuilds the facts of a session recorded before the studio: listed again, transcript partial", async () => {
      const tables = ["session_turns", "session_outcomes", "session_dimension_coverage", "session_facts"];
      await rawSql(
        t.database,
        tables.map((table) => `DELETE FROM ${table} WHERE session_id = '${refused.id}'`),
      );
      assert.deepEqual(ids(await list()), [idle.id, stopped.id]);
      const rebuilt = await backfillSessionFacts({
        store: t.store,
        clock: { now: () => new Date() },
        ids: createIdGenerator(),
        artifacts: createArtifactCache({ store: t.store }),
      });
      assert.equal(rebuilt, 1);
      const again = await list("?status=active");
      assert.deepEqual(ids(again), [idle.id, refused.id]);
      const r = await t.request("GET", `/v1/sessions/${refused.id}/transcript`, { key: "runtime" });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.history, "partial");
      const turns = r.json.turns as Turn[];
      assert.deepEqual(
        turns.map((x) => x.outcome),
        ["refused"],
      );
      assert.ok(turns[0]!.progress !== null);
    });
  });
}
