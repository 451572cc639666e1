// The studio editor's pure parts (issue 15), on the furniture example: the schema forms recognise and rebuild the
// common schemas, the diff names what changed, and an exported change batch rebuilds the same configuration.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { ConfigurationChangesRequestSchema } from "../../src/zelinqa/contracts/index.js";
import { applyChanges } from "../../src/zelinqa/engine/index.js";
import type { DraftConfiguration } from "../../src/zelinqa/engine/draft.js";
import { diffConfigurations, exportBatch } from "../../studio/src/editor/diff.js";
import { enumValues, kindOf, schemaOf } from "../../studio/src/editor/schema-kinds.js";
import type { Draft } from "../../studio/src/types.js";

const furniture = ConfigurationChangesRequestSchema.parse(
  JSON.parse(readFileSync(new URL("../../examples/zelinqa/furniture.json", import.meta.url), "utf8")),
);

function built(changes: unknown[]): DraftConfiguration {
  const result = applyChanges(null, ConfigurationChangesRequestSchema.parse({ changes }).changes, { domainName: "meubles" });
  assert.ok(result.ok, JSON.stringify(result.ok ? [] : result.issues));
  return result.draft;
}

function asDraft(draft: DraftConfiguration): Draft {
  const { draft_revision, ...entities } = draft;
  return { state: "draft", configuration_version: null, draft_revision, published_at: null, domain: { name: "meubles" }, ...entities };
}

void describe("studio editor model", () => {
  void it("recognises every schema of the furniture example and rebuilds it from its form", () => {
    const kinds = Object.fromEntries(
      furniture.changes.flatMap((c) =>
        c.entity === "success_information" ? [[c.success_information.id, c.success_information.schema]] : [],
      ),
    );
    assert.deepEqual(Object.fromEntries(Object.entries(kinds).map(([id, schema]) => [id, kindOf(schema ?? {})])), {
      fur_piece: "enum",
      fur_rooms: "enum_multiple",
      fur_seats: "integer",
      fur_budget: "number",
      fur_financing: "boolean",
      fur_delivery_window: "enum",
      fur_delivery_date: "date",
      fur_style: "enum",
    });
    for (const schema of Object.values(kinds)) {
      const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
      const bounds = { ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) };
      assert.deepEqual(schemaOf(kindOf(schema ?? {}), enumValues(schema ?? {}), bounds, schema ?? {}), schema);
    }
    assert.equal(kindOf({ type: "string", pattern: "^[0-9]{5}$" }), "custom");
    assert.equal(kindOf({ type: "array", items: { type: "string", enum: ["a"] }, maxItems: 2 }), "custom");
  });

  void it("exports a change batch that rebuilds the same configuration", () => {
    const draft = built(furniture.changes);
    const again = built(exportBatch(asDraft(draft)).changes);
    assert.deepEqual(again, draft);
  });

  void it("diffs the draft against the published version, entity by entity", () => {
    const published = asDraft(built(furniture.changes));
    const draft = structuredClone(published);
    draft.objective.max_turns = 12;
    draft.dimensions = draft.dimensions.filter((d) => d.id !== "fur_extras");
    draft.questions = draft.questions.filter((q) => q.dimension_id !== "fur_extras");
    draft.dimensions.push({ id: "fur_room", name: "Pièce", order_position: 5, completion_role: "optional" });
    assert.deepEqual(
      diffConfigurations(published, draft).map((d) => [d.kind, d.entity, d.id, d.fields.map((f) => f.field).join()]),
      [
        ["changed", "objective", "objective", "max_turns"],
        ["added", "dimension", "fur_room", "id,name,order_position,completion_role"],
        ["removed", "dimension", "fur_extras", ""],
        ["removed", "question", "fur_q_assembly", ""],
      ],
    );
    assert.deepEqual(diffConfigurations(published, published), []);
  });
});
