// Loop limits (docs/zino-protocol.md §3): the tool-call budget and identical-call detection on canonical arguments.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CallBudget, canonicalJson } from "../../../src/zino/daemon/index.js";

void describe("loop limits", () => {
  void it("DMN-20 writes the same JSON for objects whose keys come in another order, at every depth", () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } }),
      canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    assert.notEqual(canonicalJson({ a: [1, 2] }), canonicalJson({ a: [2, 1] }));
  });

  const table: Array<[string, Array<[string, Record<string, unknown>]>, number, Array<string | undefined>]> = [
    [
      "an identical call three times in a row (twice is allowed)",
      [
        ["t", { a: 1, b: 2 }],
        ["t", { b: 2, a: 1 }],
        ["t", { a: 1, b: 2 }],
      ],
      10,
      [undefined, undefined, "repeated_call"],
    ],
    [
      "the same arguments for another tool",
      [
        ["t", { a: 1 }],
        ["u", { a: 1 }],
      ],
      10,
      [undefined, undefined],
    ],
  ];
  for (const [title, calls, maxToolCalls, expected] of table) {
    void it(`DMN-20 refuses ${title}`, () => {
      const budget = new CallBudget({ maxIterations: 8, maxToolCalls, maxIdenticalCalls: 3 });
      assert.deepEqual(
        calls.map(([name, args]) => budget.admit(name, args)),
        expected,
      );
    });
  }

  void it("DMN-20b counts only repeats in a row: test, edit, test, edit, test runs every call", () => {
    const budget = new CallBudget({ maxIterations: 8, maxToolCalls: 16, maxIdenticalCalls: 3 });
    const test = { code: "npm test" };
    const calls: Array<[string, Record<string, unknown>]> = [
      ["execute_bash", test],
      ["execute_bash", { code: "sed -i s/a/b/ x.ts" }],
      ["execute_bash", test],
      ["execute_bash", { code: "sed -i s/b/c/ x.ts" }],
      ["execute_bash", test],
      ["execute_bash", { code: "sed -i s/c/d/ x.ts" }],
      ["execute_bash", test],
    ];
    assert.deepEqual(
      calls.map(([name, args]) => budget.admit(name, args)),
      calls.map(() => undefined),
    );
  });

  const limits: typeof table = [
    [
      "calls past the budget",
      [
        ["t", { n: 1 }],
        ["t", { n: 2 }],
        ["t", { n: 3 }],
      ],
      2,
      [undefined, undefined, "max_tool_calls"],
    ],
    ["any call with a zero budget", [["t", {}]], 0, ["max_tool_calls"]],
  ];
  for (const [title, calls, maxToolCalls, expected] of limits) {
    void it(`DMN-20 refuses ${title}`, () => {
      const budget = new CallBudget({ maxIterations: 8, maxToolCalls, maxIdenticalCalls: 3 });
      assert.deepEqual(
        calls.map(([name, args]) => budget.admit(name, args)),
        expected,
      );
    });
  }
});
