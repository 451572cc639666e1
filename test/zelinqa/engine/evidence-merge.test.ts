// The merge rule of docs/zelinqa-api.md §10.4: priorities, equal-priority replacement, conflicts and their resolution.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mergeEvidence } from "../../../src/zelinqa/engine/evidence.js";
import { newSessionState } from "../../../src/zelinqa/engine/session-state.js";
import type { Priority } from "../../../src/zelinqa/engine/session-state.js";

type Step = [unknown, Priority];
const rows: Array<[string, Step[], unknown]> = [
  ["sets a first value with its status", [["a", 1]], { status: "tentative", value: "a", priority: 1 }],
  [
    "raises the priority of an equal value",
    [
      ["a", 0],
      ["a", 2],
    ],
    { status: "confirmed", value: "a", priority: 2 },
  ],
  [
    "keeps the higher priority when an equal value arrives weaker",
    [
      ["a", 2],
      ["a", 0],
    ],
    { status: "confirmed", value: "a", priority: 2 },
  ],
  [
    "replaces with stronger evidence",
    [
      ["a", 1],
      ["b", 2],
    ],
    { status: "confirmed", value: "b", priority: 2 },
  ],
  [
    "ignores weaker evidence",
    [
      ["a", 2],
      ["b", 1],
    ],
    { status: "confirmed", value: "a", priority: 2 },
  ],
  [
    "lets the latest direct answer win at equal P2",
    [
      ["a", 2],
      ["b", 2],
    ],
    { status: "confirmed", value: "b", priority: 2 },
  ],
  [
    "conflicts at equal P1",
    [
      ["a", 1],
      ["b", 1],
    ],
    { status: "conflicted", priority: 1 },
  ],
  [
    "conflicts at equal P0",
    [
      ["a", 0],
      ["b", 0],
    ],
    { status: "conflicted", priority: 0 },
  ],
  [
    "stays conflicted on equal evidence",
    [
      ["a", 1],
      ["b", 1],
      ["c", 1],
    ],
    { status: "conflicted", priority: 1 },
  ],
  [
    "resolves a conflict with higher evidence",
    [
      ["a", 0],
      ["b", 0],
      ["c", 1],
    ],
    { status: "tentative", value: "c", priority: 1 },
  ],
  [
    "compares array values structurally",
    [
      [["x", "y"], 1],
      [["x", "y"], 2],
    ],
    { status: "confirmed", value: ["x", "y"], priority: 2 },
  ],
];

void describe("evidence merge", () => {
  for (const [title, steps, expected] of rows) {
    void it(title, () => {
      const state = newSessionState({ sessionId: "ses_1", clientReference: null, maxTurns: 5 });
      for (const [value, p] of steps) mergeEvidence(state, "t", value as string, p);
      assert.deepEqual(state.targets.t, expected);
    });
  }
});
