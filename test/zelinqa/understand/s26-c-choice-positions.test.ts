// s26 fixer c: options named by their place in the menu the person was shown ("the second one", "option 4", "2 and 3",
// "la 3", "le deuxième"), read through the real engine (compile, session, /next previous turn) against the question's
// choices in their shown order; near-misses (a rank alone, a quantity, a place outside the menu, labels that count
// things, a question asking how many) read no place (UND-S26-C-1).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { dimension, enumArray, info, objective, question } from "../../../harness/understanding-corpus/domain-builders.js";
import { artifactOf, stateAfterReply, testDeps } from "../engine/engine-fixtures.js";

const d = "bk_main";
const changes = [
  objective("Bakery order"),
  dimension(d, "The order"),
  question("bk_q_bread", "Which bread would you like?", "single_choice", d, [
    ["bk_c_sourdough", "Sourdough", "sourdough"],
    ["bk_c_baguette", "Baguette", "baguette"],
    ["bk_c_rye", "Rye", "rye"],
    ["bk_c_brioche", "Brioche", "brioche"],
    ["bk_c_spelt", "Spelt", "spelt"],
  ]),
  question("bk_q_extras", "Anything to go with it?", "multiple_choice", d, [
    ["bk_c_butter", "Butter", "butter"],
    ["bk_c_jam", "Jam", "jam"],
    ["bk_c_honey", "Honey", "honey"],
    ["bk_c_cheese", "Cheese", "cheese"],
    ["bk_c_extras_none", "Nothing extra", "none"],
  ]),
  question("bk_q_size", "Which size?", "single_choice", d, [
    ["bk_c_small", "Small (1 kg)", "small"],
    ["bk_c_medium", "Medium (2 kg)", "medium"],
    ["bk_c_large", "Large (5 kg)", "large"],
  ]),
  question("bk_q_party", "How many are you at the table?", "single_choice", d, [
    ["bk_c_alone", "Just me", "alone"],
    ["bk_c_couple", "A couple", "couple"],
    ["bk_c_group", "A small group", "group"],
    ["bk_c_crowd", "A crowd", "crowd"],
  ]),
  question("bk_q_piece", "Quelle pièce voulez-vous repeindre ?", "single_choice", d, [
    ["bk_c_salon", "Salon", "salon"],
    ["bk_c_cuisine", "Cuisine", "cuisine"],
    ["bk_c_chambre", "Chambre", "chambre"],
    ["bk_c_bureau", "Bureau", "bureau"],
  ]),
  question("bk_q_services", "Quels services souhaitez-vous ?", "multiple_choice", d, [
    ["bk_c_livraison", "Livraison", "livraison"],
    ["bk_c_montage", "Montage", "montage"],
    ["bk_c_reprise", "Reprise de l'ancien", "reprise"],
    ["bk_c_services_aucun", "Aucun", "aucun"],
  ]),
  info("bk_bread", "Bread", { type: "string", enum: ["sourdough", "baguette", "rye", "brioche", "spelt"] }, "bk_q_bread"),
  info("bk_extras", "Extras", enumArray(["butter", "jam", "honey", "cheese", "none"]), "bk_q_extras"),
  info("bk_size", "Size", { type: "string", enum: ["small", "medium", "large"] }, "bk_q_size"),
  info("bk_party", "Party", { type: "string", enum: ["alone", "couple", "group", "crowd"] }, "bk_q_party"),
  info("bk_piece", "Pièce", { type: "string", enum: ["salon", "cuisine", "chambre", "bureau"] }, "bk_q_piece"),
  info("bk_services", "Services", enumArray(["livraison", "montage", "reprise", "aucun"]), "bk_q_services"),
];

const compiled = artifactOf(changes);

/** What the engine stores for `target` after `text` answers `questionId`: its value and status, or null. */
async function stored(questionId: string, target: string, text: string): Promise<[unknown, string] | null> {
  const state = await stateAfterReply(compiled, questionId, text, testDeps({ now: () => new Date("2026-12-01T10:00:00.000Z") }));
  const t = state.targets[target];
  return t?.value === undefined ? null : [t.value, t.status];
}

void describe("UND-S26-C-1 an option named by its place in the menu", () => {
  void it("reads a number, a digit rank or 'option N' against the choices in their shown order, confirmed", async () => {
    const cases: Array<[string, string]> = [
      ["the second one", "baguette"],
      ["option 4", "brioche"],
      ["the 3rd one", "rye"],
      ["3", "rye"],
      ["number 1 please", "sourdough"],
      ["the last one", "spelt"],
      ["option five", "spelt"],
    ];
    for (const [text, value] of cases) assert.deepEqual(await stored("bk_q_bread", "bk_bread", text), [value, "confirmed"], text);
    const fr: Array<[string, string]> = [
      ["la 3", "chambre"],
      ["le 2", "cuisine"],
      ["numéro 4", "bureau"],
      ["la deuxième svp", "cuisine"],
    ];
    for (const [text, value] of fr) assert.equal((await stored("bk_q_piece", "bk_piece", text))?.[0], value, text);
  });
  void it("reads several places for a multiple choice, in any joining words", async () => {
    assert.deepEqual(await stored("bk_q_extras", "bk_extras", "2 and 3"), [["jam", "honey"], "confirmed"]);
    assert.deepEqual(await stored("bk_q_extras", "bk_extras", "1, 4"), [["butter", "cheese"], "confirmed"]);
    assert.deepEqual(await stored("bk_q_services", "bk_services", "1 et 2"), [["livraison", "montage"], "confirmed"]);
    assert.deepEqual(await stored("bk_q_services", "bk_services", "les options 2 et 3"), [["montage", "reprise"], "confirmed"]);
  });
  void it("holds a rank said with an article only as not confirmed ('the first' may be a name)", async () => {
    assert.deepEqual(await stored("bk_q_bread", "bk_bread", "the first"), ["sourdough", "tentative"]);
    assert.deepEqual(await stored("bk_q_piece", "bk_piece", "la première"), ["salon", "tentative"]);
  });
  void it("reads no place from a rank alone, a quantity, a place outside the menu or several places for one choice", async () => {
    for (const text of ["second", "2nd", "2 loaves", "2.5", "option 9", "the 7th one", "1 and 3", "2 or 3", "3 €"])
      assert.equal(await stored("bk_q_bread", "bk_bread", text), null, text);
    for (const text of ["deuxième", "3 personnes", "la 2 ou la 3", "le 2 décembre"])
      assert.equal(await stored("bk_q_piece", "bk_piece", text), null, text);
    assert.equal(await stored("bk_q_extras", "bk_extras", "2 and 9"), null);
  });
  void it("reads no bare number as a place when the labels count things or the question asks how many", async () => {
    assert.notEqual((await stored("bk_q_size", "bk_size", "3"))?.[0], "large");
    assert.notEqual((await stored("bk_q_party", "bk_party", "3"))?.[0], "group");
    assert.notEqual((await stored("bk_q_party", "bk_party", "2"))?.[0], "couple");
    // "option 3" still names the third place: the person points at the menu, not at a quantity.
    assert.deepEqual(await stored("bk_q_size", "bk_size", "option 3"), ["large", "confirmed"]);
  });
});
