// Turns the daemon could not store at ctx (ctx down, overloaded, too slow), kept in order and written when ctx is
// back, before any newer turn of the same ctxkey (issue 11: history survives a ctx outage). The queue is bounded
// and mirrored in a spool file (0600) next to the daemon's socket, so a daemon restart does not lose it. Every
// entry carries a turn id, so a write that reached ctx before its answer was lost is not stored twice.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { z } from "zod";
import { WireError, type Logger } from "../../wire/index.js";
import { ChatMessageSchema } from "../protocol/index.js";

export const PendingTurnSchema = z.object({
  ctxkey: z.string(),
  turn_id: z.string(),
  messages: z.array(ChatMessageSchema),
  full_text: z.string().optional(),
  iterations: z.number().int().optional(),
});
export type PendingTurn = z.infer<typeof PendingTurnSchema>;

const SpoolSchema = z.object({ version: z.literal(1), turns: z.array(PendingTurnSchema) });

export type StoreOutcome = "stored" | "queued" | "dropped";

export interface PendingHistoryOptions {
  /** Writes one turn at ctx (append_history with its turn_id); throws a WireError when it cannot. */
  append(turn: PendingTurn): Promise<void>;
  logger: Logger;
  /** Where the queue survives a restart; none: memory only. */
  spoolPath?: string | undefined;
  maxTurns?: number;
  /** Bound of the queue in JSON bytes (a turn carries its tool results). */
  maxBytes?: number;
  retryMs?: number;
}

export const DEFAULT_MAX_PENDING_TURNS = 1000;
export const DEFAULT_MAX_PENDING_BYTES = 32 * 1024 * 1024;
export const DEFAULT_PENDING_RETRY_MS = 2000;

/** Failures worth retrying later: ctx is away or busy. Anything else (a refused turn) would fail again. */
const RETRYABLE = new Set(["unavailable", "timeout", "overloaded", "cancelled"]);
const retryable = (err: unknown) => !(err instanceof WireError) || RETRYABLE.has(err.code);

export interface PendingHistory {
  start(): void;
  /** Stores a turn after the ctxkey's pending ones, or queues it when ctx cannot take it now. */
  store(turn: PendingTurn): Promise<StoreOutcome>;
  /** Writes the ctxkey's pending turns, oldest first; stops at the first that ctx cannot take yet. */
  flush(ctxkey: string): Promise<void>;
  size(): number;
  /** A queued turn of the ctxkey with that id (a retry of a turn that ended while ctx was away). */
  find(ctxkey: string, turnId: string): PendingTurn | undefined;
  close(): void;
}

export function createPendingHistory(options: PendingHistoryOptions): PendingHistory {
  const { logger } = options;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_PENDING_TURNS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_PENDING_BYTES;
  const sizeOf = (turn: PendingTurn) => JSON.stringify(turn).length;
  let queuedBytes = 0;
  const retryMs = options.retryMs ?? DEFAULT_PENDING_RETRY_MS;
  let queue: PendingTurn[] = [];
  const spool = createSpool(options.spoolPath, logger);
  const chains = createChains();
  let closed = false;

  // Every `retryMs` while turns wait: each waiting ctxkey is flushed.
  const schedule = retryTimer(
    retryMs,
    () => !closed && queue.length > 0,
    () => Promise.all([...new Set(queue.map((turn) => turn.ctxkey))].map((ctxkey) => flush(ctxkey))),
  );

  const remove = (turn: PendingTurn) => {
    queue = queue.filter((queued) => queued !== turn);
    queuedBytes -= sizeOf(turn);
    spool.write(queue);
  };

  /** Under the ctxkey's chain: writes its queued turns in order. */
  const drain = async (ctxkey: string): Promise<boolean> => {
    for (;;) {
      const next = queue.find((turn) => turn.ctxkey === ctxkey);
      if (!next) return true;
      try {
        await options.append(next);
      } catch (err) {
        if (retryable(err)) return false;
        logger.error({ err, ctxkey, turnId: next.turn_id }, "zino-ctx refused a pending turn; it is dropped");
      }
      remove(next);
      logger.info({ ctxkey, turnId: next.turn_id, left: queue.length }, "a pending turn was written to zino-ctx");
    }
  };

  const flush = (ctxkey: string): Promise<void> => {
    if (!queue.some((turn) => turn.ctxkey === ctxkey)) return chains.idle(ctxkey);
    return chains.serial(ctxkey, async () => {
      await drain(ctxkey);
    });
  };

  const enqueue = (turn: PendingTurn): StoreOutcome => {
    const bytes = sizeOf(turn);
    if (queue.length >= maxTurns || queuedBytes + bytes > maxBytes) return dropped(logger, turn, { maxTurns, maxBytes });
    queue.push(turn);
    queuedBytes += bytes;
    spool.write(queue);
    schedule();
    return "queued";
  };

  return {
    start() {
      queue = spool.read(maxTurns);
      queuedBytes = queue.reduce((total, turn) => total + sizeOf(turn), 0);
      schedule();
    },
    store(turn) {
      return chains.serial(turn.ctxkey, async (): Promise<StoreOutcome> => {
        if (!(await drain(turn.ctxkey))) return enqueue(turn);
        try {
          await options.append(turn);
          return "stored";
        } catch (err) {
          if (!retryable(err)) throw err;
          logger.warn({ err, ctxkey: turn.ctxkey, turnId: turn.turn_id }, "zino-ctx cannot store the turn now; it is queued");
          return enqueue(turn);
        }
      });
    },
    flush,
    size: () => queue.length,
    find: (ctxkey, turnId) => queue.find((turn) => turn.ctxkey === ctxkey && turn.turn_id === turnId),
    close() {
      closed = true;
      schedule.cancel();
    },
  };
}

/** A one-shot timer re-armed after each run while `wanted()`; unref'd, so it never keeps the process alive. */
function retryTimer(ms: number, wanted: () => boolean, run: () => Promise<unknown>): (() => void) & { cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (timer || !wanted()) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run().finally(schedule);
    }, ms);
    timer.unref();
  };
  return Object.assign(schedule, {
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  });
}

function dropped(logger: Logger, turn: PendingTurn, limits: { maxTurns: number; maxBytes: number }): StoreOutcome {
  logger.error(
    { ctxkey: turn.ctxkey, turnId: turn.turn_id, ...limits },
    "the queue of turns waiting for zino-ctx is full; this turn is not stored",
  );
  return "dropped";
}

/** One chain per ctxkey: its flushes and stores never overlap, so its turns reach ctx in order. */
function createChains() {
  const chains = new Map<string, Promise<unknown>>();
  return {
    serial<T>(ctxkey: string, work: () => Promise<T>): Promise<T> {
      const previous = chains.get(ctxkey) ?? Promise.resolve();
      const next = previous.then(work, work);
      const settled = next.catch(() => {});
      chains.set(ctxkey, settled);
      void settled.then(() => {
        if (chains.get(ctxkey) === settled) chains.delete(ctxkey);
      });
      return next;
    },
    /** Resolves when the ctxkey's chain has nothing running (at once, without allocating, in the common case). */
    idle(ctxkey: string): Promise<void> {
      return chains.get(ctxkey)?.then(() => {}) ?? Promise.resolve();
    },
  };
}

/** The queue's copy on disk (0600, written whole through a temp file and fsync); none without a path. */
function createSpool(spoolPath: string | undefined, logger: Logger) {
  return {
    write(queue: readonly PendingTurn[]): void {
      if (!spoolPath) return;
      try {
        if (queue.length === 0) {
          if (existsSync(spoolPath)) unlinkSync(spoolPath);
          return;
        }
        const temp = `${spoolPath}.tmp`;
        const fd = openSync(temp, "w", 0o600);
        try {
          writeSync(fd, JSON.stringify({ version: 1, turns: queue }));
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        renameSync(temp, spoolPath);
      } catch (err) {
        logger.error({ err, spoolPath }, "cannot write the history spool; pending turns are kept in memory only");
      }
    },
    read(maxTurns: number): PendingTurn[] {
      if (!spoolPath || !existsSync(spoolPath)) return [];
      try {
        const parsed = SpoolSchema.safeParse(JSON.parse(readFileSync(spoolPath, "utf8")));
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "invalid spool");
        const turns = parsed.data.turns.slice(0, maxTurns);
        if (turns.length > 0) {
          logger.warn(
            { turns: turns.length, spoolPath },
            "turns not yet stored at zino-ctx were found; they will be written when it answers",
          );
        }
        return turns;
      } catch (err) {
        logger.error({ err, spoolPath }, "the history spool is unreadable; it is set aside");
        renameSync(spoolPath, `${spoolPath}.unreadable-${Date.now()}`);
        return [];
      }
    },
  };
}
