// [ext] contract additions of issue 10: synonyms on choices and success-information values, and
// previous_turn.occurred_at; the same zod schemas produce the OpenAPI document (/docs).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import {
  ChoiceSchema,
  ConfigurationChangesRequestSchema,
  NextRequestSchema,
  PreviousTurnSchema,
  SuccessInformationSchema,
} from "../../../src/zelinqa/contracts/index.js";

void describe("understanding contract extensions", () => {
  void it("U24: a choice accepts 1 to 50 non-empty synonyms and nothing else", () => {
    assert.ok(ChoiceSchema.safeParse({ id: "c", label: "Un canapé", synonyms: ["sofa", "couch"] }).success);
    assert.ok(!ChoiceSchema.safeParse({ id: "c", label: "Un canapé", synonyms: [] }).success);
    assert.ok(!ChoiceSchema.safeParse({ id: "c", label: "Un canapé", synonyms: [""] }).success);
    assert.ok(!ChoiceSchema.safeParse({ id: "c", label: "Un canapé", synonyms: "sofa" }).success);
  });

  void it("U24: a success information's synonyms are lists keyed by value, and an update may clear them with null", () => {
    const info = { id: "s", label: "Style", schema: { type: "string", enum: ["scandinave"] }, primary_question_id: "q" };
    assert.ok(SuccessInformationSchema.safeParse({ ...info, synonyms: { scandinave: ["nordique"] } }).success);
    assert.ok(!SuccessInformationSchema.safeParse({ ...info, synonyms: { scandinave: "nordique" } }).success);
    const clear = { changes: [{ entity: "success_information", operation: "update", success_information: { id: "s", synonyms: null } }] };
    assert.ok(ConfigurationChangesRequestSchema.safeParse(clear).success);
  });

  void it("U11: a previous turn may carry occurred_at, an RFC 3339 timestamp", () => {
    assert.ok(PreviousTurnSchema.safeParse({ question_id: "q", user_text: "demain", occurred_at: "2027-03-01T10:00:00Z" }).success);
    assert.ok(!PreviousTurnSchema.safeParse({ question_id: "q", occurred_at: "tomorrow" }).success);
  });

  void it("U24: the JSON Schemas behind the OpenAPI document show synonyms and occurred_at", () => {
    assert.match(JSON.stringify(z.toJSONSchema(ConfigurationChangesRequestSchema, { io: "input", unrepresentable: "any" })), /"synonyms"/);
    assert.match(JSON.stringify(z.toJSONSchema(NextRequestSchema, { io: "input", unrepresentable: "any" })), /"occurred_at"/);
  });
});
