// What every operation runs over: the store port, the clock, the id generator, the artefact cache and the
// optional model port. The engine is pure and called directly. An operation returns its value and the writes
// that make it true; the caller commits them atomically (the API with its idempotency record, docs/zelinqa-api.md §5.5 step 10).
import type { EngineDeps, SemanticExtractor } from "../engine/index.js";
import type { Scope, SessionCreation, SessionMutation, StoreOperations, ZelinqaStore } from "../store/index.js";
import type { ArtifactCache } from "./artifact-cache.js";
import type { DraftCompiler } from "./draft-compiler.js";
import type { IdGenerator } from "./ids.js";
import { StateVersionConflict } from "./operation-error.js";

export interface OperationDeps {
  store: ZelinqaStore;
  clock: { now(): Date };
  ids: IdGenerator;
  artifacts: ArtifactCache;
  semantic?: SemanticExtractor | undefined;
  /** Where drafts are checked and compiled for publication and try-it sessions (default: this thread). */
  compiler?: DraftCompiler | undefined;
}

/** Who asks: an API key, or the CLI (`keyId` "cli", no scopes). Recorded in audit events and jobs. */
export interface Actor {
  domainId: string;
  keyId: string;
  scopes: readonly Scope[];
  requestId: string;
}

export interface Prepared<T> {
  value: T;
  /** Writes to commit in one transaction; may throw RetryableConflict or StateVersionConflict. */
  effects?: (tx: StoreOperations) => Promise<void>;
  /** The same writes as data when they are one session mutation: the API commits them with its idempotency
   * record through `store.commitSessionMutation` (one round trip on PostgreSQL). */
  mutation?: SessionMutation;
  /** The same for a new session: `store.commitSessionCreation` (one round trip on PostgreSQL). */
  creation?: SessionCreation;
}

export function engineDeps(deps: OperationDeps): EngineDeps {
  return { now: () => deps.clock.now(), newId: (prefix) => deps.ids.newId(prefix), ...(deps.semantic ? { semantic: deps.semantic } : {}) };
}

/** Commits an operation's writes without an idempotency record (the CLI): a session mutation through the store's
 * one mutation path, other effects in their own transaction. */
export async function commit<T>(store: ZelinqaStore, prepared: Prepared<T>): Promise<T> {
  const { mutation } = prepared;
  if (mutation && (await store.commitSessionMutation(mutation)) === "state_version_conflict")
    throw new StateVersionConflict(mutation.update.id, mutation.update.expectedStateVersion);
  if (prepared.creation) await store.commitSessionCreation(prepared.creation);
  if (prepared.effects) await store.transaction(prepared.effects);
  return prepared.value;
}
