// Loading a compiled artefact (engine/load-artifact.ts) costs in proportion to the configuration: the API loads it in
// its only thread when a session first needs it, so a cost growing with the square of the targets held every client
// for the whole load (2,000 targets: 48 s and 800 MB on the served app before these bounds).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { compileArtifact, loadArtifact } from "../../../src/zelinqa/engine/index.js";
import { choiceQuestion, dimension, draftOf, objective, openQuestion, successInformation } from "./engine-fixtures.js";
import { cpuMs } from "../../support/cpu-time.js";

/** `targets` open questions, each with a number target whose label has words of its own, plus one choice list. */
function largeConfiguration(targets: number, choices: number): ConfigurationChange[] {
  const changes: ConfigurationChange[] = [objective({ max_turns: 100 })];
  for (let d = 0; d < 10; d++) changes.push(dimension(`d${d}`, d, d < 3 ? "blocking" : "contributing"));
  for (let i = 0; i < targets; i++) {
    changes.push(openQuestion(`q${i}`, `d${i % 10}`, `Combien de unites${i} pour le poste${i} alpha${i} ?`));
    changes.push({
      ...successInformation(`s${i}`, `q${i}`, { type: "integer", minimum: 0 }),
      success_information: {
        id: `s${i}`,
        label: `Nombre unites${i} poste${i} beta${i} gamma${i}`,
        schema: { type: "integer" },
        primary_question_id: `q${i}`,
      },
    } as ConfigurationChange);
  }
  const labels = Array.from({ length: choices }, (_, c): [string, string, unknown] => [`c${c}`, `Option numero ${c} maison${c}`, `v${c}`]);
  changes.push(choiceQuestion("qc", "d0", labels));
  changes.push(successInformation("sc", "qc", { type: "string", enum: labels.map((l) => l[2]) }));
  return changes;
}

/** The CPU time of one load, in ms. */
function loadMs(changes: ConfigurationChange[]): number {
  const json = JSON.parse(JSON.stringify(compileArtifact(draftOf(changes)))) as unknown;
  // CPU time, not the clock: on a loaded machine the clock also counts other processes' turns.
  return cpuMs(() => loadArtifact(json));
}

void describe("artefact load cost", () => {
  void it("loads 2,000 targets in proportion to their number, not its square", (t) => {
    const small = Math.min(loadMs(largeConfiguration(250, 10)), loadMs(largeConfiguration(250, 10)));
    const largeChanges = largeConfiguration(1_999, 10);
    const large = Math.min(loadMs(largeChanges), loadMs(largeChanges));
    t.diagnostic(`load: 250 targets ${Math.round(small)} ms, 1,999 targets ${Math.round(large)} ms`);
    // Linear: about 8 times the small one. Each target's own copy of the others' words made it about 40 times, 6 s.
    assert.ok(large < small * 20 + 200, `2,000 targets took ${Math.round(large)} ms, 250 took ${Math.round(small)} ms`);
  });
});
