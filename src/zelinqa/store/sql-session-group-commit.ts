// Group commit of session mutations, and of new sessions under a new key, on SQLite. Every COMMIT costs a WAL append of
// each page the transaction touched, and most of the pages a /next touches are shared with the other sessions' turns
// (the rightmost leaves of the journal, decisions, idempotency records and studio facts, the database header when the
// file grows): the writes requested while the event loop handled one round of I/O are committed in one transaction,
// each inside its own SAVEPOINT, so each is still all or nothing and a lost compare-and-swap rolls back only its own
// writes. Durability is unchanged: every caller's promise settles only after the COMMIT that holds its writes.
import type { SessionCache } from "./session-cache.js";
import type { SqlExecutor } from "./sql-executor.js";
import { MutationRolledBack, checkMutationRows, insertNewKeyRecordOrRollBack, sessionMutationSteps } from "./sql-session-commit.js";
import { sessionCreationSteps } from "./sql-session-creation.js";
import type { NewKeyCommit, NewKeyCreation, SessionMutation, SessionMutationOutcome, StoreOperations } from "./store-port.js";

/** At most this many mutations per transaction (the rest go in the next one), so no COMMIT waits for long. */
export const MAX_GROUP = 64;

interface Pending {
  /** The mutation's writes; a MutationRolledBack undoes them alone. */
  steps(tx: SqlExecutor, ops: StoreOperations): Promise<void>;
  /** Called once the group's COMMIT is done. */
  settle(outcome: SessionMutationOutcome): void;
  reject(error: unknown): void;
}

/** How one mutation of a group ended, settled once the group's COMMIT is done. */
type Settle = () => void;

async function commitOne(tx: SqlExecutor, ops: StoreOperations, item: Pending): Promise<Settle> {
  await tx.run("SAVEPOINT zq_mutation");
  try {
    await item.steps(tx, ops);
    await tx.run("RELEASE zq_mutation");
    return () => item.settle("committed");
  } catch (error) {
    // A failure that ended the whole transaction makes these throw: then the group fails as a whole.
    await tx.run("ROLLBACK TO zq_mutation");
    await tx.run("RELEASE zq_mutation");
    if (error instanceof MutationRolledBack) return () => item.settle(error.outcome);
    return () => item.reject(error);
  }
}

/** One transaction for the group, each item in its own savepoint; every item settles once the COMMIT is done. */
async function commitGroup(db: SqlExecutor, operationsOf: (tx: SqlExecutor) => StoreOperations, group: Pending[]): Promise<void> {
  const settles: Settle[] = [];
  try {
    await db.transaction(async (tx) => {
      const ops = operationsOf(tx);
      for (const item of group) settles.push(await commitOne(tx, ops, item));
    });
  } catch (error) {
    for (const item of group) item.reject(error);
    return;
  }
  for (const settle of settles) settle();
}

export interface GroupedSessionCommits {
  commit: (mutation: SessionMutation) => Promise<SessionMutationOutcome>;
  /**
   * A mutation under a key never reserved (ZelinqaStore.oneTripMutations), whose claim in memory the caller holds:
   * the key's completed record goes in unless the key has one, then the mutation; "not_committed" wrote nothing.
   */
  commitOnNewKey: (input: NewKeyCommit) => Promise<"committed" | "not_committed">;
  /** A new session under a key never reserved, the same way: its key's record, then the session; grouped likewise. */
  createOnNewKey: (input: NewKeyCreation) => Promise<"committed" | "not_committed">;
  /** Commits what is queued now, before the store closes its connection. */
  drain: () => Promise<void>;
}

/**
 * commitSessionMutation over `db`: the mutations queue until the event loop's check phase (setImmediate), then
 * commit together. `operationsOf` gives the store operations over the transaction's executor; `sessions` follows
 * each committed session to its new version and forgets one whose compare-and-swap was lost.
 */
export function groupedSessionCommits(
  db: SqlExecutor,
  operationsOf: (tx: SqlExecutor) => StoreOperations,
  sessions: SessionCache,
): GroupedSessionCommits {
  let queue: Pending[] = [];
  let scheduled = false;
  let flushing: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  };
  const flush = (): Promise<void> => {
    scheduled = false;
    const group = queue.slice(0, MAX_GROUP);
    queue = queue.slice(MAX_GROUP);
    if (queue.length > 0) schedule();
    if (group.length === 0) return flushing;
    flushing = commitGroup(db, operationsOf, group);
    return flushing;
  };
  /** Queues `steps`, to be committed with the next group; `settled` runs once the group's COMMIT is done. */
  const enqueue = (steps: Pending["steps"], settled: (outcome: SessionMutationOutcome) => void = () => undefined) =>
    new Promise<SessionMutationOutcome>((resolve, reject) => {
      queue.push({
        steps,
        settle: (outcome) => {
          settled(outcome);
          resolve(outcome);
        },
        reject,
      });
      schedule();
    });
  /** Queues the writes of `mutation` after `first`'s; its serialised state goes to the cache once committed. */
  const enqueueMutation = (mutation: SessionMutation, first: Pending["steps"]) => {
    const stateText = JSON.stringify(mutation.update.state);
    return enqueue(
      async (tx, ops) => {
        await first(tx, ops);
        await sessionMutationSteps(ops, mutation, stateText);
      },
      (outcome) => {
        if (outcome === "committed") sessions.advance(mutation.update, stateText);
        else if (outcome === "state_version_conflict") sessions.forget(mutation.update.id);
      },
    );
  };
  return {
    commit: (mutation) => enqueueMutation(mutation, async () => undefined),
    commitOnNewKey: async ({ mutation, reservation, response }) => {
      checkMutationRows(mutation);
      const outcome = await enqueueMutation(mutation, async (tx) => {
        await insertNewKeyRecordOrRollBack(tx, reservation, response);
      });
      return outcome === "committed" ? "committed" : "not_committed";
    },
    createOnNewKey: async ({ creation, reservation, response, onlyIfPublished }) => {
      const outcome = await enqueue(async (tx, ops) => {
        const { domainId, configVersionId } = creation.session;
        if (onlyIfPublished === true && (await ops.getDomain(domainId))?.publishedVersionId !== configVersionId)
          throw new MutationRolledBack("idempotency_lost");
        await insertNewKeyRecordOrRollBack(tx, reservation, response);
        await sessionCreationSteps(ops, creation);
      });
      return outcome === "committed" ? "committed" : "not_committed";
    },
    drain: async () => {
      while (queue.length > 0) await flush();
      await flushing;
    },
  };
}
