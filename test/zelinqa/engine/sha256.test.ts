// The engine's pure SHA-256 (used for long exploration ids, docs/zelinqa-api.md §11.1) agrees with node:crypto.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { sha256Hex } from "../../../src/zelinqa/engine/index.js";

void describe("pure SHA-256", () => {
  const inputs = ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "é🙂".repeat(40), "q".repeat(1000)];
  for (const input of inputs) {
    void it(`hashes a ${input.length}-character input like node:crypto`, () => {
      assert.equal(sha256Hex(input), createHash("sha256").update(input, "utf8").digest("hex"));
    });
  }
});
