// The sessions this process last read or committed, each at its state_version, so that a /next can skip the
// reservation and the read (ZelinqaStore.oneTripMutations; on PostgreSQL sql-session-commit.ts, commitOnNewKey,
// on SQLite sql-session-group-commit.ts, commitOnNewKey). Only the compare-and-swap raises a session's
// state_version and nothing else rewrites its row, so an entry is either current or stale; a stale one loses the CAS,
// which writes nothing, and the caller takes the ordinary path.
import type { SessionRecord, SessionUpdate } from "./store-port.js";

interface Entry {
  record: Omit<SessionRecord, "state">;
  /** The state as stored: parsed anew for every reader, as a read from the database would be. */
  stateText: string;
}

export interface SessionCache {
  /** The session as last seen by this process, or null; its version may be stale. */
  get(domainId: string, id: string): SessionRecord | null;
  /** A session read from the database (its state as stored): kept unless a later version is already known. */
  remember(session: SessionRecord, stateText: string): void;
  /** A committed update: the entry at the update's expected version moves to the new one. */
  advance(update: SessionUpdate, stateText: string): void;
  forget(id: string): void;
}

export function createSessionCache(limits: { maxEntries?: number; maxStateChars?: number } = {}): SessionCache {
  const maxEntries = limits.maxEntries ?? 10_000;
  const maxStateChars = limits.maxStateChars ?? 32 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let stateChars = 0;
  const forget = (id: string) => {
    const entry = entries.get(id);
    if (entry === undefined) return;
    stateChars -= entry.stateText.length;
    entries.delete(id);
  };
  // Most recently written last; the oldest go first when a bound is passed.
  const put = (entry: Entry) => {
    forget(entry.record.id);
    if (entry.stateText.length > maxStateChars) return;
    entries.set(entry.record.id, entry);
    stateChars += entry.stateText.length;
    while (entries.size > maxEntries || stateChars > maxStateChars) forget(entries.keys().next().value as string);
  };
  return {
    get(domainId, id) {
      const entry = entries.get(id);
      if (entry?.record.domainId !== domainId) return null;
      return { ...entry.record, state: JSON.parse(entry.stateText) as unknown };
    },
    remember(session, stateText) {
      const known = entries.get(session.id);
      if (known !== undefined && known.record.stateVersion > session.stateVersion) return;
      const { id, domainId, configVersionId, stateVersion, status, turnCount, createdAt, updatedAt } = session;
      put({ record: { id, domainId, configVersionId, stateVersion, status, turnCount, createdAt, updatedAt }, stateText });
    },
    advance(update, stateText) {
      const known = entries.get(update.id);
      if (known?.record.stateVersion !== update.expectedStateVersion) return forget(update.id);
      const { status, turnCount, updatedAt, stateVersion } = update;
      put({ record: { ...known.record, stateVersion, status, turnCount, updatedAt }, stateText });
    },
    forget,
  };
}
