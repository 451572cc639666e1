// "Parents" and "grandparents" named without a number are two people (s23): "my parents, my sister and me" is 4 (it
// was 2), "mes parents et moi" 3 (it was none). Only in a reply to the count's own question: in passing they are
// context ("my parents' 50th anniversary" is no party of two).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);

const guests = target("integer", 1, 50, "Number of guests", "How many people are coming?");
const voyageurs = target("integer", 1, 50, "Nombre de voyageurs", "Combien de personnes partent ?");
const children = target("integer", 0, 20, "Number of children", "How many children?");

void describe("parents named without a number", () => {
  void it("are two people in a reply to the count's question", () => {
    assert.deepEqual(read("my parents, my sister and me", guests), [4, "fuzzy"]);
    assert.deepEqual(read("mes parents et moi", voyageurs), [3, "fuzzy"]);
    assert.deepEqual(read("mes grands-parents, ma femme et moi", voyageurs), [4, "fuzzy"]);
  });
  void it("are nobody of another kind, and no party in passing", () => {
    assert.notDeepEqual(read("my parents and my 2 kids", children)?.[0], 4);
    assert.equal(extractIndirect(indirectText("it's for my parents' 50th anniversary", TODAY, false), guests), null);
  });
});
