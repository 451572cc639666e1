// The sample domain examples/zelinqa/furniture.json is a valid change batch that publishes cleanly and
// drives a session end to end.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ConfigurationChangesRequestSchema } from "../../../src/zelinqa/contracts/index.js";
import { applyChanges, compileArtifact, createSession, loadArtifact, nextQuestions } from "../../../src/zelinqa/engine/index.js";
import { testDeps, valueOf } from "./engine-fixtures.js";

const body = ConfigurationChangesRequestSchema.parse(
  JSON.parse(readFileSync(new URL("../../../examples/zelinqa/furniture.json", import.meta.url), "utf8")),
);

void describe("furniture example domain", () => {
  void it("applies with every change and no publication warning", () => {
    const result = applyChanges(null, body.changes, { domainName: "meubles" });
    assert.ok(result.ok, JSON.stringify(result.ok ? [] : result.issues));
    assert.equal(result.applied.length, body.changes.length);
    assert.deepEqual(result.warnings, []);
  });

  void it("reads budget, seats and delivery date from French answers", async () => {
    const result = applyChanges(null, body.changes, { domainName: "meubles" });
    assert.ok(result.ok);
    const artifact = loadArtifact(compileArtifact(result.draft));
    const deps = testDeps();
    let state = valueOf(await createSession(artifact, {}, deps)).state;
    const answers: Array<[string, string]> = [
      ["fur_q_budget", "environ 2 500 €"],
      ["fur_q_seats", "nous sommes quatre"],
      ["fur_q_delivery_date", "le 3 mars 2027"],
      ["fur_q_rooms", "le salon et le bureau"],
    ];
    for (const [question_id, user_text] of answers) {
      state = valueOf(
        await nextQuestions(artifact, state, { state_version: state.state_version, previous_turn: { question_id, user_text } }, deps),
      ).state;
    }
    assert.deepEqual(state.targets, {
      fur_budget: { status: "tentative", value: 2500, priority: 1 },
      fur_seats: { status: "confirmed", value: 4, priority: 2 },
      fur_delivery_date: { status: "confirmed", value: "2027-03-03", priority: 2 },
      fur_rooms: { status: "confirmed", value: ["salon", "bureau"], priority: 2 },
    });
  });
});
