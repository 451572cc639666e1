// [ext] Schema patterns run on a linear-time engine (re2js behind ajv, src/zelinqa/understand/json-schema-validator.ts).
// JavaScript's own RegExp backtracks: `^(a+)+$` against 34 characters, or `^\d*\d*\d*x$` against 8000, holds the
// process for seconds to hours. Here every such pattern is accepted and answers adversarial texts at once; what a
// linear-time engine cannot run (look-arounds, back-references) is refused with a message saying what to change.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { publicationIssues } from "../../../src/zelinqa/engine/index.js";
import { schemaProblem, validatorFor } from "../../../src/zelinqa/engine/schema-rules.js";
import type { DraftConfiguration } from "../../../src/zelinqa/engine/draft.js";
import { cpuMs } from "../../support/cpu-time.js";
import { draftOf } from "./engine-fixtures.js";

/** Patterns whose backtracking grows exponentially or as a high power of the text's length. */
const BACKTRACKING = [
  "^(a+)+$",
  "^(a|a)*$",
  "^(a|ab)*$",
  "(.*a){20}",
  "^(\\d\\d?)+$",
  "^(\\w+\\s?)+$",
  "^(a+|b)+$",
  "^(?:\\d+\\.?)+$",
  "^([a-z]+)*$",
  "^(a?){30}a{30}$",
  "^\\d*\\d*\\d*x$",
  "^(\\d*)(\\d*)(\\d*)x$",
  "\\d*\\d*x",
  ".*.*=.*",
];

/** Short texts for the exponential cases, long ones for the polynomial ones: each fails every pattern above. */
const ADVERSARIAL_TEXTS = [
  ...["a", "1", "a."].map((unit) => unit.repeat(17) + "!"),
  ...["a", "1", "a.", "1,", "a-", " ", "ab", "a1"].map((unit) => unit.repeat(Math.floor(8000 / unit.length)) + "!"),
];

const schemaWith = (pattern: string) => ({ type: "string", pattern });

void describe("schema patterns run in linear time", () => {
  void it("accepts patterns that would backtrack, and checks adversarial texts against them at once", () => {
    for (const pattern of BACKTRACKING) {
      assert.equal(schemaProblem(schemaWith(pattern)), null, pattern);
      const validate = validatorFor(schemaWith(pattern));
      for (const text of ADVERSARIAL_TEXTS) {
        // CPU time, not the clock's: a loaded machine stretched the clock's past 500 ms.
        const ms = cpuMs(() => validate(text));
        assert.ok(ms < 500, `${pattern} against ${text.slice(0, 6)}… (${text.length}) took ${Math.round(ms)} ms of CPU`);
      }
    }
  });

  void it("gives the answers JavaScript's RegExp gives for the patterns people write", () => {
    const cases: Array<[string, string, boolean]> = [
      ["^[a-z]+$", "bois", true],
      ["^[a-z]+$", "Bois", false],
      ["^\\d{5}$", "75011", true],
      ["^\\d{5}$", "7501", false],
      ["\\d+(\\.\\d+)?", "about 12.5 m", true],
      ["^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", "jo.doe@example.org", true],
      ["^[a-z]+(-[a-z]+)*$", "bois-massif", true],
      ["^[a-z]+(-[a-z]+)*$", "bois--massif", false],
      ["^(?:[01]\\d|2[0-3]):[0-5]\\d$", "23:59", true],
      ["^(?:[01]\\d|2[0-3]):[0-5]\\d$", "24:00", false],
      ["^\\p{L}+$", "héloïse", true],
      ["^\\p{L}+$", "h3", false],
      ["[\\u{1F600}-\\u{1F64F}]", "ok 😀", true],
      ["^(?<y>\\d{4})-(?<m>\\d{2})$", "2026-12", true],
      ["^https?://\\S+$", "https://example.org/a", true],
      ["^.{2,4}$", "日本語", true],
      ["^\\+?[0-9 ()-]{6,20}$", "+33 (0)6 12 34 56 78", true],
      ["^[\\u00C0-\\u017F]+$", "éèç", true],
      ["^[\\u00C0-\\u017F]+$", "abc", false],
      ["^\\uD83D\\uDE00$", "😀", true],
      ["^[^]{3}$", "a\nb", true],
      ["^a\\cJb$", "a\nb", true],
      ["^[\\b]$", "\b", true],
      ["^\\S+$", "a\u00a0b", false],
      ["^a\\sb$", "a\u00a0b", true],
      ["^a[\\s,]b$", "a\u2028b", true],
      ["^\\\\u0041$", "\\u0041", true],
    ];
    for (const [pattern, text, expected] of cases) {
      assert.equal(validatorFor(schemaWith(pattern))(text), expected, `${pattern} ~ ${text}`);
      assert.equal(new RegExp(pattern, "u").test(text), expected, `the case itself: ${pattern}`);
    }
  });

  void it("refuses what a linear-time engine cannot run, saying what to change", () => {
    for (const pattern of ["^(?=(a+)+b)", "^(?!x)\\w+$", "(?<=@)\\w+", "(a)\\1", "(?<n>a)\\k<n>", "a".repeat(1001)]) {
      const problem = schemaProblem(schemaWith(pattern));
      assert.ok(problem !== null, pattern);
      assert.match(problem, /^The pattern ".+" cannot be used: .+ Patterns run in linear time \(RE2 syntax\)/);
      assert.match(problem, /look-arounds .+ back-references/);
    }
    assert.match(schemaProblem({ type: "array", items: schemaWith("(a)\\1") }) ?? "", /cannot be used/);
  });

  void it("accepts no value for a stored schema whose pattern cannot run, and blocks its publication", () => {
    const changes: ConfigurationChange[] = [
      { entity: "dimension", operation: "create", dimension: { id: "d", name: "D", order_position: 0, completion_role: "blocking" } },
      { entity: "question", operation: "create", question: { id: "q", text: "Code ?", type: "open", dimension_id: "d" } },
      {
        entity: "success_information",
        operation: "create",
        success_information: { id: "s", label: "Code", primary_question_id: "q", schema: { type: "string" } },
      },
    ];
    const draft: DraftConfiguration = draftOf(changes);
    // What an earlier release stored: JavaScript's RegExp accepted a look-ahead.
    const stored = schemaWith("^(?=\\d)\\w+$");
    draft.success_informations[0]!.schema = stored;
    assert.equal(validatorFor(stored)("1abc"), false);
    const issues = publicationIssues(draft);
    assert.deepEqual(
      issues.map((i) => [i.code, i.entity_id]),
      [["invalid_schema", "s"]],
    );
    assert.match(issues[0]!.message, /pattern "\^\(\?=\\d\)\\w\+\$" cannot be used/);
  });
});
