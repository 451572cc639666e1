// s26 fixer l: a number told with who said it or when it was true around it ("the airline said 23 last month"), and a
// corrected number followed by its reason ("24, no 23 after landing"), read through the engine, whose targets know
// each other's words (load-artifact.ts otherStems).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { info } from "../../../harness/understanding-corpus/domain-builders.js";
import { artifactOf, dimension, openQuestion, stateAfterReply } from "../engine/engine-fixtures.js";

const artifact = artifactOf([
  dimension("d", 0, "blocking"),
  openQuestion("q_weight", "d", "How heavy is your suitcase (kg)?"),
  openQuestion("q_airline", "d", "Which airline are you flying with?"),
  openQuestion("q_flown", "d", "When did you last fly?"),
  openQuestion("q_sleep", "d", "How many hours do you sleep a night?"),
  openQuestion("q_fee", "d", "How much would you pay for priority boarding (£)?"),
  openQuestion("q_transfer", "d", "Do you need a transfer after landing?"),
  openQuestion("q_notes", "d", "Anything else we should know about the trip?"),
  info("weight", "Suitcase weight (kg)", { type: "number", minimum: 1, maximum: 50 }, "q_weight"),
  info("airline", "Airline", { type: "string" }, "q_airline"),
  info("flown", "Date of the last flight", { type: "string", format: "date" }, "q_flown"),
  info("sleep", "Hours of sleep", { type: "number", minimum: 0, maximum: 16 }, "q_sleep"),
  info("fee", "Priority fee (£)", { type: "number", minimum: 0, maximum: 100 }, "q_fee"),
  info("transfer", "Transfer after landing", { type: "boolean" }, "q_transfer"),
  info("notes", "Notes", { type: "string" }, "q_notes"),
]);

/** The value and status the engine stores for `target` after `text` answers `question`. */
async function stored(question: string, text: string, target: string): Promise<[unknown, string | undefined]> {
  const state = await stateAfterReply(artifact, question, text);
  const t = state.targets[target];
  return [t?.value, t?.status];
}

void describe("a number told with its circumstance after it (U29)", () => {
  // A bare number in a long sentence stays tentative (number-extractor.ts heldLoosely): it is read, not confirmed.
  void it("reads the number before a time said after it, whatever other targets' words that time holds", async () => {
    assert.deepEqual(await stored("q_weight", "23 last month", "weight"), [23, "confirmed"]);
    assert.deepEqual(await stored("q_weight", "21.5 this morning on the bathroom scale", "weight"), [21.5, "tentative"]);
    assert.deepEqual(await stored("q_weight", "19 depuis que j'ai enlevé les chaussures", "weight"), [19, "tentative"]);
    assert.deepEqual(await stored("q_weight", "22 avant de rajouter les cadeaux", "weight"), [22, "confirmed"]);
  });
  void it("keeps a real unit after the number as its unit", async () => {
    assert.deepEqual(await stored("q_weight", "23 kg last month", "weight"), [23, "confirmed"]);
    assert.deepEqual(await stored("q_weight", "3 bags", "weight"), [undefined, undefined]);
  });
});

void describe("a number told with who said it (U29)", () => {
  void it("reads the number after a reporting verb, even when the speaker is another target's word", async () => {
    assert.deepEqual(await stored("q_weight", "the airline said 23 last month", "weight"), [23, "confirmed"]);
    assert.deepEqual(await stored("q_weight", "l'agent de la compagnie airline m'a dit 21 hier", "weight"), [21, "tentative"]);
  });
  void it("still sets aside a number right after another target's word that nobody reports", async () => {
    assert.deepEqual(await stored("q_weight", "airline 23", "weight"), [undefined, undefined]);
  });
});

void describe("an approximation before a number that another question happens to use (U29)", () => {
  void it("reads 'about' and 'environ' as a hedge, not as the notes question's word", async () => {
    assert.deepEqual(await stored("q_weight", "about 20, it's a cabin case", "weight"), [20, "tentative"]);
    assert.deepEqual(await stored("q_weight", "we reckon about 18", "weight"), [18, "tentative"]);
  });
});

void describe("a negation of a judgment before the number (U29)", () => {
  void it("is no denial of the number", async () => {
    assert.deepEqual(await stored("q_sleep", "not enough 🥱 around 5", "sleep"), [5, "tentative"]);
    assert.deepEqual(await stored("q_fee", "I wouldn't mind paying £12 if the queue is long", "fee"), [12, "tentative"]);
  });
  void it("keeps a negation of the number itself", async () => {
    assert.deepEqual(await stored("q_sleep", "not 8, that's for sure", "sleep"), [undefined, undefined]);
  });
});

void describe("a corrected number followed by its reason (U29)", () => {
  void it("keeps the corrected number", async () => {
    assert.deepEqual(await stored("q_weight", "24, no 23 after landing", "weight"), [23, "confirmed"]);
    assert.deepEqual(await stored("q_weight", "25, non 22 après l'atterrissage", "weight"), [22, "confirmed"]);
  });
  void it("keeps the corrected number, loosely, when a long reason follows it", async () => {
    assert.deepEqual(await stored("q_weight", "24, no 23 after I took the shoes out", "weight"), [23, "tentative"]);
  });
  void it("keeps numbers said under a condition as conditions", async () => {
    assert.deepEqual(await stored("q_weight", "18 when it's empty, 24 when full", "weight"), [undefined, undefined]);
  });
});
