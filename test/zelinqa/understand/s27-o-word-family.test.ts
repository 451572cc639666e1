// A label word named by another word of its family (s27, fixo): the same stem with another ending of a known
// alternation (-ant/-ance/-ancy, -ent/-ence/-ency, -ic/-ique/-y/-ie/-es, -e/-ion, French -ir/-it/-issent/-issement)
// names the option, loosely; a short stem, another stem or a negation does not.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { sameWordFamily } from "../../../src/zelinqa/understand/phrase-match.js";
import { choiceTarget, multiChoice, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const pupil = choiceTarget(
  "Issues",
  multiChoice(["negligence", "insolence", "allergy", "relocation"]),
  [
    ["Negligence", "negligence"],
    ["Insolence", "insolence"],
    ["Allergy", "allergy"],
    ["Relocation", "relocation"],
  ],
  "Which of these apply to the pupil?",
);
const support = choiceTarget(
  "Requests",
  multiChoice(["ignition", "deletion", "sedation", "other"]),
  [
    ["Ignition fault", "ignition"],
    ["Deletion of data", "deletion"],
    ["Sedation", "sedation"],
    ["Something else", "other"],
  ],
  "What do you need help with?",
);
const signes = choiceTarget(
  "Signes",
  multiChoice(["jaunissement", "allergie", "somnolence", "evanouissement"]),
  [
    ["Jaunissement des feuilles", "jaunissement"],
    ["Allergie", "allergie"],
    ["Somnolence", "somnolence"],
    ["Évanouissement", "evanouissement"],
  ],
  "Quels signes avez-vous remarqués ?",
);

void describe("UND-S27-O-2 a label word named by a word of its family", () => {
  void it("reads both items of a list said with adjectives and verbs of the labels' nouns (EN)", () => {
    assert.deepEqual(read("it fails to ignite, and please delete my old logs", support), [["ignition", "deletion"], "fuzzy"]);
    assert.deepEqual(read("can you sedate him", support), [["sedation"], "fuzzy"]);
    assert.deepEqual(read("negligent and insolent", pupil), [["negligence", "insolence"], "fuzzy"]);
  });
  void it("reads them in French: -ique/-ie, -ent/-ence, a verb in -ir for its noun in -issement", () => {
    assert.deepEqual(read("il est allergique et somnolent", signes), [["allergie", "somnolence"], "fuzzy"]);
    assert.deepEqual(read("les feuilles jaunissent", signes), [["jaunissement"], "fuzzy"]);
    assert.deepEqual(read("elle s'évanouit parfois", signes), [["evanouissement"], "fuzzy"]);
  });
  void it("needs the same stem of five letters (three for -ir verbs) and another ending of one family", () => {
    assert.equal(sameWordFamily("pregnancy", "pregnant"), true);
    assert.equal(sameWordFamily("ignition", "ignite"), true);
    assert.equal(sameWordFamily("option", "opted"), false); // a stem of three letters
    assert.equal(sameWordFamily("insolence", "insolvent"), false); // another stem
    assert.equal(sameWordFamily("negligence", "negligible"), false); // no ending of the family
    assert.equal(sameWordFamily("agency", "agent"), false); // a stem of two letters
  });
  void it("reads nothing when the word is denied or of another stem", () => {
    assert.equal(read("not allergic", pupil), null);
    assert.equal(read("pas allergique", signes), null);
    assert.equal(read("insolvent", pupil), null);
  });
});
