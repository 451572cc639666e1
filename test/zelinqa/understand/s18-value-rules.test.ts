// Values said the way people say them (s18): a pointer to something said elsewhere is no note, an age in the future
// tense or just short of a number, a second number said only as a possibility, "grand max", approximations after the
// unit, "je dirais"; dates said as a period (a named season, last month, this morning, "a couple of weeks ago", "last
// april"), months and years back held loosely, "after the 20th"; don't-know and yes/no in other forms, and "rather not"
// to a yes/no question as a no. Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createSession, nextQuestions } from "../../../src/zelinqa/engine/index.js";
import { extractIndirect, indirectText, isDontKnow } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { declinesTheThing } from "../../../src/zelinqa/understand/lexicons.js";
import { artifactOf, dimension, openQuestion, successInformation, testDeps, valueOf } from "../engine/engine-fixtures.js";
import { choiceTarget, labelledTarget as target, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
/** With the schema's bounds, as the engine hands them. */
const bounded = (schema: { type: string; minimum: number; maximum: number }, label: string): ExtractionTarget => ({
  ...target(schema, { label }),
  minimum: schema.minimum,
  maximum: schema.maximum,
});

void describe("a free-text reply that only points elsewhere", () => {
  const notes = target({ type: "string" }, { label: "Details of the request" });

  void it("records no note for a pointer, in either language", () => {
    assert.equal(read("cf. ci-dessus", notes), null);
    assert.equal(read("As I said before", notes), null);
    assert.equal(read("voir mon message précédent svp", notes), null);
    assert.equal(read("idem", notes), null);
    // Not read this way: a note that says more than the pointer, or "above" in a description.
    assert.deepEqual(read("see above, plus the fan is loud", notes), ["see above, plus the fan is loud", "exact"]);
    assert.deepEqual(read("a crack above the door", notes), ["a crack above the door", "exact"]);
  });
});

void describe("ages to come and numbers just short", () => {
  const age = bounded({ type: "integer", minimum: 0, maximum: 120 }, "Âge de votre fils");
  const area = bounded({ type: "number", minimum: 0, maximum: 100000 }, "Surface du salon (m²)");

  void it("reads an age in the future tense as one year less", () => {
    assert.deepEqual(read("il aura 8 ans en mars", age), [7, "exact"]);
    assert.deepEqual(read("he turns 12 in May", age), [11, "exact"]);
    assert.deepEqual(read("almost 7", age), [6, "fuzzy"]);
    assert.deepEqual(read("presque 14 ans", age), [13, "fuzzy"]);
    // Not read this way: an age said plainly.
    assert.deepEqual(read("il a 8 ans", age), [8, "exact"]);
  });

  void it("holds a number just short of what is said loosely, for other targets too", () => {
    assert.deepEqual(read("presque 35 m²", area), [35, "fuzzy"]);
    assert.deepEqual(read("nearly 40", area), [40, "fuzzy"]);
  });
});

void describe("a second number said only as a possibility", () => {
  const guests = bounded({ type: "integer", minimum: 1, maximum: 500 }, "Nombre d'invités");
  const budget = bounded({ type: "number", minimum: 0, maximum: 100000 }, "Budget for the kitchen");

  void it("gives the number said plainly, loosely", () => {
    assert.deepEqual(read("12, voire 15", guests), [12, "fuzzy"]);
    assert.deepEqual(read("4000 maybe 4500", budget), [4000, "fuzzy"]);
    assert.deepEqual(read("3000 or even 3500", budget), [3000, "fuzzy"]);
    // (s25) Two alternatives for a count of people give the first too, loosely (they gave none before).
    assert.deepEqual(read("12 ou 15", guests), [12, "fuzzy"]);
  });

  void it("reads French 'grand max' after a number of thousands as a bound, English 'N grand max' as thousands", () => {
    assert.deepEqual(read("1500 grand max", budget), [1500, "exact"]);
    assert.deepEqual(read("3 grand max", budget), [3000, "exact"]);
  });

  void it("holds a number approximated after its unit loosely", () => {
    assert.deepEqual(read("120 m² environ", bounded({ type: "number", minimum: 0, maximum: 100000 }, "Surface (m²)")), [120, "fuzzy"]);
    assert.deepEqual(read("3 hours or so", bounded({ type: "number", minimum: 0, maximum: 100 }, "Hours per week")), [3, "fuzzy"]);
  });
});

void describe("a choice said as a guess", () => {
  const level = choiceTarget("Niveau", { type: "string", enum: ["debutant", "avance"] }, [
    ["Débutant", "debutant"],
    ["Avancé", "avance"],
  ]);

  void it("holds the choice loosely after 'je dirais' or 'I'd say'", () => {
    assert.deepEqual(read("avancé je dirais", level), ["avance", "fuzzy"]);
    assert.deepEqual(read("I'd say débutant", level), ["debutant", "fuzzy"]);
  });
});

void describe("dates said as a period of the calendar", () => {
  const lastCheck = target({ type: "string", format: "date" }, { label: "Last check-up", question: "When was your last check-up?" });
  const start = target({ type: "string", format: "date" }, { label: "Date de début des travaux" });
  const since = target({ type: "string", format: "date" }, { label: "Problem since", question: "Since when has it been failing?" });

  void it("reads a month named with last or next", () => {
    assert.deepEqual(read("last march", lastCheck), ["2026-03-01", "fuzzy"]);
    assert.deepEqual(read("en juin dernier", target({ type: "string", format: "date" }, { label: "Date d'achat" })), [
      "2026-06-01",
      "fuzzy",
    ]);
    assert.deepEqual(read("next december", start), ["2027-12-01", "fuzzy"]);
    assert.deepEqual(read("juin prochain", start), ["2027-06-01", "fuzzy"]);
  });

  void it("reads a season whose occurrence is named as its middle month, loosely", () => {
    assert.deepEqual(read("l'hiver dernier", lastCheck), ["2026-01-01", "fuzzy"]);
    assert.deepEqual(read("next spring", start), ["2027-04-01", "fuzzy"]);
    assert.deepEqual(read("cet été", start), ["2027-07-01", "fuzzy"]);
    // Not read this way: a season alone, "été" as a verb.
    assert.equal(read("au printemps", start), null);
    assert.equal(read("j'ai été malade", start), null);
  });

  void it("reads last week and last month as their first day, loosely", () => {
    assert.deepEqual(read("la semaine dernière", lastCheck), ["2026-11-23", "fuzzy"]);
    assert.deepEqual(read("last month I think", lastCheck), ["2026-11-01", "fuzzy"]);
  });

  void it("reads a part of today as today", () => {
    assert.deepEqual(read("ce matin", since), ["2026-12-01", "exact"]);
    assert.deepEqual(read("since earlier today", since), ["2026-12-01", "exact"]);
  });

  void it("holds a time back in months or years loosely, not one in days", () => {
    assert.deepEqual(read("a couple of days ago", since), ["2026-11-29", "fuzzy"]);
    assert.deepEqual(read("il y a 4 mois", since), ["2026-08-01", "fuzzy"]);
    assert.deepEqual(read("three years ago", lastCheck), ["2023-12-01", "fuzzy"]);
    assert.deepEqual(read("5 days ago", since), ["2026-11-26", "exact"]);
  });

  void it("holds a day after 'after' loosely, but not 'after' before something else", () => {
    assert.deepEqual(read("after the 20th", start), ["2026-12-20", "fuzzy"]);
    assert.deepEqual(read("après le 8 janvier", start), ["2027-01-08", "fuzzy"]);
    assert.deepEqual(read("today after lunch", target({ type: "string", format: "date" }, { label: "Drop-off date" })), [
      "2026-12-01",
      "exact",
    ]);
  });

  void it("does not count 'a couple of' a time unit as two people in passing", () => {
    const people = bounded({ type: "integer", minimum: 1, maximum: 50 }, "Number of people");
    const inPassing = (text: string) => extractIndirect(indirectText(text, TODAY, false), people)?.value ?? null;
    assert.equal(inPassing("it started a couple of weeks ago"), null);
    assert.equal(inPassing("un couple de jours plus tard"), null);
    assert.equal(inPassing("we're a couple"), 2);
  });
});

void describe("don't-know and yes/no in other forms", () => {
  void it("recognises not remembering, someone else not knowing and an opening 'idk,'", () => {
    assert.equal(isDontKnow("cant recall, ages ago"), true);
    assert.equal(isDontKnow("elle ne sait pas encore"), true);
    assert.equal(isDontKnow("my son doesn't know, he's 6"), false);
    assert.equal(isDontKnow("she doesn't know yet"), true);
    assert.equal(isDontKnow("jsp, peut-être 3"), true);
    // Not a don't-know: the letters inside a word, or a reply that knows.
    assert.equal(isDontKnow("Idaho, near Boise"), false);
    assert.equal(isDontKnow("he knows the chords"), false);
  });

  void it("reads form letters and consent said as what suits the person", () => {
    const parking = target({ type: "boolean" }, { label: "Parking needed" });
    assert.deepEqual(read("y", parking), [true, "exact"]);
    assert.deepEqual(read("n", parking), [false, "exact"]);
    assert.deepEqual(read("ok by me", parking), [true, "exact"]);
    assert.deepEqual(read("ça me convient", parking), [true, "exact"]);
    assert.deepEqual(read("ça ne me convient pas", parking), [false, "exact"]);
    assert.deepEqual(read("I'd rather not", parking), [false, "exact"]);
  });

  void it("reads a purchase still to come as not having it yet, loosely", () => {
    const hasBike = target({ type: "boolean" }, { label: "Already owns a bike", question: "Do you already have a bike?" });
    assert.deepEqual(read("we're going to buy one in spring", hasBike), [false, "fuzzy"]);
    assert.deepEqual(read("je vais en acheter un d'occasion", hasBike), [false, "fuzzy"]);
    // Not read this way: a purchase denied says nothing of having one.
    assert.equal(read("je vais pas en acheter", hasBike), null);
  });

  void it("tells declining the thing from declining to answer", () => {
    assert.equal(declinesTheThing("I'd rather not, the house is rented"), true);
    assert.equal(declinesTheThing("plutôt pas, il y a des enfants"), true);
    assert.equal(declinesTheThing("rather not say"), false);
    assert.equal(declinesTheThing("je préfère ne pas répondre"), false);
  });

  void it("records 'rather not' to a yes/no question as a no, and stays a refusal for an open question", async () => {
    const artifact = artifactOf([
      dimension("d", 0, "blocking"),
      openQuestion("q_photos", "d", "May we take photos of the room?"),
      openQuestion("q_job", "d", "What is your job?"),
      successInformation("photos", "q_photos", { type: "boolean" }),
      successInformation("job", "q_job", { type: "string" }),
    ]);
    const answer = async (question_id: string, user_text: string) => {
      const deps = testDeps();
      const state = valueOf(await createSession(artifact, {}, deps)).state;
      return valueOf(await nextQuestions(artifact, state, { state_version: 0, previous_turn: { question_id, user_text } }, deps)).state;
    };
    const photos = await answer("q_photos", "would rather not, there are kids' drawings everywhere");
    assert.equal(photos.outcomes.at(-1)?.outcome, "asked_answered");
    assert.equal(photos.targets.photos?.value, false);
    const job = await answer("q_job", "would rather not");
    assert.equal(job.outcomes.at(-1)?.outcome, "refused");
    assert.equal(job.targets.job?.value, undefined);
  });
});

void describe("values said in passing", () => {
  const passing = (text: string, t: ExtractionTarget, sinceDates = false) =>
    extractIndirect(indirectText(text, TODAY, false, new Set(), sinceDates), t)?.value ?? null;

  void it("dates a start from what follows 'since' / 'depuis', beside other open dates", () => {
    const began = target({ type: "string", format: "date" }, { label: "Date the fault began", question: "When did it start?" });
    assert.equal(passing("the boiler, broken since yesterday", began, true), "2026-11-30");
    assert.equal(passing("chaudière, en panne depuis lundi", began, true), "2026-11-30");
    // Not read this way: how long another thing has lasted, or a day to come.
    assert.equal(passing("chaudière, client depuis 10 ans", began, true), null);
    assert.equal(passing("the boiler, since next week", began, true), null);
  });

  void it("dates the last time from a denial with 'since'", () => {
    const lastService = target(
      { type: "string", format: "date" },
      { label: "Date of the last service", question: "When was it last serviced?" },
    );
    assert.equal(passing("the filter, it hasn't been changed since june", lastService, true), "2026-06-01");
    // Not read this way: something that began then is no last time.
    assert.equal(passing("the filter, leaking since june", lastService, true), null);
  });

  void it("reads a denied 'have' before a noun of the label as a no", () => {
    const insured = target({ type: "boolean" }, { label: "Home insurance" });
    assert.equal(passing("in march, and we don't have insurance", insured), false);
    const internet = target({ type: "boolean" }, { label: "Internet à la maison" });
    assert.equal(passing("en mars, et on n'a pas internet", internet), false);
    // Not read this way: having said plainly may name another noun of the label.
    assert.equal(passing("in march, and we have insurance papers somewhere", insured), null);
  });

  void it("reads the label's own participle done by the person", () => {
    const updated = target({ type: "boolean" }, { label: "Software already updated" });
    assert.equal(passing("since tuesday, and I already updated twice", updated), true);
    assert.equal(passing("since tuesday, and we haven't updated it", updated), false);
    // Not read this way: a verb made from a label noun, done by them ("I insured it" is no insurance of theirs).
    assert.equal(passing("a flat, I insured it myself", target({ type: "boolean" }, { label: "Insurance" })), null);
  });

  void it("does not count the label's noun after an article for a target measured in a unit", () => {
    const fence = bounded({ type: "number", minimum: 0, maximum: 5000 }, "Longueur de clôture (m)");
    assert.equal(passing("600 m² avec une clôture de 25 m", fence), 25);
    assert.equal(passing("juste une clôture en bois", fence), null);
  });
});
