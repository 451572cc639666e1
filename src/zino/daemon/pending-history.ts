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
  /** The SHA-256 of the user message, for a client turn_id (turn-ledger.ts checkSameMessage). */
  message_sha256: z.string().optional(),
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
/** How long the daemon's close waits for writes to ctx under way: within `zino down`'s 5 s before SIGKILL. */
export const DEFAULT_CLOSE_WAIT_MS = 3000;

const SPOOLED_AT_CLOSE =
  "zino-ctx did not answer the last writes before the daemon stopped; they are spooled and written at the next start";

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
  /**
   * Stops the retries, then waits up to `waitMs` for the writes to ctx already under way (a turn that ended just
   * before the daemon was asked to stop); one still unanswered then goes to the spool, so the next start writes it
   * (its turn id keeps it from being stored twice if it did reach ctx).
   */
  close(waitMs?: number): Promise<void>;
}

export function createPendingHistory(options: PendingHistoryOptions): PendingHistory {
  const { logger } = options;
  const queue = createQueue(options, logger);
  const chains = createChains();
  /** Turns given to store() and not settled yet (waiting for their ctxkey's earlier writes, or for ctx's answer). */
  const storing = new Set<PendingTurn>();
  let closed = false;

  // Every `retryMs` while turns wait: each waiting ctxkey is flushed.
  const schedule = retryTimer(
    options.retryMs ?? DEFAULT_PENDING_RETRY_MS,
    () => !closed && queue.size() > 0,
    () => Promise.all([...new Set(queue.turns().map((turn) => turn.ctxkey))].map((ctxkey) => flush(ctxkey))),
  );

  /** Under the ctxkey's chain: writes its queued turns in order. */
  const drain = async (ctxkey: string): Promise<boolean> => {
    for (;;) {
      const next = queue.turns().find((turn) => turn.ctxkey === ctxkey);
      if (!next) return true;
      try {
        await options.append(next);
      } catch (err) {
        if (retryable(err)) return false;
        logger.error({ err, ctxkey, turnId: next.turn_id }, "zino-ctx refused a pending turn; it is dropped");
      }
      queue.remove(next);
      logger.info({ ctxkey, turnId: next.turn_id, left: queue.size() }, "a pending turn was written to zino-ctx");
    }
  };

  const flush = (ctxkey: string): Promise<void> => {
    if (!queue.turns().some((turn) => turn.ctxkey === ctxkey)) return chains.idle(ctxkey);
    return chains.serial(ctxkey, async () => {
      await drain(ctxkey);
    });
  };

  const enqueue = (turn: PendingTurn): StoreOutcome => {
    // Already spooled by close() while its write was under way.
    if (queue.has(turn)) return "queued";
    if (!queue.add([turn])) return "dropped";
    schedule();
    return "queued";
  };

  return {
    start() {
      queue.load();
      schedule();
    },
    async store(turn) {
      storing.add(turn);
      try {
        return await chains.serial(turn.ctxkey, async (): Promise<StoreOutcome> => {
          // Put in the queue by close() before its turn came: the drain writes it with the others.
          const spooled = queue.has(turn);
          if (!(await drain(turn.ctxkey))) return enqueue(turn);
          if (spooled) return "stored";
          try {
            await options.append(turn);
            // Spooled by close() while ctx had not answered yet: ctx has it now.
            if (queue.has(turn)) queue.remove(turn);
            return "stored";
          } catch (err) {
            if (!retryable(err)) throw err;
            logger.warn({ err, ctxkey: turn.ctxkey, turnId: turn.turn_id }, "zino-ctx cannot store the turn now; it is queued");
            return enqueue(turn);
          }
        });
      } finally {
        storing.delete(turn);
      }
    },
    flush,
    size: () => queue.size(),
    find: (ctxkey, turnId) => queue.turns().find((turn) => turn.ctxkey === ctxkey && turn.turn_id === turnId),
    async close(waitMs = DEFAULT_CLOSE_WAIT_MS) {
      closed = true;
      schedule.cancel();
      await settledWithin(
        [...storing].map((turn) => chains.idle(turn.ctxkey)),
        waitMs,
      );
      // In the order they were given, so each ctxkey's turns stay in order in the spool.
      const unanswered = [...storing].filter((turn) => !queue.has(turn));
      if (unanswered.length === 0) return;
      logger.warn({ turns: unanswered.length, waitMs }, SPOOLED_AT_CLOSE);
      queue.add(unanswered, { unbounded: true });
    },
  };
}

/** The turns waiting for ctx, oldest first, within their bounds, mirrored in the spool. */
function createQueue(options: PendingHistoryOptions, logger: Logger) {
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_PENDING_TURNS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_PENDING_BYTES;
  const spool = createSpool(options.spoolPath, logger);
  const sizeOf = (turn: PendingTurn) => JSON.stringify(turn).length;
  let queue: PendingTurn[] = [];
  let queuedBytes = 0;
  return {
    turns: (): readonly PendingTurn[] => queue,
    size: () => queue.length,
    has: (turn: PendingTurn) => queue.includes(turn),
    load() {
      queue = spool.read(maxTurns);
      queuedBytes = queue.reduce((total, turn) => total + sizeOf(turn), 0);
    },
    /** False, with the turn logged as dropped, past the bounds; `unbounded` (the turns of a closing daemon) goes past them. */
    add(turns: readonly PendingTurn[], { unbounded = false } = {}): boolean {
      const bytes = turns.reduce((total, turn) => total + sizeOf(turn), 0);
      if (!unbounded && (queue.length + turns.length > maxTurns || queuedBytes + bytes > maxBytes)) {
        for (const turn of turns) dropped(logger, turn, { maxTurns, maxBytes });
        return false;
      }
      queue.push(...turns);
      queuedBytes += bytes;
      spool.write(queue);
      return true;
    },
    remove(turn: PendingTurn) {
      queue = queue.filter((queued) => queued !== turn);
      queuedBytes -= sizeOf(turn);
      spool.write(queue);
    },
  };
}

/** Resolves once every promise of `work` has settled, or after `ms`, whichever comes first. */
async function settledWithin(work: readonly Promise<unknown>[], ms: number): Promise<void> {
  if (work.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(work), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
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

function dropped(logger: Logger, turn: PendingTurn, limits: { maxTurns: number; maxBytes: number }): void {
  logger.error(
    { ctxkey: turn.ctxkey, turnId: turn.turn_id, ...limits },
    "the queue of turns waiting for zino-ctx is full; this turn is not stored",
  );
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
