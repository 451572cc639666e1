// semi_open questions (docs/zelinqa-api.md §10.2 accepted forms, §10.5.6): choices plus free_text, or user_text only.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createSession, nextQuestions } from "../../../src/zelinqa/engine/index.js";
import { artifactOf, choiceQuestion, dimension, successInformation, testDeps, valueOf } from "./engine-fixtures.js";

const artifact = artifactOf([
  dimension("d", 0, "blocking"),
  choiceQuestion(
    "q_rooms",
    "d",
    [
      ["c_salon", "Salon", "salon"],
      ["c_chambre", "Chambre", "chambre"],
      ["c_bureau", "Bureau", "bureau"],
    ],
    "semi_open",
  ),
  choiceQuestion("q_color", "d", [
    ["c_bleu", "Bleu", "bleu"],
    ["c_vert", "Vert", "vert"],
  ]),
  successInformation("rooms", "q_rooms", { type: "array", items: { type: "string", enum: ["salon", "chambre", "bureau"] } }),
  successInformation("color", "q_color", { type: "string", enum: ["bleu", "vert"] }),
]);

async function answer(previous_turn: Parameters<typeof nextQuestions>[2]["previous_turn"]) {
  const deps = testDeps();
  const state = valueOf(await createSession(artifact, {}, deps)).state;
  return nextQuestions(artifact, state, { state_version: 0, ...(previous_turn ? { previous_turn } : {}) }, deps);
}

void describe("semi_open questions", () => {
  void it("stores the selected choices of a multiple semi_open as an array in choice order", async () => {
    // selection_mode defaults to single for semi_open; make it multiple through the compiled artefact.
    const multiple = artifactOf([
      dimension("d", 0, "blocking"),
      {
        entity: "question",
        operation: "create",
        question: {
          id: "q_rooms",
          text: "Quelles pièces ?",
          type: "semi_open",
          selection_mode: "multiple",
          dimension_id: "d",
          choices: [
            { id: "c_salon", label: "Salon", maps_to_value: "salon" },
            { id: "c_chambre", label: "Chambre", maps_to_value: "chambre" },
          ],
        },
      },
      successInformation("rooms", "q_rooms", { type: "array", items: { type: "string", enum: ["salon", "chambre"] } }),
      choiceQuestion("q_color", "d", [
        ["c_bleu", "Bleu", "bleu"],
        ["c_vert", "Vert", "vert"],
      ]),
      successInformation("color", "q_color", { type: "string", enum: ["bleu", "vert"] }),
    ]);
    const deps = testDeps();
    const state = valueOf(await createSession(multiple, {}, deps)).state;
    const { state: next } = valueOf(
      await nextQuestions(
        multiple,
        state,
        {
          state_version: 0,
          previous_turn: { question_id: "q_rooms", structured_answer: { choice_ids: ["c_chambre", "c_salon"], free_text: "en bleu" } },
        },
        deps,
      ),
    );
    assert.deepEqual(next.targets.rooms, { status: "confirmed", value: ["salon", "chambre"], priority: 2 });
    assert.deepEqual(next.targets.color, { status: "tentative", value: "bleu", priority: 0 }, "free_text is read indirectly (P0)");
  });

  void it("refuses two choices on a single semi_open", async () => {
    const result = await answer({ question_id: "q_rooms", structured_answer: { choice_ids: ["c_salon", "c_bureau"] } });
    assert.equal(result.ok ? null : result.error.code, "invalid_choice");
  });

  void it("accepts user_text only and extracts it directly", async () => {
    const { state } = valueOf(await answer({ question_id: "q_rooms", user_text: "le bureau surtout" }));
    assert.deepEqual(state.targets.rooms, { status: "confirmed", value: ["bureau"], priority: 2 });
  });
});
