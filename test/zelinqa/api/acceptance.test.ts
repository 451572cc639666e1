// The acceptance requirements of docs/zelinqa-api.md §15 (R1–R31, R29 in concurrency.test.ts) on the reference
// corpus, installed through the configuration API of a real app, on SQLite and PostgreSQL.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createOpenAiExtractor } from "../../../src/zelinqa/understand/index.js";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { endedCompilation, newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { InjectResult, TestApp } from "../../support/zelinqa-app.js";
import {
  REFERENCE_DIMENSION_IDS,
  REFERENCE_OBJECTIVE_NAME,
  REFERENCE_QUESTION_IDS,
  REFERENCE_SUCCESS_INFORMATION_IDS,
  REQUIREMENT_19_USER_TEXT,
  referenceCorpusChanges,
} from "../../../harness/zelinqa-reference-corpus.js";

type Json = Record<string, unknown>;
interface CandidateJson {
  rank: number;
  question_id: string;
  text: string;
}

const SESSION_STATE_FIELDS = [
  "request_id",
  "session_id",
  "client_reference",
  "status",
  "turn_count",
  "max_turns",
  "turns_remaining",
  "question_state",
  "targets",
  "progress",
  "pending_decision",
  "degraded",
  "versions",
];
const NEXT_FIELDS = [
  "request_id",
  "session_id",
  "decision_id",
  "action",
  "stop_reason",
  "candidates",
  "progress",
  "turn_count",
  "turns_remaining",
  "warnings",
  "degraded",
  "degraded_reasons",
  "versions",
];

const candidatesOf = (r: InjectResult) => r.json.candidates as CandidateJson[];
const versionOf = (r: InjectResult) => (r.json.versions as { state_version: number }).state_version;

async function waitForCompilation(t: TestApp, id: string): Promise<Json> {
  const r = await endedCompilation(t, id);
  assert.equal(r.status, 200);
  return r.json;
}

for (const backend of BACKENDS) {
  void describe(`docs/zelinqa-api.md §15 acceptance on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    const requestIds: string[] = [];
    const degradedSeen: string[] = [];
    const call = async (method: "GET" | "POST", url: string, options: Parameters<TestApp["request"]>[2] = {}) => {
      const r = await t.request(method, url, options);
      const id = r.headers["x-request-id"];
      if (typeof id === "string") requestIds.push(id);
      if (Array.isArray(r.json.degraded_reasons)) degradedSeen.push(...(r.json.degraded_reasons as string[]));
      return r;
    };
    const next = (sessionId: string, body: Json, idempotencyKey = newIdempotencyKey()) =>
      call("POST", `/v1/sessions/${sessionId}/next`, { key: "runtime", body, idempotencyKey });
    const events = (sessionId: string, body: Json) =>
      call("POST", `/v1/sessions/${sessionId}/events`, { key: "runtime", body, idempotencyKey: newIdempotencyKey() });
    const createSession = async (body: Json = {}) => {
      const r = await call("POST", "/v1/sessions", { key: "runtime", body, idempotencyKey: newIdempotencyKey() });
      assert.equal(r.status, 201, r.text);
      return r;
    };
    let draftRevision = 0;
    let sessionId = "";
    let firstNext: InjectResult;
    let originalFirst: InjectResult;
    let firstKey = "";
    let stateVersion = 0;

    before(async () => {
      t = await startTestApp({ backend, options: { workerPollMs: 50 } });
    });
    after(async () => {
      await t?.close();
    });

    void it("R1: reads of a missing draft or publication answer 404 unknown_configuration", async () => {
      const draft = await call("GET", "/v1/configuration?state=draft", { key: "manage" });
      assert.deepEqual([draft.status, draft.json.code, draft.json.details], [404, "unknown_configuration", { state: "draft" }]);
      const published = await call("GET", "/v1/configuration", { key: "manage" });
      assert.deepEqual([published.status, published.json.details], [404, { state: "published" }]);
    });

    void it("R2: a write-only key applies an objective update", async () => {
      const r = await call("POST", "/v1/configuration/changes", {
        key: "write",
        idempotencyKey: newIdempotencyKey(),
        body: { expected_draft_revision: 0, changes: [{ entity: "objective", operation: "update", objective: { name: "Premier nom" } }] },
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.applied, 1);
      assert.ok((r.json.draft_revision as number) >= 1);
      draftRevision = r.json.draft_revision as number;
    });

    void it("R3: the full upsert applies every change without warnings", async () => {
      const changes = referenceCorpusChanges("create");
      const r = await call("POST", "/v1/configuration/changes", { key: "manage", idempotencyKey: newIdempotencyKey(), body: { changes } });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.json), ["request_id", "draft_revision", "applied", "warnings"]);
      assert.equal(r.json.applied, changes.length);
      assert.deepEqual(r.json.warnings, []);
      assert.equal(r.json.draft_revision, draftRevision + 1);
      draftRevision = r.json.draft_revision;
    });

    void it("R3: a stale expected_draft_revision is a 422 draft_revision_mismatch and applies nothing", async () => {
      const r = await call("POST", "/v1/configuration/changes", {
        key: "manage",
        idempotencyKey: newIdempotencyKey(),
        body: { expected_draft_revision: 0, changes: [{ entity: "objective", operation: "update", objective: { name: "x" } }] },
      });
      assert.equal(r.status, 422);
      assert.equal(r.json.code, "configuration_validation_failed");
      assert.equal(r.json.message, "The configuration has 1 blocking issues.");
      assert.deepEqual(r.json.details, {
        issues: [
          {
            code: "draft_revision_mismatch",
            message: `Expected draft revision 0, current revision ${draftRevision}.`,
            entity: "objective",
          },
        ],
      });
      const bad = await call("POST", "/v1/configuration/changes", {
        key: "manage",
        idempotencyKey: newIdempotencyKey(),
        body: { changes: [{ entity: "question", operation: "update", question: { id: "nope", text: "x" } }] },
      });
      assert.equal(bad.status, 422);
      assert.equal((bad.json.details as { issues: Json[] }).issues[0]?.change_index, 0);
    });

    void it("R4: the draft read shows the revision, objective and every id; the draft list has every question", async () => {
      const r = await call("GET", "/v1/configuration?state=draft", { key: "manage" });
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.json), [
        "request_id",
        "state",
        "configuration_version",
        "draft_revision",
        "published_at",
        "domain",
        "objective",
        "dimensions",
        "success_informations",
        "questions",
      ]);
      assert.equal(r.json.state, "draft");
      assert.equal(r.json.draft_revision, draftRevision);
      assert.equal(r.json.configuration_version, null);
      assert.equal(r.json.published_at, null);
      const objective = r.json.objective as Json;
      assert.deepEqual([objective.name, objective.max_turns], [REFERENCE_OBJECTIVE_NAME, 8]);
      assert.deepEqual(
        (r.json.dimensions as Json[]).map((d) => d.id),
        [...REFERENCE_DIMENSION_IDS],
      );
      assert.deepEqual(
        (r.json.questions as Json[]).map((q) => q.id),
        [...REFERENCE_QUESTION_IDS],
      );
      assert.deepEqual(
        (r.json.success_informations as Json[]).map((s) => s.id),
        [...REFERENCE_SUCCESS_INFORMATION_IDS],
      );
      const list = await call("GET", "/v1/configuration/questions?state=draft&limit=200", { key: "manage" });
      assert.equal((list.json.questions as Json[]).length, REFERENCE_QUESTION_IDS.length);
    });

    void it("R5: draft reads need read and write scopes", async () => {
      const read = await call("GET", "/v1/configuration?state=draft", { key: "read" });
      assert.equal(read.status, 403);
      assert.equal(read.json.code, "insufficient_scope");
      assert.ok((read.json.details as { required_scopes: string[] }).required_scopes.includes("configuration:write"));
      const write = await call("GET", "/v1/configuration?state=draft", { key: "write" });
      assert.deepEqual([write.status, write.text], [403, '{"message":"Forbidden"}']);
    });

    void it("R6–R7: publishing answers 202, a second publish is refused while in progress, and the job succeeds", async () => {
      const r = await call("POST", "/v1/configuration/publish", {
        key: "publish",
        idempotencyKey: newIdempotencyKey(),
        body: { expected_draft_revision: draftRevision },
      });
      assert.equal(r.status, 202, r.text);
      assert.deepEqual(Object.keys(r.json), [
        "request_id",
        "compilation_id",
        "status",
        "draft_revision",
        "created_at",
        "updated_at",
        "progress",
        "error",
        "configuration_version",
      ]);
      assert.ok(["queued", "running"].includes(r.json.status as string));
      assert.deepEqual(
        [r.json.draft_revision, r.json.configuration_version, r.json.progress, r.json.error],
        [draftRevision, null, 0, null],
      );
      const second = await call("POST", "/v1/configuration/publish", { key: "publish", idempotencyKey: newIdempotencyKey(), body: {} });
      if (second.status === 409) {
        assert.equal(second.json.code, "compilation_in_progress");
        assert.equal((second.json.details as Json).compilation_id, r.json.compilation_id);
      } else {
        assert.equal(second.status, 202);
        await waitForCompilation(t, second.json.compilation_id as string);
      }
      const done = await waitForCompilation(t, r.json.compilation_id as string);
      assert.equal(done.status, "succeeded");
      assert.equal(done.progress, 1);
      assert.match(done.configuration_version as string, /^cfg_\d{5,}$/);
    });

    void it("R8: the publish key lists audit events; a read key is refused", async () => {
      const r = await call("GET", "/v1/configuration/audit?limit=10", { key: "publish" });
      assert.equal(r.status, 200);
      const audit = r.json.events as Json[];
      assert.ok(audit.length >= 1 && audit.length <= 10);
      const actions = audit.map((e) => e.action);
      assert.ok(actions.includes("configuration.publish.succeeded"), actions.join());
      const first = audit[0] as Json;
      assert.deepEqual(Object.keys(first), [
        "id",
        "occurred_at",
        "action",
        "origin",
        "actor",
        "scopes",
        "request_id",
        "resource",
        "diff",
        "details",
      ]);
      assert.equal(first.origin, "public_api");
      const created = await call("GET", "/v1/configuration/audit?limit=200&action=configuration.question.created", { key: "publish" });
      const questionEvents = created.json.events as Json[];
      assert.equal(questionEvents.length, 5);
      const style = questionEvents.find((e) => (e.resource as Json).id === "sdk_q_style") as Json;
      assert.deepEqual((style.diff as Json).before, null);
      assert.equal(((style.diff as Json).after as Json).text, "[changed]");
      assert.equal(((style.diff as Json).after as Json).type, "single_choice");
      assert.deepEqual(style.actor, { type: "api_key", id: t.keyIds.manage });
      assert.deepEqual(Object.keys(style.details as Json), ["draft_revision", "change_index"]);
      let cursor: string | null = null;
      const seen: string[] = [];
      do {
        const url: string = `/v1/configuration/audit?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
        const page = await call("GET", url, { key: "publish" });
        seen.push(...(page.json.events as Json[]).map((e) => e.id as string));
        cursor = page.json.next_cursor as string | null;
      } while (cursor);
      assert.equal(new Set(seen).size, seen.length);
      const denied = await call("GET", "/v1/configuration/audit", { key: "read" });
      assert.deepEqual([denied.status, denied.text], [403, '{"message":"Forbidden"}']);
    });

    void it("R9: the published read shows the version, objective and every corpus id", async () => {
      const r = await call("GET", "/v1/configuration", { key: "read" });
      assert.equal(r.status, 200);
      assert.match(r.json.configuration_version as string, /^cfg_/);
      assert.equal(r.json.draft_revision, null);
      assert.ok(typeof r.json.published_at === "string");
      const objective = r.json.objective as Json;
      assert.deepEqual([objective.name, objective.candidates_per_call], [REFERENCE_OBJECTIVE_NAME, 2]);
      assert.deepEqual(
        (r.json.questions as Json[]).map((q) => q.id),
        [...REFERENCE_QUESTION_IDS],
      );
    });

    void it("R10: paging by 2 covers the corpus without duplicates", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      let total: number;
      do {
        const url: string = `/v1/configuration/questions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const r = await call("GET", url, { key: "read" });
        assert.equal(r.status, 200, r.text);
        const questions = r.json.questions as Json[];
        assert.ok(questions.length <= 2);
        seen.push(...questions.map((q) => q.id as string));
        total = r.json.total as number;
        cursor = r.json.next_cursor as string | null;
        pages += 1;
      } while (cursor && pages < 50);
      assert.ok(pages < 50);
      assert.equal(new Set(seen).size, seen.length);
      assert.deepEqual([...seen].sort(), [...REFERENCE_QUESTION_IDS].sort());
      assert.equal(total, seen.length);
      const firstPage = await call("GET", "/v1/configuration/questions?limit=2", { key: "read" });
      const mismatch = await call("GET", `/v1/configuration/questions?limit=2&type=open&cursor=${firstPage.json.next_cursor as string}`, {
        key: "read",
      });
      assert.equal(mismatch.status, 400);
    });

    void it("R11: question filters", async () => {
      const ids = async (query: string) => {
        const r = await call("GET", `/v1/configuration/questions?${query}`, { key: "read" });
        assert.equal(r.status, 200, r.text);
        return (r.json.questions as Json[]).map((q) => q.id as string);
      };
      assert.deepEqual(await ids("dimension_id=sdk_so_besoin"), ["sdk_q_usage", "sdk_q_style", "sdk_q_animaux"]);
      const open = await ids("type=open");
      assert.ok(open.includes("sdk_q_usage") && open.includes("sdk_q_budget"));
      assert.deepEqual(await ids("type=single_choice"), ["sdk_q_style", "sdk_q_delai", "sdk_q_animaux"]);
      assert.ok((await ids("search=BUDGET")).includes("sdk_q_budget"));
      assert.deepEqual(await ids("search=preferez"), ["sdk_q_style"]);
      assert.equal((await ids("active=true")).length, 5);
      assert.deepEqual(await ids("active=false"), []);
      const bad = await call("GET", "/v1/configuration/questions?active=yes", { key: "read" });
      assert.equal(bad.status, 400);
    });

    void it("R12: the CSV export", async () => {
      const r = await t.request("GET", "/v1/configuration/questions?format=csv&limit=0&cursor=ignored", { key: "read" });
      assert.equal(r.status, 200);
      assert.equal(r.headers["content-type"], "text/csv; charset=utf-8");
      assert.match(String(r.headers["x-request-id"]), /^req_/);
      const lines = r.text.split("\n");
      assert.equal(lines[0], "id,text,type,selection_mode,choices,source,dimension_id,active");
      assert.equal(lines.length, 7);
      assert.equal(lines[6], "");
      assert.ok(r.text.includes("sdk_q_style"));
      assert.ok(lines.some((l) => l.startsWith("sdk_q_budget,")));
      assert.equal(
        lines.find((l) => l.startsWith("sdk_q_budget,")),
        'sdk_q_budget,"Quel budget envisagez-vous ?",open,,,user,sdk_so_budget,true',
      );
      assert.equal(
        lines.find((l) => l.startsWith("sdk_q_style,")),
        'sdk_q_style,"Quel style de mobilier préférez-vous ?",single_choice,single,"sdk_c_contemporain|sdk_c_scandinave|sdk_c_classique",user,sdk_so_besoin,true',
      );
      assert.ok(!r.text.startsWith("\uFEFF"));
    });

    void it("R13: scope refusals on publish and configuration reads", async () => {
      const publish = await call("POST", "/v1/configuration/publish", { key: "write", idempotencyKey: newIdempotencyKey(), body: {} });
      assert.deepEqual([publish.status, publish.text], [403, '{"message":"Forbidden"}']);
      const read = await call("GET", "/v1/configuration", { key: "runtime" });
      assert.deepEqual([read.status, read.text], [403, '{"message":"Forbidden"}']);
    });

    void it("R14: createSession", async () => {
      const r = await createSession({ client_reference: "crm-42", max_turns: 8 });
      assert.deepEqual(Object.keys(r.json), SESSION_STATE_FIELDS);
      assert.equal(r.json.status, "active");
      assert.equal(versionOf(r), 0);
      assert.equal(r.json.pending_decision, null);
      assert.equal((r.json.versions as Json).api_version, "1.0");
      assert.equal((r.json.versions as Json).engine_version, "1.0.0");
      assert.equal(r.json.turn_count, 0);
      assert.equal(r.json.turns_remaining, 8);
      assert.equal(r.json.client_reference, "crm-42");
      assert.deepEqual(r.json.question_state, { outcomes: [] });
      assert.deepEqual(r.json.targets, {});
      assert.match(r.json.session_id as string, /^ses_[0-9A-Z]{26}$/);
      sessionId = r.json.session_id as string;
    });

    void it("R15, R31: the first /next asks sdk_q_animaux then sdk_q_style", async () => {
      firstKey = newIdempotencyKey();
      firstNext = await next(sessionId, { state_version: 0 }, firstKey);
      assert.equal(firstNext.status, 200, firstNext.text);
      assert.deepEqual(Object.keys(firstNext.json), NEXT_FIELDS);
      assert.equal(firstNext.json.action, "ask");
      assert.match(firstNext.json.decision_id as string, /^dec_/);
      const candidates = candidatesOf(firstNext);
      assert.equal(candidates[0]?.rank, 1);
      assert.ok(candidates.length <= 2);
      assert.deepEqual(
        candidates.map((c) => c.question_id),
        ["sdk_q_animaux", "sdk_q_style"],
      );
      assert.equal(versionOf(firstNext), 1);
      assert.equal(firstNext.json.turn_count, 0);
      stateVersion = 1;
      originalFirst = firstNext;
    });

    void it("R16: replaying the first /next returns the identical response", async () => {
      const replay = await next(sessionId, { state_version: 0 }, firstKey);
      assert.equal(replay.status, 200);
      assert.equal(replay.text, firstNext.text);
      assert.equal(replay.headers["x-request-id"], firstNext.headers["x-request-id"]);
    });

    void it("R17: the same key with another body is idempotency_key_reused", async () => {
      const r = await next(sessionId, { state_version: 0, selection: { candidate_count: 1 } }, firstKey);
      assert.equal(r.status, 409);
      assert.equal(r.json.code, "idempotency_key_reused");
    });

    void it("R18: a stale state_version is a 409 with both versions", async () => {
      const r = await next(sessionId, { state_version: 0 });
      assert.equal(r.status, 409);
      assert.equal(r.json.code, "state_version_conflict");
      assert.deepEqual(r.json.details, { supplied_state_version: 0, current_state_version: 1 });
    });

    void it("R19, R31: a free-text answer without ids is attributed to candidate 1", async () => {
      const text = candidatesOf(firstNext)[0]?.text ?? "";
      const r = await next(sessionId, {
        state_version: stateVersion,
        previous_turn: { assistant_text: text, user_text: REQUIREMENT_19_USER_TEXT },
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(versionOf(r), 2);
      assert.equal(r.json.turn_count, 1);
      assert.equal(candidatesOf(r)[0]?.question_id, "sdk_q_style");
      stateVersion = 2;
      const state = await call("GET", `/v1/sessions/${sessionId}`, { key: "runtime" });
      const outcomes = (state.json.question_state as { outcomes: Json[] }).outcomes;
      assert.deepEqual(
        outcomes.map((o) => [o.question_id, o.outcome, o.decision_id]),
        [["sdk_q_animaux", "asked_answered", firstNext.json.decision_id]],
      );
      assert.deepEqual((state.json.targets as Json).sdk_style, { kind: "data", status: "tentative", value: "contemporain", coverage: 0.5 });
      firstNext = r;
    });

    void it("R20, R31: a structured answer to sdk_q_style leads to sdk_q_budget", async () => {
      const r = await next(sessionId, {
        state_version: stateVersion,
        previous_turn: {
          decision_id: firstNext.json.decision_id,
          question_id: "sdk_q_style",
          structured_answer: { choice_ids: ["sdk_c_contemporain"] },
        },
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(versionOf(r), 3);
      assert.equal(candidatesOf(r)[0]?.question_id, "sdk_q_budget");
      stateVersion = 3;
    });

    void it("R21: a client data update confirms sdk_budget", async () => {
      const r = await events(sessionId, { state_version: stateVersion, client_updates: { data: [{ id: "sdk_budget", value: 2500 }] } });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.json), SESSION_STATE_FIELDS);
      assert.deepEqual((r.json.targets as Json).sdk_budget, { kind: "data", status: "confirmed", value: 2500, coverage: 1 });
      assert.equal(versionOf(r), 4);
      stateVersion = 4;
      const bad = await events(sessionId, { state_version: stateVersion, client_updates: { data: [{ id: "sdk_budget", value: -3 }] } });
      assert.equal(bad.status, 422);
      assert.equal(bad.json.code, "invalid_choice");
      assert.deepEqual(bad.json.details, { data_id: "sdk_budget", invalid_value: -3 });
    });

    void it("R22: a summary and an objective override change neither turn_count nor the pending candidates", async () => {
      const before = await call("GET", `/v1/sessions/${sessionId}`, { key: "runtime" });
      const summary = await events(sessionId, {
        state_version: stateVersion,
        context_update: { mode: "summary", text: "Le client hésite encore." },
      });
      assert.equal(summary.status, 200, summary.text);
      assert.equal(versionOf(summary), stateVersion + 1);
      const override = await events(sessionId, {
        state_version: stateVersion + 1,
        client_updates: { objective: { operation: "set", status: "not_achieved" } },
      });
      assert.equal(override.status, 200, override.text);
      stateVersion += 2;
      for (const r of [summary, override]) {
        assert.equal(r.json.turn_count, before.json.turn_count);
        assert.deepEqual(r.json.pending_decision, before.json.pending_decision);
      }
    });

    void it("R16: replaying the first /next after state_version has moved still returns the original 200", async () => {
      const replay = await next(sessionId, { state_version: 0 }, firstKey);
      assert.equal(replay.status, 200);
      assert.equal(replay.text, originalFirst.text);
      assert.equal(replay.headers["x-request-id"], originalFirst.headers["x-request-id"]);
      const state = await call("GET", `/v1/sessions/${sessionId}`, { key: "runtime" });
      assert.equal(versionOf(state), stateVersion);
    });

    void it("R23: GET returns the last state_version, the outcomes and the pending decision", async () => {
      const r = await call("GET", `/v1/sessions/${sessionId}`, { key: "runtime" });
      assert.equal(r.status, 200);
      assert.equal(versionOf(r), stateVersion);
      assert.ok((r.json.question_state as { outcomes: Json[] }).outcomes.length >= 1);
      assert.ok((r.json.pending_decision as { candidates: Json[] }).candidates.length >= 1);
    });

    void it("R24: feedback is recorded once per key and never changes progress or state_version", async () => {
      const before = await call("GET", `/v1/sessions/${sessionId}`, { key: "runtime" });
      const key = newIdempotencyKey();
      const body = { result: "success", label: "achat", metadata: { order_id: "SDK-1" } };
      const first = await call("POST", `/v1/sessions/${sessionId}/feedback`, { key: "runtime", body, idempotencyKey: key });
      assert.equal(first.status, 202, first.text);
      assert.deepEqual(Object.keys(first.json), ["request_id", "session_id", "feedback_id", "recorded_at"]);
      assert.match(first.json.feedback_id as string, /^fbk_/);
      const replay = await call("POST", `/v1/sessions/${sessionId}/feedback`, { key: "runtime", body, idempotencyKey: key });
      assert.equal(replay.json.feedback_id, first.json.feedback_id);
      const partial = await call("POST", `/v1/sessions/${sessionId}/feedback`, {
        key: "runtime",
        body: { result: "partial" },
        idempotencyKey: newIdempotencyKey(),
      });
      assert.equal(partial.status, 202);
      const afterFeedback = await call("GET", `/v1/sessions/${sessionId}`, { key: "runtime" });
      assert.deepEqual(afterFeedback.json.progress, before.json.progress);
      assert.equal(versionOf(afterFeedback), versionOf(before));
      assert.equal((await t.store.listFeedback(sessionId)).length, 2);
    });

    void it("R25, R30: unknown sessions, invalid and revoked keys, and no Authorization", async () => {
      const missing = await call("GET", "/v1/sessions/ses_does_not_exist", { key: "runtime" });
      assert.deepEqual([missing.status, missing.json.code], [404, "unknown_session"]);
      for (const key of ["nbq_live_invalid", "revoked"]) {
        const create = await call("POST", "/v1/sessions", { key, body: {}, idempotencyKey: newIdempotencyKey() });
        const get = await call("GET", `/v1/sessions/${sessionId}`, { key });
        assert.deepEqual(
          [create.status, create.text, get.status, get.text],
          [403, '{"message":"Forbidden"}', 403, '{"message":"Forbidden"}'],
        );
      }
      const none = await call("GET", `/v1/sessions/${sessionId}`, {});
      assert.equal(none.status, 401);
      const traversal = await call("GET", "/v1/sessions/ses%2F..%2Fsecret", { key: "runtime" });
      assert.deepEqual([traversal.status, traversal.json.details], [404, { session_id: "ses/../secret" }]);
    });

    void it("R27: reaching max_turns stops the session for good", async () => {
      const created = await createSession({ max_turns: 2 });
      const id = created.json.session_id as string;
      const ask = await next(id, { state_version: 0 });
      assert.equal(ask.json.action, "ask");
      const turn1 = await next(id, {
        state_version: 1,
        previous_turn: { question_id: "sdk_q_animaux", structured_answer: { choice_ids: ["sdk_c_oui"] } },
      });
      assert.equal(turn1.status, 200, turn1.text);
      assert.equal(turn1.json.action, "ask");
      const turn2 = await next(id, {
        state_version: 2,
        previous_turn: { question_id: "sdk_q_style", structured_answer: { choice_ids: ["sdk_c_classique"] } },
      });
      assert.equal(turn2.status, 200, turn2.text);
      assert.deepEqual(
        [turn2.json.action, turn2.json.stop_reason, turn2.json.decision_id, turn2.json.candidates, turn2.json.turns_remaining],
        ["stop", "max_turns_reached", null, [], 0],
      );
      assert.ok(!(turn2.json.warnings as string[]).includes("max_turns_reached"));
      const state = await call("GET", `/v1/sessions/${id}`, { key: "runtime" });
      assert.deepEqual([state.json.status, state.json.pending_decision], ["stopped", null]);
      const again = await next(id, { state_version: 3, previous_turn: { user_text: "encore" } });
      assert.equal(again.status, 200);
      assert.deepEqual(
        [again.json.action, again.json.stop_reason, again.json.turn_count, versionOf(again)],
        ["stop", "max_turns_reached", 2, 4],
      );
    });

    void it("R14: validation and business refusals of /next are 422s that change nothing", async () => {
      const created = await createSession();
      const id = created.json.session_id as string;
      await next(id, { state_version: 0 });
      const open = await next(id, { state_version: 1, previous_turn: { question_id: "sdk_q_usage" } });
      assert.equal(open.status, 422);
      assert.deepEqual(
        [open.json.code, open.json.message, open.json.details],
        ["invalid_previous_turn", "an answered open question requires user_text", {}],
      );
      const choice = await next(id, {
        state_version: 1,
        previous_turn: { question_id: "sdk_q_style", structured_answer: { choice_ids: ["nope"] } },
      });
      assert.equal(choice.status, 422);
      assert.deepEqual(
        [choice.json.code, choice.json.details],
        ["invalid_choice", { question_id: "sdk_q_style", invalid_choice_ids: ["nope"] }],
      );
      const constraint = await next(id, { state_version: 1, selection: { allowed_question_types: ["semi_open"] } });
      assert.equal(constraint.status, 422);
      assert.equal(constraint.json.code, "constraint_no_match");
      const state = await call("GET", `/v1/sessions/${id}`, { key: "runtime" });
      assert.equal(versionOf(state), 1);
    });

    void it("createSession processes initial_history once, records no turn, and refuses a bad choice with 422", async () => {
      const created = await createSession({
        initial_history: [
          { role: "assistant", question_id: "sdk_q_delai", text: "Sous quel délai ?" },
          { role: "user", structured_answer: { choice_ids: ["sdk_c_3m"] }, message_id: "m1" },
        ],
      });
      assert.equal(created.json.turn_count, 0);
      assert.deepEqual((created.json.targets as Json).sdk_delai, { kind: "data", status: "confirmed", value: "trois_mois", coverage: 1 });
      const outcomes = (created.json.question_state as { outcomes: Json[] }).outcomes;
      assert.deepEqual(
        outcomes.map((o) => [o.question_id, o.decision_id, o.source, o.message_id]),
        [["sdk_q_delai", null, "inferred", "m1"]],
      );
      const key = newIdempotencyKey();
      const body = { initial_history: [{ role: "user", question_id: "sdk_q_delai", structured_answer: { choice_ids: ["nope"] } }] };
      const bad = await call("POST", "/v1/sessions", { key: "runtime", body, idempotencyKey: key });
      assert.deepEqual([bad.status, bad.json.code], [422, "invalid_choice"]);
      const replay = await call("POST", "/v1/sessions", { key: "runtime", body, idempotencyKey: key });
      assert.equal(replay.headers["x-request-id"], bad.headers["x-request-id"]);
    });

    void it("R26: health without a key, and every request id unique", async () => {
      const health = await call("GET", "/v1/health");
      assert.equal(health.status, 200);
      assert.equal(typeof health.json, "object");
      assert.equal(health.json.status, "ok");
      assert.ok(requestIds.every((id) => /^req_[0-9A-Z]{26}$/.test(id)));
      const replayed = new Set([firstNext.headers["x-request-id"]]);
      const fresh = requestIds.filter((id) => !replayed.has(id));
      assert.ok(fresh.length > 40);
    });

    void it("R28: without a model, no request is degraded by semantic_service_unavailable", () => {
      assert.ok(!degradedSeen.includes("semantic_service_unavailable"));
    });

    void it("R28: with an unreachable model, a free-text turn degrades but succeeds", async () => {
      const modelApp = await startTestApp({
        backend,
        database: t.database,
        options: { worker: false, semantic: createOpenAiExtractor({ baseUrl: "http://127.0.0.1:9/v1", model: "m", timeoutMs: 500 }) },
      });
      try {
        const created = await modelApp.request("POST", "/v1/sessions", { key: "runtime", body: {}, idempotencyKey: newIdempotencyKey() });
        const id = created.json.session_id as string;
        await modelApp.request("POST", `/v1/sessions/${id}/next`, {
          key: "runtime",
          body: { state_version: 0 },
          idempotencyKey: newIdempotencyKey(),
        });
        const r = await modelApp.request("POST", `/v1/sessions/${id}/next`, {
          key: "runtime",
          body: { state_version: 1, previous_turn: { question_id: "sdk_q_budget", user_text: "quelque chose de raisonnable, sans folie" } },
          idempotencyKey: newIdempotencyKey(),
        });
        assert.equal(r.status, 200, r.text);
        assert.equal(r.json.degraded, true);
        assert.ok((r.json.degraded_reasons as string[]).includes("semantic_service_unavailable"));
      } finally {
        await modelApp.app.close();
        await modelApp.store.close();
      }
    });

    void it("publishing a new version leaves existing sessions on their pinned version", async () => {
      const old = await createSession();
      const oldId = old.json.session_id as string;
      const change = await call("POST", "/v1/configuration/changes", {
        key: "manage",
        idempotencyKey: newIdempotencyKey(),
        body: { changes: [{ entity: "question", operation: "update", question: { id: "sdk_q_budget", text: "Quel budget (v2) ?" } }] },
      });
      assert.equal(change.status, 200, change.text);
      const job = await call("POST", "/v1/configuration/publish", { key: "publish", idempotencyKey: newIdempotencyKey(), body: {} });
      assert.equal(job.status, 202, job.text);
      const done = await waitForCompilation(t, job.json.compilation_id as string);
      assert.equal(done.status, "succeeded");
      const unchanged = await call("POST", "/v1/configuration/publish", { key: "publish", idempotencyKey: newIdempotencyKey(), body: {} });
      const republished = await waitForCompilation(t, unchanged.json.compilation_id as string);
      assert.notEqual(republished.configuration_version, done.configuration_version);
      const fresh = await createSession();
      const select = { state_version: 0, selection: { required_target_ids: ["sdk_budget"] } };
      const oldNext = await next(oldId, select);
      const freshNext = await next(fresh.json.session_id as string, select);
      assert.equal(candidatesOf(oldNext)[0]?.text, "Quel budget envisagez-vous ?");
      assert.equal(candidatesOf(freshNext)[0]?.text, "Quel budget (v2) ?");
      const legacy = await call("POST", "/v1/next-questions", {
        key: "runtime",
        body: { session_id: "legacy-1", answered_question_ids: ["sdk_q_animaux"] },
      });
      assert.equal(legacy.status, 200, legacy.text);
      assert.deepEqual(Object.keys(legacy.json), ["next_question", "exhausted", "nbq_version", "request_id"]);
      assert.equal(legacy.json.exhausted, false);
      assert.equal(legacy.headers.sunset, undefined);
      const conversion = await call("POST", `/v1/sessions/${oldId}/conversion`, {
        key: "runtime",
        body: { outcome: "purchase", metadata: { a: { nested: 1 }, b: "x".repeat(300) } },
      });
      assert.equal(conversion.status, 202, conversion.text);
      assert.deepEqual(Object.keys(conversion.json), ["conversion_id", "request_id"]);
      const recorded = await t.store.listFeedback(oldId);
      assert.deepEqual([recorded[0]?.result, recorded[0]?.label, recorded[0]?.metadata], ["success", "purchase", { b: "x".repeat(256) }]);
    });
  });
}
