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
  void it("gives, with a bound, the full distance when within it and bound + 1 otherwise", () => {
    // The textbook matrix, every cell computed: what the banded, early-stopping version must agree with.
    const full = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const row = d[i]!;
          row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
        }
      }
      return d[a.length]![b.length]!;
    };
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = (alphabet: string) =>
      Array.from({ length: Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    for (let n = 0; n < 20_000; n++) {
      const alphabet = ["ab", "abc", "abcdé"][n % 3]!;
      const [a, b] = [word(alphabet), word(alphabet)];
      const distance = full(a, b);
      assert.equal(damerauLevenshtein(a, b), distance, `${a}/${b}`);
      for (const max of [0, 1, 2, 3]) assert.equal(damerauLevenshtein(a, b, max), Math.min(distance, max + 1), `${a}/${b} within ${max}`);
    }
  });
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
