// Invariants of every /next response (docs/zelinqa-api.md §8.2) over seeded random conversations on the furniture example:
// ask ⇔ decision and 1..k ranked candidates, stop ⇔ none, counters, warnings/degraded order, progress bounds.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  ConfigurationChangesRequestSchema,
  DEGRADED_REASONS,
  NextResponseBodySchema,
  SessionStateBodySchema,
  WARNINGS,
} from "../../../src/zelinqa/contracts/index.js";
import type { NextRequest, PreviousTurn } from "../../../src/zelinqa/contracts/index.js";
import {
  applyChanges,
  compileArtifact,
  createSession,
  loadArtifact,
  nextQuestions,
  sessionView,
} from "../../../src/zelinqa/engine/index.js";
import { testDeps, valueOf } from "./engine-fixtures.js";

const body = ConfigurationChangesRequestSchema.parse(
  JSON.parse(readFileSync(new URL("../../../examples/zelinqa/furniture.json", import.meta.url), "utf8")),
);
const applied = applyChanges(null, body.changes, { domainName: "meubles" });
if (!applied.ok) throw new Error("furniture example must apply");
const artifact = loadArtifact(compileArtifact(applied.draft));

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const TEXTS = [
  "oui",
  "non",
  "je ne sais pas",
  "pas de commentaire",
  "environ 2 500 €",
  "plutôt scandinave",
  "le 3 mars 2027",
  "salon et chambre",
  "quatre",
  "bof",
];

function randomTurn(rand: () => number, candidates: { question_id: string; choices: { choice_id: string }[] }[]): PreviousTurn {
  const c = candidates[Math.floor(rand() * candidates.length)];
  const text = TEXTS[Math.floor(rand() * TEXTS.length)] as string;
  const roll = rand();
  if (!c || roll < 0.15) return { user_text: text };
  if (roll < 0.45 && c.choices.length > 0) {
    return { question_id: c.question_id, structured_answer: { choice_ids: [(c.choices[0] as { choice_id: string }).choice_id] } };
  }
  if (roll < 0.55) return { question_id: c.question_id, outcome: "refused" };
  return { question_id: c.question_id, user_text: text };
}

void describe("session invariants", () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    void it(`holds over a random conversation (seed ${seed})`, async () => {
      const rand = lcg(seed);
      const deps = testDeps();
      let state = valueOf(await createSession(artifact, { max_turns: 6 + (seed % 5) }, deps)).state;
      let candidates: { question_id: string; choices: { choice_id: string }[] }[] = [];
      for (let step = 0; step < 14; step++) {
        const req: NextRequest = { state_version: state.state_version };
        if (step > 0 && rand() < 0.85) req.previous_turn = randomTurn(rand, candidates);
        if (rand() < 0.2) req.selection = { candidate_count: 1 + Math.floor(rand() * 4) };
        const result = await nextQuestions(artifact, state, req, deps);
        if (!result.ok) {
          assert.ok(["invalid_previous_turn", "invalid_choice"].includes(result.error.code), JSON.stringify(result.error));
          continue;
        }
        const r = result.value.response;
        NextResponseBodySchema.parse(r);
        const k = req.selection?.candidate_count ?? artifact.objective.candidates_per_call;
        if (r.action === "ask") {
          assert.ok(r.decision_id !== null && r.stop_reason === null);
          assert.ok(r.candidates.length >= 1 && r.candidates.length <= k);
          assert.deepEqual(
            r.candidates.map((c) => c.rank),
            r.candidates.map((_, i) => i + 1),
          );
          assert.equal(new Set(r.candidates.map((c) => c.question_id)).size, r.candidates.length);
        } else {
          assert.ok(r.decision_id === null && r.stop_reason !== null && r.candidates.length === 0);
        }
        assert.equal(r.turns_remaining, Math.max(result.value.state.max_turns - r.turn_count, 0));
        assert.deepEqual(
          r.warnings,
          WARNINGS.filter((w) => r.warnings.includes(w)),
        );
        assert.deepEqual(
          r.degraded_reasons,
          DEGRADED_REASONS.filter((d) => r.degraded_reasons.includes(d)),
        );
        assert.equal(r.degraded, r.degraded_reasons.length > 0);
        assert.ok(!(r.warnings as string[]).includes("max_turns_reached"));
        for (const d of [r.progress.objective, ...r.progress.dimensions]) assert.ok(d.progress >= 0 && d.progress <= 1);
        assert.equal(result.value.state.state_version, state.state_version + 1);
        const view = SessionStateBodySchema.parse(sessionView(artifact, result.value.state));
        assert.deepEqual(Object.keys(view.targets), Object.keys(view.targets).sort());
        if (r.stop_reason === "max_turns_reached") assert.equal(view.status, "stopped");
        state = result.value.state;
        candidates = r.candidates;
      }
    });
  }
});
