// `zino guide` chooses its mode: a model endpoint that answers but fails the first turn (e.g. the model is not
// installed) leaves the person in direct mode instead of stopping.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import { cleanupGuide, guideInstance, spawnGuide } from "../support/zino-guide.js";
import { runZinoCli, type RunningCli, type TempInstance } from "../../harness/zino-processes.js";

let provider: FakeProvider;
let instance: TempInstance;

before(async () => {
  provider = await startFakeProvider({ defaultReply: () => ({ status: 404, errorBody: { error: { message: "model not found" } } }) });
  instance = guideInstance(provider.url);
});

after(async () => {
  await cleanupGuide(instance);
  await provider.close();
});

/** Event-driven (each chunk re-checks; zino's exit fails at once): no wall-clock deadline load could break. */
async function waitForStdout(cli: RunningCli, pattern: RegExp): Promise<void> {
  await cli.waitForStdout(pattern);
}

void it("GUIDE-MODE-1 when the model answers the first turn with an error, the guide continues in direct mode", async () => {
  const cli = spawnGuide(instance, ["--ctx", "gina"]);
  await waitForStdout(cli, /conducted by the ZINO agent/);
  await waitForStdout(cli, /The model did not answer: continuing in direct mode\.\n\nQuel meuble cherchez-vous \?[\s\S]*> $/);
  assert.ok(provider.chatRequests().length >= 1);
  cli.child.stdin?.write("3\n");
  await waitForStdout(cli, /turn 1, 9 left/);
  cli.child.stdin?.end();
  const { code } = await cli.exited;
  assert.equal(code, 0, "the end of the input pauses without an error");
  assert.match(cli.stdout(), /Paused\./);
  assert.match(cli.stderr(), /the agent failed/);
});

void it("GUIDE-MODE-2 with --agent, a model that fails the first turn is a failure (exit 1) naming --direct, not a pause", async () => {
  const run = await runZinoCli(["guide", "--ctx", "gaston", "--agent"], { instance, input: "", env: { ZELINQA_LOG_LEVEL: "warn" } });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /the agent failed/);
  assert.match(run.stderr, /--agent needs a model that answers[^\n]*--direct/);
  assert.doesNotMatch(run.stdout, /Quel meuble cherchez-vous/, "no question is asked in the mode the person refused");
});
