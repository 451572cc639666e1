// Rules of the s17 scale round: the options of a single choice that form an ordered scale (an intensity, a judgement
// of satisfaction, quality or agreement, a frequency, a size) are placed on it from their own labels, and a reply
// that places itself on the scale ("8/10", "un peu", "bof", "trois fois par mois", "extra small") gives the nearest
// option, held loosely. Options that form no scale read none of it.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect, extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}

void describe("an intensity scale", () => {
  const stiffness = target("Stiffness", single(["none", "slight", "strong", "extreme"]), [
    ["None", "none"],
    ["Slight", "slight"],
    ["Strong", "strong"],
    ["Extreme", "extreme"],
  ]);
  const noise = target("Niveau de bruit", single(["bas", "moyen", "haut"]), [
    ["Faible", "bas"],
    ["Moyen", "moyen"],
    ["Élevé", "haut"],
  ]);

  void it("maps a score out of 10, or a bare number, proportionally; above 0 is never the bottom", () => {
    assert.deepEqual(read(stiffness, "9/10 this morning"), ["extreme", "fuzzy"]);
    assert.deepEqual(read(stiffness, "1 sur 10"), ["slight", "fuzzy"]);
    assert.deepEqual(read(stiffness, "0"), ["none", "fuzzy"]);
    assert.deepEqual(read(noise, "8 sur 10"), ["haut", "fuzzy"]);
  });

  void it("reads degree words in French and English", () => {
    assert.deepEqual(read(stiffness, "just a little stiff"), ["slight", "fuzzy"]);
    assert.deepEqual(read(stiffness, "c'est insupportable"), ["extreme", "fuzzy"]);
    assert.deepEqual(read(stiffness, "really bad today"), ["strong", "fuzzy"]);
    assert.deepEqual(read(stiffness, "un peu"), ["slight", "fuzzy"]);
    assert.deepEqual(read(noise, "un peu fort"), ["bas", "fuzzy"]);
    assert.deepEqual(read(noise, "très fort la nuit"), ["haut", "fuzzy"]);
    // Not read this way: "pas mal" is "quite a lot" or "no pain", and 42 is on no scale of 10; a degree alone
    // ("very") says how much of something only on a scale that starts at none.
    assert.equal(read(noise, "very"), null);
    assert.equal(read(stiffness, "pas mal"), null);
    assert.equal(read(stiffness, "42"), null);
  });
});

void describe("a judgement scale (satisfaction, quality, agreement)", () => {
  const stay = target("Avis sur le séjour", single(["t_mauvais", "mauvais", "neutre", "bon", "t_bon"]), [
    ["Très mécontent", "t_mauvais"],
    ["Mécontent", "mauvais"],
    ["Neutre", "neutre"],
    ["Content", "bon"],
    ["Très content", "t_bon"],
  ]);
  const meal = target("Meal quality", single(["poor", "fair", "good", "excellent"]), [
    ["Poor", "poor"],
    ["Fair", "fair"],
    ["Good", "good"],
    ["Excellent", "excellent"],
  ]);
  const policy = target("Accord", single(["a0", "a1", "a2", "a3"]), [
    ["Pas du tout d'accord", "a0"],
    ["Plutôt pas d'accord", "a1"],
    ["Plutôt d'accord", "a2"],
    ["Tout à fait d'accord", "a3"],
  ]);

  void it("places middle words, strong words and a weak 'pas terrible' on it", () => {
    assert.deepEqual(read(stay, "mitigé"), ["neutre", "fuzzy"]);
    assert.deepEqual(read(stay, "vraiment ravis !"), ["t_bon", "fuzzy"]);
    assert.deepEqual(read(stay, "pas terrible, le lit grinçait"), ["mauvais", "fuzzy"]);
    assert.deepEqual(read(meal, "meh, so-so"), ["fair", "fuzzy"]);
    assert.deepEqual(read(meal, "loved it"), ["excellent", "fuzzy"]);
  });

  void it("reads a score out of 5 as that rank, and yes/no as the mild side", () => {
    assert.deepEqual(read(stay, "4/5"), ["bon", "fuzzy"]);
    assert.deepEqual(read(stay, "2 sur 5"), ["mauvais", "fuzzy"]);
    assert.deepEqual(read(stay, "oui dans l'ensemble"), ["bon", "fuzzy"]);
    assert.deepEqual(read(stay, "non, trop de bruit"), ["mauvais", "fuzzy"]);
    assert.deepEqual(read(policy, "oui, globalement"), ["a2", "fuzzy"]);
    assert.deepEqual(read(policy, "pas du tout"), ["a0", "fuzzy"]);
    // Not read this way: a scale without a middle gives no middle. (s18: a lukewarm "bof" leans below the middle, so
    // it is the option just under it, loosely; a plain "no opinion" still gives nothing.)
    assert.equal(read(policy, "sans avis"), null);
    assert.deepEqual(read(policy, "bof"), ["a1", "fuzzy"]);
  });
});

void describe("a frequency scale", () => {
  const gym = target("Gym visits", single(["never", "rarely", "weekly", "often", "daily"]), [
    ["Never", "never"],
    ["Less than once a month", "rarely"],
    ["Once a week", "weekly"],
    ["Several times a week", "often"],
    ["Every day", "daily"],
  ]);
  const visits = target("Fréquence des visites", single(["unique", "mensuel", "quinze", "hebdo"]), [
    ["Une seule fois", "unique"],
    ["Une fois par mois", "mensuel"],
    ["Toutes les deux semaines", "quinze"],
    ["Toutes les semaines", "hebdo"],
  ]);

  void it("reads a rate and takes the option whose rate is nearest", () => {
    assert.deepEqual(read(gym, "3 times a week"), ["often", "fuzzy"]);
    assert.deepEqual(read(gym, "every saturday"), ["weekly", "exact"]);
    assert.deepEqual(read(gym, "tuesdays and thursdays"), ["often", "fuzzy"]);
    assert.deepEqual(read(gym, "every morning before work"), ["daily", "exact"]);
    assert.deepEqual(read(visits, "deux fois par mois"), ["quinze", "fuzzy"]);
    assert.deepEqual(read(visits, "douze fois par an"), ["mensuel", "exact"]);
    assert.deepEqual(read(visits, "le week-end"), ["hebdo", "fuzzy"]);
  });

  void it("keeps a single time for the one-off option only", () => {
    assert.deepEqual(read(visits, "juste une fois pour le déménagement"), ["unique", "fuzzy"]);
    assert.equal(read(gym, "just once"), null);
  });
});

void describe("a size scale", () => {
  const shirt = target("Shirt size", single(["xs", "s", "m", "l", "xl"]), [
    ["XS", "xs"],
    ["S", "s"],
    ["M", "m"],
    ["L", "l"],
    ["XL", "xl"],
  ]);
  const box = target("Box", single(["petit", "moyen", "grand"]), [
    ["Small", "petit"],
    ["Medium", "moyen"],
    ["Large", "grand"],
  ]);

  void it("reads size words for letters, and the letters of a word", () => {
    assert.deepEqual(read(shirt, "extra small please"), ["xs", "fuzzy"]);
    assert.deepEqual(read(shirt, "taille moyenne"), ["m", "fuzzy"]);
    assert.deepEqual(read(shirt, "xl, I'm broad"), ["xl", "fuzzy"]);
    assert.deepEqual(read(box, "L should do"), ["grand", "fuzzy"]);
  });

  void it("never takes the letter of a contraction or a measure for a letter label", () => {
    assert.equal(read(shirt, "I'm not sure"), null);
    assert.equal(read(shirt, "l'autre, celle d'avant"), null);
    assert.equal(read(shirt, "I'm 1m70"), null);
    assert.deepEqual(read(shirt, "it's a big one"), ["l", "fuzzy"]);
    // Still read: the letter standing alone.
    assert.deepEqual(read(shirt, "S please"), ["s", "exact"]);
  });
});

void describe("options that form no scale", () => {
  const fruit = target("Fruit", single(["apple", "pear", "plum"]), [
    ["Apple", "apple"],
    ["Pear", "pear"],
    ["Plum", "plum"],
  ]);

  const mood = target("Mood", single(["bad", "ok", "good"]), [
    ["Bad", "bad"],
    ["Okay", "ok"],
    ["Good", "good"],
  ]);

  void it("read no score, degree, rate nor size", () => {
    // The same replies place themselves on a scale of the same length.
    assert.deepEqual(read(mood, "4/5"), ["good", "fuzzy"]);
    assert.deepEqual(read(mood, "bof"), ["ok", "fuzzy"]);
    for (const text of ["4/5", "bof", "a bit", "every week", "medium", "oui"]) assert.equal(read(fruit, text), null, text);
  });
});

void describe("an 'Other …' option", () => {
  const contact = target("Moyen de contact", single(["phone", "email", "agence", "autre"]), [
    ["Téléphone", "phone"],
    ["Courriel", "email"],
    ["Rendez-vous en agence", "agence"],
    ["Autre canal", "autre"],
  ]);
  const instrument = target("Instrument", single(["piano", "guitar", "violin", "other"]), [
    ["Piano", "piano"],
    ["Guitar", "guitar"],
    ["Violin", "violin"],
    ["Other instrument", "other"],
  ]);

  void it("never takes a request, an action wanted, only a person, or a listed option's word", () => {
    assert.equal(read(contact, "rappelez-moi demain"), null);
    assert.equal(read(contact, "je prefere passer vous voir"), null);
    assert.equal(read(contact, "courriel ou tél"), null);
    assert.equal(read(instrument, "it's for my daughter"), null);
    assert.equal(read(instrument, "call me"), null);
    assert.equal(read(instrument, "I'd rather try to sing"), null);
    // Still read: a thing no option names, even said for someone.
    assert.deepEqual(read(contact, "par pigeon voyageur"), ["autre", "fuzzy"]);
    assert.deepEqual(read(instrument, "a cello for my son"), ["other", "fuzzy"]);
  });
});

void describe("a score said in passing", () => {
  const stress = target("Stress level", single(["none", "low", "high", "extreme"]), [
    ["None", "none"],
    ["Low", "low"],
    ["High", "high"],
    ["Extreme", "extreme"],
  ]);
  const passing = (text: string) => {
    const r = extractIndirect(indirectText(text, TODAY, false), stress);
    return r === null ? null : [r.value, r.certainty];
  };

  void it("goes to the scale target whose label's noun is beside it, loosely", () => {
    assert.deepEqual(passing("I sleep badly, my stress is about 9/10 these days"), ["extreme", "fuzzy"]);
    assert.deepEqual(passing("stress 3 sur 10 en ce moment"), ["low", "fuzzy"]);
    // Not read this way: a score beside no word of the label, or no score.
    assert.equal(passing("the hotel was 9/10"), null);
    assert.equal(passing("stress, a lot"), null);
  });
});
