// Choices read from free text after the fourth blind round [ext of docs/zelinqa-api.md §10.5.2–10.5.3]: the "none"
// option of a multiple choice, a correction taking back one option, a word shared by two labels, body and housing
// words, times of day, compass points, word forms and yes/no by the opposite word. Cases written for these rules, in both
// languages, with what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  compileSchemaValidator,
  extractDirect,
  extractorKindOf,
  phraseTokens,
  targetWords,
} from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget, Phrase } from "../../../src/zelinqa/understand/index.js";
import { widenPhrases } from "../../../src/zelinqa/understand/translations.js";

const TODAY = "2026-12-01";

type Choice = [label: string, value: unknown, synonyms?: string[]];

/** A target compiled as load-artifact.ts does: labels, synonyms and enum values, widened by translations.ts. */
function target(label: string, schema: Record<string, unknown>, choices: Choice[] = [], question = ""): ExtractionTarget {
  const enumValues = (schema.enum ?? (schema.items as { enum?: unknown[] } | undefined)?.enum ?? []) as unknown[];
  const order = (v: unknown) => Math.max(0, enumValues.indexOf(v));
  const phrases: Phrase[] = [
    ...choices.flatMap(([text, value, synonyms = []]) =>
      [text, ...synonyms].map((t) => ({ tokens: phraseTokens(t), value, order: order(value) })),
    ),
    ...enumValues.map((v, i) => ({ tokens: phraseTokens(String(v)), value: v, order: i })),
  ];
  return {
    kind: extractorKindOf(schema),
    phrases: widenPhrases(phrases),
    validate: compileSchemaValidator(schema),
    words: targetWords(label, question),
  };
}

const multi = (values: string[]) => ({ type: "array", items: { type: "string", enum: values }, uniqueItems: true });

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
