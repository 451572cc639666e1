// Normalisation, similarity, lexicons and Damerau–Levenshtein of docs/zelinqa-api.md §10.3 and §10.5.1.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  damerauLevenshtein,
  isDontKnow,
  isRefusal,
  normalise,
  parseDigitGroup,
  similarity,
} from "../../../src/zelinqa/understand/index.js";

void describe("normalisation and similarity", () => {
  const normalised: Array<[string, string]> = [
    ["Ça ne vous regarde pas !", "ca ne vous regarde pas"],
    ["I’d rather not", "i d rather not"],
    ["  Déjà—vu  ", "deja vu"],
    ["ﬁne", "fine"],
  ];
  for (const [input, expected] of normalised) {
    void it(`normalises "${input}" to "${expected}"`, () => assert.equal(normalise(input), expected));
  }
  void it("scores identical normalised texts 1", () => assert.equal(similarity("Avez-vous un animal ?", "avez vous un ANIMAL"), 1));
  void it("scores the Jaccard of tokens of 3+ characters", () => {
    assert.equal(similarity("quel budget prevoyez vous", "quel budget total"), 2 / 5);
  });
});

void describe("outcome lexicons", () => {
  const cases: Array<[string, "refused" | "dont_know" | "answer"]> = [
    ["Je préfère ne pas répondre", "refused"],
    ["No comment.", "refused"],
    ["I'd rather not", "refused"],
    ["aucune idée", "dont_know"],
    ["Je ne sais pas trop", "dont_know"],
    ["I don't know", "dont_know"],
    ["peut-être", "dont_know"],
    ["un canapé bleu", "answer"],
    ["pas surtout", "answer"],
  ];
  for (const [text, expected] of cases) {
    void it(`classifies "${text}" as ${expected}`, () => {
      const got = isRefusal(text) ? "refused" : isDontKnow(text) ? "dont_know" : "answer";
      assert.equal(got, expected);
    });
  }
});

void describe("distances and digit groups", () => {
  const distances: Array<[string, string, number]> = [
    ["scandinave", "scandinave", 0],
    ["scandinave", "scandniave", 1],
    ["classique", "clasique", 1],
    ["abc", "xyz", 3],
  ];
  for (const [a, b, d] of distances) void it(`measures ${a}/${b} as ${d}`, () => assert.equal(damerauLevenshtein(a, b), d));
  const groups: Array<[string, number]> = [
    ["2 500", 2500],
    ["2,500", 2500],
    ["2.500", 2500],
    ["2,5", 2.5],
    ["1.500,50", 1500.5],
    ["1,234,567", 1234567],
    ["3.14159", 3.14159],
  ];
  for (const [raw, n] of groups) void it(`parses ${raw} as ${n}`, () => assert.equal(parseDigitGroup(raw), n));
});
