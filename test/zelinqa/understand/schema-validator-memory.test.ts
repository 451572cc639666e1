// Compiled schema validators (understand/json-schema-validator.ts) are kept within bounds: a key holder can send any
// number of distinct schemas (every change batch compiles its schemas, refused batches too), and the process must not
// keep each one for good.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { compileSchemaValidator, schemaCompiles } from "../../../src/zelinqa/understand/index.js";

/** The V8 collector, for a test that must see compiled schemas go (the flag is set before the first call). */
function collector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

const schemaNumber = (i: number) => ({ type: "string", enum: Array.from({ length: 20 }, (_, k) => `value_${i}_${k}_of_a_long_enum`) });

void describe("compiled schema validators", () => {
  void it("do not keep every distinct schema compiled: the heap stays flat over 20,000 of them", (t) => {
    const gc = collector();
    for (let i = 0; i < 1_000; i++) compileSchemaValidator(schemaNumber(-1 - i));
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20_000; i++) assert.ok(schemaCompiles(schemaNumber(i)));
    gc();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1e6;
    // Kept for good, 20,000 schemas held about 120 MB; what stays now is the bounded cache of recent validators.
    t.diagnostic(`the heap grew by ${grownMb.toFixed(1)} MB`);
    assert.ok(grownMb < 60, `the heap grew by ${grownMb.toFixed(1)} MB`);
  });

  void it("still validates with a validator compiled long ago, and shares one validator per schema", () => {
    const early = compileSchemaValidator({ type: "integer", minimum: 3 });
    for (let i = 0; i < 1_200; i++) compileSchemaValidator(schemaNumber(100_000 + i));
    assert.equal(early(4), true);
    assert.equal(early(2), false);
    const schema = { type: "string", format: "date" };
    assert.equal(compileSchemaValidator(schema), compileSchemaValidator({ ...schema }));
    assert.equal(compileSchemaValidator(schema)("2026-02-30"), false);
    assert.throws(() => compileSchemaValidator({ type: "no such type" }));
    assert.equal(compileSchemaValidator({ $id: "https://example.com/s", type: "boolean" })(true), true);
    assert.equal(compileSchemaValidator({ $id: "https://example.com/s", type: "string" })("x"), true);
  });
});
