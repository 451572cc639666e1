// zelinqa-mcp against our own running API (docs/zelinqa-mcp.md §13.4 R46–R49): SQLite in a temp dir, the reference
// corpus of docs/zelinqa-api.md §15, and the real MCP server over stdio.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startLiveApi, startMcp, type LiveApi } from "../../../harness/zelinqa-live-api.js";

type Candidate = { question_id: string; text: string; type: string; choices: { choice_id: string; label: string }[] };
type View = { questions: { rank: number; text: string; type: string; choices: string[] }[]; turn_count: number; progress: unknown };
const viewOf = (r: { structured: Record<string, unknown> | undefined }) => r.structured as unknown as View;

let api: LiveApi;

void describe("zelinqa-mcp against our API (docs/zelinqa-mcp.md §13.4)", () => {
  before(async () => {
    api = await startLiveApi();
  });
  after(async () => {
    await api.close();
  });

  void it("R46 advanced mode over real stdio: create, next, answer, events, get, resume, feedback, unknown session", async () => {
    const mcp = await startMcp({ apiKey: api.keys.runtime, baseUrl: api.baseUrl, advanced: true });
    try {
      const created = await mcp.call("zelinqa_create_session", { client_reference: "live-advanced", max_turns: 8 });
      assert.equal(created.isError, false, created.text);
      assert.equal(created.structured?.state_version, 0);
      const sessionId = created.structured?.session_id as string;
      const decision = await mcp.call("zelinqa_next", { session_id: sessionId });
      assert.equal(decision.isError, false, decision.text);
      assert.equal(decision.structured?.action, "ask");
      const candidates = decision.structured?.candidates as Candidate[];
      const first = candidates[0]!;
      const previous_turn =
        first.type === "open"
          ? {
              decision_id: decision.structured?.decision_id,
              question_id: first.question_id,
              assistant_text: first.text,
              user_text: "Un canapé pour le salon.",
            }
          : {
              decision_id: decision.structured?.decision_id,
              question_id: first.question_id,
              assistant_text: first.text,
              structured_answer: { choice_ids: [first.choices[0]!.choice_id] },
            };
      const answered = await mcp.call("zelinqa_next", { session_id: sessionId, previous_turn });
      assert.equal(answered.isError, false, answered.text);
      assert.equal(answered.structured?.turn_count, 1);
      const events = await mcp.call("zelinqa_apply_events", {
        session_id: sessionId,
        context_update: { mode: "summary", text: "Le client a un chat." },
      });
      assert.equal(events.isError, false, events.text);
      const eventsVersion = events.structured?.state_version as number;
      const state = await mcp.call("zelinqa_get_session", { session_id: sessionId });
      assert.ok((state.structured?.state_version as number) >= eventsVersion);
      const resumed = await mcp.call("zelinqa_resume_session", { session_id: sessionId });
      assert.equal(resumed.isError, false, resumed.text);
      assert.ok(resumed.structured?.pending_decision !== null);
      const feedback = await mcp.call("zelinqa_submit_feedback", {
        session_id: sessionId,
        result: "success",
        label: "achat",
        metadata: { order_id: "SDK-1" },
      });
      assert.equal(feedback.isError, false, feedback.text);
      assert.ok(typeof feedback.structured?.feedback_id === "string");
      assert.ok(!("state_version" in (feedback.structured ?? {})));
      const unknown = await mcp.call("zelinqa_get_session", { session_id: "ses_does_not_exist" });
      assert.ok(unknown.text.startsWith("unknown_session: "), unknown.text);
    } finally {
      await mcp.close();
    }
  });

  void it("R47 an explicit stale state_version gives a readable conflict; invalid, revoked and runtime-less keys are unauthorized (HTTP 403); no key exits 2", async () => {
    const mcp = await startMcp({ apiKey: api.keys.runtime, baseUrl: api.baseUrl, advanced: true });
    try {
      const created = await mcp.call("zelinqa_create_session", {});
      const sessionId = created.structured?.session_id as string;
      await mcp.call("zelinqa_next", { session_id: sessionId });
      const conflict = await mcp.call("zelinqa_next", { session_id: sessionId, state_version: 0 });
      assert.ok(conflict.text.startsWith("state_version_conflict: "), conflict.text);
      assert.ok(conflict.text.includes('"current_state_version":1'));
      assert.ok(conflict.text.includes("call zelinqa_get_session then retry"));
      const reread = await mcp.call("zelinqa_next", { session_id: sessionId });
      assert.equal(reread.isError, false, reread.text);
    } finally {
      await mcp.close();
    }
    for (const key of ["nbq_live_invalid", api.keys.revoked, api.keys.read]) {
      const bad = await startMcp({ apiKey: key, baseUrl: api.baseUrl, advanced: true });
      try {
        const res = await bad.call("zelinqa_create_session", {});
        assert.ok(res.text.startsWith("unauthorized (HTTP 403): "), res.text);
        assert.ok(!res.text.includes(key));
      } finally {
        await bad.close();
      }
    }
    const main = fileURLToPath(new URL("../../../src/zelinqa/mcp/main.ts", import.meta.url));
    const nokey = spawnSync(process.execPath, ["--import", "tsx", main], {
      env: { PATH: process.env.PATH, ZELINQA_BASE_URL: api.baseUrl },
      input: "",
      encoding: "utf8",
    });
    assert.equal(nokey.status, 2);
    assert.equal(nokey.stdout, "");
  });

  void it("R48 business mode over real stdio: a whole conversation with two names, adjust, context, status, feedback and forget", async () => {
    const mcp = await startMcp({ apiKey: api.keys.runtime, baseUrl: api.baseUrl });
    try {
      const { tools } = await mcp.client.listTools();
      assert.equal(tools.length, 7);
      for (const word of ["session_id", "decision_id", "state_version", "question_id", "choice_id"]) {
        assert.ok(!JSON.stringify(tools.map((t) => t.inputSchema)).includes(word));
      }
      assert.equal((await mcp.client.listPrompts()).prompts.length, 1);
      const guide = await mcp.client.readResource({ uri: "zelinqa://guide" });
      assert.equal((guide.contents[0] as { text: string }).text, mcp.client.getInstructions());

      const start = await mcp.call("zelinqa_start", { conversation: "live-one" });
      assert.equal(start.isError, false, start.text);
      assert.ok(viewOf(start).questions.length > 0);
      assert.deepEqual((await mcp.call("zelinqa_start", { conversation: "live-one" })).structured, start.structured);
      assert.deepEqual((await mcp.call("zelinqa_next_question", { conversation: "live-one" })).structured, start.structured);

      const adjusted = await mcp.call("zelinqa_adjust", { conversation: "live-one", objective: "not_achieved" });
      assert.equal(adjusted.isError, false, adjusted.text);
      assert.equal(viewOf(adjusted).turn_count, viewOf(start).turn_count);
      assert.deepEqual(viewOf(adjusted).questions, viewOf(start).questions);

      const q = viewOf(start).questions[0]!;
      const reply = q.type === "open" ? { user_text: "Un canapé pour le salon." } : { choice_labels: [q.choices[0]!] };
      const answered = await mcp.call("zelinqa_next_question", { conversation: "live-one", ...reply });
      assert.equal(answered.isError, false, answered.text);
      assert.equal(viewOf(answered).turn_count, viewOf(start).turn_count + 1);

      const context = await mcp.call("zelinqa_add_context", {
        conversation: "live-one",
        summary: "Le client a un chat et un grand salon.",
      });
      assert.equal(context.isError, false, context.text);
      assert.deepEqual(viewOf(context).questions, viewOf(answered).questions);
      assert.equal(viewOf(context).turn_count, viewOf(answered).turn_count);
      const status = await mcp.call("zelinqa_status", { conversation: "live-one" });
      assert.deepEqual(status.structured, context.structured);

      const second = await mcp.call("zelinqa_start", { conversation: "live-two" });
      assert.equal(second.isError, false, second.text);
      assert.equal(viewOf(second).turn_count, 0);
      assert.deepEqual((await mcp.call("zelinqa_status", { conversation: "live-one" })).structured, status.structured);

      const feedback = await mcp.call("zelinqa_feedback", { conversation: "live-one", result: "partial" });
      assert.equal(feedback.structured?.recorded, true);
      assert.deepEqual(Object.keys(feedback.structured ?? {}), ["recorded", "recorded_at"]);
      const afterFeedback = await mcp.call("zelinqa_status", { conversation: "live-one" });
      assert.deepEqual(viewOf(afterFeedback).progress, viewOf(status).progress);

      for (const name of ["live-one", "live-two"]) {
        assert.deepEqual((await mcp.call("zelinqa_forget", { conversation: name })).structured, {
          forgotten_locally: true,
          server_data_deleted: false,
        });
        assert.ok((await mcp.call("zelinqa_status", { conversation: name })).text.startsWith("unknown_conversation: "));
      }
    } finally {
      await mcp.close();
    }
  });

  void it("R49 a rejected reply is corrected without refresh: the pending question is unchanged and the correction counts one turn", async () => {
    const mcp = await startMcp({ apiKey: api.keys.runtime, baseUrl: api.baseUrl });
    try {
      const start = await mcp.call("zelinqa_start", { conversation: "live-correct" });
      let view = viewOf(start);
      const open = view.questions.find((q) => q.type === "open");
      const choice = view.questions.find((q) => q.type !== "open");
      assert.ok(choice, "the reference corpus' first decision offers a choice question");
      if (open) {
        const refused = await mcp.call("zelinqa_next_question", {
          conversation: "live-correct",
          candidate_rank: open.rank,
          outcome: "asked_answered",
        });
        assert.ok(refused.text.startsWith("invalid_request: "), refused.text);
        assert.deepEqual((await mcp.call("zelinqa_next_question", { conversation: "live-correct" })).structured, start.structured);
      }
      const unlisted = await mcp.call("zelinqa_next_question", {
        conversation: "live-correct",
        candidate_rank: choice.rank,
        choice_labels: ["Aucune de ces réponses"],
      });
      assert.ok(unlisted.text.startsWith("invalid_request: "), unlisted.text);
      assert.deepEqual((await mcp.call("zelinqa_next_question", { conversation: "live-correct" })).structured, start.structured);
      const corrected = await mcp.call("zelinqa_next_question", {
        conversation: "live-correct",
        candidate_rank: choice.rank,
        choice_labels: [choice.choices[0]!],
      });
      assert.equal(corrected.isError, false, corrected.text);
      view = viewOf(corrected);
      assert.equal(view.turn_count, viewOf(start).turn_count + 1);
    } finally {
      await mcp.close();
    }
  });
});
