// Counts of people said directly or in passing (s18): "pour nous 3", "us two", "moi + 3", "my wife and I" count the
// people for a target about people (persons, guests, travellers, household), in passing too; a number said as how many
// they are ("on est 6", "3 of us", "a family of 5") is never confirmed as a count of other things.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

const diners = labelledTarget({ type: "integer", minimum: 1, maximum: 30 }, { label: "Convives", question: "Vous serez combien ?" });
const party = labelledTarget({ type: "integer", minimum: 1 }, { label: "Party size", question: "How many people in your party?" });
const rooms = labelledTarget({ type: "integer", minimum: 0 }, { label: "Number of rooms", question: "How many rooms do you need?" });
const desks = labelledTarget({ type: "integer", minimum: 0 }, { label: "Bureaux", question: "Combien de bureaux faut-il ?" });

void describe("a count of people", () => {
  void it("is read from 'us' with its number, the speaker plus others, and 'X and I'", () => {
    assert.deepEqual(read("pour nous cinq", diners), [5, "exact"]);
    assert.deepEqual(read("us four", party), [4, "exact"]);
    assert.deepEqual(read("moi + 2", diners), [3, "fuzzy"]);
    assert.deepEqual(read("me plus 4", party), [5, "fuzzy"]);
    assert.deepEqual(read("my brother and I", party), [2, "fuzzy"]);
    // Not read this way: "me" before a number of times is no other person.
    assert.notDeepEqual(read("my husband daily and me twice a week", party)?.[0], 3);
  });

  void it("is read in passing for a target about people, never for one counting other things", () => {
    assert.equal(inPassing("un dîner pour nous cinq samedi", diners), 5);
    assert.equal(inPassing("a table for us four near the window", party), 4);
    assert.equal(inPassing("moi + 2, vers 20h", diners), 3);
    assert.equal(inPassing("un dîner pour nous cinq samedi", desks), null);
    assert.equal(inPassing("we're 6 in the team", rooms), null);
  });
});

void describe("a number said as how many they are", () => {
  void it("gives nothing, or a loose one-each, for a target counting other things", () => {
    assert.equal(read("on est 7", desks), null);
    assert.equal(read("we'll be 7", rooms), null);
    assert.equal(read("moi + 2", desks), null);
    assert.deepEqual(read("pour nous cinq", desks), [5, "fuzzy"]);
    assert.deepEqual(read("we're a family of 6", rooms), [6, "fuzzy"]);
    // Not read this way: the target's own things said beside it, and a head count for people.
    assert.deepEqual(read("on est 7 mais 4 bureaux suffisent", desks), [4, "exact"]);
    assert.deepEqual(read("on est 7", diners), [7, "exact"]);
  });
});
