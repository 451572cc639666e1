// Choices read with general rules after the ninth blind round (s19 fix9c): judgement scales of ease, skill or
// difficulty and intensity scales of how serious a problem is, said in other words; scores on a scale leaning to one
// side. Cases written for these rules, in both languages, with their own labels, and what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01"; // a Tuesday

/** The value and whether it is certain ("exact") or held loosely ("fuzzy"); null when nothing is read. */
function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}
const valueOf = (t: ExtractionTarget, text: string) => read(t, text)?.[0] ?? null;

const stage = target(
  "Stage fright",
  single(["s1", "s2", "s3", "s4"]),
  [
    ["Very nervous", "s1"],
    ["A little nervous", "s2"],
    ["Quite relaxed", "s3"],
    ["Completely relaxed", "s4"],
  ],
  "How do you feel speaking in public?",
);
const natation = target(
  "Niveau en natation",
  single(["n1", "n2", "n3", "n4"]),
  [
    ["Débutant", "n1"],
    ["Quelques bases", "n2"],
    ["À l'aise", "n3"],
    ["Confirmé", "n4"],
  ],
  "Quel est votre niveau en natation ?",
);
const lecture = target(
  "Niveau en lecture",
  single(["l1", "l2", "l3", "l4"]),
  [
    ["Vraiment en difficulté", "l1"],
    ["Un peu juste", "l2"],
    ["Dans la moyenne", "l3"],
    ["Très bon niveau", "l4"],
  ],
  "Où en est votre enfant en lecture ?",
);
const damage = target(
  "Damage",
  single(["d1", "d2", "d3", "d4"]),
  [
    ["Slight nuisance", "d1"],
    ["Worsening", "d2"],
    ["Serious", "d3"],
    ["Dangerous", "d4"],
  ],
  "How serious is the damage?",
);
const panne = target(
  "Gravité de la panne",
  single(["g1", "g2", "g3", "g4"]),
  [
    ["Gênant", "g1"],
    ["Ça s'aggrave", "g2"],
    ["Sérieux", "g3"],
    ["Dangereux", "g4"],
  ],
  "La panne est-elle grave ?",
);

void describe("a scale of ease or skill read from its labels", () => {
  void it("places how at ease a person says they are (EN)", () => {
    assert.deepEqual(read(stage, "I hate it"), ["s1", "fuzzy"]);
    assert.equal(valueOf(stage, "not great tbh"), "s2");
    assert.equal(valueOf(stage, "very awkward"), "s1");
    assert.equal(valueOf(stage, "totally at ease"), "s4");
    assert.equal(valueOf(stage, "fine with it"), "s3");
  });
  void it("places a skill said in other words (FR)", () => {
    assert.deepEqual(read(natation, "nul"), ["n1", "fuzzy"]);
    assert.equal(valueOf(natation, "je me débrouille"), "n3");
    assert.equal(valueOf(natation, "je galère"), "n2");
    assert.equal(valueOf(natation, "un peu rouillé"), "n2");
  });
  void it("places a difficulty, and a score on a scale without a top, by its place on the whole judgement", () => {
    assert.equal(valueOf(lecture, "catastrophique"), "l1");
    assert.equal(valueOf(lecture, "pas terrible"), "l2");
    assert.equal(valueOf(lecture, "moyen"), "l3");
    assert.equal(valueOf(lecture, "18/20"), "l4");
  });
  void it("does not turn a little of a bad word into its opposite, nor read a word asked back", () => {
    assert.equal(valueOf(stage, "un peu nerveux"), "s2");
    assert.equal(valueOf(stage, "relaxed?"), null);
    assert.equal(valueOf(natation, "aucune idée"), null);
  });
});

void describe("a scale of how serious a problem is", () => {
  void it("places a nuisance, an emergency and a degree of bad (EN)", () => {
    assert.deepEqual(read(damage, "no big deal"), ["d1", "fuzzy"]);
    assert.equal(valueOf(damage, "just annoying"), "d1");
    assert.equal(valueOf(damage, "it can wait"), "d1");
    assert.equal(valueOf(damage, "pretty bad"), "d3");
    assert.equal(valueOf(damage, "an emergency, honestly"), "d4");
  });
  void it("places the same in French", () => {
    assert.equal(valueOf(panne, "pas grave"), "g1");
    assert.equal(valueOf(panne, "c'est une urgence"), "g4");
    assert.equal(valueOf(panne, "embêtant"), "g1");
  });
  void it("reads a denied degree as mild, never as the word denied", () => {
    assert.equal(valueOf(damage, "not serious"), "d1");
    assert.equal(valueOf(panne, "pas dangereux"), "g1");
    assert.equal(valueOf(damage, "medium?"), null);
  });
});

const anciennete = target(
  "Ancienneté du contrat",
  single(["court", "moyen", "long"]),
  [
    ["Moins de 3 ans", "court"],
    ["3 à 8 ans", "moyen"],
    ["Plus de 8 ans", "long"],
  ],
  "Depuis combien de temps êtes-vous client ?",
);
const roofAge = target(
  "Roof age",
  single(["new", "mid", "old"]),
  [
    ["Up to 10 years", "new"],
    ["10-20 years", "mid"],
    ["Over 20 years", "old"],
  ],
  "How old is the roof?",
);

void describe("a number on the bound of two ranges", () => {
  void it("goes to the range that holds it, not to the label that holds its words", () => {
    assert.deepEqual(read(anciennete, "8 ans"), ["moyen", "exact"]);
    assert.deepEqual(read(anciennete, "3 ans"), ["moyen", "exact"]);
    assert.equal(valueOf(anciennete, "9 ans"), "long");
  });
  void it("is held loosely when both ranges hold it", () => {
    assert.equal(read(roofAge, "10 years")?.[1], "fuzzy");
  });
  void it("keeps a bound said with its own words", () => {
    assert.deepEqual(read(anciennete, "plus de 8 ans"), ["long", "exact"]);
    assert.deepEqual(read(anciennete, "moins de 3 ans"), ["court", "exact"]);
    assert.deepEqual(read(roofAge, "over 20 years"), ["old", "exact"]);
  });
});

const livraison = target(
  "Horaire de livraison",
  single(["matinee", "dejeuner", "aprem", "fin"]),
  [
    ["En matinée", "matinee"],
    ["À l'heure du déjeuner", "dejeuner"],
    ["L'après-midi", "aprem"],
    ["En fin de journée", "fin"],
  ],
  "Quand pouvons-nous livrer ?",
);
const pickup = target(
  "Pick-up time",
  single(["am", "lunch", "pm", "eod"]),
  [
    ["Morning", "am"],
    ["Lunchtime", "lunch"],
    ["Afternoon", "pm"],
    ["End of the day", "eod"],
  ],
  "When should the courier come?",
);

void describe("a moment of the day said short, and the end of the day", () => {
  void it("reads 'aprem' and 'pause déj' as the afternoon and lunch, not 'midi' inside 'après-midi'", () => {
    assert.equal(valueOf(livraison, "plutôt l'aprem"), "aprem");
    assert.equal(valueOf(livraison, "à la pause déj"), "dejeuner");
    assert.equal(valueOf(livraison, "vers 19h"), "fin");
  });
  void it("places a late hour at the end of the day (EN)", () => {
    assert.equal(valueOf(pickup, "7pm"), "eod");
    assert.equal(valueOf(pickup, "around 3pm"), "pm");
  });
  void it("does not read breakfast as lunch", () => {
    assert.notEqual(valueOf(livraison, "au petit déj"), "dejeuner");
  });
});

const chess = target(
  "Chess level",
  single(["c1", "c2", "c3", "c4"]),
  [
    ["Complete beginner", "c1"],
    ["Know the rules", "c2"],
    ["Club player", "c3"],
    ["Advanced", "c4"],
  ],
  "How well do you play chess?",
);

void describe("a scale of skill: never done is the bottom, a little the step above", () => {
  void it("reads never and a little (FR and EN)", () => {
    assert.deepEqual(read(natation, "jamais nagé"), ["n1", "fuzzy"]);
    assert.equal(valueOf(natation, "un peu, en vacances"), "n2");
    assert.equal(valueOf(chess, "never played it"), "c1");
  });
  void it("does not read never or a little on a scale that is no skill", () => {
    assert.equal(valueOf(stage, "never"), null);
    assert.equal(valueOf(lecture, "jamais"), null);
  });
});

const travaux = target(
  "Type de travaux",
  single(["toiture", "menuiserie", "peinture", "autre"]),
  [
    ["Toiture", "toiture"],
    ["Menuiserie", "menuiserie"],
    ["Peinture", "peinture"],
    ["Autre", "autre"],
  ],
  "De quels travaux s'agit-il ?",
);
const works = target(
  "Trade",
  single(["roofing", "carpentry", "painting", "other"]),
  [
    ["Roofing", "roofing"],
    ["Carpentry", "carpentry"],
    ["Painting", "painting"],
    ["Other", "other"],
  ],
  "What work is it?",
);

void describe("a bare Other after a need said first", () => {
  void it("takes the plain noun phrase after 'need', 'I need', 'je cherche', loosely", () => {
    assert.deepEqual(read(works, "need a chimney sweep"), ["other", "fuzzy"]);
    assert.deepEqual(read(travaux, "on cherche un ramoneur"), ["autre", "fuzzy"]);
    assert.equal(valueOf(travaux, "je cherche un serrurier"), "autre");
  });
  void it("not after a wish nor with a negation, nor a listed option", () => {
    assert.equal(valueOf(works, "want a new skylight put in"), null);
    assert.equal(valueOf(works, "I don't need a painter"), null);
    assert.notEqual(valueOf(works, "need a painter"), "other");
  });
});
