// What one reply costs the server to understand (docs/zelinqa-api.md §10.5), on the real app over HTTP: a reply of the
// longest allowed length, built from words the extractors re-read (range openers, correction words, day/month pairs),
// costs about what a plain reply of the same length costs. The API has one thread: a reply that took seconds held
// every other client for as long, with only a runtime key.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { MAX_UNDERSTOOD_WORDS } from "../../../src/zelinqa/understand/normalise.js";
import { endedCompilation, newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";

/** Date targets about the first and the last day of something: each reads a range of days in passing. */
const DATE_PAIRS = 12;

function changes(): ConfigurationChange[] {
  const out: ConfigurationChange[] = [
    { entity: "dimension", operation: "create", dimension: { id: "d", name: "Voyage", order_position: 0, completion_role: "blocking" } },
    {
      entity: "question",
      operation: "create",
      question: {
        id: "q_fuel",
        text: "Quel carburant ?",
        type: "single_choice",
        dimension_id: "d",
        choices: [
          { id: "c_diesel", label: "Diesel", maps_to_value: "diesel" },
          { id: "c_essence", label: "Essence", maps_to_value: "essence" },
          { id: "c_electrique", label: "Électrique", maps_to_value: "electrique" },
        ],
      },
    },
    {
      entity: "success_information",
      operation: "create",
      success_information: {
        id: "fuel",
        label: "Carburant",
        schema: { type: "string", enum: ["diesel", "essence", "electrique"] },
        primary_question_id: "q_fuel",
      },
    },
  ];
  for (let i = 0; i < DATE_PAIRS; i++) {
    for (const side of ["début", "fin"]) {
      const id = `${side === "début" ? "start" : "end"}_${i}`;
      out.push(
        {
          entity: "question",
          operation: "create",
          question: { id: `q_${id}`, text: `Date de ${side} du séjour ${i} ?`, type: "open", dimension_id: "d" },
        },
        {
          entity: "success_information",
          operation: "create",
          success_information: {
            id,
            label: `Date de ${side} du séjour ${i}`,
            schema: { type: "string", format: "date" },
            primary_question_id: `q_${id}`,
          },
        },
      );
    }
  }
  return out;
}

/** `unit` repeated up to the words the extractors read of one reply (and within the 8,000 characters of user_text). */
const repeated = (unit: string) => {
  const times = Math.floor(MAX_UNDERSTOOD_WORDS / unit.split(" ").length);
  return Array.from({ length: times }, () => unit)
    .join(" ")
    .slice(0, 8000);
};

void describe("[ext] understanding a reply costs in proportion to its length, whatever its words", () => {
  let t: TestApp;
  let sessionId: string;

  before(async () => {
    t = await startTestApp({ backend: "sqlite" });
    const applied = await t.request("POST", "/v1/configuration/changes", {
      key: "manage",
      idempotencyKey: newIdempotencyKey(),
      body: { changes: changes() },
    });
    assert.equal(applied.status, 200, applied.text);
    const job = await t.request("POST", "/v1/configuration/publish", { key: "publish", idempotencyKey: newIdempotencyKey(), body: {} });
    assert.equal(job.status, 202, job.text);
    assert.equal((await endedCompilation(t, job.json.compilation_id as string)).json.status, "succeeded");
    const created = await t.request("POST", "/v1/sessions", { key: "runtime", body: {}, idempotencyKey: newIdempotencyKey() });
    assert.equal(created.status, 201, created.text);
    sessionId = created.json.session_id as string;
  });
  after(() => t.close());

  /** The milliseconds the server takes to preview this reply to `questionId` (the best of two: a first call warms up). */
  const previewMs = async (questionId: string, userText: string): Promise<number> => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const r = await t.request("POST", `/v1/sessions/${sessionId}/understand`, {
        key: "runtime",
        body: { question_id: questionId, user_text: userText },
      });
      best = Math.min(best, performance.now() - started);
      assert.equal(r.status, 200, r.text);
    }
    return best;
  };

  const cases: Array<{ name: string; questionId: string; unit: string }> = [
    // A range's end was read as a date, which looked for a range in what followed its link, and so on: the square of the
    // reply's length, once for the question and once more for each date target about a first or last day.
    { name: "ranges of days one after another", questionId: "q_start_0", unit: "du 1 au" },
    { name: "ranges of days to a choice question (read in passing by every date target)", questionId: "q_fuel", unit: "du 1 au" },
    // Each correction word read the reply again up to it and after it: "L, no M actually" took seconds at this length.
    { name: "a choice corrected again and again", questionId: "q_fuel", unit: "diesel ou plutôt" },
    // Both: ranges whose ends hold a day/month pair, each of which tokenised the whole reply before it for its lead word.
    { name: "day/month pairs one after another", questionId: "q_start_0", unit: "du 1 au 1/2" },
  ];

  for (const c of cases) {
    void it(`${c.name} ("${c.unit}" …) costs about what a plain reply of that length costs`, async () => {
      const hostile = repeated(c.unit);
      const plain = repeated("bla".padEnd(Math.max(3, c.unit.length), "h"));
      const plainMs = await previewMs(c.questionId, plain);
      const hostileMs = await previewMs(c.questionId, hostile);
      // Generous for a loaded machine; before, these replies took 20 to 300 times as long as the plain one.
      const bound = 10 * plainMs + 400;
      assert.ok(hostileMs < bound, `${Math.round(hostileMs)} ms for "${c.unit}" … against ${Math.round(plainMs)} ms for a plain reply`);
    });
  }
});
