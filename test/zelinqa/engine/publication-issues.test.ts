// Publication-blocking issues of docs/zelinqa-api.md §12.4, returned as `warnings` of a change batch.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { publicationIssues } from "../../../src/zelinqa/engine/index.js";
import { draftOf } from "./engine-fixtures.js";

const dims: ConfigurationChange[] = [
  { entity: "dimension", operation: "create", dimension: { id: "d1", name: "D", order_position: 0, completion_role: "blocking" } },
  { entity: "dimension", operation: "create", dimension: { id: "opt", name: "O", order_position: 1, completion_role: "optional" } },
];
const question = (id: string, extra: Record<string, unknown>): ConfigurationChange => ({
  entity: "question",
  operation: "create",
  question: { id, text: `${id} ?`, type: "open", dimension_id: "d1", ...extra },
});
const info = (id: string, primary: string, schema: Record<string, unknown>): ConfigurationChange => ({
  entity: "success_information",
  operation: "create",
  success_information: { id, label: id, schema, primary_question_id: primary },
});
const yesNo = [
  { id: "y", label: "Oui", maps_to_value: true },
  { id: "n", label: "Non", maps_to_value: false },
];

void describe("publication issues", () => {
  const cases: Array<[string, ConfigurationChange[], string[]]> = [
    ["a clean configuration", [...dims, question("q", {})], []],
    ["an open question with choices", [...dims, question("q", { choices: yesNo })], ["invalid_question_shape"]],
    [
      "a choice question with one choice",
      [...dims, question("q", { type: "single_choice", choices: [yesNo[0]] })],
      ["invalid_question_shape"],
    ],
    [
      "a single_choice in multiple mode",
      [...dims, question("q", { type: "single_choice", selection_mode: "multiple", choices: yesNo })],
      ["invalid_question_shape"],
    ],
    [
      "an inactive primary question",
      [...dims, question("q", { active: false }), question("r", {}), info("s", "q", { type: "string" })],
      ["inactive_primary_question", "success_information_without_active_question"],
    ],
    [
      "a success information in an optional dimension",
      [...dims, question("q", { dimension_id: "opt" }), info("s", "q", { type: "string" })],
      ["success_information_only_in_optional_dimension"],
    ],
    [
      "a mapping that fails every schema",
      [
        ...dims,
        question("q", {
          type: "single_choice",
          choices: [
            { id: "a", label: "A", maps_to_value: 3 },
            { id: "b", label: "B", maps_to_value: true },
          ],
        }),
        info("s", "q", { type: "boolean" }),
      ],
      ["invalid_choice_mapping"],
    ],
    [
      "a choice question none of whose choices yields a value",
      [
        ...dims,
        question("q", {
          type: "single_choice",
          choices: [
            { id: "a", label: "Alpha" },
            { id: "b", label: "Beta" },
          ],
        }),
        info("s", "q", { type: "number" }),
      ],
      ["question_without_target"],
    ],
    ["no active question", [...dims, question("q", { active: false })], ["no_active_question"]],
  ];
  for (const [title, changes, codes] of cases) {
    void it(`reports ${codes.join(", ") || "nothing"} for ${title}`, () => {
      assert.deepEqual(
        publicationIssues(draftOf(changes))
          .map((i) => i.code)
          .sort(),
        [...codes].sort(),
      );
    });
  }
});
