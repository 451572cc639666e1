// s27 fixer u: don't-knows said as a situation: the clause of what is unknown ("not sure if the council allows it") and
// the thing asked that does not exist yet ("no deadline yet", "pas encore de date"). Read through the engine's outcome
// (UND-S27-U-1, UND-S27-U-2).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { info } from "../../../harness/understanding-corpus/domain-builders.js";
import { artifactOf, dimension, openQuestion, stateAfterReply } from "../engine/engine-fixtures.js";

const artifact = artifactOf([
  dimension("d", 0, "blocking"),
  openQuestion("q_permit", "d", "Do you need a permit for the skip?"),
  openQuestion("q_parking", "d", "Le stationnement est-il autorisé devant la maison ?"),
  openQuestion("q_price", "d", "What price are you asking for the piano (£)?"),
  openQuestion("q_date", "d", "Quelle date pour le déménagement ?"),
  openQuestion("q_pups", "d", "How many puppies are in the litter?"),
  info("permit", "Skip permit needed", { type: "boolean" }, "q_permit"),
  info("parking", "Stationnement autorisé", { type: "boolean" }, "q_parking"),
  info("price", "Asking price (£)", { type: "number", minimum: 0, maximum: 20000 }, "q_price"),
  info("date", "Date du déménagement", { type: "string", format: "date" }, "q_date"),
  info("pups", "Puppies", { type: "integer", minimum: 0, maximum: 15 }, "q_pups"),
]);

async function answer(question: string, text: string): Promise<{ outcome: string | undefined; values: unknown[] }> {
  const state = await stateAfterReply(artifact, question, text);
  return { outcome: state.outcomes.at(-1)?.outcome, values: Object.values(state.targets).map((t) => t.value) };
}
const NONE = { outcome: "asked_no_answer", values: [] };

void describe("UND-S27-U-1 the clause of what is unknown", () => {
  void it("is the question restated, no answer", async () => {
    assert.deepEqual(await answer("q_permit", "we rent the house, not sure if the council requires one"), NONE);
    assert.deepEqual(await answer("q_parking", "on est locataires, je sais pas si c'est autorisé"), NONE);
    assert.deepEqual(await answer("q_permit", "no idea whether it's needed"), NONE);
  });
  void it("keeps a guess said beside it or inside it", async () => {
    assert.deepEqual(await answer("q_permit", "not sure if it's needed, probably yes"), {
      outcome: "asked_answered",
      values: [true],
    });
  });
});

void describe("UND-S27-U-2 the thing asked does not exist yet", () => {
  void it("is a don't-know, with no value", async () => {
    assert.deepEqual(await answer("q_price", "no price yet, waiting for the tuner's opinion"), NONE);
    assert.deepEqual(await answer("q_date", "pas encore de date, on attend les clés"), NONE);
  });
  void it("keeps a count that reads none, a figure, and a reply without 'yet'", async () => {
    assert.deepEqual(await answer("q_pups", "no puppies yet"), { outcome: "asked_answered", values: [0] });
    assert.equal((await answer("q_price", "no price yet, maybe 800")).outcome, "asked_answered");
  });
});
