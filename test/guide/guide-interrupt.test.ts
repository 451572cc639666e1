// Ctrl-C while `zino guide` starts the services and the local API (real processes, a real SIGINT): the guide stops
// once the step under way is done, says how to go on, and exits 130 without opening the conversation.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { cleanupGuide, guideInstance, spawnGuide } from "../support/zino-guide.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";

let instance: TempInstance;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await cleanupGuide(instance);
});

void it("GUIDE-START-1 Ctrl-C while the services start stops the guide before the first question (exit 130), and the next run opens it", async () => {
  const cli = spawnGuide(instance, ["--direct"]);
  await cli.waitForStderr(/starting the ZINO services/);
  cli.child.kill("SIGINT");
  // Either the guide exits, or (the old behaviour) it goes on to ask the first question and waits at the prompt.
  const outcome = await Promise.race([cli.exited.then(() => "exited" as const), cli.waitForStdout(/> $/).then(() => "prompted" as const)]);
  assert.equal(outcome, "exited", `the guide opened the conversation after Ctrl-C:\n${cli.stdout()}`);
  const { code } = await cli.exited;
  assert.equal(code, 130, cli.stderr());
  assert.match(cli.stderr(), /interrupted before the conversation opened; run the same command again/);
  assert.doesNotMatch(cli.stdout(), /Quel meuble cherchez-vous/);

  const again = await runZinoCli(["guide", "--direct"], { instance, input: "", env: { ZELINQA_LOG_LEVEL: "warn" } });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /Quel meuble cherchez-vous \?/);
});
