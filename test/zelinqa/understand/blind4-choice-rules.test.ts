// Choices read from free text after the fourth blind round [ext of docs/zelinqa-api.md §10.5.2–10.5.3]: the "none"
// option of a multiple choice, a correction taking back one option, a word shared by two labels, body and housing
// words, times of day, compass points, word forms and yes/no by the opposite word. Cases written for these rules, in both
// languages, with what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, multiChoice as multi, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

/** The value and whether it is certain ("exact") or held loosely ("fuzzy"); null when nothing is read. */
function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}
const value = (t: ExtractionTarget, text: string) => read(t, text)?.[0] ?? null;

describe("the 'none' option of a multiple choice", () => {
  const allergies = target("Allergies", multi(["eggs", "milk", "fish", "none"]), [
    ["Eggs", "eggs"],
    ["Milk", "milk"],
    ["Fish", "fish"],
    ["No particular allergy", "none"],
  ]);
  const sansAucun = target("Options", multi(["wifi", "parking"]), [
    ["Wifi", "wifi"],
    ["Parking", "parking"],
  ]);
  it("never reads 'one' as a typo of 'none', nor keeps 'none' beside another option", () => {
    assert.deepEqual(read(allergies, "one guest has eggs issues and one milk"), [["eggs", "milk"], "exact"]);
    assert.deepEqual(value(allergies, "only one: fish"), ["fish"]);
  });
  it("reads a reply opening on a denial that names no option as the 'none' option", () => {
    assert.deepEqual(read(allergies, "nope, they can have anything"), [["none"], "exact"]);
    assert.deepEqual(read(allergies, "nothing particular"), [["none"], "exact"]);
    assert.deepEqual(read(allergies, "non, rien du tout"), [["none"], "exact"]);
    // A denial followed by an option is that option.
    assert.deepEqual(value(allergies, "no, just fish"), ["fish"]);
  });
  it("never selects every option after a denial, nor the 'none' option with 'all'", () => {
    assert.equal(value(sansAucun, "no, we take everything as it is"), null);
    assert.deepEqual(value(allergies, "all of them"), ["eggs", "milk", "fish"]);
    // Not a denial: a don't-know or another remark.
    assert.equal(value(allergies, "not sure yet"), null);
  });
});

describe("a correction taking back one option of a list", () => {
  const days = target("Jours", multi(["mon", "tue", "wed", "thu"]), [
    ["Lundi", "mon"],
    ["Mardi", "tue"],
    ["Mercredi", "wed"],
    ["Jeudi", "thu"],
  ]);
  it("keeps the options not taken back, with those named after the correction", () => {
    assert.deepEqual(value(days, "mercredi, jeudi, non pas jeudi, lundi"), ["mon", "wed"]);
    assert.deepEqual(value(days, "monday and tuesday, no, not tuesday"), ["mon"]);
    // A correction that refuses nothing said before still replaces the list.
    assert.deepEqual(value(days, "mercredi, non, jeudi"), ["thu"]);
  });
});

describe("a translation made of another choice's words", () => {
  const vehicle = target("Véhicule", single(["car", "ev", "van"]), [
    ["Car", "car"],
    ["Voiture électrique", "ev"],
    ["Van", "van"],
  ]);
  it("is read loosely: the word may belong to the other choice", () => {
    assert.deepEqual(read(vehicle, "une voiture"), ["car", "fuzzy"]);
    assert.deepEqual(read(vehicle, "voiture électrique"), ["ev", "exact"]);
  });
});

describe("housing and body words people name instead of the label", () => {
  const home = target("Logement", single(["house", "semi", "flat"]), [
    ["Maison individuelle", "house"],
    ["Maison mitoyenne", "semi"],
    ["Appartement", "flat"],
  ]);
  const area = target("Area", single(["neck", "shoulder", "back", "knee", "foot"]), [
    ["Neck", "neck"],
    ["Shoulder", "shoulder"],
    ["Back", "back"],
    ["Knee", "knee"],
    ["Foot", "foot"],
  ]);
  it("reads the common names of a kind of house, in both languages", () => {
    assert.equal(value(home, "un pavillon en banlieue"), "house");
    assert.equal(value(home, "semi detached house"), "semi");
    assert.equal(value(home, "dans un immeuble ancien"), "flat");
    assert.notEqual(value(home, "une maison jumelée"), "house");
  });
  it("reads a part of the body as the area holding it, never as the word it contains", () => {
    assert.equal(value(area, "pain under the left shoulder blade"), "back");
    assert.equal(value(area, "douleur aux lombaires"), "back");
    assert.equal(value(area, "meniscus tear"), "knee");
    assert.equal(value(area, "ma nuque"), "neck");
    assert.equal(value(area, "my heel hurts"), "foot");
  });
});

describe("a time-of-day choice named by the clock or a moment", () => {
  const creneau = target("Créneau", single(["matin", "midi", "aprem", "soir"]), [
    ["Matinée (9h-12h)", "matin"],
    ["Pause de midi", "midi"],
    ["Après-midi (14h-18h)", "aprem"],
    ["Soir (après 18h)", "soir"],
  ]);
  const slot = target("Slot", single(["morning", "lunch", "day", "evening"]), [
    ["Morning", "morning"],
    ["Lunch", "lunch"],
    ["Any time during the day", "day"],
    ["Evening (after 6pm)", "evening"],
  ]);
  it("reads a clock time or range inside the hours of one choice", () => {
    assert.equal(value(creneau, "vers 10h30"), "matin");
    assert.equal(value(creneau, "plutôt 15h-16h"), "aprem");
    assert.equal(value(creneau, "à 20h"), "soir");
    assert.deepEqual(read(slot, "7:45 am"), ["morning", "exact"]);
    assert.deepEqual(read(slot, "12 to 1"), ["lunch", "exact"]);
    assert.equal(value(slot, "half six in the evening, 6:30pm"), "evening");
    // No time from counts, durations, dates, nor a bare range that may be morning or evening.
    assert.equal(value(creneau, "pour 3 personnes"), null);
    assert.equal(value(creneau, "le 12/01"), null);
    assert.equal(value(slot, "1-3"), null);
    assert.equal(value(slot, "2 hours"), null);
  });
  it("reads the words of a moment: noon, after work, late afternoon", () => {
    assert.equal(value(creneau, "à midi pile"), "midi");
    assert.equal(value(slot, "after the office"), "evening");
    assert.deepEqual(read(slot, "late afternoon"), ["day", "fuzzy"]);
  });
});

describe("an orientation named by its compass points", () => {
  const facing = target("Facing", single(["n", "ne", "e", "s", "w"]), [
    ["North", "n"],
    ["North-East", "ne"],
    ["East", "e"],
    ["South", "s"],
    ["West", "w"],
  ]);
  it("reads the points in the other language, abbreviated, or one by one", () => {
    assert.equal(value(facing, "plein est"), "e");
    assert.equal(value(facing, "NE"), "ne");
    assert.equal(value(facing, "n-e"), "ne");
    assert.equal(value(facing, "c'est au nord-est"), "ne");
    assert.equal(value(facing, "un côté au nord, l'autre à l'est"), "ne");
    // Letters that are words, repeated or among other words, are no points.
    assert.equal(value(facing, "so so"), null);
  });
});

describe("options named by another form of their word, or a common word of the other language", () => {
  const goals = target("Objectifs", multi(["eco", "coaching", "support"]), [
    ["Geste écologique", "eco"],
    ["Coaching", "coaching"],
    ["Accompagnement", "support"],
  ]);
  const symptoms = target("Symptoms", multi(["numb", "weak", "stiff"]), [
    ["Numbness", "numb"],
    ["Weakness", "weak"],
    ["Stiffness", "stiff"],
  ]);
  const tasks = target("Tâches", multi(["meals", "laundry"]), [
    ["Préparation des repas", "meals"],
    ["Linge", "laundry"],
  ]);
  it("reads a word of the same stem, in either language", () => {
    assert.deepEqual(value(goals, "être coaché et accompagner le projet"), ["coaching", "support"]);
    assert.deepEqual(value(symptoms, "des fourmillements et de la faiblesse"), ["numb", "weak"]);
    assert.deepEqual(value(tasks, "le goûter et le linge"), ["meals", "laundry"]);
  });
  it("never reads a word of the everyday vocabulary as a typo of another word", () => {
    assert.equal(value(goals, "surtout économique"), null);
  });
  it("holds the list loosely when a negated clause names no option", () => {
    assert.deepEqual(read(symptoms, "weak, and I can't grip anything"), [["weak"], "fuzzy"]);
    // A negated clause naming an option refuses it, and the list stays certain.
    assert.deepEqual(read(symptoms, "weak, but no stiffness"), [["weak"], "exact"]);
  });
});

describe("days of the week by their short names", () => {
  const days = target("Days", multi(["d1", "d2", "d3", "d4", "d5"]), [
    ["Monday", "d1"],
    ["Tuesday", "d2"],
    ["Wednesday", "d3"],
    ["Thursday", "d4"],
    ["Friday", "d5"],
  ]);
  it("reads short names in a list of days, in both languages", () => {
    assert.deepEqual(value(days, "tues & fri"), ["d2", "d5"]);
    assert.deepEqual(value(days, "mar, jeu et ven"), ["d2", "d4", "d5"]);
    assert.deepEqual(value(days, "wed"), ["d3"]);
    // A short name that is a word, alone in a sentence, is that word.
    assert.equal(value(days, "we wed in june"), null);
  });
});

describe("yes/no by the opposite word, or 'not yet'", () => {
  const boolean = { type: "boolean" };
  const owner = target("Propriétaire", boolean, [], "Êtes-vous propriétaire de votre appartement ?");
  const alcohol = target("Alcoholic drinks", boolean, [], "Should we serve alcohol?");
  const vaccinated = target("Vaccinated", boolean, [], "Is your dog vaccinated?");
  it("reads the opposite of the target's word as a no, and the opposite refused as a yes, loosely", () => {
    assert.deepEqual(read(owner, "en location depuis 5 ans"), [false, "fuzzy"]);
    assert.deepEqual(read(owner, "tenant"), [false, "fuzzy"]);
    assert.deepEqual(read(owner, "pas locataire, c'est à nous"), [true, "fuzzy"]);
    assert.deepEqual(read(alcohol, "juice only"), [false, "fuzzy"]);
  });
  it("reads 'not yet' as a no, loosely, alone or followed by more (s16-fix5: alone too)", () => {
    assert.deepEqual(read(vaccinated, "not yet, the vet is next week"), [false, "fuzzy"]);
    assert.deepEqual(read(vaccinated, "pas encore, rendez-vous lundi"), [false, "fuzzy"]);
    assert.deepEqual(read(vaccinated, "not yet"), [false, "fuzzy"]);
  });
});
