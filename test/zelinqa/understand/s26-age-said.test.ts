// An age said the way people say it in English, "I'm 54", "im 23 now", in passing to another question (s26, after the
// fourteenth round's "routine check, i'm 67 now", which stored no age), through the real engine (compile, session,
// /next previous turn): it goes to a target that is an age and nothing else's, never to another number, the age of a
// thing or years of something. Our own sentences and domain.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { CompiledArtifact } from "../../../src/zelinqa/engine/index.js";
import { dimension, info, objective, question } from "../../../harness/understanding-corpus/domain-builders.js";
import { artifactOf, stateAfterReply } from "../engine/engine-fixtures.js";

const d = "van_main";
const years = (min: number, max: number) => ({ type: "integer", minimum: min, maximum: max });

function artifact(withThingAges: boolean): CompiledArtifact {
  const changes = [
    objective("Van hire"),
    dimension(d, "The hire"),
    question("van_q_cover", "Which cover would you like?", "single_choice", d, [
      ["van_c_basic", "Basic cover", "basic"],
      ["van_c_full", "Full cover", "full"],
    ]),
    question("van_q_age", "How old are you (years)?", "open", d),
    question("van_q_commute", "How many hours a week will you drive (hours)?", "open", d),
    info("van_cover", "Cover", { type: "string", enum: ["basic", "full"] }, "van_q_cover"),
    info("van_age", "Age (years)", years(18, 110), "van_q_age"),
    info("van_commute", "Driving (hours a week)", { type: "number", minimum: 0, maximum: 100 }, "van_q_commute"),
    ...(withThingAges
      ? [
          question("van_q_van_age", "How old is your own van (years)?", "open", d),
          question("van_q_licence", "How many years have you held a licence?", "open", d),
          info("van_van_age", "Van age (years)", years(0, 60), "van_q_van_age"),
          info("van_licence", "Years with a licence", years(0, 80), "van_q_licence"),
        ]
      : []),
  ];
  return artifactOf(changes);
}
const plain = artifact(false);
const withThings = artifact(true);

/** Every data target's value and status after `text` answers `questionId` (the cover question by default). */
async function storedAfter(
  compiled: CompiledArtifact,
  text: string,
  questionId = "van_q_cover",
): Promise<Record<string, [unknown, string]>> {
  const state = await stateAfterReply(compiled, questionId, text);
  const out: Record<string, [unknown, string]> = {};
  for (const [id, t] of Object.entries(state.targets)) if (t.value !== undefined) out[id] = [t.value, t.status];
  return out;
}

void describe("an age said as 'I'm N' in passing (s26)", () => {
  void it("goes to the target that is an age, loosely, and to no other number", async () => {
    for (const text of ["full cover please, I'm 54 now", "full, im 54", "full cover, i am 54"])
      assert.deepEqual(await storedAfter(plain, text), { van_cover: ["full", "confirmed"], van_age: [54, "tentative"] }, text);
  });
  void it("is no age of a thing nor years of something", async () => {
    const got = await storedAfter(withThings, "full cover please, I'm 54 now");
    assert.deepEqual(got.van_age, [54, "tentative"]);
    assert.equal(got.van_van_age, undefined);
    assert.equal(got.van_licence, undefined);
    assert.equal(got.van_commute, undefined);
    // Said to the question about the thing's age, it is that age, as before.
    assert.deepEqual((await storedAfter(withThings, "she's 7", "van_q_van_age")).van_van_age, [7, "confirmed"]);
  });
  void it("leaves numbers with a unit or a share of their own", async () => {
    for (const text of ["basic, I'm 5 minutes from the depot", "full, I'm 100% sure", "basic, I'm 2 weeks behind"])
      assert.equal((await storedAfter(plain, text)).van_age, undefined, text);
  });
});
