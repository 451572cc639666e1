// Numbers the tenth blind round stored wrong as confirmed or missed (s20 fix10b), with general rules read from the
// target's label: a unit of the target's kind or of another kind, a subunit said in words, a correction that keeps the
// corrected number's unit, hours per week, a time repeated per period, an article's alternative, a head count that is
// no measure, banknotes and hundredths, shares said in words for a percentage. Cases written for these rules, FR and
// EN, with their own labels, and what must not be read. Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const target = (type: string, minimum: number, maximum: number, label: string, question = "") => ({
  ...labelledTarget({ type, minimum, maximum }, { label, question }),
  minimum,
  maximum,
});
const read = (text: string, t: ReturnType<typeof target>) => {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
};

void describe("a unit of the target's kind, or of another kind", () => {
  const flour = target("number", 0.5, 50, "Farine par mois (kilos)", "Combien de kilos de farine par mois ?");
  const luggage = target("number", 1, 40, "Luggage weight (kg)");
  const fence = target("number", 1, 100, "Fence length (m)", "How long is the fence?");
  const couloir = target("number", 1, 50, "Longueur du couloir (mètres)");
  void it("binds a short or glued unit of the target's kind", () => {
    assert.deepEqual(read("5 kg", flour), [5, "exact"]);
    assert.deepEqual(read("2kg250", flour), [2.25, "exact"]);
    assert.deepEqual(read("12 kilos", luggage), [12, "exact"]);
    assert.deepEqual(read("23kg, it's a big case", luggage), [23, "exact"]);
  });
  void it("sets aside an area for a length, and a weight for a length", () => {
    assert.equal(read("the garden is 40 m²", fence), null);
    assert.equal(read("le couloir fait 8 m2", couloir), null);
    assert.equal(read("20 m carrés", couloir), null);
    assert.equal(read("about 30 kg of posts", fence), null);
    // Still read: the target's own unit.
    assert.deepEqual(read("40 m", fence), [40, "exact"]);
  });
  void it("joins the smaller unit said in words after the base one", () => {
    assert.deepEqual(read("deux mètres quatre-vingts", couloir), [2.8, "exact"]);
    assert.deepEqual(read("six metres twenty", fence), [6.2, "exact"]);
    assert.deepEqual(read("trois kilos cinq cents", flour), [3.5, "exact"]);
    assert.deepEqual(read("quatre mètres trente environ", couloir)?.[0], 4.3);
    // Not joined: a count of something else after the unit.
    assert.notDeepEqual(read("6 metres 2 panels", fence)?.[0], 6.02);
  });
});

void describe("a correction keeps the corrected number's unit", () => {
  const notice = target("integer", 1, 52, "Notice period (weeks)", "How many weeks of notice?");
  const stay = target("integer", 1, 60, "Durée du séjour (jours)");
  void it("converts the corrected bare number like the first", () => {
    assert.deepEqual(read("2 months, no wait, 3", notice), [13, "fuzzy"]);
    assert.deepEqual(read("1 semaine non 2", stay), [14, "exact"]);
    assert.deepEqual(read("4 no 5", notice), [5, "exact"]);
    // Not a correction: the "no" between words.
    assert.deepEqual(read("6 weeks, no more", notice), [6, "exact"]);
  });
});

void describe("hours per week", () => {
  const practice = target("number", 0.5, 40, "Hours per week", "How many hours a week do you practise?");
  const menage = target("number", 0.5, 40, "Heures de ménage par semaine");
  void it("converts days and minutes to hours, and the rate's article is no number", () => {
    assert.deepEqual(read("half a day a week", practice), [4, "fuzzy"]);
    assert.deepEqual(read("une demi-journée par semaine", menage), [4, "fuzzy"]);
    assert.deepEqual(read("45 minutes", practice), [0.75, "exact"]);
    assert.deepEqual(read("3 hours a week", practice), [3, "exact"]);
  });
  void it("multiplies a time by the times per week", () => {
    assert.deepEqual(read("3 hours twice a week", practice), [6, "exact"]);
    assert.deepEqual(read("2h trois fois par semaine", menage), [6, "exact"]);
    // Times per another period are converted, loosely (6 hours a month is about 1.5 a week: a month is said 4 weeks).
    assert.deepEqual(read("2 hours three times a month", practice), [1.5, "fuzzy"]);
    // Not read: how often alone.
    assert.equal(read("twice a week", practice), null);
    assert.equal(read("deux fois par semaine", menage), null);
  });
  void it("holds an article and its alternative loosely", () => {
    assert.deepEqual(read("an hour or two", practice), [1, "fuzzy"]);
    assert.deepEqual(read("une heure ou deux", menage), [1, "fuzzy"]);
  });
});

void describe("how many they are is no measure", () => {
  const meat = target("number", 0.5, 20, "Kilos de viande par mois");
  const fuel = target("number", 1, 200, "Litres of fuel per week");
  void it("sets aside a head count said with only", () => {
    assert.equal(read("pas beaucoup, on n'est que trois", meat), null);
    assert.equal(read("not much, we're only 2", fuel), null);
    assert.deepEqual(read("3 kilos, on est que deux", meat), [3, "exact"]);
  });
});

void describe("money said as people say it", () => {
  const tip = target("number", 0, 200, "Tip (£)", "How much would you tip?");
  const frais = target("number", 0, 500, "Frais de port max (€)");
  void it("reads banknotes by name and hundredths after the currency word", () => {
    assert.deepEqual(read("a tenner", tip), [10, "exact"]);
    assert.deepEqual(read("around a fiver", tip), [5, "fuzzy"]);
    assert.deepEqual(read("two pounds twenty", tip), [2.2, "exact"]);
    assert.deepEqual(read("4 euros 90", frais), [4.9, "exact"]);
    // Not hundredths: a count after the amount.
    assert.notDeepEqual(read("5 euros 20 colis", frais)?.[0], 5.2);
  });
});

void describe("a share said in words for a percentage", () => {
  const down = target("number", 0, 100, "Down payment (% of the price)");
  const remise = target("number", 0, 100, "Part payée d'avance (%)");
  const price = target("number", 0, 1000, "Budget (€)");
  void it("reads halves, thirds, quarters, all and nothing", () => {
    assert.deepEqual(read("half", down), [50, "exact"]);
    assert.deepEqual(read("two thirds", down), [66.67, "exact"]);
    assert.deepEqual(read("les trois quarts", remise), [75, "exact"]);
    assert.deepEqual(read("everything", down), [100, "exact"]);
    assert.deepEqual(read("la totalité", remise), [100, "exact"]);
    assert.deepEqual(read("almost all", down), [90, "fuzzy"]);
    assert.deepEqual(read("environ un tiers", remise), [33.33, "fuzzy"]);
    assert.deepEqual(read("la moitié, si possible plus tard le reste", remise), [50, "exact"]);
  });
  void it("is no share where the words mean something else or the target is no percentage", () => {
    assert.equal(read("tout de suite", remise), null);
    assert.equal(read("all good", down), null);
    assert.equal(read("la moitié", price), null);
  });
});

void describe("durations said in days, seasons and the whole year", () => {
  const away = target("integer", 0, 26, "Semaines d'absence", "Combien de semaines serez-vous absent ?");
  const lease = target("integer", 1, 24, "Lease length (months)", "For how many months?");
  const contrat = target("integer", 1, 24, "Durée du contrat (mois)");
  void it("reads days in whole weeks, French weeks exactly", () => {
    assert.deepEqual(read("quinze jours", away), [2, "exact"]);
    assert.deepEqual(read("8 jours", away), [1, "exact"]);
    assert.deepEqual(read("12 jours", away), [2, "fuzzy"]);
  });
  void it("counts months to a season's start, and the whole year", () => {
    assert.deepEqual(read("jusqu'au printemps", contrat), [4, "fuzzy"]);
    assert.deepEqual(read("till the autumn", lease), [10, "fuzzy"]);
    assert.deepEqual(read("l'année entière", contrat), [12, "exact"]);
    assert.deepEqual(read("the whole year", lease), [12, "exact"]);
    assert.deepEqual(read("a season", lease), [3, "fuzzy"]);
    // Not read: the year with an exception, or a season that is no end.
    assert.equal(read("toute l'année sauf en août", contrat), null);
    assert.equal(read("all year except december", lease), null);
  });
});

void describe("a count now and the one to come, and just the one", () => {
  const pets = target("integer", 0, 10, "Number of dogs", "How many dogs?");
  const enfants = target("integer", 0, 10, "Nombre d'enfants");
  void it("is the number now, loosely", () => {
    assert.deepEqual(read("2 et bientôt 3", enfants), [2, "fuzzy"]);
    assert.deepEqual(read("1, soon 2", pets), [1, "fuzzy"]);
    assert.deepEqual(read("just the one", pets), [1, "exact"]);
    assert.deepEqual(read("only the one", pets), [1, "exact"]);
  });
});

void describe("kilometres said short, an article before a unit, and lengths added up", () => {
  const run = target("number", 0, 100, "Run distance (km)", "How far do you run?");
  const odometer = target("integer", 0, 500000, "Kilométrage (km)");
  const plan = target("number", 0.5, 40, "Longueur totale du plan de travail (m)");
  const wall = target("number", 0.5, 40, "Wall width (m)", "How wide is the wall?");
  void it("reads a k as kilometres only when a thousand of them is past the maximum", () => {
    assert.deepEqual(read("10k", run), [10, "exact"]);
    assert.deepEqual(read("120k", odometer), [120000, "exact"]);
  });
  void it("reads an article before a unit of the target's kind", () => {
    assert.deepEqual(read("roughly a mile", run), [1.61, "fuzzy"]);
    assert.deepEqual(read("un mètre", plan), [1, "exact"]);
  });
  void it("adds up parts of a total length, loosely", () => {
    assert.deepEqual(read("1m20 + 2m", plan), [3.2, "fuzzy"]);
    assert.deepEqual(read("2m60 le long du mur et 1m10 en retour", plan), [3.7, "fuzzy"]);
    // Not added: two dimensions, alternatives, or a width that is no total.
    assert.notDeepEqual(read("2 m de long et 60 cm de profondeur", plan)?.[0], 2.6);
    assert.deepEqual(read("3 m ou 4 m", plan), [3, "fuzzy"]);
    assert.notDeepEqual(read("3 m and 2 m", wall)?.[0], 5);
  });
});

void describe("free of charge for an amount", () => {
  const fee = target("number", 0, 50, "Booking fee (£)", "What booking fee would you pay?");
  const livraison = target("number", 0, 50, "Frais de livraison max (€)");
  const paid = target("number", 1, 50, "Deposit (£)");
  void it("is 0 when the whole reply says free", () => {
    assert.deepEqual(read("free pls", fee), [0, "exact"]);
    assert.deepEqual(read("gratuit si possible !", livraison), [0, "exact"]);
    // Not read: more said, or an amount that cannot be 0.
    assert.equal(read("free if it comes tomorrow, otherwise 5", fee)?.[0] === 0, false);
    assert.equal(read("free", paid), null);
  });
});
