// A number of days or sessions per week said as the days themselves (s22): the days named ("tue thu", "lundi et
// jeudi", "du lundi au vendredi") counted exactly, the usual groups ("le week-end", "weekends only" 2, "en semaine",
// "weekdays" 5) held loosely. Only for a per-week count of days or sessions, and only when the reply is just days.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const swims = target("integer", 0, 14, "Swims per week", "How many times a week do you swim?");
const presence = target("integer", 0, 7, "Jours de présence par semaine", "Combien de jours par semaine serez-vous là ?");

void describe("days named for a per-week count", () => {
  void it("counts the days named, full or short, in either language", () => {
    assert.deepEqual(read("tue thu", swims), [2, "exact"]);
    assert.deepEqual(read("mon, wed & sat", swims), [3, "exact"]);
    assert.deepEqual(read("tuesdays and fridays", swims), [2, "exact"]);
    assert.deepEqual(read("mardi et vendredi", presence), [2, "exact"]);
    assert.deepEqual(read("lun mer ven", presence), [3, "exact"]);
    assert.deepEqual(read("le mercredi seulement", presence), [1, "exact"]);
  });

  void it("counts a range of days", () => {
    assert.deepEqual(read("du mardi au vendredi", presence), [4, "exact"]);
    assert.deepEqual(read("monday to thursday", swims), [4, "exact"]);
    assert.deepEqual(read("tue-fri", swims), [4, "exact"]);
  });

  void it("counts the usual groups of days, loosely", () => {
    assert.deepEqual(read("only at weekends", swims), [2, "fuzzy"]);
    assert.deepEqual(read("le week-end", presence), [2, "fuzzy"]);
    assert.deepEqual(read("weekdays", swims), [5, "fuzzy"]);
    assert.deepEqual(read("en semaine uniquement", presence), [5, "fuzzy"]);
    assert.deepEqual(read("en semaine et le samedi", presence), [6, "fuzzy"]);
  });

  void it("reads nothing from a reply that is more than days, an alternative, a denial or a lone short name", () => {
    assert.equal(read("tue thu, sometimes sat", swims), null);
    assert.equal(read("samedi ou dimanche", presence), null);
    assert.equal(read("pas le lundi", presence), null);
    assert.equal(read("not weekends", swims), null);
    assert.equal(read("wed", swims), null);
    assert.equal(read("mon mari travaille", presence), null);
  });

  void it("reads no days for hours, distances or money per week, nor a count per month", () => {
    const hours = target("number", 0, 80, "Hours of practice per week", "How many hours a week do you practise?");
    const km = target("number", 0, 500, "Distance par semaine (km)", "Combien de km par semaine ?");
    const monthly = target("integer", 0, 31, "Visits per month", "How many visits a month?");
    assert.equal(read("mon wed fri", hours), null);
    assert.equal(read("lundi et jeudi", km), null);
    assert.equal(read("mon wed fri", monthly), null);
  });
});
