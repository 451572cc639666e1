// Business mode over the in-memory MCP transport: docs/zelinqa-mcp.md §13.1 requirements R1–R22.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  BusinessFeedbackOutputSchema,
  BusinessForgetOutputSchema,
  BusinessViewOutputSchema,
  type Candidate,
  type NextRequest,
  type NextResponse,
} from "../../../src/zelinqa/contracts/index.js";
import { ZelinqaConnectionError, apiErrorFromResponse } from "../../../src/zelinqa/sdk/index.js";
import { GUIDE, INTEGRATION_CHECK, buildServer, parseMcpEnvironment } from "../../../src/zelinqa/mcp/index.js";
import {
  API_ERRORS,
  arretSansQuestion,
  decisionApresMaxTurns,
  decisionNormale,
  pendingState,
  sessionNeuve,
  versions,
} from "../sdk/reference-payloads.js";
import { FakeRuntimeClient, connect, deferred, listedOutputSchema } from "./harness.js";

const BUSINESS_TOOLS = [
  "zelinqa_start",
  "zelinqa_next_question",
  "zelinqa_add_context",
  "zelinqa_adjust",
  "zelinqa_status",
  "zelinqa_feedback",
  "zelinqa_forget",
];
const OUTPUT_SCHEMAS: Record<string, Parameters<typeof listedOutputSchema>[0]> = {
  zelinqa_start: BusinessViewOutputSchema,
  zelinqa_next_question: BusinessViewOutputSchema,
  zelinqa_add_context: BusinessViewOutputSchema,
  zelinqa_adjust: BusinessViewOutputSchema,
  zelinqa_status: BusinessViewOutputSchema,
  zelinqa_feedback: BusinessFeedbackOutputSchema,
  zelinqa_forget: BusinessForgetOutputSchema,
};
const FORBIDDEN = ["session_id", "decision_id", "state_version", "question_id", "choice_id"];
const C = "lead-42";

const previousTurnOf = (args: unknown[] | undefined) => (args?.[1] as NextRequest | undefined)?.previous_turn;

function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return fn().finally(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

function decisionWith(candidates: Candidate[], decisionId = "dec_7f2a"): NextResponse {
  return { ...decisionNormale(), decision_id: decisionId, candidates };
}

const emailCandidate = (type: Candidate["type"], extra: Partial<Candidate> = {}): Candidate => ({
  rank: 1,
  question_id: `q_${type}`,
  text: `Contact ${type} ?`,
  type,
  choices:
    type === "open"
      ? []
      : [
          { choice_id: "c_email", label: "Email" },
          { choice_id: "c_tel", label: "Téléphone" },
        ],
  target_ids: ["contact"],
  ...extra,
});

void describe("business mode (docs/zelinqa-mcp.md §13.1)", () => {
  void it("R1 lists exactly the seven business tools, no zelinqa_answer, no id or version in any schema or description, each with its contracts output schema", async () => {
    const h = await connect();
    try {
      const { tools } = await h.client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...BUSINESS_TOOLS].sort());
      assert.ok(!tools.some((t) => t.name === "zelinqa_answer"));
      for (const tool of tools) {
        const json = JSON.stringify(tool.inputSchema) + JSON.stringify(tool.outputSchema) + (tool.description ?? "");
        for (const word of FORBIDDEN) assert.ok(!json.includes(word), `${tool.name} mentions ${word}`);
        assert.deepEqual(tool.outputSchema, listedOutputSchema(OUTPUT_SCHEMAS[tool.name]!));
        assert.equal(tool.outputSchema?.type, "object");
        assert.equal(tool.inputSchema.type, "object");
      }
      const next = tools.find((t) => t.name === "zelinqa_next_question");
      assert.deepEqual(next?.inputSchema.required, ["conversation"]);
      assert.equal(h.builds(), 0);
    } finally {
      await h.close();
    }
  });

  void it("docs/zelinqa-mcp.md §7.1 argument errors are isError results containing validation error; an unknown tool is answered as the framework does", async () => {
    const h = await connect();
    try {
      const missing = await h.call("zelinqa_start", {});
      assert.equal(missing.isError, true);
      assert.ok(missing.text.includes("validation error") && missing.text.includes("conversation"), missing.text);
      const tooLong = await h.call("zelinqa_next_question", { conversation: "x".repeat(129) });
      assert.ok(tooLong.text.includes("validation error"), tooLong.text);
      const badRank = await h.call("zelinqa_next_question", { conversation: C, candidate_rank: 11 });
      assert.ok(badRank.text.includes("validation error") && badRank.text.includes("candidate_rank"), badRank.text);
      const unknown = await h.call("zelinqa_answer", { conversation: C });
      assert.equal(unknown.isError, true);
      assert.equal(unknown.text, "MCP error -32602: Tool zelinqa_answer not found");
      assert.equal(h.fake.calls.length, 0);
      assert.equal(h.builds(), 0);
    } finally {
      await h.close();
    }
  });

  void it("R2 first start makes 1 create + 1 next and returns the next view; no-reply and re-start return an equal view with no call; a text reply sends the decision and no outcome", async () => {
    const h = await connect();
    try {
      const first = await h.call("zelinqa_start", { conversation: C });
      assert.equal(first.isError, false, first.text);
      assert.deepEqual(h.fake.methods, ["createSession", "next"]);
      assert.deepEqual(h.fake.callsOf("createSession")[0], [{ client_reference: C }]);
      assert.deepEqual(h.fake.callsOf("next")[0], ["ses_01J8Z", { state_version: 0 }]);
      const view = first.structured ?? {};
      assert.deepEqual(Object.keys(view), [
        "questions",
        "progress",
        "turn_count",
        "turns_remaining",
        "degraded",
        "action",
        "stop_reason",
        "warnings",
        "degraded_reasons",
      ]);
      assert.deepEqual(view.questions, [
        { rank: 1, text: "Quel budget souhaitez-vous consacrer au canapé ?", type: "open", selection_mode: null, choices: [] },
        {
          rank: 2,
          text: "À quelle période souhaitez-vous être livré ?",
          type: "single_choice",
          selection_mode: null,
          choices: ["Dans le mois", "Dans les trois mois", "Plus tard"],
        },
      ]);
      assert.deepEqual(view.progress, {
        computed_status: "in_progress",
        progress: 0.34,
        client_override: null,
        effective_status: "in_progress",
      });
      assert.deepEqual(view.warnings, []);
      assert.deepEqual(view.degraded_reasons, []);
      for (const word of ["session_id", "decision_id", "target_ids", "choice_id", "state_version"]) {
        assert.ok(!first.text.includes(word), word);
      }
      assert.deepEqual(JSON.parse(first.text), view);
      assert.equal(first.text, JSON.stringify(view, null, 2));
      const again = await h.call("zelinqa_next_question", { conversation: C });
      const restart = await h.call("zelinqa_start", { conversation: C });
      assert.deepEqual(again.structured, view);
      assert.deepEqual(restart.structured, view);
      assert.equal(h.fake.calls.length, 2);
      const answered = await h.call("zelinqa_next_question", { conversation: C, user_text: "Environ 2000 euros" });
      assert.equal(answered.isError, false, answered.text);
      const turn = previousTurnOf(h.fake.callsOf("next")[1]);
      assert.equal(turn?.decision_id, "dec_7f2a");
      assert.equal(turn?.question_id, "q_budget");
      assert.equal(turn?.user_text, "Environ 2000 euros");
      assert.equal(turn?.assistant_text, "Quel budget souhaitez-vous consacrer au canapé ?");
      assert.ok(!("outcome" in (turn ?? {})));
      assert.equal(h.fake.count("getSession"), 0);
    } finally {
      await h.close();
    }
  });

  void it("R3 adjust sends the exact client_updates mapping with state_version 4 and no context_update; turn_count unchanged, objective covered, no state_version, no extra next", async () => {
    const fake = new FakeRuntimeClient({
      applyEvents: (_id, body) => {
        const s = pendingState();
        return {
          ...s,
          versions: versions(body.state_version + 1),
          progress: { ...s.progress, objective: { ...s.progress.objective, computed_status: "covered", effective_status: "covered" } },
        };
      },
    });
    const h = await connect({ fake });
    try {
      await h.call("zelinqa_start", { conversation: C });
      const res = await h.call("zelinqa_adjust", {
        conversation: C,
        dimensions: [
          { id: "so_besoin", status: "achieved" },
          { id: "so_budget", status: "not_achieved" },
          { id: "so_livraison", status: "excluded" },
        ],
        data: [
          { id: "annual_budget", value: 2500 },
          { id: "delivery_window", operation: "unset" },
          { id: "pets", operation: "not_applicable", value: null },
        ],
        objective: "achieved",
      });
      assert.equal(res.isError, false, res.text);
      assert.deepEqual(h.fake.callsOf("applyEvents")[0], [
        "ses_01J8Z",
        {
          client_updates: {
            dimensions: [
              { id: "so_besoin", operation: "set", status: "achieved" },
              { id: "so_budget", operation: "set", status: "not_achieved" },
              { id: "so_livraison", operation: "exclude" },
            ],
            data: [
              { id: "annual_budget", operation: "set", value: 2500 },
              { id: "delivery_window", operation: "unset" },
              { id: "pets", operation: "not_applicable" },
            ],
            objective: { operation: "set", status: "achieved" },
          },
          state_version: 4,
        },
      ]);
      assert.equal(res.structured?.turn_count, 2);
      assert.equal((res.structured?.progress as { effective_status: string }).effective_status, "covered");
      assert.ok(!("state_version" in (res.structured ?? {})));
      assert.equal(h.fake.count("next"), 1);
    } finally {
      await h.close();
    }
  });

  void it("R4 an adjustment after a pending question returns the same questions and turn_count with no extra next", async () => {
    const h = await connect();
    try {
      const start = await h.call("zelinqa_start", { conversation: C });
      const res = await h.call("zelinqa_adjust", { conversation: C, objective: "not_achieved" });
      assert.deepEqual(res.structured?.questions, start.structured?.questions);
      assert.equal(res.structured?.turn_count, start.structured?.turn_count);
      assert.equal(h.fake.count("next"), 1);
    } finally {
      await h.close();
    }
  });

  void it("R5 empty or duplicate adjustments are invalid_request; value rules and empty ids are validation errors; no applyEvents", async () => {
    const h = await connect();
    try {
      const empty = await h.call("zelinqa_adjust", { conversation: "never-started" });
      assert.equal(empty.isError, true);
      assert.equal(empty.text, "invalid_request: provide dimensions, data or objective");
      await h.call("zelinqa_start", { conversation: C });
      const dup = await h.call("zelinqa_adjust", {
        conversation: C,
        dimensions: [
          { id: "a", status: "achieved" },
          { id: "a", status: "excluded" },
        ],
      });
      assert.equal(dup.text, "invalid_request: duplicate dimension IDs in one adjustment");
      const dupData = await h.call("zelinqa_adjust", {
        conversation: C,
        data: [
          { id: "a", value: 1 },
          { id: "a", value: 2 },
        ],
      });
      assert.equal(dupData.text, "invalid_request: duplicate data IDs in one adjustment");
      const cases: [Record<string, unknown>, string][] = [
        [{ data: [{ id: "x", operation: "unset", value: 3 }] }, 'a data update with operation="unset" takes no value'],
        [{ data: [{ id: "x", operation: "not_applicable", value: "v" }] }, 'a data update with operation="not_applicable" takes no value'],
        [{ data: [{ id: "x", operation: "set" }] }, 'a data update with operation="set" needs a value'],
        [{ data: [{ id: "x" }] }, 'a data update with operation="set" needs a value'],
        [{ dimensions: [{ id: "", status: "achieved" }] }, "validation error"],
        [{ data: [{ id: "x", value: 1, extra: true }] }, "validation error"],
      ];
      for (const [args, message] of cases) {
        const res = await h.call("zelinqa_adjust", { conversation: C, ...args });
        assert.equal(res.isError, true);
        assert.ok(res.text.includes("validation error"), res.text);
        assert.ok(res.text.includes(message), res.text);
        assert.equal(res.structured, undefined);
      }
      assert.equal(h.fake.count("applyEvents"), 0);
    } finally {
      await h.close();
    }
  });

  void it("R6 a state_version_conflict on adjust asks for zelinqa_status; the retry is refused until status; versions sent are 4 then 5", async () => {
    let conflicts = 1;
    const fake = new FakeRuntimeClient({
      applyEvents: (_id, body) => {
        if (conflicts-- > 0) throw apiErrorFromResponse(409, API_ERRORS.state_version_conflict.body);
        return { ...pendingState(), versions: versions(body.state_version + 1) };
      },
      getSession: () => ({ ...pendingState(), versions: versions(5) }),
    });
    const h = await connect({ fake });
    try {
      await h.call("zelinqa_start", { conversation: C });
      const args = { conversation: C, objective: "achieved" };
      const conflict = await h.call("zelinqa_adjust", args);
      assert.equal(conflict.isError, true);
      assert.ok(conflict.text.startsWith("state_version_conflict: La session a été modifiée"), conflict.text);
      assert.ok(conflict.text.includes("call zelinqa_status"));
      assert.ok(conflict.text.includes(" — call zelinqa_status, reconcile the pending question, and do not blindly replay — "));
      const refused = await h.call("zelinqa_adjust", args);
      assert.equal(refused.text, "refresh_required: call zelinqa_status and reconcile before continuing");
      const status = await h.call("zelinqa_status", { conversation: C });
      assert.equal(status.isError, false, status.text);
      const retried = await h.call("zelinqa_adjust", args);
      assert.equal(retried.isError, false, retried.text);
      assert.deepEqual(
        h.fake.callsOf("applyEvents").map((a) => (a[1] as { state_version: number }).state_version),
        [4, 5],
      );
    } finally {
      await h.close();
    }
  });

  void it("R7 capacity 1: re-start makes one create, a new name is capacity_reached, forget frees the slot and the old name becomes unknown", async () => {
    const h = await connect({ capacity: 1 });
    try {
      await h.call("zelinqa_start", { conversation: "one" });
      await h.call("zelinqa_start", { conversation: "one" });
      assert.equal(h.fake.count("createSession"), 1);
      const full = await h.call("zelinqa_start", { conversation: "two" });
      assert.equal(full.text, "capacity_reached: forget an unused local conversation before starting another");
      const forgot = await h.call("zelinqa_forget", { conversation: "one" });
      assert.deepEqual(forgot.structured, { forgotten_locally: true, server_data_deleted: false });
      assert.equal(forgot.text, JSON.stringify({ forgotten_locally: true, server_data_deleted: false }, null, 2));
      const two = await h.call("zelinqa_start", { conversation: "two" });
      assert.equal(two.isError, false, two.text);
      const old = await h.call("zelinqa_status", { conversation: "one" });
      assert.equal(old.text, "unknown_conversation: start this conversation first; never guess another name");
      assert.equal(h.fake.count("createSession"), 2);
    } finally {
      await h.close();
    }
  });

  void it("R7 buildServer refuses a capacity below 1", () => {
    assert.throws(() => buildServer({ capacity: 0 }), { name: "RangeError", message: "capacity must be positive" });
    assert.throws(() => buildServer({ capacity: -3 }), RangeError);
  });

  void it("R8 two conversations never mix: answers for a and b go to session-a/session-b with decision-a/decision-b", async () => {
    const fake = new FakeRuntimeClient({
      createSession: (body) => ({ ...sessionNeuve(), session_id: `session-${body?.client_reference}` }),
      next: (sessionId) => ({ ...decisionNormale(), session_id: sessionId, decision_id: sessionId.replace("session", "decision") }),
    });
    const h = await connect({ fake });
    try {
      await h.call("zelinqa_start", { conversation: "a" });
      await h.call("zelinqa_start", { conversation: "b" });
      await h.call("zelinqa_next_question", { conversation: "b", user_text: "réponse b" });
      await h.call("zelinqa_next_question", { conversation: "a", user_text: "réponse a" });
      const answers = h.fake.callsOf("next").filter((a) => previousTurnOf(a) !== undefined);
      assert.deepEqual(
        answers.map((a) => [a[0], previousTurnOf(a)?.decision_id, previousTurnOf(a)?.user_text]),
        [
          ["session-b", "decision-b", "réponse b"],
          ["session-a", "decision-a", "réponse a"],
        ],
      );
    } finally {
      await h.close();
    }
  });

  void it("R9 an outcome alone on an open question requires user_text with no call; the no-reply view is unchanged; a text answer then succeeds", async () => {
    const h = await connect();
    try {
      const first = await h.call("zelinqa_start", { conversation: C });
      const refused = await h.call("zelinqa_next_question", { conversation: C, outcome: "asked_answered" });
      assert.equal(refused.isError, true);
      assert.equal(refused.text, "invalid_request: An open question requires user_text unless outcome is asked_no_answer or refused");
      assert.equal(h.fake.calls.length, 2);
      const again = await h.call("zelinqa_next_question", { conversation: C });
      assert.deepEqual(again.structured, first.structured);
      const ok = await h.call("zelinqa_next_question", { conversation: C, user_text: "3000 €" });
      assert.equal(ok.isError, false, ok.text);
      assert.equal(h.fake.count("getSession"), 0);
    } finally {
      await h.close();
    }
  });

  void it("R10 the host session comes from the environment given to buildServer, parsed once, not from process.env at call time", async () => {
    const environment = parseMcpEnvironment({ ZELINQA_SESSION_ID: "given-id", ZELINQA_CONVERSATION: "bound" });
    await withEnv({ ZELINQA_SESSION_ID: "process-id", ZELINQA_CONVERSATION: "bound" }, async () => {
      const h = await connect({ environment });
      try {
        await h.call("zelinqa_start", { conversation: "bound" });
        assert.deepEqual(h.fake.callsOf("getSession"), [["given-id"]]);
      } finally {
        await h.close();
      }
    });
  });

  void it("R10 with ZELINQA_SESSION_ID and the bound name, start resumes getSession(host-owned-id) with no create", async () => {
    await withEnv({ ZELINQA_SESSION_ID: "host-owned-id", ZELINQA_CONVERSATION: undefined }, async () => {
      const h = await connect();
      try {
        const res = await h.call("zelinqa_start", { conversation: "conversation" });
        assert.equal(res.isError, false, res.text);
        assert.deepEqual(h.fake.callsOf("getSession"), [["host-owned-id"]]);
        assert.equal(h.fake.count("createSession"), 0);
        await h.call("zelinqa_start", { conversation: "other" });
        assert.equal(h.fake.count("createSession"), 1);
      } finally {
        await h.close();
      }
    });
    await withEnv({ ZELINQA_SESSION_ID: "host-owned-id", ZELINQA_CONVERSATION: "bound" }, async () => {
      const h = await connect();
      try {
        await h.call("zelinqa_start", { conversation: "bound" });
        assert.deepEqual(h.fake.callsOf("getSession"), [["host-owned-id"]]);
        await h.call("zelinqa_forget", { conversation: "bound" });
        await h.call("zelinqa_start", { conversation: "bound" });
        assert.equal(h.fake.count("getSession"), 2, "the bound name resumes again after a forget");
      } finally {
        await h.close();
      }
    });
  });

  void it("R11 prompts and the guide resource are readable without any call or client construction", async () => {
    const h = await connect();
    try {
      const { prompts } = await h.client.listPrompts();
      assert.deepEqual(
        prompts.map((p) => p.name),
        ["zelinqa_integration_check"],
      );
      assert.equal(prompts[0]?.description, "User-selected checklist for testing a Zelinqa agent integration");
      assert.ok((prompts[0]?.arguments ?? []).length === 0);
      const prompt = await h.client.getPrompt({ name: "zelinqa_integration_check" });
      assert.equal(prompt.messages.length, 1);
      assert.equal(prompt.messages[0]?.role, "user");
      assert.deepEqual(prompt.messages[0]?.content, { type: "text", text: INTEGRATION_CHECK });
      assert.ok(INTEGRATION_CHECK.startsWith("Run this checklist with synthetic data only."));
      const { resources } = await h.client.listResources();
      assert.equal(resources[0]?.uri, "zelinqa://guide");
      assert.equal(resources[0]?.name, "Zelinqa conversation guide");
      assert.equal(resources[0]?.mimeType, "text/plain");
      const read = await h.client.readResource({ uri: "zelinqa://guide" });
      const content = read.contents[0] as { text?: string; mimeType?: string };
      assert.equal(content.text, GUIDE);
      assert.equal(h.client.getInstructions(), GUIDE);
      assert.ok(GUIDE.startsWith("Zelinqa chooses the next question worth asking"));
      assert.equal(h.fake.calls.length, 0);
      assert.equal(h.builds(), 0);
    } finally {
      await h.close();
    }
  });

  void it("R12 asked_answered, blank user_text or assistant_text alone on an open question each require user_text; next stays at 1", async () => {
    const h = await connect();
    try {
      await h.call("zelinqa_start", { conversation: C });
      for (const args of [{ outcome: "asked_answered" }, { user_text: "   " }, { assistant_text: "Quel budget ?" }]) {
        const res = await h.call("zelinqa_next_question", { conversation: C, ...args });
        assert.equal(res.isError, true);
        assert.ok(res.text.includes("requires user_text"), res.text);
      }
      assert.equal(h.fake.count("next"), 1);
    } finally {
      await h.close();
    }
  });

  for (const type of ["open", "single_choice", "multiple_choice", "semi_open"] as const) {
    void it(`R13 ${type}: asked_no_answer and refused alone send the outcome with no user_text`, async () => {
      for (const outcome of ["asked_no_answer", "refused"] as const) {
        const fake = new FakeRuntimeClient({ next: () => decisionWith([emailCandidate(type)]) });
        const h = await connect({ fake });
        try {
          await h.call("zelinqa_start", { conversation: C });
          const res = await h.call("zelinqa_next_question", { conversation: C, outcome });
          assert.equal(res.isError, false, res.text);
          assert.equal(h.fake.count("next"), 2);
          const turn = previousTurnOf(h.fake.callsOf("next")[1]);
          assert.equal(turn?.outcome, outcome);
          assert.ok(!("user_text" in (turn ?? {})) && !("structured_answer" in (turn ?? {})));
        } finally {
          await h.close();
        }
      }
    });
  }

  void it("R14 open + text, single_choice [Email], semi_open [Email] and semi_open [Email] + free_text keep the loop going", async () => {
    const cases: [Candidate, Record<string, unknown>, unknown][] = [
      [emailCandidate("open"), { user_text: "par email" }, undefined],
      [emailCandidate("single_choice"), { choice_labels: ["Email"] }, { choice_ids: ["c_email"] }],
      [emailCandidate("semi_open", { selection_mode: "single" }), { choice_labels: ["Email"] }, { choice_ids: ["c_email"] }],
      [
        emailCandidate("semi_open", { selection_mode: "multiple" }),
        { choice_labels: ["Email"], free_text: "le soir" },
        { choice_ids: ["c_email"], free_text: "le soir" },
      ],
    ];
    for (const [candidate, reply, structured] of cases) {
      const fake = new FakeRuntimeClient({ next: () => decisionWith([candidate]) });
      const h = await connect({ fake });
      try {
        await h.call("zelinqa_start", { conversation: C });
        const res = await h.call("zelinqa_next_question", { conversation: C, ...reply });
        assert.equal(res.isError, false, res.text);
        assert.ok(Array.isArray(res.structured?.questions) && typeof res.structured?.turn_count === "number");
        assert.equal(h.fake.count("next"), 2);
        assert.deepEqual(previousTurnOf(h.fake.callsOf("next")[1])?.structured_answer, structured);
      } finally {
        await h.close();
      }
    }
  });

  void it("R15 the zelinqa_next_question description and the guide mention person's words, asked_no_answer and refused", async () => {
    const h = await connect();
    try {
      const { tools } = await h.client.listTools();
      const description = tools.find((t) => t.name === "zelinqa_next_question")?.description ?? "";
      for (const text of [description, GUIDE]) {
        for (const phrase of ["person's words", "asked_no_answer", "refused"]) assert.ok(text.includes(phrase), phrase);
      }
    } finally {
      await h.close();
    }
  });

  void it("R16 while an answer is in flight, next_question and start on the same name give conversation_busy", async () => {
    const gate = deferred<NextResponse>();
    let nexts = 0;
    const fake = new FakeRuntimeClient({ next: () => (++nexts === 2 ? gate.promise : decisionNormale()) });
    const h = await connect({ fake });
    try {
      await h.call("zelinqa_start", { conversation: C });
      const inFlight = h.call("zelinqa_next_question", { conversation: C, user_text: "2000" });
      while (h.fake.count("next") < 2) await new Promise((r) => setTimeout(r, 5));
      const busy1 = await h.call("zelinqa_next_question", { conversation: C, user_text: "encore" });
      const busy2 = await h.call("zelinqa_start", { conversation: C });
      for (const res of [busy1, busy2]) assert.equal(res.text, "conversation_busy: wait for the current call; do not submit in parallel");
      gate.resolve(decisionNormale());
      assert.equal((await inFlight).isError, false);
      assert.equal(h.fake.count("next"), 2);
    } finally {
      await h.close();
    }
  });

  void it("a reply the host cancels while in flight leaves the conversation uncertain: refresh_required, not a second turn", async () => {
    const gate = deferred<NextResponse>();
    let nexts = 0;
    const fake = new FakeRuntimeClient({ next: () => (++nexts === 2 ? gate.promise : decisionNormale()) });
    const h = await connect({ fake });
    try {
      await h.call("zelinqa_start", { conversation: C });
      const cancel = new AbortController();
      const cancelled = h.client
        .callTool({ name: "zelinqa_next_question", arguments: { conversation: C, user_text: "2000" } }, undefined, {
          signal: cancel.signal,
        })
        .catch((error: unknown) => error);
      while (h.fake.count("next") < 2) await new Promise((r) => setTimeout(r, 5));
      cancel.abort();
      assert.ok((await cancelled) instanceof Error, "the host's call ends without an answer");
      // The API records the reply all the same: the host cannot know it, so it must reconcile first.
      gate.resolve(decisionNormale());
      await new Promise((r) => setTimeout(r, 20));
      const again = await h.call("zelinqa_next_question", { conversation: C, user_text: "2000" });
      assert.equal(again.text, "refresh_required: call zelinqa_status and reconcile before continuing");
      assert.equal(h.fake.count("next"), 2);
    } finally {
      await h.close();
    }
  });

  void it("R17 a first no_question_available stop: start shows the stop, a reply has no pending question, later calls return the cached stop; 1 next", async () => {
    const fake = new FakeRuntimeClient({ next: () => arretSansQuestion() });
    const h = await connect({ fake });
    try {
      const start = await h.call("zelinqa_start", { conversation: C });
      assert.equal(start.structured?.action, "stop");
      assert.equal(start.structured?.stop_reason, "no_question_available");
      assert.deepEqual(start.structured?.warnings, ["objective_achieved"]);
      const reply = await h.call("zelinqa_next_question", { conversation: C, user_text: "x" });
      assert.equal(reply.text, "invalid_request: No pending question. Call next() first.");
      assert.deepEqual((await h.call("zelinqa_start", { conversation: C })).structured, start.structured);
      assert.deepEqual((await h.call("zelinqa_next_question", { conversation: C })).structured, start.structured);
      assert.equal(h.fake.count("next"), 1);
    } finally {
      await h.close();
    }
  });

  void it("R18 a reply that reaches max_turns: the stop view, then no pending question, and the same stop; 2 nexts", async () => {
    let n = 0;
    const fake = new FakeRuntimeClient({ next: () => (++n === 1 ? decisionNormale() : decisionApresMaxTurns()) });
    const h = await connect({ fake });
    try {
      await h.call("zelinqa_start", { conversation: C });
      const stop = await h.call("zelinqa_next_question", { conversation: C, user_text: "2000" });
      assert.equal(stop.structured?.stop_reason, "max_turns_reached");
      assert.equal(stop.structured?.action, "stop");
      assert.deepEqual(stop.structured?.questions, []);
      assert.equal(stop.structured?.turns_remaining, 0);
      const reply = await h.call("zelinqa_next_question", { conversation: C, user_text: "plus" });
      assert.ok(reply.text.includes("No pending question"));
      assert.deepEqual((await h.call("zelinqa_start", { conversation: C })).structured, stop.structured);
      assert.deepEqual((await h.call("zelinqa_next_question", { conversation: C })).structured, stop.structured);
      assert.equal(h.fake.count("next"), 2);
    } finally {
      await h.close();
    }
  });

  void it("R19 resuming by environment an active/pending, completed or stopped session: questions only for the active one; second start equal; 1 getSession, no create, no next", async () => {
    const states = {
      active: pendingState(),
      completed: { ...sessionNeuve(), status: "completed" as const },
      stopped: { ...sessionNeuve(), status: "stopped" as const, turn_count: 10, turns_remaining: 0 },
    };
    for (const [status, state] of Object.entries(states)) {
      await withEnv({ ZELINQA_SESSION_ID: `ses_${status}`, ZELINQA_CONVERSATION: "resumed" }, async () => {
        const fake = new FakeRuntimeClient({ getSession: () => state });
        const h = await connect({ fake });
        try {
          const first = await h.call("zelinqa_start", { conversation: "resumed" });
          assert.equal(first.isError, false, first.text);
          assert.equal(first.structured?.status, status);
          assert.equal((first.structured?.questions as unknown[]).length > 0, status === "active", status);
          const second = await h.call("zelinqa_start", { conversation: "resumed" });
          assert.deepEqual(second.structured, first.structured);
          assert.deepEqual(h.fake.methods, ["getSession"]);
        } finally {
          await h.close();
        }
      });
    }
  });

  void it("R19 resuming an active session with nothing pending makes one next", async () => {
    await withEnv({ ZELINQA_SESSION_ID: "ses_idle", ZELINQA_CONVERSATION: undefined }, async () => {
      const fake = new FakeRuntimeClient({ getSession: () => sessionNeuve() });
      const h = await connect({ fake });
      try {
        const res = await h.call("zelinqa_start", { conversation: "conversation" });
        assert.equal(res.structured?.action, "ask");
        assert.deepEqual(h.fake.methods, ["getSession", "next"]);
      } finally {
        await h.close();
      }
    });
  });

  void it("R20 a failed first next: connection_error, then refresh_required, status succeeds and start returns the status view; 1 create, 1 next", async () => {
    const fake = new FakeRuntimeClient({
      next: () => {
        throw new ZelinqaConnectionError("unable to reach the Zelinqa API");
      },
    });
    const h = await connect({ fake });
    try {
      const failed = await h.call("zelinqa_start", { conversation: C });
      assert.equal(failed.isError, true);
      assert.equal(
        failed.text,
        "connection_error: the Zelinqa API could not be reached after retrying (unable to reach the Zelinqa API). Check network access to the configured API URL (ZELINQA_BASE_URL) and retry.",
      );
      assert.equal(failed.structured, undefined);
      assert.equal(failed.raw.content.length, 1);
      const again = await h.call("zelinqa_start", { conversation: C });
      assert.equal(again.text, "refresh_required: call zelinqa_status and reconcile before continuing");
      const status = await h.call("zelinqa_status", { conversation: C });
      assert.equal(status.isError, false, status.text);
      const start = await h.call("zelinqa_start", { conversation: C });
      assert.deepEqual(start.structured, status.structured);
      assert.equal(h.fake.count("createSession"), 1);
      assert.equal(h.fake.count("next"), 1);
    } finally {
      await h.close();
    }
  });

  void it("R21 invalid rank-2 replies are invalid_request and leave the question pending; a valid rank-2 label sends q_delai and choice_1m", async () => {
    const h = await connect();
    try {
      const first = await h.call("zelinqa_start", { conversation: C });
      const invalid: Record<string, unknown>[] = [
        { choice_labels: ["Bientôt"] },
        { choice_labels: [] },
        { choice_labels: ["Plus tard", "Plus tard"] },
        { free_text: "vite" },
        { assistant_text: "Quand ?" },
      ];
      for (const reply of invalid) {
        const res = await h.call("zelinqa_next_question", { conversation: C, candidate_rank: 2, ...reply });
        assert.equal(res.isError, true);
        assert.ok(res.text.startsWith("invalid_request: "), res.text);
      }
      assert.deepEqual((await h.call("zelinqa_next_question", { conversation: C })).structured, first.structured);
      const ok = await h.call("zelinqa_next_question", {
        conversation: C,
        candidate_rank: 2,
        choice_labels: ["Dans le mois"],
        assistant_text: "Pour quand le voulez-vous ?",
      });
      assert.equal(ok.isError, false, ok.text);
      assert.deepEqual(previousTurnOf(h.fake.callsOf("next")[1]), {
        decision_id: "dec_7f2a",
        question_id: "q_delai",
        assistant_text: "Pour quand le voulez-vous ?",
        structured_answer: { choice_ids: ["choice_1m"] },
      });
      assert.equal(h.fake.count("getSession"), 0);
    } finally {
      await h.close();
    }
  });

  void it("R22 while A's first next blocks, starting A is busy and starting B completes within 2 s", async () => {
    const gate = deferred<NextResponse>();
    const fake = new FakeRuntimeClient({
      createSession: (body) => ({ ...sessionNeuve(), session_id: `ses_${body?.client_reference}` }),
      next: (sessionId) => (sessionId === "ses_A" ? gate.promise : { ...decisionNormale(), session_id: sessionId }),
    });
    const h = await connect({ fake });
    try {
      const startA = h.call("zelinqa_start", { conversation: "A" });
      while (h.fake.count("next") < 1) await new Promise((r) => setTimeout(r, 5));
      const busy = await h.call("zelinqa_start", { conversation: "A" });
      assert.equal(busy.text, "conversation_busy: wait for the current call; do not submit in parallel");
      const started = Date.now();
      const b = await h.call("zelinqa_start", { conversation: "B" });
      assert.equal(b.isError, false, b.text);
      assert.ok(Date.now() - started < 2000);
      gate.resolve(decisionNormale());
      assert.equal((await startA).isError, false);
      assert.equal(h.fake.count("createSession"), 2);
      assert.equal(h.fake.count("next"), 2);
    } finally {
      await h.close();
    }
  });

  void it("passes on a response with missing fields as received: no output-validation error, with a key to scrub too", async () => {
    // A candidate without text, a choice without label, turn_count null: the API's responses are not validated.
    const candidate = {
      ...emailCandidate("single_choice"),
      choices: [{ choice_id: "c_email" }, { choice_id: "c_tel", label: "Téléphone" }],
    };
    delete (candidate as { text?: string }).text;
    const response = { ...decisionWith([candidate as Candidate]), turn_count: null } as unknown as NextResponse;
    const fake = new FakeRuntimeClient({ next: () => response });
    const environment = parseMcpEnvironment({ ZELINQA_API_KEY: "zk_live_scrub_me_123456" });
    const h = await connect({ fake, environment });
    try {
      const first = await h.call("zelinqa_start", { conversation: C });
      assert.equal(first.isError, false, first.text);
      const question = (first.structured?.questions as Record<string, unknown>[])[0]!;
      assert.equal("text" in question, false);
      assert.deepEqual(question.choices, ["", "Téléphone"]);
      assert.equal(first.structured?.turn_count, null);
      // The cached view serves the next call as well.
      const again = await h.call("zelinqa_next_question", { conversation: C });
      assert.equal(again.isError, false, again.text);
    } finally {
      await h.close();
    }
  });
});
