// [ext] Schema patterns that backtrack catastrophically are refused (src/zelinqa/engine/pattern-safety.ts): each refused
// pattern below holds a JavaScript regular expression for seconds to hours on a short or 8000-character text; each
// accepted one matches the same adversarial texts in milliseconds.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { publicationIssues } from "../../../src/zelinqa/engine/index.js";
import { unsafePatternReason } from "../../../src/zelinqa/engine/pattern-safety.js";
import { validatorFor } from "../../../src/zelinqa/engine/schema-rules.js";
import type { DraftConfiguration } from "../../../src/zelinqa/engine/draft.js";
import { draftOf } from "./engine-fixtures.js";

const REFUSED = [
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
  "^(?=(a+)+b)",
  "^\\d*\\d*\\d*x$",
  "^(\\d*)(\\d*)(\\d*)x$",
  "\\d*\\d*x",
  ".*.*=.*",
  "(a)\\1",
  "(?<n>a)\\k<n>",
  "a".repeat(1001),
];

const ACCEPTED = [
  "^[a-z]+$",
  "^\\d{5}$",
  "^[A-Z]{2}\\d{3}$",
  "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$",
  "^\\d+(\\.\\d+)?$",
  "\\d+(\\.\\d+)?",
  "^[a-z]+(-[a-z]+)*$",
  "^(\\d+,)+$",
  "^(\\s*,)*$",
  "^\\s*(\\d+)\\s*$",
  "^(a|b)+$",
  "^.*foo.*$",
  "^\\+?[0-9 ()-]{6,20}$",
  "^(?:[01]\\d|2[0-3]):[0-5]\\d$",
  "^\\p{L}+$",
  "^[^@]+@[^@]+$",
  "[\\u{1F600}-\\u{1F64F}]",
  "^(?<y>\\d{4})-(?<m>\\d{2})$",
  "^https?://\\S+$",
  "^\\d*\\d*x$",
];

const ADVERSARIAL_TEXTS = ["a", "1", "a.", "1,", "a-", " ", "ab", "a1"].map((unit) => unit.repeat(Math.floor(8000 / unit.length)) + "!");

void describe("schema patterns that could backtrack catastrophically", () => {
  for (const pattern of REFUSED) {
    void it(`refuses ${pattern.slice(0, 40)}`, () => {
      assert.notEqual(unsafePatternReason(pattern), null);
    });
  }

  void it("accepts common patterns, each matching 8000-character adversarial texts quickly", () => {
    for (const pattern of ACCEPTED) {
      assert.equal(unsafePatternReason(pattern), null, pattern);
      const regex = new RegExp(pattern, "u");
      for (const text of ADVERSARIAL_TEXTS) {
        const started = performance.now();
        regex.test(text);
        assert.ok(performance.now() - started < 500, `${pattern} took ${Math.round(performance.now() - started)} ms`);
      }
    }
  });

  void it("never runs the pattern of a stored schema that is refused now, and blocks its publication", () => {
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
    // What an earlier release stored: the schema went in before patterns were checked.
    const unsafe = { type: "string", pattern: "^(a+)+$" };
    draft.success_informations[0]!.schema = unsafe;
    const started = performance.now();
    assert.equal(validatorFor(unsafe)("a".repeat(28) + "!"), false);
    assert.ok(performance.now() - started < 200);
    const issues = publicationIssues(draft);
    assert.deepEqual(
      issues.map((i) => [i.code, i.entity_id]),
      [["invalid_schema", "s"]],
    );
    assert.match(issues[0]!.message, /pattern "\^\(a\+\)\+\$"/);
  });
});
