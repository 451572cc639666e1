// [ext] The answer preview `POST /v1/sessions/{session_id}/understand` on the real app over HTTP, on SQLite and
// PostgreSQL: the preview equals what the turn then records, it changes nothing (state_version, turn count,
// decisions, events, idempotency records), its scope, its errors, the OpenAPI document and the SDK's
// `session.preview`.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { ZelinqaClient, ZelinqaInvalidPreviousTurnError } from "../../../src/zelinqa/sdk/index.js";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { InjectResult, TestApp } from "../../support/zelinqa-app.js";
import { publishFurniture } from "../../support/studio-sessions.js";

type Json = Record<string, unknown>;
interface SessionJson {
  turn_count: number;
  status: string;
  targets: Record<string, Json>;
  pending_decision: { decision_id: string; candidates: { question_id: string; rank: number }[] } | null;
  question_state: { outcomes: { question_id: string; decision_id: string | null; outcome: string }[] };
  versions: { state_version: number };
}

const PREVIEW_FIELDS = [
  "request_id",
  "session_id",
  "question_id",
  "decision_id",
  "outcome",
  "targets",
  "degraded",
  "degraded_reasons",
  "versions",
];

for (const backend of BACKENDS) {
  void describe(`[ext] answer preview on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    const preview = (sessionId: string, body: unknown, key: string | null = "runtime") =>
      t.request("POST", `/v1/sessions/${sessionId}/understand`, { key, body });
    const next = (sessionId: string, body: Json) =>
      t.request("POST", `/v1/sessions/${sessionId}/next`, { key: "runtime", body, idempotencyKey: newIdempotencyKey() });
    const read = async (sessionId: string): Promise<SessionJson> => {
      const r = await t.request("GET", `/v1/sessions/${sessionId}`, { key: "runtime" });
      assert.equal(r.status, 200, r.text);
      return r.json as unknown as SessionJson;
    };
    const newSession = async (body: Json = {}): Promise<{ id: string; version: number }> => {
      const created = await t.request("POST", "/v1/sessions", { key: "runtime", body, idempotencyKey: newIdempotencyKey() });
      assert.equal(created.status, 201, created.text);
      const id = created.json.session_id as string;
      const first = await next(id, { state_version: 0 });
      assert.equal(first.status, 200, first.text);
      return { id, version: 1 };
    };
    /** Previews `turn`, then records it with /next and checks that the session shows exactly what was announced. */
    const previewThenAnswer = async (session: { id: string; version: number }, turn: { question_id?: string; user_text: string }) => {
      const before = await read(session.id);
      const announced = await preview(session.id, turn);
      assert.equal(announced.status, 200, announced.text);
      assert.deepEqual(Object.keys(announced.json), PREVIEW_FIELDS);
      const recorded = await next(session.id, { state_version: session.version, previous_turn: turn });
      assert.equal(recorded.status, 200, recorded.text);
      session.version += 1;
      const after = await read(session.id);
      const last = after.question_state.outcomes.at(-1);
      assert.equal(after.question_state.outcomes.length, before.question_state.outcomes.length + (announced.json.outcome === null ? 0 : 1));
      if (announced.json.outcome !== null) {
        assert.deepEqual(
          { question_id: announced.json.question_id, decision_id: announced.json.decision_id, outcome: announced.json.outcome },
          { question_id: last?.question_id, decision_id: last?.decision_id, outcome: last?.outcome },
        );
      }
      assert.deepEqual(recorded.json.degraded_reasons, announced.json.degraded_reasons);
      const targets = announced.json.targets as Record<string, Json>;
      for (const [id, view] of Object.entries(targets)) assert.deepEqual(after.targets[id], view, `target ${id}`);
      for (const [id, view] of Object.entries(after.targets)) {
        if (!(id in targets)) assert.deepEqual(before.targets[id], view, `target ${id} changed without being announced`);
      }
      return announced;
    };

    before(async () => {
      t = await startTestApp({ backend, options: { workerPollMs: 50 } });
      await publishFurniture(t);
    });
    after(async () => {
      await t?.close();
    });

    void it("PREVIEW-1 announces exactly what the turn then records: choice label, number, date, refusal, don't-know, unreadable text, unresolved", async () => {
      const session = await newSession({ max_turns: 20 });
      const pending = (await read(session.id)).pending_decision;
      assert.ok(pending);
      const piece = await previewThenAnswer(session, { question_id: "fur_q_piece", user_text: "Un canapé" });
      assert.equal(piece.json.outcome, "asked_answered");
      assert.equal(piece.json.decision_id, pending.candidates.some((c) => c.question_id === "fur_q_piece") ? pending.decision_id : null);
      assert.deepEqual((piece.json.targets as Record<string, Json>).fur_piece, {
        kind: "data",
        status: "confirmed",
        value: "canape",
        coverage: 1,
      });
      const budget = await previewThenAnswer(session, { question_id: "fur_q_budget", user_text: "1500 euros" });
      assert.equal((budget.json.targets as Record<string, Json>).fur_budget?.value, 1500);
      const date = await previewThenAnswer(session, { question_id: "fur_q_delivery_date", user_text: "2027-01-15" });
      assert.equal((date.json.targets as Record<string, Json>).fur_delivery_date?.value, "2027-01-15");
      const unreadable = await previewThenAnswer(session, { question_id: "fur_q_seats", user_text: "un modèle bien confortable" });
      assert.equal(unreadable.json.outcome, "asked_answered");
      assert.equal((unreadable.json.targets as Record<string, Json>).fur_seats, undefined);
      const refusal = await previewThenAnswer(session, { question_id: "fur_q_seats", user_text: "je préfère ne pas répondre" });
      assert.equal(refusal.json.outcome, "refused");
      assert.deepEqual(refusal.json.targets, {});
      const unknown = await previewThenAnswer(session, { question_id: "fur_q_style", user_text: "je ne sais pas" });
      assert.equal(unknown.json.outcome, "asked_no_answer");
      const exploration = await previewThenAnswer(session, { question_id: "fur_q_material", user_text: "du bois clair" });
      assert.equal((exploration.json.targets as Record<string, Json>)["exploration:fur_q_material"]?.kind, "exploration");
      // Without a pending decision nor question_id the turn is unresolved; its text still feeds indirect extraction.
      const stale = await read(session.id);
      if (stale.pending_decision === null) {
        const unresolved = await previewThenAnswer(session, { user_text: "plutôt scandinave" });
        assert.equal(unresolved.json.question_id, null);
        assert.deepEqual(unresolved.json.degraded_reasons, ["unresolved_previous_turn"]);
      } else {
        const inferred = await previewThenAnswer(session, { user_text: "plutôt scandinave" });
        assert.equal(inferred.json.decision_id, stale.pending_decision.decision_id);
      }
    });

    void it("PREVIEW-2 changes nothing: state_version, turn count, outcomes, pending decision, session events, idempotency records", async () => {
      const session = await newSession();
      const before = await read(session.id);
      const eventsBefore = await t.store.listSessionEvents(session.id);
      const reusedKey = newIdempotencyKey();
      for (const [i, text] of ["1500 euros", "un canapé", "je ne sais pas", "blabla"].entries()) {
        const r = await t.request("POST", `/v1/sessions/${session.id}/understand`, {
          key: "runtime",
          body: { user_text: text },
          ...(i % 2 === 0 ? { idempotencyKey: reusedKey } : {}),
        });
        assert.equal(r.status, 200, r.text);
        assert.equal((r.json.versions as { state_version: number }).state_version, before.versions.state_version);
      }
      const after = await read(session.id);
      assert.deepEqual({ ...after, request_id: null }, { ...before, request_id: null });
      assert.deepEqual(await t.store.listSessionEvents(session.id), eventsBefore);
      // The stored version is still the one the client holds: the next turn is accepted with it.
      const turn = await next(session.id, { state_version: before.versions.state_version, previous_turn: { user_text: "un canapé" } });
      assert.equal(turn.status, 200, turn.text);
      assert.equal(turn.json.turn_count, 1);
    });

    void it("PREVIEW-3 needs the runtime scope: no key 401, a key without runtime 403, both without envelope", async () => {
      const session = await newSession();
      const none = await preview(session.id, { user_text: "1500" }, null);
      assert.equal(none.status, 401);
      assert.equal(none.text, '{"message":"Unauthorized"}');
      for (const key of ["read", "manage", "revoked"]) {
        const refused = await preview(session.id, { user_text: "1500" }, key);
        assert.equal(refused.status, 403, key);
        assert.equal(refused.text, '{"message":"Forbidden"}');
      }
      // Authentication runs before the lookup (docs/zelinqa-api.md §4.1): an unknown session with a bad key is still 403.
      assert.equal((await preview("ses_does_not_exist", { user_text: "1500" }, "read")).status, 403);
    });

    void it("PREVIEW-4 errors: unknown session 404, unknown question 422, empty, blank, oversized or unknown fields 400, a stopped session 422", async () => {
      const session = await newSession({ max_turns: 1 });
      const unknownSession = await preview("ses_does_not_exist", { user_text: "1500" });
      assert.equal(unknownSession.status, 404);
      assert.equal(unknownSession.json.code, "unknown_session");
      assert.deepEqual(unknownSession.json.details, { session_id: "ses_does_not_exist" });
      const unknownQuestion = await preview(session.id, { question_id: "fur_q_nope", user_text: "1500" });
      assert.equal(unknownQuestion.status, 422);
      assert.equal(unknownQuestion.json.code, "invalid_previous_turn");
      assert.equal((unknownQuestion.json.details as Json).supplied_question_id, "fur_q_nope");
      const invalid: [unknown, string][] = [
        [{ user_text: "" }, "/user_text"],
        [{ user_text: "   " }, "/user_text"],
        [{ user_text: "x".repeat(8001) }, "/user_text"],
        [{ question_id: "", user_text: "1500" }, "/question_id"],
        [{ user_text: "1500", state_version: 1 }, "/state_version"],
        [{}, "/user_text"],
      ];
      for (const [body, path] of invalid) {
        const r: InjectResult = await preview(session.id, body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.json.code, "invalid_request");
        assert.ok(
          (r.json.details as { issues: { path: string }[] }).issues.some((i) => i.path === path),
          r.text,
        );
      }
      const notJson = await t.request("POST", `/v1/sessions/${session.id}/understand`, { key: "runtime", rawBody: "{" });
      assert.equal(notJson.status, 400);
      const stop = await next(session.id, { state_version: 1, previous_turn: { user_text: "un canapé" } });
      assert.equal(stop.json.stop_reason, "max_turns_reached", stop.text);
      const stopped = await preview(session.id, { user_text: "1500" });
      assert.equal(stopped.status, 422, stopped.text);
      assert.equal(stopped.json.code, "invalid_previous_turn");
      assert.equal(stopped.json.message, "The session is stopped: a turn would not be recorded.");
      assert.deepEqual(stopped.json.details, { session_id: session.id, status: "stopped" });
    });

    void it("PREVIEW-5 is in the OpenAPI document and in the SDK as session.preview(text, {questionId})", async () => {
      const docs = await t.request("GET", "/docs/json");
      const paths = docs.json.paths as Record<string, { post?: { operationId?: string } }>;
      assert.equal(paths["/v1/sessions/{session_id}/understand"]?.post?.operationId, "previewSessionTurn");
      const baseUrl = await t.app.fastify.listen({ host: "127.0.0.1", port: 0 });
      const client = new ZelinqaClient({ apiKey: t.keys.runtime, baseUrl, maxRetries: 0 });
      try {
        const session = await client.startSession({});
        await session.next();
        const version = session.stateVersion;
        const result = await session.preview("autour de 1500 €", { questionId: "fur_q_budget" });
        assert.equal(result.question_id, "fur_q_budget");
        assert.equal(result.outcome, "asked_answered");
        assert.equal(result.targets.fur_budget?.value, 1500);
        assert.equal(session.stateVersion, version);
        assert.equal((await session.refresh()).turn_count, 0);
        await assert.rejects(session.preview("1500", { questionId: "fur_q_nope" }), ZelinqaInvalidPreviousTurnError);
      } finally {
        await client.close();
      }
    });
  });
}
