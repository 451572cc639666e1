// Configuration request shapes of docs/zelinqa-api.md §12.1–12.5 are closed: pre-1.0 and v1-absent fields are rejected.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ConfigurationChangesRequestSchema, PublishRequestSchema } from "../../../src/zelinqa/contracts/index.js";

const change = (c: Record<string, unknown>) => ({ changes: [c] });

void describe("configuration change schemas", () => {
  const rows: Array<[string, unknown, boolean]> = [
    ["accepts an objective patch", change({ entity: "objective", operation: "update", objective: { max_turns: 8 } }), true],
    ["rejects an empty objective patch", change({ entity: "objective", operation: "update", objective: {} }), false],
    ["rejects objective creation", change({ entity: "objective", operation: "create", objective: { name: "x" } }), false],
    [
      "rejects business_weight on the objective",
      change({ entity: "objective", operation: "update", objective: { business_weight: 2 } }),
      false,
    ],
    ["rejects order_strength above 1", change({ entity: "objective", operation: "update", objective: { order_strength: 1.5 } }), false],
    [
      "accepts a partial dimension create (completeness is an issue, not a 400)",
      change({ entity: "dimension", operation: "create", dimension: { id: "d" } }),
      true,
    ],
    ["rejects must_ask on a question", change({ entity: "question", operation: "create", question: { id: "q", must_ask: true } }), false],
    [
      "rejects the pre-1.0 sub_objective_id",
      change({ entity: "question", operation: "update", question: { id: "q", sub_objective_id: "d" } }),
      false,
    ],
    [
      "rejects the pre-1.0 sub_objective entity",
      change({ entity: "sub_objective", operation: "create", sub_objective: { id: "d" } }),
      false,
    ],
    [
      "rejects a required flag on a success information",
      change({ entity: "success_information", operation: "create", success_information: { id: "s", required: true } }),
      false,
    ],
    ["rejects a 129-character id", change({ entity: "dimension", operation: "delete", dimension: { id: "d".repeat(129) } }), false],
    [
      "rejects 51 choices",
      change({
        entity: "question",
        operation: "update",
        question: { id: "q", choices: Array.from({ length: 51 }, (_, i) => ({ id: `c${i}`, label: "x" })) },
      }),
      false,
    ],
    [
      "accepts any JSON maps_to_value",
      change({
        entity: "question",
        operation: "update",
        question: { id: "q", choices: [{ id: "c", label: "x", maps_to_value: ["a", 1] }] },
      }),
      true,
    ],
    ["rejects an empty batch", { changes: [] }, false],
    ["rejects a negative expected revision", { expected_draft_revision: -1, changes: [] }, false],
  ];
  for (const [title, body, ok] of rows) void it(title, () => assert.equal(ConfigurationChangesRequestSchema.safeParse(body).success, ok));
  void it("accepts an empty publish body and refuses unknown publish fields", () => {
    assert.equal(PublishRequestSchema.safeParse({}).success, true);
    assert.equal(PublishRequestSchema.safeParse({ force: true }).success, false);
  });
});
