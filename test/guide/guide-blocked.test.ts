// `zino guide --direct` (real processes, piped stdio): the progress bars' word "blocked" is explained on screen where
// it appears, since a person otherwise reads it as "the conversation is stuck" while it goes on with the other parts.
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

const questionOf = (output: string) =>
  output
    .split("\n")
    .reverse()
    .find((line) => line in FURNITURE_ANSWERS);

const LEGEND =
  /^\(blocked: a value it needs is missing or unconfirmed and no question is left to ask for it.*the conversation goes on with the rest\)$/m;

void it("GUIDE-BLOCKED-1 a refused budget shows 'blocked' with one line saying what it means; bars without it carry no such line", async () => {
  const cli = spawnGuide(instance, ["--ctx", "refusal", "--direct", "--new"]);
  const answers = { ...FURNITURE_ANSWERS, "Quel budget envisagez-vous ?": "/refuse" };
  const asked = await converse(cli, { questionOf, answers, maxAnswers: 5 });
  cli.child.stdin?.end();
  assert.equal((await cli.exited).code, 0, cli.stderr());
  assert.ok(asked.includes("Quel budget envisagez-vous ?"), asked.join(" | "));
  const out = cli.stdout();
  const refusedAt = out.indexOf("Quel budget envisagez-vous ?"); // piped answers are not echoed
  const before = out.slice(0, refusedAt);
  const afterRefusal = out.slice(refusedAt);
  assert.doesNotMatch(before, /\bblocked\b/, "no dimension is blocked before the refusal");
  assert.match(afterRefusal, /^ {2}Budget +\[-+\] +0% blocked$/m);
  assert.match(afterRefusal, LEGEND);
});
