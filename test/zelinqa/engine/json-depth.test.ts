// Bounded nesting of configuration values (issue 11): the iterative depth measure, the 32-level schema rule and
// the quarantine of stored values nested deeper than any request can now carry.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_STORED_VALUE_DEPTH,
  QUARANTINED_SCHEMA_COMMENT,
  jsonDepthExceeds,
  quarantineDeepDraftValues,
} from "../../../src/zelinqa/engine/json-depth.js";
import { schemaProblem } from "../../../src/zelinqa/engine/schema-rules.js";

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { k: value };
  return value;
}

void describe("json depth", () => {
  void it("measures depth exactly, scalars at 0, without recursion even 200,000 levels deep", () => {
    const cases: Array<[unknown, number]> = [
      [1, 0],
      ["x", 0],
      [null, 0],
      [[], 1],
      [{}, 1],
      [nested(5), 5],
      [{ a: [1, { b: [] }], c: 2 }, 4],
    ];
    for (const [value, depth] of cases) {
      assert.equal(jsonDepthExceeds(value, depth), false, JSON.stringify(value));
      if (depth > 0) assert.equal(jsonDepthExceeds(value, depth - 1), true, JSON.stringify(value));
    }
    assert.equal(jsonDepthExceeds(nested(200_000), 64), true);
  });

  void it("refuses success-information schemas deeper than 32 levels as invalid_schema", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 15; i += 1) schema = { type: "string", allOf: [schema] };
    assert.equal(schemaProblem(schema), null);
    assert.match(schemaProblem({ type: "string", allOf: [schema] }) ?? "", /deeper than 32 levels/);
  });

  void it("sets aside only stored schemas and choice mappings deeper than 64 levels, leaving the rest as it is", () => {
    const shallow = { id: "s", label: "S", schema: { type: "string" }, primary_question_id: "q" };
    const draft = {
      draft_revision: 3,
      success_informations: [
        shallow,
        { id: "d", label: "D", schema: { items: nested(MAX_STORED_VALUE_DEPTH + 1) }, primary_question_id: "q" },
      ],
      questions: [
        {
          id: "q",
          choices: [
            { id: "a", label: "A", maps_to_value: "x" },
            { id: "b", label: "B", maps_to_value: nested(100) },
          ],
        },
      ],
    };
    const out = quarantineDeepDraftValues(draft) as typeof draft;
    assert.equal(out.success_informations[0], shallow);
    assert.deepEqual(out.success_informations[1]?.schema, { $comment: QUARANTINED_SCHEMA_COMMENT, not: {} });
    assert.deepEqual(out.questions[0]?.choices, [
      { id: "a", label: "A", maps_to_value: "x" },
      { id: "b", label: "B" },
    ]);
    assert.match(schemaProblem(out.success_informations[1].schema) ?? "", /set aside: replace it or delete/);
    // The stored draft itself is not modified.
    assert.ok("items" in (draft.success_informations[1]?.schema ?? {}));
  });
});
