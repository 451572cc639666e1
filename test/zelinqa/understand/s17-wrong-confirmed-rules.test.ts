// Rules after the sixth blind round (s17): never a wrong value held as confirmed. A date asked about the past is the
// last such day; "all good" selects no option; each part of a compound label names its option; an option named only
// as the purpose of an unread word is loose; "no limit" is no 0; a round trip is no one-way distance; "nope, all good"
// is no note; a correction names the later option and a reversal takes the first one back.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, labelledTarget, multiChoice, readDirect, schemaTarget, singleChoice } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const DATE = { type: "string", format: "date" };

void describe("a date asked about the past", () => {
  const serviced = labelledTarget(DATE, { label: "Last boiler service", question: "When was the boiler last serviced?" });
  const bought = labelledTarget(DATE, { label: "Date d'achat", question: "Quand avez-vous acheté le véhicule ?" });

  void it("is the last such day on or before the reference day, in English and French", () => {
    assert.deepEqual(read("12 nov", serviced), ["2026-11-12", "exact"]);
    assert.deepEqual(read("on the 3rd of december", serviced), ["2025-12-03", "exact"]);
    assert.deepEqual(read("le 4 mars", bought), ["2026-03-04", "exact"]);
  });

  void it("is read from a past tense, never from a plan or a wish said in it", () => {
    const asked = (question: string) => labelledTarget(DATE, { label: "Date", question });
    for (const q of [
      "When was your last eye test?",
      "Quand avez-vous déménagé ?",
      "À quand remonte votre dernière visite ?",
      "How long ago did it happen?",
    ])
      assert.deepEqual(read("4 march", asked(q)), ["2026-03-04", "exact"], q);
    for (const q of [
      "Avez-vous prévu une date pour la fête ?",
      "Avez-vous une date en tête ?",
      "Avez-vous trouvé une date pour le mariage ?",
      "When was the party booked for?",
      "When were you hoping to start?",
      "Quand ont lieu les travaux ?",
      "Which date suits you?",
    ])
      assert.deepEqual(read("4 march", asked(q)), ["2027-03-04", "exact"], q);
  });

  void it("keeps a day without a year in the year the question pins, past or still ahead", () => {
    const changed = labelledTarget(DATE, {
      label: "Date du changement",
      question: "Si vous avez changé d'emploi cette année, à quelle date ?",
    });
    const arrived = labelledTarget(DATE, { label: "Arrival date", question: "If you arrived this year, on which day?" });
    assert.deepEqual(read("le 2 février", changed), ["2026-02-02", "exact"]);
    assert.deepEqual(read("je commence le 28 décembre", changed), ["2026-12-28", "exact"]);
    assert.deepEqual(read("5 april", arrived), ["2026-04-05", "exact"]);
    // Not read this way: a year said is kept.
    assert.deepEqual(read("le 2 février 2025", changed), ["2025-02-02", "exact"]);
  });
});

void describe("a multiple choice", () => {
  const health = choiceTarget("Health issues", multiChoice(["asthma", "epilepsy", "heart"]), [
    ["Asthma", "asthma"],
    ["Epilepsy", "epilepsy"],
    ["Heart", "heart"],
  ]);

  void it("takes no 'all' that quantifies a state or closes the sentence", () => {
    for (const text of ["all fine on that front", "tout va bien de ce côté", "c'est tout"]) assert.equal(read(text, health), null, text);
    // [ext] s19: everything said to be fine is no issue at all, loosely (the empty list, there being no "none" option).
    for (const text of ["everything's ok", "tout est ok"]) assert.deepEqual(read(text, health), [[], "fuzzy"], text);
    // Not read this way: "all" that quantifies the options still selects them all, and closes a named list.
    assert.deepEqual(read("all of them", health), [["asthma", "epilepsy", "heart"], "exact"]);
    assert.deepEqual(read("tout", health), [["asthma", "epilepsy", "heart"], "exact"]);
    assert.deepEqual(read("asthma, that's all", health), [["asthma"], "exact"]);
  });

  void it("holds loosely an option named only as the purpose of a word no option reads", () => {
    assert.deepEqual(read("taking digoxin for my heart", health), [["heart"], "fuzzy"]);
    assert.deepEqual(read("sous cardiotonique pour le heart", health), [["heart"], "fuzzy"]);
    // Not read this way: the option said plainly, or before the purpose.
    assert.deepEqual(read("asthma for sure", health), [["asthma"], "exact"]);
    assert.deepEqual(read("asthma and heart", health), [["asthma", "heart"], "exact"]);
  });
});

void describe("a compound choice label", () => {
  const rooms = choiceTarget("Extras", multiChoice(["media", "parking", "laundry"]), [
    ["Wi-Fi et TV", "media"],
    ["Parking", "parking"],
    ["Lave-linge", "laundry"],
  ]);
  const linen = choiceTarget("Extras", multiChoice(["linen", "breakfast"]), [
    ["Sheets and towels", "linen"],
    ["Breakfast", "breakfast"],
  ]);
  const contact = choiceTarget("Contact", singleChoice(["phone", "email"]), [
    ["Téléphone ou SMS", "phone"],
    ["Email", "email"],
  ]);

  void it("is named by each of its parts alone, even a short one, when the part names that option only", () => {
    assert.deepEqual(read("la tv et le parking", rooms), [["media", "parking"], "exact"]);
    assert.deepEqual(read("towels and breakfast", linen), [["linen", "breakfast"], "exact"]);
    assert.deepEqual(read("par sms", contact), ["phone", "exact"]);
    // Not read this way: a part that another option's label holds, or a label whose parts name no thing.
    const food = choiceTarget("Rooms", multiChoice(["kitchen_dining", "kitchen"]), [
      ["Cuisine et salle à manger", "kitchen_dining"],
      ["Cuisine", "kitchen"],
    ]);
    assert.deepEqual(read("la cuisine", food), [["kitchen"], "exact"]);
    const scale = choiceTarget("Satisfaction", singleChoice(["mixed", "yes"]), [
      ["Plus ou moins", "mixed"],
      ["Oui", "yes"],
    ]);
    assert.equal(read("plus", scale), null);
  });
});

void describe("a number", () => {
  const gift = {
    ...labelledTarget({ type: "number", minimum: 0 }, { label: "Gift budget (€)", question: "What is your gift budget?" }),
    minimum: 0,
  };
  const oneWay = labelledTarget({ type: "number", minimum: 0 }, { label: "Distance (km)", question: "How far is the office, one way?" });
  const school = labelledTarget(
    { type: "number", minimum: 0 },
    { label: "Distance école (km)", question: "Combien de km pour aller à l'école, aller simple ?" },
  );
  const roundTrip = labelledTarget({ type: "number", minimum: 0 }, { label: "Distance aller-retour (km)" });
  const daily = labelledTarget({ type: "number", minimum: 0 }, { label: "Daily driving (km)" });

  void it("is nothing when the reply denies the bound itself", () => {
    assert.equal(read("no budget", gift), null);
    assert.equal(read("pas de budget", gift), null);
    // Not read this way: a zero said.
    assert.deepEqual(read("0", gift), [0, "exact"]);
  });

  void it("halves a round trip for a one-way distance, doubles one way for a round trip, else holds it loosely", () => {
    assert.deepEqual(read("36 km round trip", oneWay), [18, "exact"]);
    assert.deepEqual(read("12 km aller-retour", school), [6, "exact"]);
    assert.deepEqual(read("15 km one way", roundTrip), [30, "exact"]);
    assert.deepEqual(read("80 km round trip", daily), [80, "fuzzy"]);
    // Not read this way: the sense the question asks.
    assert.deepEqual(read("12 km aller simple", school), [12, "exact"]);
    assert.deepEqual(read("44", oneWay), [44, "exact"]);
  });
});

void describe("a free-text note", () => {
  const wishes = schemaTarget({ type: "string" });

  void it("is nothing when the reply only denies and says all is well", () => {
    for (const text of ["nah, we're good", "non merci c'est bon", "no, all fine thanks", "non ça ira"])
      assert.equal(read(text, wishes), null, text);
    // Not read this way: contentment alone may be the note, and a denial with more is one.
    assert.deepEqual(read("all good", wishes), ["all good", "exact"]);
    assert.deepEqual(read("no, but please ring twice", wishes), ["no, but please ring twice", "exact"]);
  });
});

void describe("a single choice corrected", () => {
  const size = choiceTarget("Size", singleChoice(["s", "m", "l"]), [
    ["Small", "s"],
    ["Medium", "m"],
    ["Large", "l"],
  ]);
  const priority = choiceTarget("Priority", singleChoice(["low", "normal", "high"]), [
    ["Low priority", "low"],
    ["Normal", "normal"],
    ["High priority", "high"],
  ]);
  const rush = choiceTarget("Urgence", singleChoice(["calme", "bientot", "vite"]), [
    ["Pas pressé", "calme"],
    ["Dans les 15 jours", "bientot"],
    ["Très urgent", "vite"],
  ]);

  void it("gives the later option after a denial and a correction word", () => {
    assert.deepEqual(read("Medium, no Large actually", size), ["l", "exact"]);
    assert.deepEqual(read("small, no medium, sorry", size), ["m", "exact"]);
    // Without a correction word, "Medium, no Large" may say "not large": the first, loosely.
    assert.deepEqual(read("Medium, no Large", size), ["m", "fuzzy"]);
    // Not read this way: a longer denial refuses the option, whatever apology follows.
    assert.deepEqual(read("Small, no large ones please, sorry", size), ["s", "exact"]);
  });

  void it("takes the first option back when a correction reverses it without naming another", () => {
    assert.equal(read("low priority... actually no", priority), null);
    assert.equal(read("pas pressé, enfin si quand même", rush), null);
    // Not read this way: a correction naming the option, or a correction word with nothing reversed.
    assert.deepEqual(read("low priority... actually no, high priority", priority), ["high", "exact"]);
    assert.deepEqual(read("pas pressé, enfin je crois", rush), ["calme", "fuzzy"]);
  });

  void it("moves an option at one end one step in when a correction reverses it by a degree", () => {
    assert.deepEqual(read("pas pressé, enfin si un peu", rush), ["bientot", "fuzzy"]);
    assert.deepEqual(read("high priority... well, a little", priority), ["normal", "fuzzy"]);
    // Not read this way: an option in the middle has no one step in.
    assert.equal(read("Normal... actually a bit", priority), null);
  });

  void it("holds loosely an option that a correction word only qualifies", () => {
    assert.deepEqual(read("Normal, well, most of the time", priority), ["normal", "fuzzy"]);
    assert.deepEqual(read("pas pressé, enfin la plupart du temps", rush), ["calme", "fuzzy"]);
    // Not read this way: the option said without a correction word.
    assert.deepEqual(read("Normal", priority), ["normal", "exact"]);
  });

  void it("gives the option said plainly when another is only a possibility", () => {
    const colour = choiceTarget("Colour", singleChoice(["rouge", "bleu", "vert"]), [
      ["Rouge", "rouge"],
      ["Bleu", "bleu"],
      ["Vert", "vert"],
    ]);
    assert.deepEqual(read("Medium, and maybe Large too", size), ["m", "fuzzy"]);
    assert.deepEqual(read("rouge, éventuellement bleu", colour), ["rouge", "fuzzy"]);
    // Not read this way: two options said alike, plainly or both as possibilities.
    assert.equal(read("rouge ou bleu", colour), null);
    assert.equal(read("peut-être rouge, peut-être bleu", colour), null);
  });
});
