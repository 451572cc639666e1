// Client turn ids [ext] (docs/zino-protocol.md): a turn retried with the id of a turn that already ended is answered
// with that turn's `done` again instead of running (and storing) it twice; a retry that arrives while the first
// attempt is still running waits for it. Recent ends are kept in memory; older ones are found at ctx (`turn_done`).
import type { Frame } from "../../wire/index.js";

export const MAX_REMEMBERED_TURNS = 1000;
/**
 * Characters of answers remembered, all turns together: a count alone let 1,000 long answers (a model allowed
 * millions of output characters) hold gigabytes. Past it the oldest are forgotten; ctx still has them.
 */
export const MAX_REMEMBERED_CHARS = 32 * 1024 * 1024;

const charsOf = (frame: Frame) => (typeof frame.full_text === "string" ? frame.full_text.length : 0);

export interface TurnLedger {
  /** The `done` frame of a turn that ended, if remembered. */
  done(ctxkey: string, turnId: string): Frame | undefined;
  /** Runs the turn unless the same id is running: then waits for that attempt first. */
  run(ctxkey: string, turnId: string, attempt: () => Promise<Frame | undefined>): Promise<Frame | undefined>;
}

export function createTurnLedger(maxRemembered = MAX_REMEMBERED_TURNS, maxChars = MAX_REMEMBERED_CHARS): TurnLedger {
  const ended = new Map<string, Frame>();
  let chars = 0;
  const remember = (key: string, frame: Frame) => {
    if (charsOf(frame) > maxChars) return;
    ended.set(key, frame);
    chars += charsOf(frame);
    while (ended.size > maxRemembered || chars > maxChars) {
      const [oldest, dropped] = ended.entries().next().value!;
      ended.delete(oldest);
      chars -= charsOf(dropped);
    }
  };
  const running = new Map<string, Promise<unknown>>();
  const keyOf = (ctxkey: string, turnId: string) => `${ctxkey}\0${turnId}`;

  return {
    done: (ctxkey, turnId) => ended.get(keyOf(ctxkey, turnId)),
    async run(ctxkey, turnId, attempt) {
      const key = keyOf(ctxkey, turnId);
      while (running.has(key)) await running.get(key)!.catch(() => {});
      const known = ended.get(key);
      if (known) return known;
      const work = attempt();
      running.set(key, work);
      try {
        const frame = await work;
        if (frame) remember(key, frame);
        return frame;
      } finally {
        running.delete(key);
      }
    },
  };
}
