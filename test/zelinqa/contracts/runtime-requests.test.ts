// Request schemas are closed and carry exactly the limits of docs/zelinqa-api.md §8 and §8.6.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  ClientUpdatesSchema,
  FeedbackRequestSchema,
  NextRequestSchema,
  SessionCreateRequestSchema,
  SessionEventsRequestSchema,
} from "../../../src/zelinqa/contracts/index.js";

const long = (n: number) => "x".repeat(n);

void describe("runtime request schemas", () => {
  const cases: Array<{ title: string; schema: { safeParse(v: unknown): { success: boolean } }; body: unknown; ok: boolean }> = [
    { title: "accepts an empty session create", schema: SessionCreateRequestSchema, body: {}, ok: true },
    { title: "rejects an unknown create field", schema: SessionCreateRequestSchema, body: { tenant: "x" }, ok: false },
    { title: "rejects max_turns above 100", schema: SessionCreateRequestSchema, body: { max_turns: 101 }, ok: false },
    {
      title: "rejects a 129-character client_reference",
      schema: SessionCreateRequestSchema,
      body: { client_reference: long(129) },
      ok: false,
    },
    {
      title: "rejects a history item without text nor structured answer",
      schema: SessionCreateRequestSchema,
      body: { initial_history: [{ role: "user", question_id: "q" }] },
      ok: false,
    },
    { title: "requires state_version on /next", schema: NextRequestSchema, body: {}, ok: false },
    { title: "rejects a negative state_version", schema: NextRequestSchema, body: { state_version: -1 }, ok: false },
    { title: "rejects an empty previous_turn", schema: NextRequestSchema, body: { state_version: 0, previous_turn: {} }, ok: false },
    {
      title: "accepts a previous turn with user text only",
      schema: NextRequestSchema,
      body: { state_version: 2, previous_turn: { user_text: "oui" } },
      ok: true,
    },
    {
      title: "rejects duplicate choice ids in a structured answer",
      schema: NextRequestSchema,
      body: { state_version: 0, previous_turn: { structured_answer: { choice_ids: ["a", "a"] } } },
      ok: false,
    },
    {
      title: "rejects a user_text over 8000 characters",
      schema: NextRequestSchema,
      body: { state_version: 0, previous_turn: { user_text: long(8001) } },
      ok: false,
    },
    {
      title: "rejects candidate_count 11",
      schema: NextRequestSchema,
      body: { state_version: 0, selection: { candidate_count: 11 } },
      ok: false,
    },
    {
      title: "accepts a summary context of 16000 characters",
      schema: NextRequestSchema,
      body: { state_version: 0, context_update: { mode: "summary", text: long(16000) } },
      ok: true,
    },
    { title: "requires an update on /events", schema: SessionEventsRequestSchema, body: { state_version: 1 }, ok: false },
    {
      title: "rejects a selection on /events",
      schema: SessionEventsRequestSchema,
      body: { state_version: 1, client_updates: { objective: { operation: "clear" } }, selection: {} },
      ok: false,
    },
    {
      title: "accepts a numeric data value without operation",
      schema: ClientUpdatesSchema,
      body: { data: [{ id: "b", value: 2500 }] },
      ok: true,
    },
    { title: "rejects an object data value", schema: ClientUpdatesSchema, body: { data: [{ id: "b", value: { a: 1 } }] }, ok: false },
    { title: "rejects a null data value", schema: ClientUpdatesSchema, body: { data: [{ id: "b", value: null }] }, ok: false },
    {
      title: "rejects a value on unset",
      schema: ClientUpdatesSchema,
      body: { data: [{ id: "b", operation: "unset", value: 1 }] },
      ok: false,
    },
    { title: "rejects empty client updates", schema: ClientUpdatesSchema, body: {}, ok: false },
    {
      title: "accepts feedback with scalar metadata",
      schema: FeedbackRequestSchema,
      body: { result: "success", metadata: { order_id: "SDK-1", n: 1, f: null } },
      ok: true,
    },
    {
      title: "refuses conversational metadata keys whatever the case",
      schema: FeedbackRequestSchema,
      body: { result: "partial", metadata: { Transcript: "x" } },
      ok: false,
    },
    {
      title: "refuses more than 50 metadata properties",
      schema: FeedbackRequestSchema,
      body: { result: "failure", metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) },
      ok: false,
    },
  ];
  for (const c of cases) {
    void it(c.title, () => {
      assert.equal(c.schema.safeParse(c.body).success, c.ok);
    });
  }
});
