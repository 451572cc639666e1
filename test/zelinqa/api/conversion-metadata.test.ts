// The legacy conversion route (docs/zelinqa-api.md §13) records a feedback, but used to store what /feedback refuses
// (§8.5 [ext]): conversational keys such as `transcript`, metadata of any size (a 200 KB key), and strings cut in the
// middle of a surrogate pair (an unpaired half, which PostgreSQL JSON cannot hold). Now the conversion drops those
// keys, stays within 4096 bytes and cuts strings between characters. Run on SQLite and PostgreSQL.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";
import { publishFurniture } from "../../support/studio-sessions.js";

const hasLoneSurrogate = (text: string) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

for (const backend of BACKENDS) {
  void describe(`legacy conversion metadata on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    let sessionId = "";
    before(async () => {
      t = await startTestApp({ backend });
      await publishFurniture(t);
      const created = await t.request("POST", "/v1/sessions", { key: "runtime", idempotencyKey: newIdempotencyKey(), body: {} });
      assert.equal(created.status, 201, created.text);
      sessionId = String(created.json.session_id);
    });
    after(async () => {
      await t?.close();
    });

    const convert = (metadata: Record<string, unknown>) =>
      t.request("POST", `/v1/sessions/${sessionId}/conversion`, { key: "runtime", body: { outcome: "lead", metadata } });

    async function lastMetadata(): Promise<Record<string, unknown>> {
      const all = await t.store.listFeedback(sessionId);
      const latest = [...all].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt)).at(-1);
      return latest?.metadata ?? {};
    }

    void it("drops the conversational keys /feedback refuses and keeps the others", async () => {
      const r = await convert({ transcript: "the whole chat", User_Text: "hi", Messages: "…", channel: "web", score: 3 });
      assert.equal(r.status, 202, r.text);
      assert.deepEqual(await lastMetadata(), { channel: "web", score: 3 });
    });

    void it("cuts a string at 256 without leaving half of a surrogate pair, and stores it", async () => {
      const r = await convert({ note: `a${"😀".repeat(300)}` });
      assert.equal(r.status, 202, r.text);
      const note = String((await lastMetadata()).note);
      assert.equal(hasLoneSurrogate(note), false);
      assert.equal(note, `a${"😀".repeat(127)}`);
    });

    void it("keeps the metadata within 4096 bytes serialised, as /feedback does", async () => {
      const r = await convert({
        first: "kept",
        ["k".repeat(200_000)]: "v",
        ...Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`f${i}`, "x".repeat(200)])),
      });
      assert.equal(r.status, 202, r.text);
      const stored = await lastMetadata();
      assert.ok(Buffer.byteLength(JSON.stringify(stored)) <= 4096, `${Buffer.byteLength(JSON.stringify(stored))} bytes`);
      assert.equal(stored.first, "kept");
      assert.equal(
        Object.keys(stored).some((k) => k.length > 1000),
        false,
      );
      assert.ok(Object.keys(stored).length >= 10, JSON.stringify(Object.keys(stored)));
    });
  });
}
