// Change batches of docs/zelinqa-api.md §12.3: atomic application, defaults, edit-blocking issues (§12.4) and audit diffs (§12.6).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { applyChanges, CHANGED_MARKER } from "../../../src/zelinqa/engine/index.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";
import { draftOf } from "./engine-fixtures.js";

const dim: ConfigurationChange = {
  entity: "dimension",
  operation: "create",
  dimension: { id: "d1", name: "D", order_position: 0, completion_role: "blocking" },
};
const q = (extra: Record<string, unknown> = {}): ConfigurationChange => ({
  entity: "question",
  operation: "create",
  question: { id: "q1", text: "Q ?", type: "open", dimension_id: "d1", ...extra },
});
const si = (extra: Record<string, unknown> = {}): ConfigurationChange => ({
  entity: "success_information",
  operation: "create",
  success_information: { id: "s1", label: "S", schema: { type: "string" }, primary_question_id: "q1", ...extra },
});

void describe("applying change batches", () => {
  void it("installs the reference corpus with applied == 13, revision 1 and no warnings", () => {
    const result = applyChanges(null, referenceCorpusChanges(), { domainName: "demo" });
    assert.ok(result.ok);
    assert.equal(result.applied.length, 13);
    assert.equal(result.draft.draft_revision, 1);
    assert.deepEqual(result.warnings, []);
    assert.equal(result.draft.objective.name, "SDK MCP V1 Recette");
  });

  void it("starts a new draft from the default objective named after the domain", () => {
    const result = applyChanges(null, [dim], { domainName: "Meubles" });
    assert.ok(result.ok);
    assert.deepEqual(result.draft.objective, {
      name: "Meubles",
      qualification_level: "balanced",
      max_turns: 10,
      candidates_per_call: 1,
      order_strength: 0.35,
    });
  });

  const defaults: Array<[string, Record<string, unknown>, string | null]> = [
    ["open", {}, null],
    ["single_choice", { type: "single_choice" }, "single"],
    ["multiple_choice", { type: "multiple_choice" }, "multiple"],
    ["semi_open", { type: "semi_open" }, "single"],
  ];
  for (const [title, extra, mode] of defaults) {
    void it(`defaults a created ${title} question to selection_mode ${String(mode)}, source user, active, no choices`, () => {
      const draft = draftOf([dim, q(extra)]);
      const created = draft.questions[0];
      assert.equal(created?.selection_mode, mode);
      assert.equal(created?.source, "user");
      assert.equal(created?.active, true);
      assert.deepEqual(created?.choices, []);
    });
  }

  void it("re-applies the selection_mode default when the type changes without one", () => {
    const draft = draftOf([dim, q()]);
    const result = applyChanges(draft, [{ entity: "question", operation: "update", question: { id: "q1", type: "multiple_choice" } }], {
      domainName: "x",
    });
    assert.ok(result.ok);
    assert.equal(result.draft.questions[0]?.selection_mode, "multiple");
    assert.equal(result.draft.draft_revision, 2);
  });

  const failing: Array<[string, ConfigurationChange[], string, number]> = [
    ["a duplicate dimension", [dim, dim], "duplicate_id", 1],
    [
      "an update of an unknown question",
      [{ entity: "question", operation: "update", question: { id: "nope", text: "x" } }],
      "unknown_entity",
      0,
    ],
    ["a question in an unknown dimension", [q({ dimension_id: "ghost" })], "unknown_reference", 0],
    [
      "a question without dimension",
      [{ entity: "question", operation: "create", question: { id: "q1", text: "Q", type: "open" } }],
      "question_without_dimension",
      0,
    ],
    [
      "a dimension without role",
      [{ entity: "dimension", operation: "create", dimension: { id: "d", name: "D", order_position: 0 } }],
      "incomplete_entity",
      0,
    ],
    ["a success information without schema", [dim, q(), si({ schema: undefined })], "success_information_without_schema", 2],
    ["an object schema", [dim, q(), si({ schema: { type: "object" } })], "invalid_schema", 2],
    ["a schema that does not compile", [dim, q(), si({ schema: { type: "string", minLength: "x" } })], "invalid_schema", 2],
    ["a reserved id", [dim, q(), si({ id: "exploration:x" })], "reserved_id", 2],
    ["an unknown primary question", [dim, q(), si({ primary_question_id: "ghost" })], "unknown_reference", 2],
    [
      "duplicate choice ids",
      [
        dim,
        q({
          type: "single_choice",
          choices: [
            { id: "c", label: "A" },
            { id: "c", label: "B" },
          ],
        }),
      ],
      "duplicate_id",
      1,
    ],
    [
      "deleting a dimension still in use",
      [dim, q(), { entity: "dimension", operation: "delete", dimension: { id: "d1" } }],
      "reference_in_use",
      2,
    ],
    [
      "deleting a primary question",
      [dim, q(), si(), { entity: "question", operation: "delete", question: { id: "q1" } }],
      "reference_in_use",
      3,
    ],
    ["references resolved in batch order", [q(), dim], "unknown_reference", 0],
  ];
  for (const [title, changes, code, index] of failing) {
    void it(`refuses the whole batch for ${title} (${code} at change ${index})`, () => {
      const result = applyChanges(null, changes, { domainName: "x" });
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.ok(
        result.issues.some((i) => i.code === code && i.change_index === index),
        JSON.stringify(result.issues),
      );
    });
  }

  void it("refuses a stale expected_draft_revision with the exact message", () => {
    const draft = draftOf([dim]);
    const result = applyChanges(draft, [dim], { domainName: "x", expectedDraftRevision: 0 });
    assert.deepEqual(result, {
      ok: false,
      issues: [{ code: "draft_revision_mismatch", message: "Expected draft revision 0, current revision 1.", entity: "objective" }],
    });
  });
});

void describe("audit entries of applied changes", () => {
  void it("diffs only the changed keys and masks editorial fields", () => {
    const draft = draftOf([dim, q()]);
    const result = applyChanges(
      draft,
      [
        { entity: "question", operation: "update", question: { id: "q1", text: "Nouveau ?", dimension_id: "d1" } },
        { entity: "objective", operation: "update", objective: { max_turns: 5 } },
      ],
      { domainName: "x" },
    );
    assert.ok(result.ok);
    assert.deepEqual(result.applied[0], {
      change_index: 0,
      action: "configuration.question.updated",
      resource: { type: "question", id: "q1" },
      diff: { before: { text: CHANGED_MARKER }, after: { text: CHANGED_MARKER } },
    });
    assert.deepEqual(result.applied[1]?.diff, { before: { max_turns: 10 }, after: { max_turns: 5 } });
    assert.equal(result.applied[1]?.resource.id, "objective");
  });

  void it("names activation toggles and uses null before a create and after a delete", () => {
    const draft = draftOf([dim, q()]);
    const result = applyChanges(
      draft,
      [
        { entity: "question", operation: "update", question: { id: "q1", active: false } },
        { entity: "question", operation: "delete", question: { id: "q1" } },
        { entity: "dimension", operation: "create", dimension: { id: "d2", name: "E", order_position: 1, completion_role: "optional" } },
      ],
      { domainName: "x" },
    );
    assert.ok(result.ok);
    assert.deepEqual(
      result.applied.map((a) => a.action),
      ["configuration.question.deactivated", "configuration.question.deleted", "configuration.dimension.created"],
    );
    assert.equal(result.applied[1]?.diff.after, null);
    assert.equal(result.applied[2]?.diff.before, null);
    assert.deepEqual(result.applied[2]?.diff.after, { id: "d2", name: CHANGED_MARKER, order_position: 1, completion_role: "optional" });
  });
});
