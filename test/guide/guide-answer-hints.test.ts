// The guide's pure parts for answers it cannot read: the expected form of a success information from its schema,
// choice labels for values (hints, the final summary, CRM facts typed as labels), and words on choice questions.
import assert from "node:assert/strict";
import { it } from "node:test";
import type { Candidate, ConfigurationResponse, SessionState } from "../../src/zelinqa/sdk/index.js";
import { expectedForm, questionHint } from "../../src/guide/answer-forms.js";
import { collectedData } from "../../src/guide/conversation-report.js";
import { parseAnswer, renderQuestion } from "../../src/guide/direct-mode.js";
import { domainLabelsOf } from "../../src/guide/domain-labels.js";
import type { TargetInfo } from "../../src/guide/domain-labels.js";

type Question = ConfigurationResponse["questions"][number];
const question = (id: string, dimension: string, choices: Question["choices"] = []): Question => ({
  id,
  text: `${id} ?`,
  type: choices.length > 0 ? "single_choice" : "open",
  selection_mode: null,
  source: "user",
  choices,
  dimension_id: dimension,
  active: true,
});

const configuration: Pick<ConfigurationResponse, "objective" | "dimensions" | "success_informations" | "questions"> = {
  objective: { name: "Achat", qualification_level: "balanced", max_turns: 10, candidates_per_call: 1, order_strength: 0.3 },
  dimensions: [{ id: "need", name: "Besoin", order_position: 0, completion_role: "blocking" }],
  questions: [
    question("q_piece", "need", [
      { id: "c1", label: "Un canapé", maps_to_value: "canape" },
      { id: "c2", label: "Une table", maps_to_value: "table" },
    ]),
    question("q_rooms", "need", [
      { id: "r1", label: "Salon", maps_to_value: "salon" },
      { id: "r2", label: "Salle à manger", maps_to_value: "salle_a_manger" },
    ]),
    question("q_pay", "need", [
      { id: "y", label: "Oui", maps_to_value: true },
      { id: "n", label: "Non", maps_to_value: false },
    ]),
    question("q_budget", "need"),
  ],
  success_informations: [
    { id: "piece", label: "Meuble", primary_question_id: "q_piece", schema: { type: "string", enum: ["canape", "table", "lit"] } },
    {
      id: "rooms",
      label: "Pièces",
      primary_question_id: "q_rooms",
      schema: { type: "array", items: { type: "string", enum: ["salon", "salle_a_manger"] } },
    },
    { id: "pay", label: "Paiement", primary_question_id: "q_pay", schema: { type: "boolean" } },
    { id: "budget", label: "Budget", primary_question_id: "q_budget", schema: { type: "number", minimum: 0 } },
    { id: "seats", label: "Places", primary_question_id: "q_budget", schema: { type: "integer", minimum: 1, maximum: 12 } },
    { id: "date", label: "Date", primary_question_id: "q_budget", schema: { type: "string", format: "date" } },
    { id: "note", label: "Note", primary_question_id: "q_budget", schema: { type: "string" } },
  ],
};
const labels = domainLabelsOf(configuration);
const target = (id: string): TargetInfo => {
  const found = labels.targets.get(id);
  assert.ok(found, id);
  return found;
};
const today = new Date("2026-12-01T10:00:00Z");

void it("GUIDE-HINT-1 the expected form comes from the schema: numbers with bounds and an example inside them, dates, choices by label", () => {
  assert.equal(expectedForm(target("budget"), today), "a number, for example 1500");
  assert.equal(expectedForm(target("seats"), today), "a whole number from 1 to 12, for example 4");
  assert.equal(
    expectedForm({ ...target("budget"), schema: { type: "number", maximum: 800 } }, today),
    "a number up to 800, for example 800",
  );
  assert.equal(expectedForm(target("date"), today), "a date, for example 15/01/2027");
  assert.equal(expectedForm(target("piece"), today), "one of: Un canapé, Une table, lit");
  assert.equal(expectedForm(target("rooms"), today), "one or more of: Salon, Salle à manger");
  assert.equal(expectedForm(target("pay"), today), "Oui or Non");
  assert.equal(expectedForm({ ...target("pay"), valueLabels: new Map(), labelValues: new Map() }, today), "yes or no");
  assert.equal(expectedForm(target("note"), today), null);
  assert.equal(questionHint(["budget"], labels.targets, today), "a number, for example 1500");
  assert.equal(
    questionHint(["budget", "date"], labels.targets, today),
    "Budget: a number, for example 1500; Date: a date, for example 15/01/2027",
  );
  assert.equal(questionHint(["note", "exploration:q"], labels.targets, today), null);
});

void it("GUIDE-HINT-2 an open question shows its hint up front; a choice question keeps its menu", () => {
  const open: Candidate = { rank: 1, question_id: "q_budget", text: "Quel budget ?", type: "open", choices: [], target_ids: ["budget"] };
  assert.equal(renderQuestion(open, "a number, for example 1500"), "\nQuel budget ?\n(a number, for example 1500)\n");
  assert.equal(renderQuestion(open), "\nQuel budget ?\n");
  const menu: Candidate = {
    ...open,
    type: "single_choice",
    choices: [
      { choice_id: "c1", label: "Un canapé" },
      { choice_id: "c2", label: "Une table" },
    ],
  };
  assert.equal(renderQuestion(menu, "ignored"), "\nQuel budget ?\n  1. Un canapé\n  2. Une table\n(a number)\n");
  // Where words are read too, the menu says so.
  assert.equal(
    renderQuestion(menu, null, { wordsReadable: true }),
    "\nQuel budget ?\n  1. Un canapé\n  2. Une table\n(a number, or your own words)\n",
  );
  // Words on a choice question are read by the engine when the question has success informations.
  assert.deepEqual(parseAnswer(menu, "plutôt un canapé", { wordsReadable: true }), { userText: "plutôt un canapé" });
  assert.match(parseAnswer(menu, "plutôt un canapé") as string, /type the number/);
});

void it("GUIDE-HINT-3 the summary shows the labels the person picked, arrays joined, other values as they are", () => {
  const state = {
    targets: {
      piece: { kind: "data", status: "confirmed", value: "canape", coverage: 1 },
      rooms: { kind: "data", status: "confirmed", value: ["salon", "salle_a_manger"], coverage: 1 },
      pay: { kind: "data", status: "confirmed", value: false, coverage: 1 },
      budget: { kind: "data", status: "tentative", value: 1500, coverage: 0.5 },
      "exploration:q": { kind: "exploration", coverage: 1 },
    },
  } as unknown as SessionState;
  assert.equal(
    collectedData(state, labels),
    ["Collected:", "  Meuble: Un canapé", "  Pièces: Salon, Salle à manger", "  Paiement: Non", "  Budget: 1500 (tentative)", ""].join(
      "\n",
    ),
  );
  assert.equal(target("piece").labelValues.get("un canapé"), "canape");
});
