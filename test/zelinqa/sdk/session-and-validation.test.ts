// Request validation before sending (nothing reaches the server) and the Session handle of docs/zelinqa-mcp.md §3.5.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Session, ZelinqaClient, ZelinqaRequestValidationError, ZelinqaStateVersionConflictError } from "../../../src/zelinqa/sdk/index.js";
import { startScriptedServer } from "./scripted-server.js";
import { API_ERRORS, decisionApresMaxTurns, decisionNormale, pendingState, sessionNeuve } from "./reference-payloads.js";

const KEY = "zk_test_secret_key_123456";
/** Read through a call so that TypeScript does not keep a narrowing across mutations. */
const pendingOf = (s: Session) => s.pendingDecision;

void describe("request validation", () => {
  void it("rejects invalid bodies with dotted issue paths and sends nothing", async () => {
    const server = await startScriptedServer([{ status: 200, body: sessionNeuve() }]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url });
      const cases: [() => Promise<unknown>, string][] = [
        [
          () => client.next("s", { state_version: 0, previous_turn: { structured_answer: { choice_ids: ["a"], free_text: "" } } }),
          "previous_turn.structured_answer.free_text",
        ],
        [() => client.submitFeedback("s", { result: "success", label: "" }), "label"],
        [() => client.next("s", { state_version: -1 }), "state_version"],
        [() => client.next("s", { state_version: 0, previous_turn: {} }), "previous_turn"],
        [() => client.applyEvents("s", { state_version: 0 }), ""],
        [() => client.createSession({ client_reference: "x", extra: 1 } as never), ""],
        [
          () => client.next("s", { state_version: 0, client_updates: { data: [{ id: "a", value: { nested: 1 } as never }] } }),
          "client_updates.data.0",
        ],
        [() => client.getSession(""), "session_id"],
        [() => client.getSession("x".repeat(129)), "session_id"],
      ];
      for (const [call, path] of cases) {
        await assert.rejects(call(), (err: unknown) => {
          assert.ok(err instanceof ZelinqaRequestValidationError, String(err));
          assert.ok(
            err.issues.some((i) => i.path === path || i.path.startsWith(`${path}.`)),
            JSON.stringify(err.issues),
          );
          return true;
        });
      }
      assert.equal(server.requests.length, 0);
    } finally {
      await server.close();
    }
  });
});

void describe("Session handle", () => {
  void it("tracks state_version and the pending decision through next, answer and the R44 max_turns stop", async () => {
    const server = await startScriptedServer([
      { status: 201, body: sessionNeuve() },
      { status: 200, body: decisionNormale() },
      { status: 200, body: decisionApresMaxTurns() },
    ]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url });
      const session = await client.startSession({ client_reference: "crm-lead-8842" });
      assert.equal(session.id, "ses_01J8Z");
      assert.equal(session.stateVersion, 0);
      assert.ok(pendingOf(session) === null);
      await session.next();
      assert.equal((JSON.parse(server.requests[1]?.body ?? "") as { state_version: number }).state_version, 0);
      assert.equal(session.stateVersion, 4);
      assert.equal(pendingOf(session)?.decision_id, "dec_7f2a");
      assert.equal(session.state.versions.state_version, 0, "next() does not update state");
      const stop = await session.answer({ userText: "2000 euros" });
      assert.equal(stop.action, "stop");
      assert.equal(stop.stop_reason, "max_turns_reached");
      assert.equal(stop.decision_id, null);
      assert.deepEqual(stop.candidates, []);
      const sent = JSON.parse(server.requests[2]?.body ?? "") as Record<string, unknown>;
      assert.deepEqual(sent, {
        previous_turn: {
          decision_id: "dec_7f2a",
          question_id: "q_budget",
          assistant_text: "Quel budget souhaitez-vous consacrer au canapé ?",
          user_text: "2000 euros",
        },
        state_version: 4,
      });
      assert.equal(session.stateVersion, 21);
      assert.ok(pendingOf(session) === null);
    } finally {
      await server.close();
    }
  });

  void it("accepts 2xx bodies missing contract fields (no versions, no candidates) without failing (docs/zelinqa-mcp.md §3.2)", async () => {
    const server = await startScriptedServer([
      { status: 200, body: { request_id: "r", session_id: "ses_01J8Z", action: "ask", decision_id: "dec_x" } },
      { status: 200, body: { request_id: "r", session_id: "ses_01J8Z", status: "future_status", pending_decision: null } },
    ]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url });
      const session = new Session(client, pendingState());
      const res = await session.next();
      assert.equal(res.decision_id, "dec_x");
      assert.equal(session.stateVersion, 4);
      assert.deepEqual(pendingOf(session), { decision_id: "dec_x", candidates: [] });
      const state = await session.refresh();
      assert.equal(state.status, "future_status");
      assert.equal(session.stateVersion, 4);
      assert.ok(pendingOf(session) === null);
    } finally {
      await server.close();
    }
  });

  void it("leaves the handle unchanged on error and never retries or refreshes a conflict", async () => {
    const server = await startScriptedServer([API_ERRORS.state_version_conflict]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url });
      const session = new Session(client, pendingState());
      await assert.rejects(session.applyEvents({ context_update: { mode: "summary", text: "x" } }), ZelinqaStateVersionConflictError);
      assert.equal(server.requests.length, 1);
      assert.equal(session.stateVersion, 4);
      assert.equal(pendingOf(session)?.decision_id, "dec_7f2a");
    } finally {
      await server.close();
    }
  });

  void it("adopts states from applyEvents, refresh and adopt; feedback changes nothing", async () => {
    const after = { ...pendingState(), versions: { ...pendingState().versions, state_version: 5 } };
    const server = await startScriptedServer([
      { status: 200, body: after },
      { status: 200, body: sessionNeuve() },
      { status: 202, body: { request_id: "r", session_id: "ses_01J8Z", feedback_id: "f", recorded_at: "2026-09-01T09:14:22Z" } },
    ]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url });
      const session = new Session(client, pendingState());
      await session.applyEvents({ client_updates: { objective: { operation: "set", status: "achieved" } } });
      assert.equal((JSON.parse(server.requests[0]?.body ?? "") as { state_version: number }).state_version, 4);
      assert.equal(session.stateVersion, 5);
      await session.refresh();
      assert.equal(session.stateVersion, 0);
      assert.ok(pendingOf(session) === null);
      await session.submitFeedback({ result: "partial" });
      assert.equal(session.stateVersion, 0);
      session.adopt(pendingState());
      assert.equal(pendingOf(session)?.candidates.length, 2);
    } finally {
      await server.close();
    }
  });
});
