// [ext] docs/zelinqa-api.md §12.4 `configuration_too_large`: change batches are bounded one by one, and the draft as a
// whole too. Before, batch after batch grew the draft without end, and each later edit re-read and rewrote all of it:
// at 4,080 large questions one batch took 4.9 s of the event loop, at 6,080 10.6 s (RSS 1.3 GB), stalling every client.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { newIdempotencyKey, startTestApp, type TestApp } from "../../support/zelinqa-app.js";

const dimension = {
  entity: "dimension",
  operation: "create",
  dimension: { id: "d", name: "D", order_position: 0, completion_role: "blocking" },
};
const question = (n: number) => ({
  entity: "question",
  operation: "create",
  question: { id: `q_${n}`, text: `Question ${n} ?`, type: "open", dimension_id: "d" },
});

void describe("bounds on a whole draft", () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend: "sqlite", options: { worker: false } });
  });
  after(async () => {
    await t?.close();
  });
  const apply = (changes: unknown[]) =>
    t.request("POST", "/v1/configuration/changes", { key: "manage", body: { changes }, idempotencyKey: newIdempotencyKey() });

  void it("refuses the batch that would take the draft past 2,000 questions, keeps the draft, and still takes deletions", async () => {
    assert.equal((await apply([dimension])).status, 200);
    for (let from = 0; from < 2000; from += 500) {
      const batch = await apply(Array.from({ length: 500 }, (_, i) => question(from + i)));
      assert.equal(batch.status, 200, batch.text.slice(0, 300));
    }
    const refused = await apply([question(2000)]);
    assert.equal(refused.status, 422, refused.text.slice(0, 300));
    assert.equal(refused.json.code, "configuration_validation_failed");
    const issues = (refused.json.details as { issues: { code: string; message: string; entity?: string }[] }).issues;
    assert.equal(issues[0]?.code, "configuration_too_large");
    assert.equal(issues[0]?.entity, "question");
    assert.match(issues[0]?.message ?? "", /2001 questions, over the limit of 2000: delete unused ones/);
    // Nothing stored is lost: the draft is the one before the refused batch.
    const draft = await t.request("GET", "/v1/configuration?state=draft", { key: "manage" });
    assert.equal(draft.status, 200, draft.text.slice(0, 300));
    assert.equal(draft.json.draft_revision, 5);
    const deleted = await apply([{ entity: "question", operation: "delete", question: { id: "q_0" } }]);
    assert.equal(deleted.status, 200, deleted.text.slice(0, 300));
    assert.equal((await apply([question(2000)])).status, 200);
  });
});
