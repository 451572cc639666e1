// What the benchmarks print where a figure cannot be measured for this user: "not measured" and why, never NaN.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { figureTable, spread } from "../../bench/latency-stats.js";
import { residentUnionMiB, residentUnionUnavailable } from "../../bench/proc-stats.js";

void describe("benchmark figures a user cannot measure", () => {
  void it("prints a side without a figure as 'not measured' and its ratio as '—', not NaN", () => {
    const table = figureTable(
      [
        { figure: "RSS", unit: "MiB", subject: spread([100, 110]), baseline: spread([200, 220]) },
        { figure: "resident pages counted once", unit: "MiB", subject: spread([Number.NaN]), baseline: spread([Number.NaN]) },
        { figure: "half measured", unit: "MiB", subject: spread([50]), baseline: spread([Number.NaN]) },
      ],
      { subject: "one", baseline: "four" },
    );
    assert.doesNotMatch(table, /NaN/);
    const [, measured, unmeasured, half] = table.split("\n");
    assert.match(measured!, /105 MiB \[100–110\]\s+210 MiB \[200–220\]\s+0\.50x$/);
    assert.match(unmeasured!, /not measured\s+not measured\s+—$/);
    assert.match(half!, /50 MiB \[50–50\]\s+not measured\s+—$/);
  });

  void it("says why resident pages cannot be counted once exactly when they cannot (needs root: pagemap)", () => {
    const union = residentUnionMiB([process.pid]);
    const reason = residentUnionUnavailable();
    if (union === undefined) {
      assert.ok(reason, "no figure, so a reason");
      if (process.getuid?.() !== 0) assert.match(reason, /needs root.*pagemap/);
    } else {
      assert.equal(reason, undefined);
      assert.ok(union.own > 0);
    }
  });
});
