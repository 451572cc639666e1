// The history of the SQLite ctx store: appends (all rows or none), turn records that keep a retried turn from
// being stored twice (pruned past TURN_RECORD_DAYS), and history windows served from the read cache's tails
// (history-tails.ts).
//
// Appends are committed in groups: every COMMIT writes each page it touched to the WAL, and the appends of concurrent
// turns touch the same pages (the history table's and its index's rightmost leaves, the turn records'). The appends
// asked for while the event loop handles one round of I/O are committed in one transaction at its check phase
// (setImmediate), each in its own savepoint, so each is still all or nothing and one that fails fails alone. Each
// caller's promise settles after the COMMIT that holds its rows, as before. Anything else that touches a ctxkey's
// history (a read, a clear, a turn record's lookup) first commits the queue when it holds an append of that ctxkey, so
// it sees every append asked before it; the builds of other turns, which read other ctxkeys, leave the group to grow.
import type { SqliteConnection } from "./sqlite-connection.js";
import type { ReadCache } from "./read-cache.js";
import { newestOfTail } from "./history-tails.js";
import { newestTextsWithin, textsWithin } from "./history-bound.js";
import { PRUNE_EVERY_TURNS, TextRow, decodeHistory, textRows, turnRecordOf, turnRecordsBefore } from "./store-rows.js";
import type { ChatMessage } from "../protocol/index.js";
import type { CtxStore, TurnRecord } from "./store.js";

/** At most this many appends per transaction (the rest go in the next one), so that no COMMIT waits for long. */
const MAX_APPEND_GROUP = 64;

export type HistoryRows = Pick<CtxStore, "appendHistory" | "appendTurn" | "storedTurn" | "history" | "newestHistory" | "clearHistory">;

/** An append waiting for its group's transaction. */
interface QueuedAppend {
  ctxkey: string;
  texts: readonly string[];
  /** The turn record that makes the append happen once only; none for a plain append. */
  turn: TurnRecord | undefined;
  at: string;
}

/** Whether an append's rows went in (false: its turn was already stored), or why it failed. */
type AppendOutcome = { stored: boolean } | { error: unknown };

/**
 * The queue of appends waiting for their group's transaction: `commitGroup` runs a group in one immediate transaction
 * and tells each append's outcome; `followTail` keeps the cached history windows in step with what went in.
 */
function appendGroups(
  commitGroup: { immediate(group: readonly QueuedAppend[]): AppendOutcome[] },
  followTail: (ctxkey: string, texts: readonly string[]) => void,
): { flushAppends: () => void; flushAppendsOf: (ctxkey: string) => void; enqueue: (item: QueuedAppend) => Promise<boolean> } {
  let queue: { item: QueuedAppend; settle: (outcome: AppendOutcome) => void }[] = [];
  let scheduled = false;
  const flushAppends = (): void => {
    while (queue.length > 0) {
      const group = queue.slice(0, MAX_APPEND_GROUP);
      queue = queue.slice(MAX_APPEND_GROUP);
      let outcomes: AppendOutcome[];
      try {
        outcomes = commitGroup.immediate(group.map((queued) => queued.item));
      } catch (error) {
        // The transaction itself failed (locked past the busy timeout, disk full): nothing of the group went in.
        for (const queued of group) queued.settle({ error });
        continue;
      }
      group.forEach(({ item, settle }, index) => {
        const outcome = outcomes[index]!;
        if ("stored" in outcome && outcome.stored) followTail(item.ctxkey, item.texts);
        settle(outcome);
      });
    }
  };
  const onCheckPhase = () => {
    scheduled = false;
    flushAppends();
  };
  const enqueue = (item: QueuedAppend) =>
    new Promise<boolean>((resolve, reject) => {
      const settle = (outcome: AppendOutcome) => {
        if (!("error" in outcome)) resolve(outcome.stored);
        else reject(outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error)));
      };
      queue.push({ item, settle });
      if (scheduled) return;
      scheduled = true;
      setImmediate(onCheckPhase);
    });
  /** Commits the queue when it holds an append of `ctxkey`: what a read of that ctxkey's history must see first. */
  const flushAppendsOf = (ctxkey: string): void => {
    if (queue.some(({ item }) => item.ctxkey === ctxkey)) flushAppends();
  };
  return { flushAppends, flushAppendsOf, enqueue };
}

/**
 * The transaction that writes a group of appends, each in its own savepoint (a nested better-sqlite3 transaction): one
 * that fails is rolled back alone and tells its failure, and the others go in. Statements are prepared once.
 */
function groupWriter(db: SqliteConnection["db"]): { immediate(group: readonly QueuedAppend[]): AppendOutcome[] } {
  const insertHistory = db.prepare("INSERT INTO history (ctxkey, message, created_at) VALUES (?, ?, ?)");
  const appendRows = db.transaction((ctxkey: string, texts: readonly string[], at: string) => {
    for (const text of texts) insertHistory.run(ctxkey, text, at);
  });
  const insertTurn = db.prepare(
    "INSERT INTO turns (ctxkey, turn_id, full_text, iterations, message_sha256, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const appendTurnRows = db.transaction((ctxkey: string, texts: readonly string[], turn: TurnRecord, at: string): boolean => {
    const record = [turn.id, turn.fullText ?? null, turn.iterations ?? null, turn.messageSha256 ?? null] as const;
    if (insertTurn.run(ctxkey, ...record, at).changes === 0) return false;
    for (const text of texts) insertHistory.run(ctxkey, text, at);
    return true;
  });
  const writeOrFailure = (item: QueuedAppend): AppendOutcome => {
    try {
      if (item.turn) return { stored: appendTurnRows(item.ctxkey, item.texts, item.turn, item.at) };
      appendRows(item.ctxkey, item.texts, item.at);
      return { stored: true };
    } catch (error) {
      return { error };
    }
  };
  return db.transaction((group: readonly QueuedAppend[]) => group.map(writeOrFailure));
}

export function createSqliteHistory(options: { connection: SqliteConnection; cache: ReadCache; now: () => string }): HistoryRows & {
  /** Commits the appends still queued (before the connection closes). */
  flushAppends: () => void;
} {
  const {
    connection: { db, stmt },
    cache,
    now,
  } = options;
  const { tails } = cache;

  // Turn records only have to outlive the retries of their turn: the old ones go at open and every so often.
  const pruneTurns = db.prepare("DELETE FROM turns WHERE created_at < ?");
  const prune = () => pruneTurns.run(turnRecordsBefore(Date.now()));
  prune();
  let turnsSincePrune = 0;

  /** What a read would decode from the rows just written. */
  const followTail = (ctxkey: string, texts: readonly string[]) => tails.follow(ctxkey, texts, decodeHistory);

  const { flushAppends, flushAppendsOf, enqueue } = appendGroups(groupWriter(db), followTail);
  const append = (ctxkey: string, messages: readonly ChatMessage[], turn: TurnRecord | undefined): Promise<boolean> => {
    cache.checkOthers();
    const texts = messages.map((message) => JSON.stringify(message));
    return enqueue({ ctxkey, texts, turn, at: now() });
  };

  return {
    flushAppends,

    async appendHistory(ctxkey, messages) {
      await append(ctxkey, messages, undefined);
      return messages.length;
    },

    async appendTurn(ctxkey, messages, turn) {
      if (!(await append(ctxkey, messages, turn))) return { count: 0, duplicate: true };
      if (++turnsSincePrune >= PRUNE_EVERY_TURNS) {
        turnsSincePrune = 0;
        prune();
      }
      return { count: messages.length, duplicate: false };
    },

    async storedTurn(ctxkey, turnId) {
      flushAppendsOf(ctxkey);
      const sql = "SELECT turn_id, full_text, iterations, message_sha256 FROM turns WHERE ctxkey = ? AND turn_id = ?";
      const row = stmt(sql).get(ctxkey, turnId);
      return row === undefined ? undefined : turnRecordOf(row);
    },

    async history(ctxkey, limit, maxChars) {
      flushAppendsOf(ctxkey);
      if (maxChars !== undefined) {
        // Newest first, one row at a time, so that a history past the bound is never read whole.
        const sql = "SELECT message AS text FROM history WHERE ctxkey = ? ORDER BY id DESC";
        const rows = limit === undefined ? stmt(sql).iterate(ctxkey) : stmt(`${sql} LIMIT ?`).iterate(ctxkey, limit);
        return textsWithin(textsOf(rows), maxChars).map(decodeHistory);
      }
      if (limit === undefined)
        return textRows(stmt("SELECT message AS text FROM history WHERE ctxkey = ? ORDER BY id").all(ctxkey)).map(decodeHistory);
      cache.checkOthers();
      const tail = tails.get(ctxkey);
      // A tail holds the last `tail.limit` messages (all of them when there are fewer): it serves any window up to that.
      if (tail && limit > 0 && tail.limit >= limit) return tail.messages.slice(-limit);
      const rows = stmt(
        "SELECT message AS text FROM (SELECT id, message FROM history WHERE ctxkey = ? ORDER BY id DESC LIMIT ?) ORDER BY id",
      ).all(ctxkey, limit);
      const texts = textRows(rows);
      const messages = texts.map(decodeHistory);
      if (limit > 0) tails.set(ctxkey, limit, texts, messages);
      return messages.slice();
    },

    async newestHistory(ctxkey, limit, maxChars) {
      flushAppendsOf(ctxkey);
      if (limit <= 0) return [];
      cache.checkOthers();
      const tail = tails.get(ctxkey);
      if (tail && tail.limit >= limit) return newestOfTail(tail, limit, maxChars);
      // Newest first, one row at a time: a history of large messages is never read past the bound.
      const rows = stmt("SELECT message AS text FROM history WHERE ctxkey = ? ORDER BY id DESC LIMIT ?").iterate(ctxkey, limit);
      const { kept, cut } = newestTextsWithin(textsOf(rows), maxChars);
      const messages = kept.map(decodeHistory);
      if (!cut) tails.set(ctxkey, limit, kept, messages);
      return messages.slice();
    },

    async clearHistory(ctxkey) {
      flushAppendsOf(ctxkey);
      tails.delete(ctxkey);
      return stmt("DELETE FROM history WHERE ctxkey = ?").run(ctxkey).changes;
    },
  };
}

/** The `text` of each row, as the rows are read. */
function* textsOf(rows: Iterable<unknown>): Generator<string> {
  for (const row of rows) yield TextRow.parse(row).text;
}
