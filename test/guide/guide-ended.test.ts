// `zino guide --direct` on a conversation that has ended (real processes, piped stdio): the run that ends it and
// every later run name the same reason, and both say which command starts a new conversation, since running the
// same command again only shows the ended one.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { cleanupGuide, converse, FURNITURE_ANSWERS, guideInstance, spawnGuide } from "../support/zino-guide.js";
import type { TempInstance } from "../../harness/zino-processes.js";

let instance: TempInstance;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await cleanupGuide(instance);
});

/** Every question passed over: nothing is learnt, so the conversation runs to its turn limit. */
const SKIP_ALL = Object.fromEntries(Object.keys(FURNITURE_ANSWERS).map((question) => [question, "/skip"]));
const questionOf = (output: string) =>
  output
    .split("\n")
    .reverse()
    .find((line) => line in SKIP_ALL);

// The command is named as it runs here: `npm run zino -- …` when npm started the tests, `zino …` otherwise.
const START_OVER = /^This conversation has ended; `(npm run zino -- |zino )guide --ctx ended --new` starts a new one\.$/m;

void it("GUIDE-ENDED-1 an ended conversation names its stop reason on every later run, and the command that starts a new one", async () => {
  const first = spawnGuide(instance, ["--ctx", "ended", "--direct", "--new"]);
  await converse(first, { questionOf, answers: SKIP_ALL });
  assert.equal((await first.exited).code, 0, first.stderr());
  assert.match(first.stdout(), /^Stopped: turn limit reached$/m);
  assert.match(first.stdout(), START_OVER);

  const again = spawnGuide(instance, ["--ctx", "ended", "--direct"]);
  assert.equal((await again.exited).code, 0, again.stderr());
  const out = again.stdout();
  assert.match(out, /\(resumed, direct mode/);
  assert.match(out, /turn 10, 0 left/);
  assert.match(out, /^Stopped: turn limit reached$/m, "the resumed run says why it ended, as the run that ended it did");
  assert.match(out, START_OVER);
  assert.doesNotMatch(out, /> $/, "nothing is asked");
});
