// Host duties of ZINO for Zelinqa conversations: known CRM facts applied with zelinqa_adjust instead of asked, and
// two ctxkeys conducting two conversations at once in separate zelinqa-mcp processes and separate API sessions.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import { fakeInterviewer } from "../support/fake-interviewer.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";
import { FURNITURE_ANSWERS, agentQuestion, apiSession, cleanupGuide, converse, guideInstance, spawnGuide } from "../support/zino-guide.js";

let provider: FakeProvider;
let instance: TempInstance;

before(async () => {
  provider = await startFakeProvider({ defaultReply: fakeInterviewer });
  instance = guideInstance(provider.url);
  const up = await runZinoCli(["up", "--detach"], { instance });
  assert.equal(up.code, 0, up.stderr);
});

after(async () => {
  await cleanupGuide(instance);
  await provider.close();
});

/** zelinqa-mcp processes running now, by the conversation they serve (read from their environment). */
function zelinqaMcpProcesses(): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("zelinqa/mcp/main")) continue;
      const env = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      const conversation = env.find((v) => v.startsWith("ZELINQA_CONVERSATION="))?.slice("ZELINQA_CONVERSATION=".length);
      if (conversation) found.set(conversation, Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** `zelinqa serve` processes on this instance's SQLite file. */
function apiServers(dir: string): number {
  let count = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes("serve") && cmdline.includes(`${dir}/zelinqa.sqlite`)) count += 1;
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

void it("GUIDE-MULTI-1 two ctxkeys started at once on a new instance run two conversations without mixing: separate zelinqa-mcp processes and API sessions", async () => {
  const carolAnswers = {
    ...FURNITURE_ANSWERS,
    "Quel meuble cherchez-vous ?": "Un lit",
    "Combien de personnes doivent pouvoir s'y installer ?": "2",
  };
  const carol = spawnGuide(instance, ["--ctx", "carol", "--agent"]);
  const dave = spawnGuide(instance, ["--ctx", "dave", "--agent"]);
  const [carolStarted, daveStarted] = await Promise.all([
    converse(carol, { questionOf: agentQuestion, answers: carolAnswers, maxAnswers: 2 }),
    converse(dave, { questionOf: agentQuestion, maxAnswers: 2 }),
  ]);
  assert.equal(carolStarted.length + daveStarted.length, 4);
  const processes = zelinqaMcpProcesses();
  assert.ok(processes.has("carol") && processes.has("dave"), `zelinqa-mcp processes: ${[...processes.keys()].join(", ")}`);
  assert.notEqual(processes.get("carol"), processes.get("dave"));
  assert.equal(apiServers(instance.dir), 1, "both guides share one local API");

  await Promise.all([converse(carol, { questionOf: agentQuestion, answers: carolAnswers }), converse(dave, { questionOf: agentQuestion })]);
  assert.equal((await carol.exited).code, 0, carol.stderr());
  assert.equal((await dave.exited).code, 0, dave.stderr());
  const c = await apiSession(instance, "carol");
  const d = await apiSession(instance, "dave");
  assert.notEqual(c.sessionId, d.sessionId);
  assert.equal(c.state.client_reference, "carol");
  assert.equal(d.state.client_reference, "dave");
  assert.equal(c.state.targets.fur_piece?.value, "lit");
  assert.equal(c.state.targets.fur_seats?.value, 2);
  assert.equal(d.state.targets.fur_piece?.value, "canape");
  assert.equal(d.state.targets.fur_seats?.value, 4);
});

void it("GUIDE-CRM-1 a known budget stored with `zino ctx crm` is applied with zelinqa_adjust and the budget question is not asked", async () => {
  const set = await runZinoCli(["ctx", "crm", "bob", "fur_budget=1500"], { instance });
  assert.equal(set.code, 0, set.stderr);
  const cli = spawnGuide(instance, ["--ctx", "bob", "--agent"]);
  const asked = await converse(cli, { questionOf: agentQuestion });
  assert.equal((await cli.exited).code, 0, cli.stderr());
  assert.ok(!asked.includes("Quel budget envisagez-vous ?"), `asked: ${asked.join(" / ")}`);
  assert.match(cli.stdout(), /Budget \(euros\): 1500/);

  const adjust = provider
    .chatRequests()
    .flatMap((r) => (r.body as { messages: { tool_calls?: { function: { name: string; arguments: string } }[] }[] }).messages)
    .flatMap((m) => m.tool_calls ?? [])
    .find((c) => c.function.name === "mcp__zelinqa__zelinqa_adjust");
  assert.ok(adjust, "zelinqa_adjust was called");
  assert.deepEqual(JSON.parse(adjust.function.arguments), {
    conversation: "bob",
    data: [{ id: "fur_budget", operation: "set", value: 1500 }],
  });
  const { state } = await apiSession(instance, "bob");
  assert.equal(state.targets.fur_budget?.value, 1500);
  assert.ok(!state.question_state.outcomes.some((o) => o.question_id === "fur_q_budget"));
});
