// `zino guide --domain FILE` on an instance where the sample already ran (real processes, piped stdio): each domain
// file gets a Zelinqa domain of its own, so the user's domain holds only its own entities and the sample is never
// changed.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { cleanupGuide, guideInstance, petSurveyDomain } from "../support/zino-guide.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";

const PET_DOMAIN = petSurveyDomain();

let instance: TempInstance;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await cleanupGuide(instance);
});

const guide = (args: string[]) =>
  runZinoCli(["guide", "--direct", ...args], { instance, input: "1\n", env: { ZELINQA_LOG_LEVEL: "warn" }, timeoutMs: 180_000 });

void it("GUIDE-DOMAIN-1 a domain file of one's own gets its own Zelinqa domain: none of the sample's questions, and the sample keeps only its own dimensions", async () => {
  const sample = await guide([]);
  assert.equal(sample.code, 0, sample.stderr);
  assert.match(sample.stdout, /^Achat de mobilier - guided conversation/m);

  const file = join(instance.dir, "pets.json");
  writeFileSync(file, JSON.stringify(PET_DOMAIN));
  const own = await guide(["--domain", file, "--new"]);
  assert.equal(own.code, 0, own.stderr);
  assert.match(own.stdout, /^Tiny pet survey - guided conversation "guide" \(new/m);
  assert.match(own.stdout, /Which pet do you have\?/);
  assert.doesNotMatch(own.stdout, /Quel meuble|Besoin|Budget|Livraison/, "no entity of the sample in the user's domain");

  const back = await guide(["--new"]);
  assert.equal(back.code, 0, back.stderr);
  assert.match(back.stdout, /^Achat de mobilier - guided conversation "guide" \(new/m);
  assert.match(back.stdout, /Quel meuble cherchez-vous \?/);
  assert.match(back.stdout, /^\s+Besoin\s+\[/m);
  assert.doesNotMatch(back.stdout, /^\s+Pet\s+\[/m, "the sample was not changed by the user's domain");

  const again = await guide(["--domain", file, "--new"]);
  assert.equal(again.code, 0, again.stderr);
  assert.doesNotMatch(
    again.stderr,
    /importing and publishing|creating the Zelinqa API key/,
    "the domain is remembered: nothing to provision again",
  );
});

void it("GUIDE-DOMAIN-2 going from one domain file to another and back resumes each conversation where it stopped, on the same ctxkey", async () => {
  const file = join(instance.dir, "pets-resume.json");
  writeFileSync(file, JSON.stringify(PET_DOMAIN));
  const answer = (args: string[], input: string) =>
    runZinoCli(["guide", "--direct", "--ctx", "alternating", ...args], {
      instance,
      input,
      env: { ZELINQA_LOG_LEVEL: "warn" },
      timeoutMs: 180_000,
    });

  // One answer on the sample (turn 1 of 10), then the user's domain is opened on the same ctxkey, unanswered.
  const sample = await answer([], "1\n");
  assert.equal(sample.code, 0, sample.stderr);
  assert.match(sample.stdout, /^turn 1, 9 left$/m);
  const own = await answer(["--domain", file], "");
  assert.equal(own.code, 0, own.stderr);
  assert.match(own.stdout, /^Tiny pet survey - guided conversation "alternating" \(new/m);

  // Back on the sample: the same conversation, at its second question, not a new one at the first.
  const back = await answer([], "");
  assert.equal(back.code, 0, back.stderr);
  assert.match(back.stdout, /^Achat de mobilier - guided conversation "alternating" \(resumed/m);
  assert.doesNotMatch(back.stdout, /Quel meuble cherchez-vous \?/, "the answered question is not asked again");
  assert.match(back.stdout, /Pour quelles pièces \?/);

  // And the user's domain resumes its own.
  const ownAgain = await answer(["--domain", file], "");
  assert.equal(ownAgain.code, 0, ownAgain.stderr);
  assert.match(ownAgain.stdout, /^Tiny pet survey - guided conversation "alternating" \(resumed/m);
});
