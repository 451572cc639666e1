// Reading the draft (docs/zelinqa-api.md §12.2 `?state=draft`) reads the published version's id and date only: its content and
// artefact (15 MB and 44 MB for a largest configuration) were parsed on every draft read, seconds of the request
// thread for a configuration:read key. Measured in CPU time over real HTTP against a listening SQLite server.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { cpuTimed } from "../../support/cpu-time.js";
import { largeDraft, storeDraft } from "../../support/zelinqa-large-configuration.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";

void describe("configuration read cost", () => {
  let t: TestApp;
  let base = "";
  before(async () => {
    t = await startTestApp({ backend: "sqlite", options: { worker: false } });
    base = await t.app.fastify.listen({ host: "127.0.0.1", port: 0 });
    await storeDraft(t.store, t.domainId, largeDraft({ questions: 3, choices: 2 }));
  });
  after(async () => {
    await t?.close();
  });

  /** Publishes a version whose artefact and content weigh about `megabytes` each, and returns the CPU of one draft read. */
  async function draftReadMs(megabytes: number): Promise<number> {
    const filler = Array.from({ length: megabytes * 10_000 }, (_, i) => ({ id: `x${i}`, text: "y".repeat(80) }));
    await t.store.publishConfigVersion({
      domainId: t.domainId,
      draftRevision: 1,
      content: { filler },
      artifact: { filler },
      engineVersion: "1.0.0",
      compilationId: null,
      publishedAt: new Date().toISOString(),
    });
    const read = () => fetch(`${base}/v1/configuration?state=draft`, { headers: { authorization: `Bearer ${t.keys.manage}` } });
    const r = await read();
    assert.equal(r.status, 200);
    const body = (await r.json()) as { draft_revision: number; configuration_version: string };
    assert.equal(body.draft_revision, 1);
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push((await cpuTimed(async () => (await read()).text())).ms);
    return Math.min(...runs);
  }

  void it("costs the same whatever the size of the published version", async (ctx) => {
    const small = await draftReadMs(0);
    const large = await draftReadMs(30);
    ctx.diagnostic(`draft read: ${small.toFixed(0)} ms of CPU beside a tiny published version, ${large.toFixed(0)} ms beside a 30 MB one`);
    assert.ok(large < small * 3 + 30, `${large.toFixed(0)} ms beside 30 MB, ${small.toFixed(0)} ms beside nothing`);
  });
});
