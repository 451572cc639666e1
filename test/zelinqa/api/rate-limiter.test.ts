// The in-process sliding window of the per-key rate limit (SQLite: one process serves the file): the previous
// minute's count weighs what the last 60 s still cover, refused requests are not counted, keys are apart.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createRateLimiter, slidingWindow } from "../../../src/zelinqa/api/rate-limiter.js";

const MINUTE = Date.parse("2026-09-01T09:00:00.000Z");

void describe("zelinqa in-process rate limiter", () => {
  void it("weighs the previous minute by the part of it the sliding window still covers", () => {
    assert.deepEqual(slidingWindow(MINUTE + 15_000), { start: MINUTE, previousStart: MINUTE - 60_000, previousWeight: 0.75 });
  });

  void it("refuses past the limit without counting refusals, and lets requests through as the window slides", async () => {
    const limiter = createRateLimiter(4);
    const at = async (ms: number, key = "key_a") => (await limiter.check(key, ms)).allowed;
    const first = await Promise.all(Array.from({ length: 6 }, () => at(MINUTE + 59_000)));
    assert.deepEqual(first, [true, true, true, true, false, false]);
    assert.equal(await at(MINUTE + 59_000, "key_b"), true);
    const refused = await limiter.check("key_a", MINUTE + 59_000);
    assert.equal(refused.retryAfterSeconds, 1);
    // 15 s into the next minute the previous 4 weigh 3: one more request fits, not two.
    assert.deepEqual([await at(MINUTE + 75_000), await at(MINUTE + 75_000)], [true, false]);
    // Two minutes later nothing of the earlier counts remains.
    assert.deepEqual(await Promise.all(Array.from({ length: 5 }, () => at(MINUTE + 181_000))), [true, true, true, true, false]);
  });
});
