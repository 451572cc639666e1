// Two terminals on one guided conversation (real processes, piped stdio): `npm start` run again in a second terminal
// resumes the same ctxkey's session, and an answer there moves the conversation on. The first terminal's next answer
// is then refused by the API (state_version_conflict); the guide says so in words, shows the conversation's current
// question and goes on from there instead of refusing every later answer.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { apiSession, cleanupGuide, guideInstance, spawnGuide } from "../support/zino-guide.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";

const WAIT_MS = 180_000;

let instance: TempInstance;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await cleanupGuide(instance);
});

void it("GUIDE-CONCURRENT-1 an answer given meanwhile in another terminal is named, and the guide goes on at the conversation's current question", async () => {
  const first = spawnGuide(instance, ["--direct"]);
  await first.waitForStdout(/Quel meuble cherchez-vous \?[\s\S]*> $/, WAIT_MS);

  const second = await runZinoCli(["guide", "--direct"], {
    instance,
    input: "1\n",
    env: { ZELINQA_LOG_LEVEL: "warn" },
    timeoutMs: WAIT_MS,
  });
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /turn 1, 9 left/);

  const before = first.stdout().length;
  first.child.stdin?.write("2\n");
  await first.waitForStdout(/moved on meanwhile[\s\S]*Pour quelles pièces \?[\s\S]*> $/, WAIT_MS);
  const shown = first.stdout().slice(before);
  assert.match(shown, /Not recorded: this conversation moved on meanwhile \(answered in another terminal or by another client\)/m);
  assert.doesNotMatch(shown, /Quel meuble cherchez-vous/, "the question answered elsewhere is not asked again");
  assert.equal((await apiSession(instance, "guide")).state.turn_count, 1);

  first.child.stdin?.write("1\n");
  await first.waitForStdout(/turn 2, 8 left/, WAIT_MS);
  first.child.stdin?.end();
  const exit = await first.exited;
  assert.equal(exit.code, 0, first.stderr());
  assert.equal((await apiSession(instance, "guide")).state.turn_count, 2);
  assert.doesNotMatch(first.stderr(), /unexpected failure|\n\s+at /);
});
