// JSON.parse in steps (src/shared/json-in-steps.ts) gives JSON.parse's value for what it accepts, refuses what it refuses
// with a SyntaxError, and yields between the values of its first levels; time-slices.ts gives the thread back between
// steps.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseJsonInSteps } from "../../src/shared/json-in-steps.js";
import { runAtOnce, runInSlices } from "../../src/shared/time-slices.js";

const ACCEPTED = [
  "0",
  ' "a string \\" with \\\\ escapes \\u00e9 and 😀" ',
  "[]",
  "{}",
  " [ 1 , -2.5e3 , true , false , null ] ",
  '{"a":1,"b":[{"c":"}"},{"d":"]\\\\"}],"e":{"f":{"g":[1,[2,[3]]]}}}',
  '{"questions":[{"id":"q1","choices":[{"id":"c","label":"x\\ny"}]},{"id":"q2"}],"objective":{"name":"n"}}',
  '{"a":1,"a":2,"b":{"x":1,"x":[3]}}',
  '{"__proto__":{"polluted":true},"list":[{"__proto__":1}]}',
  '\n\t{ "spaced" :\r\n [ "out" ] }\n',
  '{"k\\"ey":"v","":""}',
  '[[[[["deep"]]]], {"a": {"b": {"c": {}}}}]',
];

const REFUSED = [
  "",
  "   ",
  "[1,]",
  "[,1]",
  '{"a":1,}',
  '{"a" 1}',
  "{a:1}",
  '{"a":1} x',
  "[1 2]",
  '["unterminated]',
  '{"a":[1,2}',
  '{"a":{"b":1]}',
  "[tru]",
  '{"a":"\\x"}',
  "[1]]",
];

void describe("JSON.parse in steps", () => {
  void it("gives the value JSON.parse gives, own __proto__ keys and duplicate keys included", () => {
    for (const text of ACCEPTED) {
      const value = runAtOnce(parseJsonInSteps(text));
      assert.deepStrictEqual(value, JSON.parse(text), text);
      assert.equal(JSON.stringify(value), JSON.stringify(JSON.parse(text)), text);
    }
    const proto = runAtOnce(parseJsonInSteps('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(proto), Object.prototype);
    assert.ok(Object.hasOwn(proto, "__proto__"));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  void it("refuses with a SyntaxError what JSON.parse refuses", () => {
    for (const text of REFUSED) {
      assert.throws(() => JSON.parse(text), SyntaxError, `JSON.parse accepts ${text}`);
      assert.throws(() => runAtOnce(parseJsonInSteps(text)), SyntaxError, text);
    }
  });

  void it("yields once per value below its second level, so a large list is parsed item by item", () => {
    const document = { head: "h", questions: Array.from({ length: 50 }, (_, i) => ({ id: `q${i}`, choices: [i, i + 1] })) };
    const steps = parseJsonInSteps(JSON.stringify(document));
    let yields = 0;
    for (let step = steps.next(); step.done !== true; step = steps.next()) yields++;
    assert.equal(yields, 51);
  });

  void it("gives the thread back between slices: a timer fires while a long parse runs", async () => {
    const document = Array.from({ length: 200 }, (_, i) => Array.from({ length: 300 }, (_, j) => ({ i, j, text: "x".repeat(20) })));
    const text = JSON.stringify(document);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const value = await runInSlices(parseJsonInSteps(text), { sliceMs: 1 });
      assert.deepStrictEqual(value, document);
    } finally {
      clearInterval(timer);
    }
    assert.ok(ticks > 0, "no timer fired during the parse");
  });
});
