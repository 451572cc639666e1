// SQLite's group commit (sql-session-group-commit.ts, issue 14): the one-trip writes of one round of the event loop,
// /next mutations and new sessions alike, share one transaction, and each keeps its own outcome: a creation whose
// key already has a record writes nothing of its session, the others of the same transaction go in.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSqlStore, type ZelinqaStore } from "../../../src/zelinqa/store/index.js";
import type { SqlExecutor } from "../../../src/zelinqa/store/sql-executor.js";
import { createSqliteExecutor } from "../../../src/zelinqa/store/sqlite/sqlite-executor.js";
import type { NewKeyCreation } from "../../../src/zelinqa/store/store-port.js";
import { keyReservation, sessionCreation } from "../../support/zelinqa-store-fixtures.js";

const T0 = "2026-09-01T09:00:00.000Z";
const T1 = "2026-09-01T09:01:00.000Z";
const T2 = "2026-09-02T10:00:00.000Z";
const DOMAIN = "dom_group";
const CFG = "cfg_group";

/** `inner` with its transactions counted. */
function counting(inner: SqlExecutor, transactions: { count: number }): SqlExecutor {
  return {
    ...inner,
    transaction: (fn) => {
      transactions.count += 1;
      return inner.transaction(fn);
    },
  };
}

const reservation = (operation: string, key: string) =>
  keyReservation({ domainId: DOMAIN, operation, key }, { now: T0, leaseExpiresAt: T1, expiresAt: T2 });

const response = (key: string) => ({
  status: 201,
  body: `{"key":"${key}"}`,
  contentType: "application/json; charset=utf-8",
  requestId: `req_${key}`,
});

function creation(id: string, key: string): NewKeyCreation {
  return {
    creation: sessionCreation({ id, domainId: DOMAIN, configVersionId: CFG, requestId: `req_${key}`, at: T0 }),
    reservation: reservation("createSession", key),
    response: response(key),
  };
}

void describe("zelinqa group commit on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "zq-group-"));
  const transactions = { count: 0 };
  let store: ZelinqaStore;

  before(async () => {
    store = createSqlStore(counting(createSqliteExecutor({ path: join(dir, "group.sqlite") }), transactions));
    await store.migrate();
    const org = await store.ensureOrganization("default", T0);
    await store.createDomain({ id: DOMAIN, name: "Group", organizationId: org, now: T0 });
  });
  after(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("commits the creations and mutations of one round in one transaction, each with its own outcome", async () => {
    const trips = store.oneTripMutations!;
    assert.equal(await trips.create(creation("ses_g0", "key-g0")), "committed");
    const mutation = {
      update: { id: "ses_g0", expectedStateVersion: 0, state: { n: 1 }, stateVersion: 1, status: "active", turnCount: 1, updatedAt: T1 },
      decision: null,
      event: { sessionId: "ses_g0", stateVersion: 1, kind: "next" as const, requestId: "req_next", summary: {}, occurredAt: T1 },
    };
    const before = transactions.count;
    const outcomes = await Promise.all([
      trips.create(creation("ses_g1", "key-g1")),
      // key-g0 has its record since the first creation: nothing of ses_g2 may be written.
      trips.create(creation("ses_g2", "key-g0")),
      trips.commit({ mutation, reservation: reservation("nextQuestions", "key-next"), response: response("key-next") }),
      trips.create(creation("ses_g3", "key-g3")),
    ]);
    assert.deepEqual(outcomes, ["committed", "not_committed", "committed", "committed"]);
    assert.equal(transactions.count - before, 1, "one transaction for the four");
    assert.equal((await store.getSession(DOMAIN, "ses_g0"))?.stateVersion, 1);
    for (const id of ["ses_g1", "ses_g3"]) {
      assert.equal((await store.getSession(DOMAIN, id))?.stateVersion, 0, id);
      assert.deepEqual(
        (await store.listSessionEvents(id)).map((event) => event.kind),
        ["create"],
      );
    }
    assert.equal(await store.getSession(DOMAIN, "ses_g2"), null);
    assert.deepEqual(await store.listSessionEvents("ses_g2"), []);
    const facts = await store.listSessionFacts({ domainId: DOMAIN, configurationVersion: CFG, limit: 10 });
    assert.deepEqual(facts.map((fact) => fact.sessionId).sort(), ["ses_g0", "ses_g1", "ses_g3"]);
    assert.equal((await store.getIdempotency(DOMAIN, "createSession", "key-g0"))?.token, "tok_key-g0");
    assert.equal((await store.getIdempotency(DOMAIN, "createSession", "key-g3"))?.status, "completed");
  });
});
