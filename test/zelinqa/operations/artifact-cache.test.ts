// The cache of loaded artefacts (operations/artifact-cache.ts) on a real store: requests missing one version together
// share one load, and what the cache keeps is bounded by the artefacts' weight, not only by their number.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ENGINE_VERSION, compileArtifact } from "../../../src/zelinqa/engine/index.js";
import { artifactWeight, createArtifactCache, createIdGenerator } from "../../../src/zelinqa/operations/index.js";
import type { StoreOperations, ZelinqaStore } from "../../../src/zelinqa/store/index.js";
import { BACKENDS, createTestDatabase, skipReason } from "../../support/zelinqa-databases.js";
import type { TestDatabase } from "../../support/zelinqa-databases.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";
import { draftOf } from "../engine/engine-fixtures.js";

for (const backend of BACKENDS) {
  void describe(`artefact cache on ${backend}`, { skip: skipReason(backend) }, () => {
    let database: TestDatabase;
    let store: ZelinqaStore;
    let domainId: string;
    const draft = draftOf(referenceCorpusChanges());
    const artifact = compileArtifact(draft);

    before(async () => {
      database = await createTestDatabase(backend);
      store = database.open();
      await store.migrate();
      const ids = createIdGenerator();
      const now = new Date().toISOString();
      const org = await store.ensureOrganization("default", now);
      domainId = (await store.createDomain({ id: ids.newId("dom"), name: "Cache", organizationId: org, now })).id;
      for (const id of ["v1", "v2", "v3"]) {
        await store.saveDraftVersion({
          domainId,
          id,
          draftRevision: 1,
          content: draft,
          artifact,
          engineVersion: ENGINE_VERSION,
          compilationId: null,
          publishedAt: now,
        });
      }
    });

    after(async () => {
      await store.close();
      await database.drop();
    });

    /** The store, counting its version reads: each read is a load. */
    function counted(): { reads: string[]; store: Pick<StoreOperations, "getConfigVersionArtifact"> } {
      const reads: string[] = [];
      return { reads, store: { getConfigVersionArtifact: (d, v) => (reads.push(v), store.getConfigVersionArtifact(d, v)) } };
    }

    void it("loads a version once for requests that miss it together", async () => {
      const { reads, store: readStore } = counted();
      const cache = createArtifactCache({ store: readStore });
      const loaded = await Promise.all(Array.from({ length: 20 }, () => cache.get(domainId, "v1")));
      assert.deepEqual(reads, ["v1"]);
      assert.ok(loaded.every((l) => l !== null && l === loaded[0]));
      assert.equal(await cache.get(domainId, "missing"), null);
    });

    void it("keeps artefacts up to a total weight, dropping the least recently used, and always the one just loaded", async () => {
      const { reads, store: readStore } = counted();
      const one = (await createArtifactCache({ store }).get(domainId, "v1"))!;
      const weight = artifactWeight(one.artifact);
      assert.ok(weight > 0);
      // Room for two of them.
      const cache = createArtifactCache({ store: readStore, maxWeight: weight * 2 + 1 });
      await cache.get(domainId, "v1");
      await cache.get(domainId, "v2");
      await cache.get(domainId, "v1");
      await cache.get(domainId, "v3"); // drops v2, the least recently used
      await cache.get(domainId, "v1");
      await cache.get(domainId, "v3");
      assert.deepEqual(reads, ["v1", "v2", "v3"]);
      await cache.get(domainId, "v2");
      assert.deepEqual(reads, ["v1", "v2", "v3", "v2"]);
      // A bound below one artefact still keeps the last one loaded.
      const tiny = counted();
      const small = createArtifactCache({ store: tiny.store, maxWeight: 1 });
      await small.get(domainId, "v1");
      await small.get(domainId, "v1");
      await small.get(domainId, "v2");
      await small.get(domainId, "v1");
      assert.deepEqual(tiny.reads, ["v1", "v2", "v1"]);
    });
  });
}
