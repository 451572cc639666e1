// Resumption: every ZINO service (and the guide) killed with SIGKILL mid-conversation; started again, the next
// turn continues the same API session at its pending question (exc injects ZELINQA_SESSION_ID and
// ZELINQA_CONVERSATION from ctx into the new zelinqa-mcp process).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import { fakeInterviewer } from "../support/fake-interviewer.js";
import type { TempInstance } from "../../harness/zino-processes.js";
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

function killService(name: string): void {
  const pid = Number(readFileSync(join(instance.runtimeDir, `${name}.pid`), "utf8").trim());
  process.kill(pid, "SIGKILL");
}

void it("GUIDE-RESTART-1 after kill -9 of every ZINO service mid-conversation, the next turn continues the same API session at its pending question", async () => {
  const first = spawnGuide(instance, ["--ctx", "erin", "--agent"]);
  const asked = await converse(first, { questionOf: agentQuestion, maxAnswers: 3 });
  assert.equal(asked.length, 3);
  const pendingText = agentQuestion(first.stdout());
  const before = await apiSession(instance, "erin");
  assert.equal(before.state.turn_count, 3);
  assert.equal(before.state.pending_decision?.candidates[0]?.text, pendingText);

  for (const name of ["daemon", "exc", "rtr", "ctx"]) killService(name);
  first.child.kill("SIGKILL");
  await first.exited;

  const requestsBefore = provider.chatRequests().length;
  const second = spawnGuide(instance, ["--ctx", "erin", "--agent"]);
  const resumed = await converse(second, { questionOf: agentQuestion, maxAnswers: 1 });
  assert.equal(resumed.length, 1);
  assert.match(second.stdout(), /resumed/);
  // The first question after the restart is the pending one, asked again (not a new conversation's first question).
  assert.equal(resumed[0], pendingText);
  const resumeRequest = provider.chatRequests()[requestsBefore];
  assert.match(resumeRequest?.rawBody ?? "", /I am back/);

  const rest = await converse(second, { questionOf: agentQuestion });
  assert.equal((await second.exited).code, 0, second.stderr());
  const afterRestart = await apiSession(instance, "erin");
  assert.equal(afterRestart.sessionId, before.sessionId);
  assert.equal(afterRestart.state.turn_count, 3 + resumed.length + rest.length);
  assert.ok(
    afterRestart.state.question_state.outcomes.some((o) => o.question_id === before.state.pending_decision?.candidates[0]?.question_id),
  );
  assert.equal(afterRestart.state.progress.objective.effective_status, "covered");
});
