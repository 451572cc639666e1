// s27 fixer t: a reply in the other language than the labels (foods and flavours, falling asleep and waking, boys and
// girls counted as children), an inability naming a label that states a difficulty, and dates: a weekday of next week said apart from it, a day set against another day said
// first ("before that", "après ça"), a month said with the season it falls in. Reference day: Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, labelledTarget, multiChoice, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");
const valueOf = (text: string, t: ExtractionTarget) => read(text, t)?.[0] ?? null;

const flavour = choiceTarget(
  "Parfum",
  singleChoice(["noisette", "vanille", "fraise", "autre"]),
  [
    ["Noisette", "noisette"],
    ["Vanille", "vanille"],
    ["Fraise", "fraise"],
    ["Autre", "autre"],
  ],
  "Quel parfum pour le gâteau ?",
);
const tea = choiceTarget(
  "Tea blend",
  singleChoice(["lemon", "cinnamon", "other"]),
  [
    ["Lemon and ginger", "lemon"],
    ["Cinnamon spice", "cinnamon"],
    ["Other", "other"],
  ],
  "Which blend would you like?",
);
const hamper = choiceTarget(
  "Garniture du panier",
  multiChoice(["fromage", "pain", "bougies", "aucun"]),
  [
    ["Plateau de fromages", "fromage"],
    ["Pain de campagne", "pain"],
    ["Bougies parfumées", "bougies"],
    ["Aucun", "aucun"],
  ],
  "Que voulez-vous dans le panier ?",
);

void describe("a choice named in the other language than its labels (UND-S27-T-1)", () => {
  void it("reads foods and flavours said in English for French labels, and the reverse", () => {
    assert.equal(valueOf("vanilla please", flavour), "vanille");
    assert.equal(valueOf("strawberry for my daughter's birthday", flavour), "fraise");
    assert.equal(valueOf("hazelnut", flavour), "noisette");
    assert.equal(valueOf("plutôt la cannelle", tea), "cinnamon");
    assert.equal(valueOf("citron gingembre", tea), "lemon");
    assert.deepEqual(valueOf("cheese and candles", hamper), ["fromage", "bougies"]);
  });
  void it("keeps a denied flavour denied and an unlisted one unread", () => {
    assert.notEqual(valueOf("not strawberry, she's allergic", flavour), "fraise");
    assert.notEqual(valueOf("chocolate", flavour), "vanille");
    assert.notEqual(valueOf("chocolate", flavour), "fraise");
  });
});

const complaint = choiceTarget(
  "Main complaint",
  singleChoice(["falling", "waking", "other"]),
  [
    ["Difficulty getting asleep", "falling"],
    ["Waking too early", "waking"],
    ["Other", "other"],
  ],
  "What bothers you most about your sleep?",
);
const plainte = choiceTarget(
  "Motif",
  singleChoice(["endormissement", "reveils", "autre"]),
  [
    ["Endormissement difficile", "endormissement"],
    ["Réveils nocturnes", "reveils"],
    ["Autre", "autre"],
  ],
  "Qu'est-ce qui vous gêne le plus ?",
);

void describe("falling asleep and waking said in the other language (UND-S27-T-2)", () => {
  void it("names the label of falling asleep or of waking", () => {
    assert.equal(valueOf("j'ai du mal à m'endormir", complaint), "falling");
    assert.equal(valueOf("je me réveille à 4h", complaint), "waking");
    assert.equal(valueOf("waking at 3am most nights", plainte), "reveils");
    assert.equal(valueOf("it takes me ages to get asleep", plainte), "endormissement");
  });
});

const limitation = choiceTarget(
  "Main limitation",
  singleChoice(["stairs", "walking", "other"]),
  [
    ["Difficulty climbing stairs", "stairs"],
    ["Trouble walking far", "walking"],
    ["Other", "other"],
  ],
  "What is hardest for you?",
);
const gene = choiceTarget(
  "Gêne principale",
  singleChoice(["escaliers", "marche", "autre"]),
  [
    ["Difficulté à monter les escaliers", "escaliers"],
    ["Mal à marcher longtemps", "marche"],
    ["Autre", "autre"],
  ],
  "Qu'est-ce qui est le plus difficile ?",
);

void describe("an inability names a label stating a difficulty (UND-S27-T-7)", () => {
  void it("reads 'can't X', 'n'arrive pas à X', 'ne peux pas X' as the difficulty doing X, loosely", () => {
    assert.deepEqual(read("I can't walk far", limitation), ["walking", "fuzzy"]);
    assert.deepEqual(read("je n'arrive plus à monter les escaliers", gene), ["escaliers", "fuzzy"]);
    assert.deepEqual(read("je ne peux pas marcher longtemps", gene), ["marche", "fuzzy"]);
    assert.deepEqual(read("j'arrive pas à m'endormir", complaint), ["falling", "fuzzy"]);
  });
  void it("reads nothing for a plain denial, another verb denied, or a label stating no difficulty", () => {
    assert.equal(read("not the stairs", limitation), null);
    assert.equal(read("I can't stay asleep", complaint), null);
    assert.equal(read("no trouble walking", limitation), null);
    const rooms = choiceTarget("Room", singleChoice(["garden", "other"]), [
      ["Garden view", "garden"],
      ["Other", "other"],
    ]);
    assert.equal(read("I can't see the garden", rooms), null);
  });
});

const enfants = labelledTarget(
  { type: "integer", minimum: 1, maximum: 8 },
  { label: "Nombre d'enfants", question: "Combien d'enfants viendront au stage ?" },
);
const children = labelledTarget(
  { type: "integer", minimum: 1, maximum: 8 },
  { label: "Number of children", question: "How many children are coming to the camp?" },
);

void describe("boys and girls counted as children (UND-S27-T-3)", () => {
  void it("counts them for a children target in either language", () => {
    assert.equal(valueOf("my three girls", enfants), 3);
    assert.equal(valueOf("nos deux garçons", children), 2);
    assert.equal(valueOf("2 boys", children), 2);
  });
  void it("keeps counting children as before", () => {
    assert.equal(valueOf("mes quatre enfants", enfants), 4);
  });
});

const appointment = labelledTarget(
  { type: "string", format: "date" },
  { label: "Viewing date", question: "When would you like to view the flat?" },
);
const livraison = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date de livraison souhaitée", question: "Quand voulez-vous être livré ?" },
);
const lastService = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date of the last service", question: "When was the boiler last serviced?" },
);
const derniereVisite = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date de la dernière visite", question: "Quand êtes-vous venu pour la dernière fois ?" },
);

void describe("a weekday of next week said apart from it (UND-S27-T-4)", () => {
  void it("is that weekday in next week, loosely", () => {
    assert.deepEqual(read("next week, thursday", appointment), ["2026-12-10", "fuzzy"]);
    assert.deepEqual(read("la semaine prochaine, vendredi", livraison), ["2026-12-11", "fuzzy"]);
    assert.deepEqual(read("next week, monday or tuesday", appointment), ["2026-12-07", "fuzzy"]);
  });
  void it("reads no day when next week is denied, and keeps the week alone and the weekday alone", () => {
    assert.equal(read("not next week, thursday", appointment)?.[0] === "2026-12-10", false);
    assert.equal(read("pas la semaine prochaine, vendredi", livraison)?.[0] === "2026-12-11", false);
    assert.equal(valueOf("next week", appointment), "2026-12-07");
    assert.equal(valueOf("thursday", appointment), "2026-12-03");
  });
});

void describe("a day set against another said first (UND-S27-T-5)", () => {
  void it("is the day asked, with the month said before it", () => {
    assert.deepEqual(read("the boiler is fitted on the 20th jan so after that, the 22nd?", appointment), ["2027-01-22", "fuzzy"]);
    assert.equal(valueOf("on déménage le 10 janvier, donc avant ça le 8", livraison), "2027-01-08");
    assert.equal(valueOf("my mum visits on the 14th, after that the 16th works", appointment), "2026-12-16");
  });
  void it("keeps a single day, and reads none from 'after that' without a day", () => {
    assert.equal(valueOf("le 8 janvier", livraison), "2027-01-08");
    assert.equal(read("after that it's fine", appointment), null);
  });
});

void describe("a month said with the season it falls in (UND-S27-T-6)", () => {
  void it("is the month, loosely", () => {
    assert.deepEqual(read("l'hiver dernier, en février je pense", derniereVisite), ["2026-02-01", "fuzzy"]);
    assert.deepEqual(read("last summer, in june I think", lastService), ["2026-06-01", "fuzzy"]);
    assert.deepEqual(read("cet été, en juillet", livraison), ["2027-07-01", "fuzzy"]);
  });
  void it("keeps the season alone as before, and reads none from a month outside the season", () => {
    assert.deepEqual(read("last summer", lastService), ["2026-07-01", "fuzzy"]);
    assert.equal(read("au printemps", derniereVisite), null);
    assert.equal(read("last summer, in march", lastService), null);
  });
});
