// `zino guide` with a model: the (fake) model conducts the conversation with the tools exc lists for zelinqa-mcp,
// through daemon → rtr → exc → zelinqa-mcp → the local Zelinqa API, until the objective is achieved.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import { WRAP_UP, fakeInterviewer } from "../support/fake-interviewer.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";
import { agentQuestion, apiSession, cleanupGuide, converse, guideInstance, spawnGuide } from "../support/zino-guide.js";

let provider: FakeProvider;
let instance: TempInstance;

before(async () => {
  provider = await startFakeProvider({ defaultReply: fakeInterviewer });
  instance = guideInstance(provider.url);
});

after(async () => {
  await cleanupGuide(instance);
  await provider.close();
});

void it("GUIDE-AGENT-1 the agent conducts a complete conversation through zelinqa-mcp until the objective is achieved, and the model never receives a session id, decision id or key", async () => {
  const cli = spawnGuide(instance, ["--ctx", "alice", "--agent"]);
  const asked = await converse(cli, { questionOf: agentQuestion });
  const { code } = await cli.exited;
  assert.equal(code, 0, cli.stderr());
  assert.ok(asked.length >= 4, `questions asked: ${asked.join(" / ")}`);
  assert.match(cli.stdout(), new RegExp(WRAP_UP));
  assert.match(cli.stdout(), /Stopped: objective achieved/);

  const { state, runtimeKey, sessionId } = await apiSession(instance, "alice");
  assert.equal(state.progress.objective.effective_status, "covered");
  assert.equal(state.client_reference, "alice");
  assert.equal(state.turn_count, asked.length);

  const chats = provider.chatRequests();
  const toolNames = new Set<string>();
  for (const request of chats) {
    const body = request.body as {
      messages: { tool_calls?: { function: { name: string } }[] }[];
      tools?: { function: { name: string } }[];
    };
    for (const m of body.messages) for (const c of m.tool_calls ?? []) toolNames.add(c.function.name);
    const offered = (body.tools ?? []).map((t) => t.function.name);
    assert.ok(offered.includes("mcp__zelinqa__zelinqa_next_question"), `tools offered: ${offered.join(", ")}`);
  }
  for (const name of ["mcp__zelinqa__zelinqa_start", "mcp__zelinqa__zelinqa_next_question", "mcp__zelinqa__zelinqa_feedback"]) {
    assert.ok(toolNames.has(name), `${name} was called`);
  }
  const decisionIds = state.question_state.outcomes.map((o) => o.decision_id).filter((id): id is string => id !== null);
  assert.ok(decisionIds.length > 0);
  for (const request of chats) {
    for (const secret of [sessionId, runtimeKey, ...decisionIds]) {
      assert.ok(!request.rawBody.includes(secret), `request ${request.index} contains ${secret.slice(0, 8)}…`);
    }
    assert.doesNotMatch(request.rawBody, /\b(ses|dec)_[A-Za-z0-9]{8,}/);
    assert.doesNotMatch(request.rawBody, /nbq_live_/);
  }
});

void it("GUIDE-AGENT-2 /help and /quit at the agent's prompt are the guide's own: help in words, a pause with exit 0, neither sent to the model", async () => {
  const earlier = provider.chatRequests().length;
  const r = await runZinoCli(["guide", "--ctx", "bob", "--agent"], {
    instance,
    input: "/help\n/quit\nline after quit\n",
    env: { ZELINQA_LOG_LEVEL: "warn" },
    timeoutMs: 180_000,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /> \/help\nAnswer the agent in your own words; \/quit or Ctrl-C pauses/);
  assert.match(r.stdout, /> \/quit\n\nPaused\. Run the same command again to continue at the pending question\.\n/);
  const requests = provider.chatRequests().slice(earlier);
  assert.ok(requests.length > 0, "the agent asked its first question");
  for (const request of requests) {
    assert.doesNotMatch(
      request.rawBody,
      /\/help|\/quit|line after quit/,
      `request ${request.index} carries a line typed after /quit or a command`,
    );
  }
  assert.equal((await apiSession(instance, "bob")).state.turn_count, 0);
});
