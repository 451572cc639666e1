// Choices and yes/no read from free text [ext of docs/zelinqa-api.md §10.5.2–10.5.3]: the other language's word, the
// parts of a label, two choices named for one, typos, "none" for a multiple choice, yes/no implied by a fact, and
// paraphrases of a level. Cases written for these rules, in both languages, with what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect, extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, multiChoice as multi, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

/** The value and whether it is certain ("exact") or held loosely ("fuzzy"); null when nothing is read. */
function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}
const value = (t: ExtractionTarget, text: string) => read(t, text)?.[0] ?? null;

describe("a choice word in the other language than the configuration", () => {
  const animal = target("Animal", single(["cat", "dog", "rodent"]), [
    ["Cat", "cat"],
    ["Dog", "dog"],
    ["Rodent", "rodent"],
  ]);
  const espece = target("Espèce", single(["chat", "chien", "oiseau"]), [
    ["Chat", "chat"],
    ["Chien", "chien"],
    ["Oiseau", "oiseau"],
  ]);
  it("understands the young and pet names of an animal, in both languages", () => {
    assert.deepEqual(read(animal, "un chaton"), ["cat", "exact"]);
    assert.equal(value(animal, "probably a puppy"), "dog");
    assert.equal(value(animal, "un cochon d'inde pour les enfants"), "rodent");
    assert.equal(value(espece, "a kitten"), "chat");
    assert.equal(value(espece, "une perruche"), "oiseau");
    assert.equal(value(espece, "we'd like a budgie"), "oiseau");
    // Two animals, or none of the choices: nothing.
    assert.equal(value(animal, "un chaton ou un chiot"), null);
    assert.equal(value(espece, "a snake"), null);
  });
  const language = target("Language", single(["german", "spanish", "italian"]), [
    ["German", "german"],
    ["Spanish", "spanish"],
    ["Italian", "italian"],
  ]);
  it("understands a language named in French or in the language itself", () => {
    assert.equal(value(language, "allemand"), "german");
    assert.equal(value(language, "Deutsch bitte"), "german");
    assert.equal(value(language, "español"), "spanish");
    assert.equal(value(language, "l'italien"), "italian");
    assert.equal(value(language, "le portugais"), null);
  });
  it("understands common service words: no commitment, the landline, prints", () => {
    const term = target("Contract", single(["none", "12m"]), [
      ["No commitment", "none"],
      ["12 months", "12m"],
    ]);
    assert.equal(value(term, "sans engagement svp"), "none");
    const options = target("Options", multi(["tv", "landline", "prints"]), [
      ["Landline", "landline"],
      ["Photo prints", "prints"],
    ]);
    assert.deepEqual(value(options, "le fixe"), ["landline"]);
    assert.deepEqual(value(options, "des tirages"), ["prints"]);
    // Each option by a word of its label or that word's translation.
    const phone = target("Options", multi(["v1", "v2"]), [
      ["Téléphone fixe illimité", "v1"],
      ["Itinérance en Europe", "v2"],
    ]);
    assert.deepEqual(value(phone, "a landline and roaming"), ["v1", "v2"]);
    assert.deepEqual(value(phone, "just a home phone"), ["v1"]);
  });
});

describe("the parts of a multiple choice's labels", () => {
  // Opaque values: only the labels name the choices.
  const format = target("Format", multi(["v1", "v2", "v3"]), [
    ["Séances individuelles à domicile", "v1"],
    ["Séances en groupe", "v2"],
    ["Visioconférence", "v3"],
  ]);
  it("reads a label's word through an equivalent of several words, in either language", () => {
    assert.deepEqual(value(format, "one-to-one and by visioconférence"), ["v1", "v3"]);
    assert.deepEqual(value(format, "one on one"), ["v1"]);
    assert.deepEqual(value(format, "private, or in a group"), ["v1", "v2"]);
  });
  it("names no choice by a word that several labels share", () => {
    const term = target("Term", single(["v1", "v2", "v3"]), [
      ["Month to month", "v1"],
      ["12 months", "v2"],
      ["24 months", "v3"],
    ]);
    assert.equal(value(term, "thirty months"), null);
    assert.equal(value(term, "month-to-month"), "v1");
  });
});

describe("two different choices named for a single choice", () => {
  const style = target("Style", single(["c", "r", "i"]), [
    ["Contemporary", "c"],
    ["Rustic (farmhouse)", "r"],
    ["Industrial", "i"],
  ]);
  const transport = target("Transport", single(["voiture", "train", "avion"]), [
    ["Voiture", "voiture"],
    ["Train", "train"],
    ["Avion", "avion"],
  ]);
  it("stores nothing when two choices are named without a preference, even by a word of a label", () => {
    assert.equal(value(style, "half contemporary, half farmhouse"), null);
    assert.equal(value(style, "un mélange d'industriel et de farmhouse"), null);
    assert.equal(value(transport, "plutôt le train ou l'avion"), null);
    assert.equal(value(transport, "train ou voiture, peu importe"), null);
  });
  it("holds the preferred one loosely: first choice before 'otherwise', 'mostly', 'ideally'", () => {
    assert.deepEqual(read(transport, "la voiture si possible, sinon le train"), ["voiture", "fuzzy"]);
    assert.deepEqual(read(transport, "the train if there are seats, otherwise the plane"), ["train", "fuzzy"]);
    assert.deepEqual(read(style, "mostly farmhouse, with a few industrial touches"), ["r", "fuzzy"]);
    assert.deepEqual(read(transport, "idéalement l'avion, mais le train ça va"), ["avion", "fuzzy"]);
  });
  it("reads 'rather than' / 'plutôt que' as leaving the second out", () => {
    assert.equal(value(transport, "train rather than plane"), "train");
    assert.equal(value(transport, "plutôt l'avion que la voiture"), "avion");
    assert.equal(value(transport, "le train au lieu de la voiture"), "train");
  });
});

describe("choice typos", () => {
  it("takes a typo of the first letter of a word starting with 'a' for a typo, not a prefix", () => {
    const language = target("Langue", single(["l1", "l2"]), [
      ["Anglais", "l1"],
      ["Allemand", "l2"],
    ]);
    assert.deepEqual(read(language, "englais"), ["l1", "fuzzy"]);
    const gearbox = target("Boîte", single(["b1", "b2"]), [
      ["Automatique", "b1"],
      ["Manuelle", "b2"],
    ]);
    assert.deepEqual(read(gearbox, "eutomatique"), ["b1", "fuzzy"]);
    // A negative prefix still makes another word.
    const kind = target("Kind", single(["t1", "t2"]), [
      ["Typical", "t1"],
      ["Asymmetric", "t2"],
    ]);
    assert.equal(value(kind, "atypical"), null);
  });
  it("reads two words of a label written as one, loosely", () => {
    const style = target("Style", single(["s1", "s2"]), [
      ["Fine art", "s1"],
      ["Street photo", "s2"],
    ]);
    assert.deepEqual(read(style, "fineart"), ["s1", "fuzzy"]);
    assert.deepEqual(read(style, "streetphoto please"), ["s2", "fuzzy"]);
    const extras = target("Extras", multi(["e1", "e2"]), [
      ["Wi-Fi", "e1"],
      ["Petit déjeuner", "e2"],
    ]);
    assert.deepEqual(read(extras, "le wifi et le petitdejeuner"), [["e1", "e2"], "fuzzy"]);
    // Only an exact join of the label's words: "finart" is neither.
    assert.equal(value(style, "finart"), null);
  });
});

describe("a 'none' reply and the other targets", () => {
  it("never reads 'none' / 'aucun' said to another question as a value 'none' of this one", () => {
    const term = target("Contract", single(["none", "m12"]), [
      ["No commitment", "none"],
      ["12 months", "m12"],
    ]);
    const heating = target("Chauffage", single(["aucun", "gaz"]), [
      ["Aucun", "aucun"],
      ["Gaz", "gaz"],
    ]);
    const indirect = (t: ExtractionTarget, text: string) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;
    assert.equal(indirect(term, "none"), null);
    assert.equal(indirect(term, "none thanks, just the internet"), null);
    assert.equal(indirect(heating, "aucun"), null);
    // Said to its own question, or with its label's words, it still is.
    assert.equal(value(term, "none"), "none");
    assert.equal(indirect(term, "no commitment please"), "none");
    assert.equal(value(heating, "aucun"), "aucun");
  });
});

describe("a level chosen by paraphrase", () => {
  const level = target("Level", single(["l1", "l2", "l3"]), [
    ["Beginner (A1-A2)", "l1"],
    ["Intermediate (B1-B2)", "l2"],
    ["Advanced (C1-C2)", "l3"],
  ]);
  const niveau = target("Niveau", single(["n1", "n2", "n3"]), [
    ["Débutant", "n1"],
    ["Intermédiaire", "n2"],
    ["Avancé", "n3"],
  ]);
  it("reads the lowest, the middle and the highest level from everyday words, loosely", () => {
    assert.deepEqual(read(level, "zéro, je pars de zéro"), ["l1", "fuzzy"]);
    assert.deepEqual(read(level, "je me débrouille"), ["l2", "fuzzy"]);
    assert.deepEqual(read(level, "bilingue"), ["l3", "fuzzy"]);
    assert.equal(value(niveau, "a total beginner"), "n1");
    assert.deepEqual(read(niveau, "I get by"), ["n2", "fuzzy"]);
    assert.deepEqual(read(niveau, "fluent, it's my mother tongue"), ["n3", "fuzzy"]);
  });
  it("never reads those words as a level in a reply to another question", () => {
    const indirect = (text: string) => extractIndirect(indirectText(text, TODAY, false), niveau)?.value ?? null;
    assert.equal(indirect("courant juin"), null);
    assert.equal(indirect("zéro"), null);
    assert.equal(value(niveau, "entre débutant et moyen"), null);
  });
});

describe("yes/no implied by a fact", () => {
  const bool = { type: "boolean" };
  it("reads 'we already have one' as no when the question asks whether they want it", () => {
    const wanted = target("Traiteur", bool, [], "Voulez-vous un traiteur ?");
    assert.deepEqual(read(wanted, "on a déjà un traiteur"), [false, "fuzzy"]);
    const wantedEn = target("Catering", bool, [], "Would you like catering?");
    assert.deepEqual(read(wantedEn, "we already have catering sorted"), [false, "fuzzy"]);
    // Asked whether they have it, it is a yes.
    const has = target("Traiteur", bool, [], "Avez-vous un traiteur ?");
    assert.deepEqual(read(has, "on a déjà un traiteur"), [true, "fuzzy"]);
  });
  it("reads a short word of the target's own ('TV') as its fact", () => {
    const tv = target("TV in the room", bool, [], "Do you want a TV in the room?");
    assert.deepEqual(read(tv, "we don't own a TV"), [false, "fuzzy"]);
  });
  it("reads outdoors or indoors from its opposite and from places, loosely", () => {
    const outdoor = target("Repas en extérieur", bool, [], "Le repas sera-t-il en extérieur ?");
    assert.deepEqual(read(outdoor, "à l'intérieur"), [false, "fuzzy"]);
    assert.deepEqual(read(outdoor, "dans le jardin de mes parents"), [true, "fuzzy"]);
    assert.deepEqual(read(outdoor, "dans une salle des fêtes"), [false, "fuzzy"]);
    assert.deepEqual(read(outdoor, "s'il fait beau"), [true, "fuzzy"]);
    assert.deepEqual(read(outdoor, "pas dehors"), [false, "fuzzy"]);
    const indoor = target("Indoor pool", bool, [], "Is the pool indoors?");
    assert.deepEqual(read(indoor, "outside, in the garden"), [false, "fuzzy"]);
    // The clause naming the subject decides; otherwise two places say nothing.
    assert.deepEqual(read(outdoor, "le repas dehors, le café à l'intérieur"), [true, "fuzzy"]);
    assert.equal(read(outdoor, "dehors ou dedans, on verra"), null);
  });
});

describe("a choice whose label is a duration, named by an equal duration", () => {
  const engagement = target("Durée d'engagement", single(["none", "6m", "12m", "24m"]), [
    ["Sans engagement", "none"],
    ["6 mois", "6m"],
    ["12 mois", "12m"],
    ["24 mois", "24m"],
  ]);
  const stay = target("Length of stay", single(["w1", "w2", "m1"]), [
    ["1 week", "w1"],
    ["2 weeks", "w2"],
    ["1 month", "m1"],
  ]);
  const read = (t: ExtractionTarget, text: string) => {
    const r = extractDirect(text, t, TODAY);
    return r === null ? null : [r.value, r.certainty];
  };

  it("converts years, semesters and weeks, in words or digits", () => {
    assert.deepEqual(read(engagement, "un an"), ["12m", "exact"]);
    assert.deepEqual(read(engagement, "deux ans max"), ["24m", "exact"]);
    assert.deepEqual(read(engagement, "un semestre"), ["6m", "exact"]);
    assert.deepEqual(read(stay, "fourteen days"), ["w2", "exact"]);
    assert.deepEqual(read(stay, "environ 7 jours"), ["w1", "fuzzy"]);
  });

  it("names nothing for a duration no label has, or several labels' durations", () => {
    assert.equal(read(engagement, "3 ans"), null);
    assert.equal(read(stay, "one week or two weeks"), null);
    assert.equal(read(stay, "30 days"), null, "a month is not a number of days");
  });
});
