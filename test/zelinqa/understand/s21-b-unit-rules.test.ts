// Units and sides the eleventh blind round missed or stored wrong (s21 fix11b): volumes (m³, litres, mètres cubes),
// speeds (knots, mph, km/h), square metres and feet glued or in two words, sides multiplied out for an area or a volume
// ("7x3.5", "8 × 4 × 1,5"), the area of a round shape, a rate said with the French article ("la semaine"). Cases
// written for these rules, FR and EN, with their own labels, and what must not be read. Reference day: 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target } from "../../support/extraction-target.js";

const read = (text: string, t: ReturnType<typeof target>) => {
  const r = extractDirect(text, t, "2026-12-01");
  return r === null ? null : [r.value, r.certainty];
};

void describe("volumes in another unit than the target's", () => {
  const tank = target("number", 100, 100000, "Capacité de la cuve (litres)", "Quelle est la capacité de la cuve ?");
  const skip = target("number", 1, 40, "Skip size (m³)", "What size of skip do you need?");
  void it("converts cubic metres to litres and litres to cubic metres", () => {
    assert.deepEqual(read("3 m3", tank), [3000, "exact"]);
    assert.deepEqual(read("12m³", tank), [12000, "exact"]);
    assert.deepEqual(read("deux mètres cubes", tank), [2000, "exact"]);
    assert.deepEqual(read("about 6000 litres", skip), [6, "fuzzy"]);
    assert.deepEqual(read("8 cubic metres", skip), [8, "exact"]);
  });
  void it("keeps the target's own unit and sets aside another kind", () => {
    assert.deepEqual(read("4000 litres", tank), [4000, "exact"]);
    assert.equal(read("the yard is 30 m²", skip), null);
  });
});

void describe("speeds in another unit than the target's", () => {
  const drone = target("number", 0, 200, "Vitesse maximale (km/h)", "À quelle vitesse vole-t-il ?");
  const kayak = target("number", 0, 60, "Top speed (mph)");
  void it("converts knots and miles per hour to km/h", () => {
    assert.deepEqual(read("15 noeuds", drone), [27.78, "exact"]);
    assert.deepEqual(read("12 knots on a good day", drone)?.[0], 22.224);
    assert.deepEqual(read("30 mph", drone), [48.28, "fuzzy"]);
  });
  void it("reads km/h as the target's unit, and converts it to mph", () => {
    assert.deepEqual(read("80 km/h", drone), [80, "exact"]);
    assert.deepEqual(read("16 km/h", kayak)?.[0], 9.94);
  });
  void it("sets aside a distance for a speed", () => {
    assert.equal(read("12 km", drone), null);
  });
});

void describe("areas said in square units or as sides", () => {
  const patio = target("number", 1, 300, "Patio area (m²)", "How big is the patio?");
  const bache = target("number", 1, 500, "Surface de la bâche (m²)");
  const cuve = target("number", 500, 200000, "Volume du bassin (litres)");
  void it("reads square metres glued, and square feet said after an article", () => {
    assert.deepEqual(read("20sqm", patio), [20, "exact"]);
    assert.deepEqual(read("a 200 sq ft patio", patio), [18.6, "fuzzy"]);
  });
  void it("multiplies sides joined by x, ×, by, sur or fois", () => {
    assert.deepEqual(read("6x2.5", patio), [15, "exact"]);
    assert.deepEqual(read("4,5 × 3", bache), [13.5, "exact"]);
    assert.deepEqual(read("5 m x 4 m should be enough", patio), [20, "exact"]);
    assert.deepEqual(read("3 fois 4", bache), [12, "exact"]);
  });
  void it("multiplies three sides for a volume, in the target's unit, loosely when the sides have no unit", () => {
    assert.deepEqual(read("10x5x2", cuve), [100000, "fuzzy"]);
    assert.deepEqual(read("4 m x 3 m x 1,2 m", cuve), [14400, "exact"]);
  });
  void it("reads the area of a round shape from its diameter or radius, loosely", () => {
    assert.deepEqual(read("round, 3 m across the diameter", patio), [7.069, "fuzzy"]);
    assert.deepEqual(read("2 m de rayon", bache), [12.566, "fuzzy"]);
  });
  void it("does not multiply two sides for a volume nor three for an area", () => {
    assert.equal(read("10x5", cuve), null);
    assert.equal(read("2x3x4", patio), null);
  });
});

void describe("a rate said with the French article", () => {
  const perDay = target("number", 0, 5000, "Budget par jour (€)");
  const perMonth = target("number", 0, 5000, "Loyer mensuel (€)");
  void it("does not take an amount per week for a daily budget", () => {
    assert.equal(read("2000 la semaine", perDay), null);
    assert.deepEqual(read("300 € la journée", perDay), [300, "exact"]);
  });
  void it("does not read 'la semaine prochaine' as a rate", () => {
    assert.deepEqual(read("800 à partir de la semaine prochaine", perMonth)?.[0], 800);
  });
});
