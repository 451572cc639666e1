// cloneJson copies a JSON tree as structuredClone does: equal value, same key order, no shared object or array.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { cloneJson } from "../../src/shared/json-clone.js";

/** Every object and array inside `value`, itself included. */
function containers(value: unknown, out: object[] = []): object[] {
  if (typeof value !== "object" || value === null) return out;
  out.push(value);
  for (const child of Object.values(value)) containers(child, out);
  return out;
}

void describe("cloneJson", () => {
  void it("copies what JSON.parse makes exactly as structuredClone does, sharing nothing", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const parsed = JSON.parse(JSON.stringify(value)) as unknown;
        const copy = cloneJson(parsed);
        assert.deepStrictEqual(copy, structuredClone(parsed));
        assert.equal(JSON.stringify(copy), JSON.stringify(parsed), "same key order");
        const original = new Set(containers(parsed));
        assert.ok(containers(copy).every((c) => !original.has(c)));
      }),
      { numRuns: 1000 },
    );
  });

  void it("keeps a __proto__ key as an own key and a key holding undefined", () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"a":[1,{"__proto__":2}]}') as Record<string, unknown>;
    const copy = cloneJson({ ...parsed, gone: undefined });
    assert.deepStrictEqual(Object.keys(copy), ["__proto__", "a", "gone"]);
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepStrictEqual(copy, structuredClone({ ...parsed, gone: undefined }));
  });
});
