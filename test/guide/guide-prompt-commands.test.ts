// The guide's own commands at its prompt (real processes, piped stdio): `/help` says what can be typed, an unknown
// `/word` is named as a command rather than read as an answer, `/quit` pauses like the end of the input (exit 0, the
// question kept for the next run), and `/skip` is taken in any case. Nothing of these spends a turn but `/skip`.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { apiSession, cleanupGuide, guideInstance } from "../support/zino-guide.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";
import { promptCommand } from "../../src/guide/prompt-commands.js";

let instance: TempInstance;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await cleanupGuide(instance);
});

const DIRECT = { answerCommands: ["/skip", "/refuse"], howToAnswer: "Answer" };

void it("GUIDE-CMD-1 a single /word is a command, an answer command of the mode or anything else is left as an answer", () => {
  assert.deepEqual(promptCommand(" /Quit ", DIRECT), { kind: "quit" });
  assert.deepEqual(promptCommand("/exit", DIRECT), { kind: "quit" });
  assert.equal(promptCommand("/skip", DIRECT), undefined);
  assert.equal(promptCommand("1/2", DIRECT), undefined);
  assert.equal(promptCommand("/ 2 places", DIRECT), undefined);
  assert.equal(promptCommand("un canapé", DIRECT), undefined);
  const help = promptCommand("/help", DIRECT);
  assert.equal(help?.kind, "say");
  assert.match(help.kind === "say" ? help.text : "", /\/skip, \/refuse to pass; \/quit or Ctrl-C pauses/);
  const unknown = promptCommand("/sikp", DIRECT);
  assert.match(unknown?.kind === "say" ? unknown.text : "", /^Unknown command \/sikp, nothing recorded\. Answer;/);
});

void it("GUIDE-CMD-2 /help and an unknown /word answer in words without spending a turn, /quit pauses with exit 0 at the same question", async () => {
  const r = await runZinoCli(["guide", "--direct"], {
    instance,
    input: "/help\n/sikp\n/quit\n1\n",
    env: { ZELINQA_LOG_LEVEL: "warn" },
    timeoutMs: 180_000,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /> \/help\nAnswer with the number of a choice or in your own words \(an empty line keeps a value shown as not confirmed\); \/skip, \/refuse to pass; \/quit or Ctrl-C pauses/,
  );
  assert.match(r.stdout, /> \/sikp\nUnknown command \/sikp, nothing recorded\./);
  assert.match(r.stdout, /> \/quit\n\nPaused\. Run the same command again to continue at this question\.\n/);
  assert.doesNotMatch(r.stdout, /Not understood|type the number of a choice/);
  assert.doesNotMatch(r.stdout, /turn 1,/, "the line after /quit is not read");
  assert.equal((await apiSession(instance, "guide")).state.turn_count, 0);

  const again = await runZinoCli(["guide", "--direct"], {
    instance,
    input: "/SKIP\n",
    env: { ZELINQA_LOG_LEVEL: "warn" },
    timeoutMs: 180_000,
  });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /resumed[\s\S]*Quel meuble cherchez-vous \?/);
  assert.match(again.stdout, /turn 1, 9 left/);
});
