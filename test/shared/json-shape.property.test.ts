// The bounded JSON scan that frames (depth) and HTTP bodies (depth, containers, separators, members) share: each
// limit on its own, strings with escaped quotes and brackets, truncated text, and a property test against a plain
// character-by-character reference on valid JSON, bracket soup and random bytes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { jsonShapeExcess, type JsonCountLimits, type JsonShapeExcess } from "../../src/shared/json-shape.js";

const scan = (text: string, maxDepth: number, counts?: JsonCountLimits) => jsonShapeExcess(Buffer.from(text), maxDepth, counts);

/** The reference: one byte at a time, a backslash in a string skipping the next byte. */
function reference(bytes: Buffer, maxDepth: number, counts: JsonCountLimits = {}): JsonShapeExcess | null {
  const { maxContainers = Infinity, maxSeparators = Infinity, maxMembers = Infinity } = counts;
  const commas = new Map<number, number>();
  let depth = 0;
  let containers = 0;
  let separators = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i += 1;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return "depth";
      containers += 1;
      if (containers > maxContainers) return "containers";
      commas.set(depth, 0);
    } else if (b === 0x5d || b === 0x7d) depth -= 1;
    else if (b === 0x2c || b === 0x3a) {
      separators += 1;
      if (separators > maxSeparators) return "separators";
      if (b === 0x2c && depth >= 0) {
        const seen = (commas.get(depth) ?? 0) + 1;
        commas.set(depth, seen);
        if (seen + 1 > maxMembers) return "members";
      }
    }
  }
  return null;
}

void describe("jsonShapeExcess", () => {
  void it("refuses a text nested deeper than the limit, and only then", () => {
    assert.equal(scan("[".repeat(5) + "]".repeat(5), 5), null);
    assert.equal(scan("[".repeat(6) + "]".repeat(6), 5), "depth");
    assert.equal(scan('{"a":{"b":{"c":[1]}}}', 3), "depth");
    assert.equal(scan('{"a":{"b":{"c":[1]}}}', 4), null);
  });

  void it("counts objects and arrays in the whole text when asked", () => {
    const text = JSON.stringify([{}, {}, [], []]);
    assert.equal(scan(text, 2, { maxContainers: 5 }), null);
    assert.equal(scan(text, 2, { maxContainers: 4 }), "containers");
    assert.equal(scan(text, 2), null);
  });

  void it("counts commas and colons as separators when asked", () => {
    const text = JSON.stringify({ a: 1, b: 2 }); // two colons, one comma
    assert.equal(scan(text, 2, { maxSeparators: 3 }), null);
    assert.equal(scan(text, 2, { maxSeparators: 2 }), "separators");
  });

  void it("bounds the members of each container, not of the whole text", () => {
    const ten = JSON.stringify(Array.from({ length: 10 }, (_, i) => i));
    assert.equal(scan(ten, 2, { maxMembers: 10 }), null);
    assert.equal(scan(ten, 2, { maxMembers: 9 }), "members");
    const twoOfSix = JSON.stringify([
      [1, 2, 3, 4, 5, 6],
      [1, 2, 3, 4, 5, 6],
    ]);
    assert.equal(scan(twoOfSix, 3, { maxMembers: 6 }), null);
    const objectOfThree = JSON.stringify({ a: 1, b: 2, c: 3 });
    assert.equal(scan(objectOfThree, 3, { maxMembers: 3 }), null);
    assert.equal(scan(objectOfThree, 3, { maxMembers: 2 }), "members");
  });

  void it("ignores brackets, commas and escaped quotes inside strings", () => {
    const text = JSON.stringify({ s: '[[[[{{{{,,,,::::\\"]]]]"' + "\\" });
    assert.equal(scan(text, 1, { maxContainers: 1, maxSeparators: 1, maxMembers: 1 }), null);
    assert.equal(scan('["\\\\", [[["x"]]]]', 3), "depth");
    assert.equal(scan('["\\"[[[[[["]', 1), null);
  });

  void it("leaves truncated text to JSON.parse unless a limit is already exceeded", () => {
    assert.equal(scan('{"a": "[[[[[[[[[[', 2), null);
    assert.equal(scan("[[[", 2), "depth");
    assert.equal(scan('[1, 2, "', 2, { maxMembers: 3 }), null);
    assert.equal(scan("[1, 2, 3, 4", 2, { maxMembers: 3 }), "members");
    // A container opened at the top level after a closing bracket too many counts its own commas, as any other
    // (found by the property below: the top level's comma was counted into it).
    assert.equal(scan(",][,", 0, { maxMembers: 2 }), null);
    assert.equal(scan(",][,,", 0, { maxMembers: 2 }), "members");
  });

  void it("agrees with the reference on JSON, bracket soup and random bytes, with any limits", () => {
    const text = fc.oneof(
      fc.jsonValue({ maxDepth: 8 }).map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
      fc
        .array(fc.constantFrom("[", "]", "{", "}", "\\", '"', "a", ":", ","), { maxLength: 80 })
        .map((parts) => Buffer.from(parts.join(""))),
      fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b)),
    );
    const limit = fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined });
    const counts = fc.option(fc.record({ maxContainers: limit, maxSeparators: limit, maxMembers: limit }), { nil: undefined });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), counts, (bytes, maxDepth, limits) => {
        const given = limits === undefined ? undefined : withoutUndefined(limits);
        assert.equal(jsonShapeExcess(bytes, maxDepth, given), reference(bytes, maxDepth, given), bytes.toString("latin1"));
      }),
      { numRuns: 2000 },
    );
  });
});

function withoutUndefined(limits: { maxContainers?: number; maxSeparators?: number; maxMembers?: number }): JsonCountLimits {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
}
