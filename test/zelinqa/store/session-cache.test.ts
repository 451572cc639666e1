// The sessions a PostgreSQL process remembers for one-statement mutations (src/zelinqa/store/session-cache.ts): an entry moves
// only along its own versions, never back, is per domain, hands out a fresh copy of the state, and stays within its bounds.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createSessionCache } from "../../../src/zelinqa/store/session-cache.js";

const session = (id: string, stateVersion: number, state: unknown = { v: stateVersion }) => ({
  id,
  domainId: "dom_a",
  configVersionId: "cfg_1",
  state,
  stateVersion,
  status: "active",
  turnCount: stateVersion,
  createdAt: "2026-09-01T09:00:00.000Z",
  updatedAt: "2026-09-01T09:00:00.000Z",
});
const update = (id: string, from: number) => ({
  id,
  expectedStateVersion: from,
  state: { v: from + 1 },
  stateVersion: from + 1,
  status: "active",
  turnCount: from + 1,
  updatedAt: "2026-09-01T09:01:00.000Z",
});

void describe("session cache", () => {
  void it("hands out the remembered session of its domain only, each time with a state of its own", () => {
    const cache = createSessionCache();
    cache.remember(session("ses_1", 2), JSON.stringify({ v: 2 }));
    const first = cache.get("dom_a", "ses_1");
    assert.deepEqual([first?.stateVersion, first?.state], [2, { v: 2 }]);
    (first?.state as { v: number }).v = 99;
    assert.deepEqual(cache.get("dom_a", "ses_1")?.state, { v: 2 });
    assert.equal(cache.get("dom_b", "ses_1"), null);
    assert.equal(cache.get("dom_a", "ses_2"), null);
  });

  void it("advances from the expected version only, forgets on any other, and never goes back to an older read", () => {
    const cache = createSessionCache();
    cache.remember(session("ses_1", 2), JSON.stringify({ v: 2 }));
    cache.advance(update("ses_1", 2), JSON.stringify({ v: 3 }));
    assert.deepEqual([cache.get("dom_a", "ses_1")?.stateVersion, cache.get("dom_a", "ses_1")?.updatedAt], [3, "2026-09-01T09:01:00.000Z"]);
    cache.remember(session("ses_1", 1), JSON.stringify({ v: 1 }));
    assert.equal(cache.get("dom_a", "ses_1")?.stateVersion, 3);
    cache.advance(update("ses_1", 7), JSON.stringify({ v: 8 }));
    assert.equal(cache.get("dom_a", "ses_1"), null);
    cache.remember(session("ses_2", 0), "{}");
    cache.forget("ses_2");
    assert.equal(cache.get("dom_a", "ses_2"), null);
  });

  void it("drops the oldest entries past its entry and state-size bounds, and never keeps a state larger than the budget", () => {
    const cache = createSessionCache({ maxEntries: 2, maxStateChars: 20 });
    cache.remember(session("ses_1", 0), '{"v":0}');
    cache.remember(session("ses_2", 0), '{"v":0}');
    cache.remember(session("ses_3", 0), '{"v":0}');
    assert.deepEqual(
      ["ses_1", "ses_2", "ses_3"].map((id) => cache.get("dom_a", id) !== null),
      [false, true, true],
    );
    cache.remember(session("ses_4", 0), JSON.stringify({ v: "0123456789" }));
    assert.deepEqual(
      ["ses_2", "ses_3", "ses_4"].map((id) => cache.get("dom_a", id) !== null),
      [false, false, true],
    );
    cache.remember(session("ses_5", 0), JSON.stringify({ v: "a string longer than the budget" }));
    assert.equal(cache.get("dom_a", "ses_5"), null);
  });
});
