// A French flat's type counts its rooms (s23): "T3", "un F4", "T2 bis" for "Nombre de pièces" are 3, 4, 2; for
// bedrooms one fewer, loosely (the living room is one of the pièces). Not for other counts, nor beside another number.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const pieces = target("integer", 1, 20, "Nombre de pièces", "Combien de pièces compte le logement ?");
const rooms = target("integer", 1, 20, "Rooms", "How many rooms does the flat have?");
const chambres = target("integer", 0, 20, "Chambres", "Combien de chambres ?");
const invites = target("integer", 1, 500, "Invités", "Combien d'invités ?");

void describe("a French flat's type", () => {
  void it("counts its rooms, and one fewer bedrooms loosely", () => {
    assert.deepEqual(read("T3", pieces), [3, "exact"]);
    assert.deepEqual(read("un F4", pieces), [4, "exact"]);
    assert.deepEqual(read("appartement T2 bis", pieces), [2, "exact"]);
    assert.deepEqual(read("a T3 in Lyon", rooms), [3, "exact"]);
    assert.deepEqual(read("un T4", chambres), [3, "fuzzy"]);
  });
  void it("reads nothing for another count, nor beside another number", () => {
    assert.equal(read("T3", invites), null);
    assert.equal(read("un T3 de 70 m2", pieces), null);
  });
});
