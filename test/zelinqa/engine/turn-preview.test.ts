// [ext] previewTurn (engine): for every question of the furniture example and a spread of answers, the preview
// announces exactly what nextQuestions then records, and never touches the state it was given.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { it } from "node:test";
import { ConfigurationChangesRequestSchema } from "../../../src/zelinqa/contracts/index.js";
import { createSession, nextQuestions, previewTurn, sessionView } from "../../../src/zelinqa/engine/index.js";
import type { SessionState } from "../../../src/zelinqa/engine/index.js";
import { artifactOf, testDeps, valueOf } from "./engine-fixtures.js";

const changes = ConfigurationChangesRequestSchema.parse(
  JSON.parse(readFileSync(new URL("../../../examples/zelinqa/furniture.json", import.meta.url), "utf8")) as unknown,
).changes;
const artifact = artifactOf(changes);

const TEXTS = [
  "Un canapé",
  "une table et un lit",
  "salon et chambre",
  "4",
  "quatre personnes",
  "1500 euros",
  "entre 1000 et 2000",
  "oui",
  "non merci",
  "dans le mois",
  "2026-12-15",
  "15/01/2027",
  "scandinave",
  "bois",
  "je ne sais pas",
  "je préfère ne pas répondre",
  "bof",
  "canapé 4 places, budget 1500",
];

async function freshSession(): Promise<SessionState> {
  const deps = testDeps();
  const created = valueOf(await createSession(artifact, { max_turns: 50 }, deps)).state;
  return valueOf(await nextQuestions(artifact, created, { state_version: 0 }, deps)).state;
}

void it("PREVIEW-ENGINE-1 the preview of every question and answer equals what nextQuestions records, and leaves its input untouched", async () => {
  let state = await freshSession();
  let checked = 0;
  for (const question of artifact.questions) {
    for (const text of TEXTS) {
      const deps = testDeps();
      const before = structuredClone(state);
      const turn = { question_id: question.id, user_text: text };
      const preview = valueOf(await previewTurn(artifact, state, turn, deps));
      assert.deepEqual(state, before, "the preview mutated its input");
      const next = await nextQuestions(artifact, state, { state_version: state.state_version, previous_turn: turn }, deps);
      const after = valueOf(next).state;
      const view = sessionView(artifact, after);
      const last = view.question_state.outcomes.at(-1);
      assert.equal(preview.question_id, question.id);
      assert.equal(preview.outcome, last?.outcome, `${question.id} / ${text}`);
      assert.equal(preview.decision_id, last?.decision_id);
      for (const [id, target] of Object.entries(preview.targets))
        assert.deepEqual(view.targets[id], target, `${question.id} / ${text} / ${id}`);
      const previous = sessionView(artifact, before).targets;
      for (const [id, target] of Object.entries(view.targets)) {
        if (!(id in preview.targets)) assert.deepEqual(previous[id], target, `${question.id} / ${text}: ${id} changed unannounced`);
      }
      checked += 1;
      // Keep the conversation going on some answers, so later previews run on richer states.
      if (checked % 5 === 0) state = after;
    }
  }
  assert.ok(checked >= 150);
});

void it("PREVIEW-ENGINE-2 a stopped session is refused; an unknown question is invalid_previous_turn as on /next", async () => {
  const state = await freshSession();
  const unknown = await previewTurn(artifact, state, { question_id: "nope", user_text: "1500" }, testDeps());
  assert.equal(unknown.ok ? null : unknown.error.code, "invalid_previous_turn");
  const stopped = await previewTurn(artifact, { ...state, status: "stopped" }, { user_text: "1500" }, testDeps());
  assert.deepEqual(stopped.ok ? null : stopped.error, {
    code: "invalid_previous_turn",
    details: { session_id: state.session_id, status: "stopped" },
    variant: "session_stopped",
  });
});
