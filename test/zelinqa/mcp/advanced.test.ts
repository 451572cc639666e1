// Advanced mode over the in-memory MCP transport: docs/zelinqa-mcp.md §13.2 requirements R23–R40.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  AdvancedFeedbackOutputSchema,
  AdvancedNextOutputSchema,
  AdvancedSessionStateOutputSchema,
  type NextRequest,
} from "../../../src/zelinqa/contracts/index.js";
import { ZelinqaConnectionError, apiErrorFromResponse } from "../../../src/zelinqa/sdk/index.js";
import { ADVANCED_INSTRUCTIONS, createClientFactory, parseMcpEnvironment } from "../../../src/zelinqa/mcp/index.js";
import { VersionTracker } from "../../../src/zelinqa/mcp/advanced/version-tracker.js";
import {
  API_ERRORS,
  arretSansQuestion,
  decisionApresMaxTurns,
  decisionNormale,
  sessionNeuve,
  versions,
} from "../sdk/reference-payloads.js";
import { FakeRuntimeClient, connect, listedOutputSchema } from "./harness.js";

const ADVANCED_TOOLS: Record<string, { properties: string[]; required: string[] }> = {
  zelinqa_create_session: { properties: ["client_reference", "max_turns", "initial_history"], required: [] },
  zelinqa_resume_session: { properties: ["session_id"], required: ["session_id"] },
  zelinqa_next: {
    properties: ["session_id", "state_version", "previous_turn", "context_update", "client_updates", "selection"],
    required: ["session_id"],
  },
  zelinqa_apply_events: { properties: ["session_id", "state_version", "context_update", "client_updates"], required: ["session_id"] },
  zelinqa_get_session: { properties: ["session_id"], required: ["session_id"] },
  zelinqa_submit_feedback: { properties: ["session_id", "result", "label", "metadata"], required: ["session_id", "result"] },
};
const OUTPUT_SCHEMAS: Record<string, Parameters<typeof listedOutputSchema>[0]> = {
  zelinqa_create_session: AdvancedSessionStateOutputSchema,
  zelinqa_resume_session: AdvancedSessionStateOutputSchema,
  zelinqa_next: AdvancedNextOutputSchema,
  zelinqa_apply_events: AdvancedSessionStateOutputSchema,
  zelinqa_get_session: AdvancedSessionStateOutputSchema,
  zelinqa_submit_feedback: AdvancedFeedbackOutputSchema,
};
const S = "ses_01J8Z";
const bodyOf = (args: unknown[] | undefined) => args?.[1] as NextRequest;
const KEY = "zk_live_very_secret_key_0042";

async function withKey<T>(key: string | undefined, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.ZELINQA_API_KEY;
  if (key === undefined) delete process.env.ZELINQA_API_KEY;
  else process.env.ZELINQA_API_KEY = key;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.ZELINQA_API_KEY;
    else process.env.ZELINQA_API_KEY = saved;
  }
}

void describe("advanced mode (docs/zelinqa-mcp.md §13.2)", () => {
  void it("R23 lists exactly the six tools with their property and required sets, descriptions, object input schemas and each its contracts output schema", async () => {
    const h = await connect({ advanced: true });
    try {
      const { tools } = await h.client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(ADVANCED_TOOLS).sort());
      for (const tool of tools) {
        const expected = ADVANCED_TOOLS[tool.name]!;
        assert.ok((tool.description ?? "").length > 20);
        assert.equal(tool.inputSchema.type, "object");
        assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}).sort(), [...expected.properties].sort());
        assert.deepEqual([...(tool.inputSchema.required ?? [])].sort(), [...expected.required].sort());
        assert.deepEqual(tool.outputSchema, listedOutputSchema(OUTPUT_SCHEMAS[tool.name]!));
        assert.equal(tool.outputSchema?.type, "object");
        // JSON-clean: a round trip keeps every defined field (the in-memory transport keeps unset ones as undefined).
        const defined = Object.fromEntries(Object.entries(tool).filter(([, value]) => value !== undefined));
        assert.deepEqual(JSON.parse(JSON.stringify(tool)), defined);
      }
      const { tools: again } = await h.client.listTools();
      assert.deepEqual(again, tools);
    } finally {
      await h.close();
    }
  });

  void it("R24 announces zelinqa 1.0.1 with the advanced instructions and the docs/zelinqa-mcp.md §12.3 description substrings", async () => {
    const h = await connect({ advanced: true });
    try {
      assert.deepEqual(h.client.getServerVersion(), { name: "zelinqa", version: "1.0.1" });
      const instructions = h.client.getInstructions() ?? "";
      assert.equal(instructions, ADVANCED_INSTRUCTIONS);
      assert.ok(instructions.includes("zelinqa_create_session") && instructions.includes("previous_turn"));
      const { tools } = await h.client.listTools();
      const next = tools.find((t) => t.name === "zelinqa_next")?.description ?? "";
      for (const s of [
        "no `previous_turn`",
        "assistant_text",
        "user_text",
        "structured_answer",
        "max_turns_reached",
        "objective_achieved",
        'action: "stop"',
      ]) {
        assert.ok(next.includes(s), s);
      }
      const versionSchema = tools.find((t) => t.name === "zelinqa_next")?.inputSchema.properties?.state_version as { description?: string };
      assert.equal(versionSchema.description, "Optimistic concurrency version. Omit it to use the last version seen for this session.");
      assert.equal(await h.client.listPrompts().catch(() => null), null, "no prompt capability in advanced mode");
    } finally {
      await h.close();
    }
  });

  void it("R25 create_session returns the contract state with state_version 0 at top level and in versions, forwarding non-null fields", async () => {
    const h = await connect({ advanced: true });
    try {
      const res = await h.call("zelinqa_create_session", {
        client_reference: "crm-lead-8842",
        max_turns: null,
        initial_history: [{ role: "user", text: "Bonjour", message_id: null, structured_answer: null }],
      });
      assert.equal(res.isError, false, res.text);
      const s = res.structured ?? {};
      assert.equal(s.session_id, S);
      assert.equal(s.status, "active");
      assert.equal(s.max_turns, 10);
      assert.equal(s.turns_remaining, 10);
      assert.deepEqual(s.question_state, { outcomes: [] });
      assert.deepEqual(s.targets, {});
      assert.equal(s.pending_decision, null);
      assert.equal((s.progress as { objective: { effective_status: string } }).objective.effective_status, "not_started");
      assert.equal(s.request_id, "req_1001");
      assert.equal(s.state_version, 0);
      assert.equal((s.versions as { state_version: number }).state_version, 0);
      assert.deepEqual(h.fake.callsOf("createSession")[0], [
        { client_reference: "crm-lead-8842", initial_history: [{ role: "user", text: "Bonjour" }] },
      ]);
      await h.call("zelinqa_create_session", {});
      assert.deepEqual(h.fake.callsOf("createSession")[1], [{}]);
    } finally {
      await h.close();
    }
  });

  void it("R26 the first next sends state_version 0 without previous_turn and no getSession, and returns the full decision", async () => {
    const h = await connect({ advanced: true });
    try {
      await h.call("zelinqa_create_session", {});
      const res = await h.call("zelinqa_next", { session_id: S });
      assert.deepEqual(h.fake.callsOf("next")[0], [S, { state_version: 0 }]);
      assert.equal(h.fake.count("getSession"), 0);
      const s = res.structured ?? {};
      assert.equal(s.decision_id, "dec_7f2a");
      assert.equal(s.state_version, 4);
      const candidates = s.candidates as {
        question_id: string;
        type: string;
        choices: { choice_id: string }[];
        target_ids: string[];
        selection_mode: unknown;
      }[];
      assert.equal(candidates[1]?.question_id, "q_delai");
      assert.equal(candidates[1]?.type, "single_choice");
      assert.equal(candidates[1]?.choices[0]?.choice_id, "choice_1m");
      assert.deepEqual(candidates[0]?.target_ids, ["annual_budget"]);
      assert.equal(candidates[0]?.selection_mode, null, "omitted contract fields are emitted as null");
      assert.equal(s.turn_count, 2);
      assert.equal(s.turns_remaining, 8);
    } finally {
      await h.close();
    }
  });

  void it("R27 an unknown session's version is re-read first ([getSession, next] with 0); an explicit version is sent as given", async () => {
    const h = await connect({ advanced: true });
    try {
      await h.call("zelinqa_next", { session_id: "ses_other" });
      assert.deepEqual(h.fake.methods, ["getSession", "next"]);
      assert.equal(bodyOf(h.fake.callsOf("next")[0]).state_version, 4, "getSession's pending state carries 4");
      const h2 = await connect({ advanced: true, fake: new FakeRuntimeClient({ getSession: () => sessionNeuve() }) });
      try {
        await h2.call("zelinqa_next", { session_id: "ses_x" });
        assert.deepEqual(h2.fake.methods, ["getSession", "next"]);
        assert.equal(bodyOf(h2.fake.callsOf("next")[0]).state_version, 0);
        await h2.call("zelinqa_next", { session_id: "ses_y", state_version: 3 });
        assert.equal(bodyOf(h2.fake.callsOf("next")[1]).state_version, 3);
        assert.equal(h2.fake.count("getSession"), 1);
      } finally {
        await h2.close();
      }
    } finally {
      await h.close();
    }
  });

  void it("R27 a state without versions.state_version gives unknown_state_version", async () => {
    const fake = new FakeRuntimeClient({
      getSession: () => ({ ...sessionNeuve(), versions: { ...versions(0), state_version: true as unknown as number } }),
    });
    const h = await connect({ advanced: true, fake });
    try {
      const res = await h.call("zelinqa_next", { session_id: "ses_v" });
      assert.equal(
        res.text,
        "unknown_state_version: the session state carried no versions.state_version; call zelinqa_get_session and pass state_version explicitly",
      );
      assert.equal(h.fake.count("next"), 0);
    } finally {
      await h.close();
    }
  });

  void it("R28 previous_turn, structured_answer and selection are forwarded exactly; warnings and degraded reach the host verbatim", async () => {
    const fake = new FakeRuntimeClient({
      next: () => ({
        ...decisionNormale(),
        warnings: ["constraints_relaxed", "future_warning" as never],
        degraded: true,
        degraded_reasons: ["missing_user_text"],
      }),
    });
    const h = await connect({ advanced: true, fake });
    try {
      const previous_turn = {
        decision_id: "dec_7f2a",
        question_id: "q_delai",
        assistant_text: "Pour quand ?",
        user_text: "Dans le mois",
        structured_answer: { choice_ids: ["choice_1m"] },
      };
      const selection = {
        candidate_count: 2,
        allowed_question_types: ["open", "single_choice"],
        dimensions: { ids: ["so_budget"], mode: "prefer" },
      };
      const res = await h.call("zelinqa_next", { session_id: S, state_version: 4, previous_turn, selection, context_update: null });
      assert.deepEqual(bodyOf(h.fake.callsOf("next")[0]), { state_version: 4, previous_turn, selection });
      assert.deepEqual(res.structured?.warnings, ["constraints_relaxed", "future_warning"]);
      assert.equal(res.structured?.degraded, true);
      assert.deepEqual(res.structured?.degraded_reasons, ["missing_user_text"]);
    } finally {
      await h.close();
    }
  });

  void it("docs/zelinqa-mcp.md §3.2 future strings, extra fields and missing fields still satisfy the output schema and reach the host as received", async () => {
    const odd = {
      ...decisionNormale(),
      action: "pause",
      stop_reason: "future_reason",
      extra: { x: 1 },
      candidates: [{ rank: 1, text: "Q ?" }],
    };
    const fake = new FakeRuntimeClient({ next: () => odd as never });
    const h = await connect({ advanced: true, fake });
    try {
      const res = await h.call("zelinqa_next", { session_id: S, state_version: 4 });
      assert.equal(res.isError, false, res.text);
      assert.equal(res.structured?.action, "pause");
      assert.equal(res.structured?.stop_reason, "future_reason");
      assert.deepEqual(res.structured?.extra, { x: 1 });
      assert.deepEqual(res.structured?.candidates, [{ rank: 1, text: "Q ?", selection_mode: null }]);
    } finally {
      await h.close();
    }
  });

  void it("R29 the max_turns stop and the no_question_available stop reach the host as received", async () => {
    let n = 0;
    const fake = new FakeRuntimeClient({ next: () => (++n === 1 ? decisionApresMaxTurns() : arretSansQuestion()) });
    const h = await connect({ advanced: true, fake });
    try {
      const stop = (await h.call("zelinqa_next", { session_id: S, state_version: 20 })).structured ?? {};
      assert.equal(stop.action, "stop");
      assert.equal(stop.stop_reason, "max_turns_reached");
      assert.equal(stop.decision_id, null);
      assert.deepEqual(stop.candidates, []);
      assert.equal(stop.turns_remaining, 0);
      assert.deepEqual(stop.warnings, []);
      assert.equal(stop.state_version, 21);
      const done = (await h.call("zelinqa_next", { session_id: S })).structured ?? {};
      assert.equal(bodyOf(h.fake.callsOf("next")[1]).state_version, 21);
      assert.deepEqual(done.warnings, ["objective_achieved"]);
      const dims = (done.progress as { dimensions: { id: string; client_override: unknown; effective_status: string }[] }).dimensions;
      const livraison = dims.find((d) => d.id === "so_livraison");
      assert.deepEqual(livraison?.client_override, { status: "excluded", updated_at: "2026-09-01T09:31:00Z" });
      assert.equal(livraison?.effective_status, "excluded");
    } finally {
      await h.close();
    }
  });

  void it("R30 apply_events after next reuses version 4 and writes the data operation; the result has state_version 5; a summary passes through", async () => {
    const h = await connect({ advanced: true });
    try {
      await h.call("zelinqa_create_session", {});
      await h.call("zelinqa_next", { session_id: S });
      const res = await h.call("zelinqa_apply_events", { session_id: S, client_updates: { data: [{ id: "annual_budget", value: 2500 }] } });
      assert.deepEqual(bodyOf(h.fake.callsOf("applyEvents")[0]), {
        state_version: 4,
        client_updates: { data: [{ id: "annual_budget", operation: "set", value: 2500 }] },
      });
      assert.equal(res.structured?.state_version, 5);
      assert.equal(h.fake.count("getSession"), 0);
      await h.call("zelinqa_apply_events", { session_id: S, context_update: { mode: "summary", text: "Le client a un chat." } });
      assert.deepEqual(bodyOf(h.fake.callsOf("applyEvents")[1]), {
        state_version: 5,
        context_update: { mode: "summary", text: "Le client a un chat." },
      });
    } finally {
      await h.close();
    }
  });

  void it("R31 apply_events with neither update is refused with no call and no client built", async () => {
    const h = await connect({ advanced: true });
    try {
      const res = await h.call("zelinqa_apply_events", { session_id: S, context_update: null });
      assert.equal(res.isError, true);
      assert.equal(res.text, "invalid_request: zelinqa_apply_events needs context_update or client_updates");
      assert.equal(h.fake.calls.length, 0);
      assert.equal(h.builds(), 0);
    } finally {
      await h.close();
    }
  });

  void it("R32 context-update, data, dimension, objective, message and feedback rules are validation errors with zero calls", async () => {
    const h = await connect({ advanced: true });
    try {
      const cases: [string, Record<string, unknown>, string][] = [
        ["zelinqa_next", { context_update: { mode: "summary" } }, 'context_update with mode="summary" needs text'],
        [
          "zelinqa_next",
          { context_update: { mode: "summary", text: "x", messages: [{ role: "user", text: "y" }] } },
          'context_update with mode="summary" must not carry messages',
        ],
        ["zelinqa_next", { context_update: { mode: "messages" } }, 'context_update with mode="messages" needs messages'],
        [
          "zelinqa_next",
          { context_update: { mode: "messages", text: "x", messages: [{ role: "user", text: "y" }] } },
          'context_update with mode="messages" must not carry text',
        ],
        ["zelinqa_apply_events", { context_update: { mode: "summary", text: null } }, 'context_update with mode="summary" needs text'],
        ["zelinqa_apply_events", { client_updates: { data: [{ id: "x", operation: "set" }] } }, "needs a value"],
        [
          "zelinqa_apply_events",
          { client_updates: { data: [{ id: "x", operation: "unset", value: 1 }] } },
          'a data update with operation="unset" takes no value',
        ],
        [
          "zelinqa_apply_events",
          { client_updates: { dimensions: [{ id: "d", operation: "set" }] } },
          'a dimension update with operation="set" needs a status',
        ],
        [
          "zelinqa_apply_events",
          { client_updates: { dimensions: [{ id: "d", operation: "exclude", status: "achieved" }] } },
          'a dimension update with operation="exclude" takes no status',
        ],
        [
          "zelinqa_apply_events",
          { client_updates: { objective: { operation: "set" } } },
          'an objective update with operation="set" needs a status',
        ],
        [
          "zelinqa_apply_events",
          { client_updates: { objective: { operation: "clear", status: "achieved" } } },
          'an objective update with operation="clear" takes no status',
        ],
        ["zelinqa_apply_events", { client_updates: {} }, "client_updates must carry data, dimensions or objective"],
        ["zelinqa_next", { previous_turn: { user_text: null } }, "previous_turn must carry at least one field"],
        [
          "zelinqa_next",
          { context_update: { mode: "messages", messages: [{ role: "user" }] } },
          "a message needs text or structured_answer",
        ],
        [
          "zelinqa_next",
          { context_update: { mode: "messages", messages: [{ role: "user", structured_answer: { choice_ids: ["c"] } }] } },
          "a message carrying structured_answer also needs question_id",
        ],
        ["zelinqa_next", { previous_turn: { user_text: "x", extra: 1 } }, "validation error"],
        ["zelinqa_submit_feedback", { result: "great" }, "result"],
      ];
      for (const [tool, args, message] of cases) {
        const res = await h.call(tool, { session_id: S, ...args });
        assert.equal(res.isError, true, `${tool} ${JSON.stringify(args)}`);
        assert.ok(res.text.includes("validation error"), res.text);
        assert.ok(res.text.includes(message), `${res.text} should contain ${message}`);
      }
      const history = await h.call("zelinqa_create_session", { initial_history: [{ role: "user" }] });
      assert.ok(history.text.includes("an initial history item needs text or structured_answer"), history.text);
      assert.equal(h.fake.calls.length, 0);
    } finally {
      await h.close();
    }
  });

  void it("R33 get_session and resume_session return the state with state_version 0 and no pending decision", async () => {
    const fake = new FakeRuntimeClient({ getSession: () => sessionNeuve() });
    const h = await connect({ advanced: true, fake });
    try {
      for (const tool of ["zelinqa_get_session", "zelinqa_resume_session"]) {
        const res = await h.call(tool, { session_id: S });
        assert.equal(res.structured?.state_version, 0);
        assert.equal(res.structured?.pending_decision, null);
        assert.equal(res.structured?.session_id, S);
      }
      assert.deepEqual(h.fake.callsOf("getSession"), [[S], [S]]);
    } finally {
      await h.close();
    }
  });

  void it("R34 submit_feedback forwards result, label and metadata and returns the receipt without state_version", async () => {
    const h = await connect({ advanced: true });
    try {
      const res = await h.call("zelinqa_submit_feedback", {
        session_id: S,
        result: "success",
        label: "achat",
        metadata: { order_id: "SDK-1", amount: 2500, vip: true, note: null },
      });
      assert.deepEqual(h.fake.callsOf("submitFeedback")[0], [
        S,
        { result: "success", label: "achat", metadata: { order_id: "SDK-1", amount: 2500, vip: true, note: null } },
      ]);
      assert.deepEqual(res.structured, {
        request_id: "req_5f31",
        session_id: S,
        feedback_id: "fbk_02K1",
        recorded_at: "2026-09-01T09:14:22Z",
      });
      await h.call("zelinqa_submit_feedback", { session_id: S, result: "partial", label: null, metadata: null });
      assert.deepEqual(h.fake.callsOf("submitFeedback")[1], [S, { result: "partial" }]);
    } finally {
      await h.close();
    }
  });

  void it("R35 a state_version_conflict gives the readable text with hint and details; the next call without version re-reads", async () => {
    let n = 0;
    const fake = new FakeRuntimeClient({
      next: () => {
        if (++n === 1) throw apiErrorFromResponse(409, API_ERRORS.state_version_conflict.body);
        return decisionNormale();
      },
      getSession: () => ({ ...sessionNeuve(), versions: versions(8) }),
    });
    const h = await connect({ advanced: true, fake });
    try {
      await h.call("zelinqa_create_session", {});
      const res = await h.call("zelinqa_next", { session_id: S });
      assert.equal(res.isError, true);
      assert.equal(
        res.text,
        'state_version_conflict: La session a été modifiée depuis votre dernière lecture. (request_id=req_9003) — call zelinqa_get_session then retry — {"current_state_version":8,"supplied_state_version":7}',
      );
      assert.equal(h.fake.count("next"), 1);
      await h.call("zelinqa_next", { session_id: S });
      assert.deepEqual(h.fake.methods, ["createSession", "next", "getSession", "next"]);
      assert.deepEqual(
        h.fake.callsOf("next").map((a) => bodyOf(a).state_version),
        [0, 8],
      );
    } finally {
      await h.close();
    }
  });

  void it("R36 a 401 and an envelope-less 403 are unauthorized (HTTP n) with the key advice; the default factory without a key says check ZELINQA_API_KEY", async () => {
    for (const [status, body] of [
      [401, API_ERRORS.gateway_401.body],
      [403, API_ERRORS.gateway_403.body],
    ] as const) {
      const fake = new FakeRuntimeClient({
        getSession: () => {
          throw apiErrorFromResponse(status, body, { "X-Request-Id": "req_gw" });
        },
      });
      const h = await connect({ advanced: true, fake });
      try {
        const res = await h.call("zelinqa_get_session", { session_id: S });
        assert.equal(
          res.text,
          `unauthorized (HTTP ${status}): the Zelinqa API key is missing, invalid, revoked, expired, or does not carry the \`runtime\` scope (check ZELINQA_API_KEY) (request_id=req_gw)`,
        );
        for (const s of ["missing, invalid, revoked, expired", "does not carry the `runtime` scope", "check ZELINQA_API_KEY"])
          assert.ok(res.text.includes(s));
      } finally {
        await h.close();
      }
    }
    await withKey(undefined, async () => {
      const h = await connect({ advanced: true, clientFactory: createClientFactory(parseMcpEnvironment(process.env).client) });
      try {
        const res = await h.call("zelinqa_get_session", { session_id: S });
        assert.equal(res.isError, true);
        assert.equal(
          res.text,
          "unauthorized: the Zelinqa API key is missing, invalid, revoked, expired, or does not carry the `runtime` scope (check ZELINQA_API_KEY)",
        );
      } finally {
        await h.close();
      }
    });
  });

  void it("R37 insufficient_scope lists both scope arrays, invalid_previous_turn keeps candidate_question_ids, unknown_session is readable", async () => {
    const errors = [API_ERRORS.insufficient_scope, API_ERRORS.invalid_previous_turn, API_ERRORS.unknown_session];
    let i = 0;
    const fake = new FakeRuntimeClient({
      next: () => {
        const e = errors[i++]!;
        throw apiErrorFromResponse(e.status, e.body);
      },
    });
    const h = await connect({ advanced: true, fake });
    try {
      const scope = await h.call("zelinqa_next", { session_id: S, state_version: 1 });
      assert.ok(
        scope.text.includes('"required_scopes":["runtime"]') && scope.text.includes('"granted_scopes":["configuration:read"]'),
        scope.text,
      );
      assert.ok(scope.text.startsWith("insufficient_scope: Cette cl\u00e9 ne permet pas cette op\u00e9ration. (request_id=req_9001) — {"));
      const turn = await h.call("zelinqa_next", { session_id: S, state_version: 1 });
      assert.ok(turn.text.includes('"candidate_question_ids":["q_style","q_budget"]'), turn.text);
      const unknown = await h.call("zelinqa_next", { session_id: S, state_version: 1 });
      assert.ok(unknown.text.includes("unknown_session: La session demandée est inconnue. (request_id=req_9007)"), unknown.text);
      assert.ok(unknown.text.endsWith(' — {"session_id":"ses_inconnue"}'));
    } finally {
      await h.close();
    }
  });

  void it("R38 a connection failure names connection_error, the original error text and ZELINQA_BASE_URL, never api.zelinqa.ai", async () => {
    const fake = new FakeRuntimeClient({
      getSession: () => {
        throw new ZelinqaConnectionError("connect ECONNREFUSED 10.0.0.1:443");
      },
    });
    const h = await connect({ advanced: true, fake });
    try {
      const res = await h.call("zelinqa_get_session", { session_id: S });
      assert.ok(res.text.startsWith("connection_error: "));
      assert.ok(res.text.includes("connect ECONNREFUSED 10.0.0.1:443"));
      assert.ok(res.text.includes("ZELINQA_BASE_URL"));
      assert.ok(!res.text.includes("api.zelinqa.ai"));
    } finally {
      await h.close();
    }
  });

  void it("R39 the API key never reaches a result: echoed references, error messages and details are redacted; listings never contain it", async () => {
    await withKey(KEY, async () => {
      let fail = false;
      const fake = new FakeRuntimeClient({
        createSession: (body) => ({ ...sessionNeuve(), client_reference: body?.client_reference ?? null }),
        getSession: () => {
          if (!fail) return sessionNeuve();
          throw apiErrorFromResponse(422, {
            code: "invalid_choice",
            message: `bad key ${KEY} here`,
            request_id: "req_k",
            details: { echoed: KEY, nested: [`x${KEY}y`] },
          });
        },
      });
      const h = await connect({ advanced: true, fake });
      try {
        const created = await h.call("zelinqa_create_session", { client_reference: KEY });
        assert.equal(created.structured?.client_reference, "[redacted]");
        assert.ok(!created.text.includes(KEY));
        fail = true;
        const err = await h.call("zelinqa_get_session", { session_id: S });
        assert.ok(!err.text.includes(KEY), err.text);
        assert.ok(err.text.includes("bad key [redacted] here"));
        assert.ok(err.text.includes('"echoed":"[redacted]"') && err.text.includes('"x[redacted]y"'));
        const listing = JSON.stringify([await h.client.listTools(), h.client.getInstructions()]);
        assert.ok(!listing.includes(KEY));
      } finally {
        await h.close();
      }
      const b = await connect({
        fake: new FakeRuntimeClient({
          next: () => ({
            ...decisionNormale(),
            candidates: [
              {
                ...decisionNormale().candidates[1]!,
                rank: 1,
                text: `Votre clé ${KEY} ?`,
                choices: [
                  { choice_id: "c", label: KEY },
                  { choice_id: "d", label: "non" },
                ],
              },
            ],
          }),
        }),
      });
      try {
        const view = await b.call("zelinqa_start", { conversation: "k" });
        assert.ok(!view.text.includes(KEY));
        assert.deepEqual((view.structured?.questions as { text: string; choices: string[] }[])[0], {
          rank: 1,
          text: "Votre clé [redacted] ?",
          type: "single_choice",
          selection_mode: null,
          choices: ["[redacted]", "non"],
        });
        const listing = JSON.stringify([
          await b.client.listTools(),
          await b.client.listPrompts(),
          await b.client.listResources(),
          b.client.getInstructions(),
        ]);
        assert.ok(!listing.includes(KEY));
      } finally {
        await b.close();
      }
    });
  });

  void it("R40 the client is built on demand only: not by listing, once for two calls (even concurrent), and closed at shutdown", async () => {
    const h = await connect({ advanced: true });
    await h.client.listTools();
    assert.equal(h.builds(), 0);
    await Promise.all([h.call("zelinqa_get_session", { session_id: S }), h.call("zelinqa_get_session", { session_id: "ses_2" })]);
    await h.call("zelinqa_create_session", {});
    assert.equal(h.builds(), 1);
    assert.equal(h.fake.closed, 0);
    await h.close();
    assert.equal(h.fake.closed, 1);
  });

  void it("R40 a failed construction is not cached", async () => {
    let attempts = 0;
    const fake = new FakeRuntimeClient();
    const h = await connect({
      advanced: true,
      clientFactory: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError("timeout must be greater than zero");
        return fake;
      },
    });
    try {
      const first = await h.call("zelinqa_get_session", { session_id: S });
      assert.equal(first.text, "invalid_request: timeout must be greater than zero");
      const second = await h.call("zelinqa_get_session", { session_id: S });
      assert.equal(second.isError, false, second.text);
      assert.equal(attempts, 2);
    } finally {
      await h.close();
    }
  });
});

void describe("state_version tracking (docs/zelinqa-mcp.md §6.4)", () => {
  void it("keeps at most 128 sessions and evicts the oldest inserted; ignores boolean versions", () => {
    const tracker = new VersionTracker();
    for (let i = 0; i < 129; i += 1) tracker.observe({ session_id: `s${i}`, versions: { state_version: i } });
    assert.equal(tracker.size, 128);
    assert.equal(tracker.get("s0"), undefined);
    assert.equal(tracker.get("s1"), 1);
    tracker.observe({ session_id: "s1", versions: { state_version: 9 } });
    tracker.observe({ session_id: "s200", versions: { state_version: 0 } });
    assert.equal(tracker.get("s1"), undefined, "updating does not refresh the insertion order");
    tracker.observe({ session_id: "s2", versions: { state_version: true } });
    assert.equal(tracker.get("s2"), 2);
  });
});
