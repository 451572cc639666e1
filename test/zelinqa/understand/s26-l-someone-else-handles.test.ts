// s26 fixer l: a don't-know told as a situation, with no don't-know word: someone else of the household takes care of
// the thing ("c'est ma femme qui gère ça", "my partner handles the bills"). Read through the engine's outcome.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { info } from "../../../harness/understanding-corpus/domain-builders.js";
import { artifactOf, dimension, openQuestion, stateAfterReply } from "../engine/engine-fixtures.js";

const artifact = artifactOf([
  dimension("d", 0, "blocking"),
  openQuestion("q_bill", "d", "How much is your monthly water bill (€)?"),
  openQuestion("q_meter", "d", "Is the water meter inside the house?"),
  info("bill", "Water bill (€)", { type: "number", minimum: 0, maximum: 1000 }, "q_bill"),
  info("meter", "Meter inside", { type: "boolean" }, "q_meter"),
]);

async function answer(question: string, text: string): Promise<{ outcome: string | undefined; values: unknown[] }> {
  const state = await stateAfterReply(artifact, question, text);
  return { outcome: state.outcomes.at(-1)?.outcome, values: Object.values(state.targets).map((t) => t.value) };
}

void describe("someone else takes care of the thing (U23)", () => {
  void it("is a don't-know, with no value", async () => {
    assert.deepEqual(await answer("q_bill", "c'est ma femme qui gère ça"), { outcome: "asked_no_answer", values: [] });
    assert.deepEqual(await answer("q_bill", "my partner handles the bills"), { outcome: "asked_no_answer", values: [] });
    assert.deepEqual(await answer("q_meter", "mon fils s'en occupe"), { outcome: "asked_no_answer", values: [] });
  });
  void it("keeps a value said beside it, and a reply about someone that says no handling", async () => {
    assert.equal((await answer("q_bill", "about 40, my partner handles the bills")).outcome, "asked_answered");
    assert.equal((await answer("q_meter", "my son, he's 12")).outcome, "asked_answered");
  });
});
