// Values said in passing (docs/zelinqa-understanding.md "Values stated in passing"), rules added after the fourth blind
// round: what is read, and what must not be. Examples are our own, French and English.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answeredStems, extractDirect, extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget as target } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

/** What a reply to `answered`'s question says in passing of `t`. */
const inPassing = (text: string, t: ExtractionTarget, answered: readonly ExtractionTarget[] = []) =>
  extractIndirect(indirectText(text, TODAY, false, answeredStems(answered)), t)?.value;
const value = (text: string, t: ExtractionTarget) => extractDirect(text, t, TODAY)?.value;

const attendees = target({ type: "integer", minimum: 1, maximum: 500 }, { label: "Number of attendees" });
const kids = target(
  { type: "integer", minimum: 0, maximum: 100 },
  { label: "Number of kids", question: "How many of the attendees are kids?" },
);
const children = target({ type: "integer", minimum: 0, maximum: 100 }, { label: "Number of children" });
const enfants = target({ type: "integer", minimum: 0, maximum: 20 }, { label: "Nombre d'enfants" });
const invites = target({ type: "integer", minimum: 1, maximum: 500 }, { label: "Nombre d'invités" });
const menu = target({ type: "string", enum: ["fish", "meat"] }, { label: "Menu" }, [
  ["Fish", "fish"],
  ["Meat", "meat"],
]);

void describe("people of one kind", () => {
  void it("a target counting one kind of person takes that kind only, not a head count", () => {
    assert.equal(inPassing("5 adults and 3 kids", kids, [attendees]), 3);
    assert.equal(inPassing("trois adultes + deux enfants", enfants, [invites]), 2);
    assert.equal(value("5 adults and 3 kids", kids), 3);
    assert.equal(value("my husband, me and our 2 kids", kids), 2);
    assert.equal(value("un fils et une fille", enfants), 2, "young people named without a number still count");
  });

  void it("people of another kind or of no kind are not its number", () => {
    assert.equal(inPassing("fish, for 30 people", kids, [menu]), undefined);
    assert.equal(inPassing("fish, 12 of us", kids, [menu]), undefined);
    assert.equal(inPassing("poisson, 4 adultes", enfants, [menu]), undefined);
    assert.equal(value("65 attendees, including 9 kids", kids), 9, "the question's 'attendees' is not the label's kind");
  });

  void it("a part ('N of them', 'including') answers the kind it names, never the whole", () => {
    assert.equal(value("roughly 60, 9 of them kids", attendees), 60);
    assert.equal(value("60, including 9 kids", attendees), 60);
    assert.equal(inPassing("roughly 60, 9 of them kids", kids, [attendees]), 9);
  });

  void it("'one' of the kind in passing is 1; not 'a kid with…', not a kind alone for a head count", () => {
    assert.equal(inPassing("fish, and one kid", children, [menu]), 1);
    assert.equal(inPassing("poisson, et un enfant", enfants, [menu]), 1);
    assert.equal(inPassing("fish, a kid with an allergy", children, [menu]), undefined);
    assert.equal(inPassing("fish, it's a kids party", children, [menu]), undefined);
    assert.equal(inPassing("fish, and 2 kids", attendees, [menu]), undefined, "a kind of person is no head count");
    assert.equal(inPassing("poisson, 3 enfants", invites, [menu]), undefined);
  });
});

const age = target({ type: "integer", minimum: 0, maximum: 120 }, { label: "Age", question: "How old are you?" });
const votreAge = target({ type: "integer", minimum: 0, maximum: 120 }, { label: "Votre âge" });
const youngest = target({ type: "integer", minimum: 0, maximum: 17 }, { label: "Age of the youngest child" });
const places = target({ type: "integer", minimum: 1, maximum: 9 }, { label: "Nombre de places" });
const slot = target({ type: "string", enum: ["am", "pm"] }, { label: "Slot" }, [
  ["Morning", "am"],
  ["Afternoon", "pm"],
]);

void describe("a number said of oneself", () => {
  void it("'I'm 41' is an age, 'we're 14' a head count, in passing, in English and French; not a bare number, another unit, someone else's age", () => {
    assert.equal(inPassing("afternoon, I work mornings. I'm 41 btw", age, [slot]), 41);
    assert.equal(inPassing("l'après-midi, j'ai 52", votreAge, [slot]), 52);
    assert.equal(inPassing("fish, we're 14", attendees, [menu]), 14);
    assert.equal(inPassing("poisson, on est 9 donc une grande table", invites, [menu]), 9);
    // Not a bare number, another unit, someone else's age, one kind of person, or seats.
    assert.equal(inPassing("afternoon, 41", age, [slot]), undefined);
    assert.equal(inPassing("afternoon, I'm 5 minutes away", age, [slot]), undefined);
    assert.equal(inPassing("afternoon, I'm 41", youngest, [slot]), undefined, "the speaker is not the youngest child");
    assert.equal(inPassing("fish, we're 14", kids, [menu]), undefined);
    assert.equal(inPassing("poisson, nous sommes trois à conduire", places, [menu]), undefined);
  });
});

const chauffage = target({ type: "string", enum: ["gas", "oil", "wood"] }, { label: "Chauffage principal" }, [
  ["Gaz", "gas"],
  ["Fioul", "oil"],
  ["Bois", "wood"],
]);
const heating = target({ type: "array", items: { type: "string", enum: ["gas", "oil", "heat_pump"] } }, { label: "Heating" }, [
  ["Gas", "gas"],
  ["Oil", "oil"],
  ["Heat pump", "heat_pump"],
]);
const built = target({ type: "integer", minimum: 1700, maximum: 2026 }, { label: "Année de construction" });
const builtEn = target({ type: "integer", minimum: 1700, maximum: 2026 }, { label: "Year built" });
const chauffageAnswered = target({ type: "integer", minimum: 0 }, { label: "Dépense de chauffage" });

void describe("a short choice named with its label word", () => {
  void it("'chauffage au gaz', 'oil heating' in passing; not alone, not negated, not far from the label word, not the answered question's word", () => {
    assert.equal(inPassing("1985, chauffage au gaz", chauffage, [built]), "gas");
    assert.equal(inPassing("1985, avec un chauffage fioul", chauffage, [built]), "oil");
    assert.deepEqual(inPassing("1960, oil heating", heating, [builtEn]), ["oil"]);
    assert.equal(inPassing("1985, gaz", chauffage, [built]), undefined, "a short word alone is never taken in passing");
    assert.equal(inPassing("1985, pas de chauffage au gaz", chauffage, [built]), undefined);
    assert.equal(inPassing("1985, chauffage refait l'an dernier, le gaz est coupé", chauffage, [built]), undefined);
    assert.equal(inPassing("1200, chauffage au gaz", chauffage, [chauffageAnswered]), undefined);
  });
});

const owner = target({ type: "boolean" }, { label: "Propriétaire", question: "Êtes-vous propriétaire ?" });
const smoker = target({ type: "boolean" }, { label: "Smoker" });
const prescription = target({ type: "boolean" }, { label: "Medical prescription" });
const insured = target({ type: "boolean" }, { label: "Insurance" });
const housing = target({ type: "string", enum: ["house", "flat"] }, { label: "Logement" }, [
  ["Maison", "house"],
  ["Appartement", "flat"],
]);
const visits = target({ type: "integer", minimum: 0 }, { label: "Visits so far" });

void describe("a fact the person states of themselves after the answer", () => {
  void it("'on est proprio', 'I'm not a smoker', 'I'm insured', 'the doctor prescribed me'… ; not before being, not done by them, not first", () => {
    assert.equal(inPassing("une maison, et on est proprio depuis 2010", owner, [housing]), true);
    assert.equal(inPassing("un appartement, je suis pas propriétaire", owner, [housing]), false);
    assert.equal(inPassing("a flat, and I'm a homeowner", owner, [housing]), true, "a translation of the label word");
    assert.equal(inPassing("a flat, I'm not a smoker", smoker, [housing]), false);
    assert.equal(inPassing("two so far, and I'm insured", insured, [visits]), true, "the label word's verb form after being");
    assert.equal(
      inPassing("none, the surgeon prescribed me", prescription, [visits]),
      undefined,
      "'prescribed' is no form of 'prescription'",
    );
    assert.equal(inPassing("a flat, I insured it myself", insured, [housing]), undefined, "done by them, not to them");
    assert.equal(inPassing("je suis propriétaire, une maison", owner, [housing]), undefined, "only after the answer");
  });
});

const since = target({ type: "string", format: "date" }, { label: "Problem since" });
const depuis = target({ type: "string", format: "date" }, { label: "Douleur depuis" });
const eventDate = target({ type: "string", format: "date" }, { label: "Date of the event" });
const joint = target({ type: "string", enum: ["ankle", "wrist"] }, { label: "Joint" }, [
  ["Ankle", "ankle"],
  ["Wrist", "wrist"],
]);
/** The same, where the reply may give a date to `t` (one open date target, the reply not about a date). */
const datedInPassing = (text: string, t: ExtractionTarget, answered: readonly ExtractionTarget[]) =>
  extractIndirect(indirectText(text, TODAY, true, answeredStems(answered)), t)?.value;

void describe("a past date said in passing", () => {
  void it("'N weeks ago' dates a target about what has begun; not a bare duration, not another date target", () => {
    assert.equal(datedInPassing("ankle, it started 2 weeks ago", since, [joint]), "2026-11-17");
    assert.equal(datedInPassing("la cheville, il y a 10 jours", depuis, [joint]), "2026-11-21");
    assert.equal(datedInPassing("ankle, for 2 weeks", since, [joint]), undefined, "a duration has no direction");
    assert.equal(datedInPassing("30, we booked 2 weeks ago", eventDate, [attendees]), undefined);
  });
});

const plusJeune = target({ type: "number", minimum: 0, maximum: 17 }, { label: "Âge du plus jeune" });
const eldest = target({ type: "integer", minimum: 0, maximum: 17 }, { label: "Age of the eldest" });
const ageEnfant = target({ type: "number", minimum: 0, maximum: 17 }, { label: "Âge de l'enfant" });
const nbEnfants = target({ type: "integer", minimum: 1, maximum: 8 }, { label: "Nombre d'enfants" });

void describe("the youngest or the eldest of several ages", () => {
  void it("takes the smallest or largest age in years, in passing too; never across 'or', nor for a plain age", () => {
    assert.equal(inPassing("deux, 3 ans et 8 ans", plusJeune, [nbEnfants]), 3);
    assert.equal(value("5 years and 12 years", eldest), 12);
    assert.equal(value("6 ou 9 ans", plusJeune), undefined);
    assert.equal(value("6 ans et 9 ans", ageEnfant), undefined, "two children, no superlative: no one age");
  });
});
