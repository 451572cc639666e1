// The operations without HTTP, as the CLI uses them: a change batch and a publication committed on their own,
// sessions whose state_version the engine alone raises while the stored column mirrors it (docs/zelinqa-api.md §7).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  OperationError,
  applyConfigurationChanges,
  applySessionEvents,
  commit,
  createArtifactCache,
  createCompileWorker,
  createIdGenerator,
  createSession,
  getSession,
  nextQuestions,
  requestPublication,
} from "../../../src/zelinqa/operations/index.js";
import type { Actor, OperationDeps } from "../../../src/zelinqa/operations/index.js";
import type { ZelinqaStore } from "../../../src/zelinqa/store/index.js";
import { BACKENDS, createTestDatabase, skipReason } from "../../support/zelinqa-databases.js";
import type { TestDatabase } from "../../support/zelinqa-databases.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";

const silent = { error: () => undefined, info: () => undefined };

for (const backend of BACKENDS) {
  void describe(`zelinqa operations on ${backend}`, { skip: skipReason(backend) }, () => {
    let database: TestDatabase;
    let store: ZelinqaStore;
    let deps: OperationDeps;
    let actor: Actor;

    before(async () => {
      database = await createTestDatabase(backend);
      store = database.open();
      await store.migrate();
      const ids = createIdGenerator();
      const now = new Date().toISOString();
      const org = await store.ensureOrganization("default", now);
      const domain = await store.createDomain({ id: ids.newId("dom"), name: "Recette", organizationId: org, now });
      deps = { store, clock: { now: () => new Date() }, ids, artifacts: createArtifactCache({ store }) };
      actor = { domainId: domain.id, keyId: "cli", scopes: [], requestId: ids.newId("req") };
    });

    after(async () => {
      await store.close();
      await database.drop();
    });

    void it("applies a change batch and publishes it without the API, audited with the caller as actor", async () => {
      const applied = await commit(
        store,
        await applyConfigurationChanges(deps, { actor, now: new Date(), changes: referenceCorpusChanges() }),
      );
      assert.equal(applied.draftRevision, 1);
      assert.deepEqual(applied.warnings, []);
      const job = await commit(store, await requestPublication(deps, { actor, now: new Date() }));
      const worker = createCompileWorker({ store, ids: deps.ids, now: () => new Date(), logger: silent });
      await worker.drain();
      await worker.close();
      assert.equal((await store.getCompilationJob(actor.domainId, job.id))?.status, "succeeded");
      const audit = await store.listAuditEvents({ domainId: actor.domainId, limit: 100 });
      assert.ok(audit.length > 0 && audit.every((event) => event.actorKeyId === "cli"));
    });

    void it("waits for a job another process claimed first: until its holder ends it, or until its lease lapses", async () => {
      const worker = createCompileWorker({ store, ids: deps.ids, now: () => new Date(), logger: silent, pollMs: 20 });
      const claimElsewhere = async (leaseMs: number) => {
        const job = await commit(store, await requestPublication(deps, { actor, now: new Date() }));
        const claimed = await store.claimCompilationJob({
          now: new Date().toISOString(),
          leaseExpiresAt: new Date(Date.now() + leaseMs).toISOString(),
        });
        assert.equal(claimed?.id, job.id);
        return job.id;
      };
      try {
        // The other holder finishes 300 ms later: the wait ends with its result, not with "running".
        const finished = await claimElsewhere(60_000);
        const started = performance.now();
        const finish = setTimeout(() => {
          void store.finishCompilationJob({
            id: finished,
            status: "failed",
            error: { code: "elsewhere" },
            configurationVersion: null,
            now: new Date().toISOString(),
          });
        }, 300);
        const ended = await worker.untilEnded(actor.domainId, finished);
        clearTimeout(finish);
        assert.equal(ended?.status, "failed");
        assert.deepEqual(ended?.error, { code: "elsewhere" });
        assert.ok(performance.now() - started >= 250, "returned before the holder ended the job");
        // The other holder died: its lease lapses after 400 ms and the wait ends with the timeout.
        const abandoned = await claimElsewhere(400);
        const lapsed = await worker.untilEnded(actor.domainId, abandoned);
        assert.equal(lapsed?.status, "failed");
        assert.equal((lapsed?.error as { code?: string } | null)?.code, "timeout");
        assert.equal(await worker.untilEnded(actor.domainId, "cmp_unknown"), null);
      } finally {
        await worker.close();
      }
    });

    void it("raises state_version once per next or events, in the state, the answer and the stored column alike", async () => {
      const call = () => ({ domainId: actor.domainId, requestId: deps.ids.newId("req"), now: new Date() });
      const created = await commit(store, await createSession(deps, { ...call(), request: {} }));
      const sessionId = created.session_id;
      assert.equal(created.versions.state_version, 0);
      const next = await commit(store, await nextQuestions(deps, { ...call(), sessionId, request: { state_version: 0 } }));
      assert.equal(next.versions.state_version, 1);
      const events = await commit(store, await applySessionEvents(deps, { ...call(), sessionId, request: { state_version: 1 } }));
      assert.equal(events.versions.state_version, 2);
      assert.equal((await store.getSession(actor.domainId, sessionId))?.stateVersion, 2);
      assert.equal((await getSession(deps, { domainId: actor.domainId, sessionId })).versions.state_version, 2);
      await assert.rejects(
        nextQuestions(deps, { ...call(), sessionId, request: { state_version: 1 } }),
        (error: unknown) => error instanceof OperationError && error.code === "state_version_conflict",
      );
    });
  });
}
