// Client turn ids [ext] (docs/zino-protocol.md): a turn retried with the id of a turn that already ended is answered
// with that turn's `done` again instead of running (and storing) it twice; a retry that arrives while the first
// attempt is still running waits for it. Recent ends are kept in memory; older ones are found at ctx (`turn_done`).
// A retry must carry the same message: the id of an ended turn sent with another one is refused (`turn_id_reused`),
// wherever the ended turn is found (here, the daemon's queue of unstored turns, or ctx).
import { createHash } from "node:crypto";
import { WireError, type Frame } from "../../wire/index.js";

export const MAX_REMEMBERED_TURNS = 1000;
/**
 * Characters of answers remembered, all turns together: a count alone let 1,000 long answers (a model allowed
 * millions of output characters) hold gigabytes. Past it the oldest are forgotten; ctx still has them.
 */
export const MAX_REMEMBERED_CHARS = 32 * 1024 * 1024;

const charsOf = (frame: Frame) => (typeof frame.full_text === "string" ? frame.full_text.length : 0);

/** The fingerprint of a turn's user message kept with its turn id: the SHA-256 of its UTF-8 text, in lowercase hex. */
export function messageSha256(message: string): string {
  return createHash("sha256").update(message, "utf8").digest("hex");
}

/**
 * Refuses a turn whose `turn_id` an ended turn already holds with another message (`messageSha256` of each). A
 * record without a fingerprint (a turn ctx stored before it kept them) cannot be told apart and is answered as before.
 */
export function checkSameMessage(turnId: string, ended: string | null | undefined, sent: string): void {
  if (ended === null || ended === undefined || ended === sent) return;
  throw new WireError(
    "turn_id_reused",
    `turn_id "${turnId.slice(0, 128)}" belongs to an earlier turn of this ctxkey with another message; ` +
      "a retry must send the same message, and a new message needs a new turn_id.",
    { turn_id: turnId },
  );
}

export interface TurnLedger {
  /** The `done` frame of a turn that ended, if remembered. */
  done(ctxkey: string, turnId: string): Frame | undefined;
  /**
   * Runs the turn unless the same id is running: then waits for that attempt first. A remembered end of that id
   * is answered instead; with another message (`sha256`, messageSha256 of each) it is refused (checkSameMessage).
   */
  run(ctxkey: string, turnId: string, sha256: string, attempt: () => Promise<Frame | undefined>): Promise<Frame | undefined>;
}

export function createTurnLedger(maxRemembered = MAX_REMEMBERED_TURNS, maxChars = MAX_REMEMBERED_CHARS): TurnLedger {
  const ended = new Map<string, { frame: Frame; sha256: string }>();
  let chars = 0;
  const remember = (key: string, frame: Frame, sha256: string) => {
    if (charsOf(frame) > maxChars) return;
    ended.set(key, { frame, sha256 });
    chars += charsOf(frame);
    while (ended.size > maxRemembered || chars > maxChars) {
      const [oldest, dropped] = ended.entries().next().value!;
      ended.delete(oldest);
      chars -= charsOf(dropped.frame);
    }
  };
  const running = new Map<string, Promise<unknown>>();
  const keyOf = (ctxkey: string, turnId: string) => `${ctxkey}\0${turnId}`;

  return {
    done: (ctxkey, turnId) => ended.get(keyOf(ctxkey, turnId))?.frame,
    async run(ctxkey, turnId, sha256, attempt) {
      const key = keyOf(ctxkey, turnId);
      while (running.has(key)) await running.get(key)!.catch(() => {});
      const known = ended.get(key);
      if (known) {
        checkSameMessage(turnId, known.sha256, sha256);
        return known.frame;
      }
      const work = attempt();
      running.set(key, work);
      try {
        const frame = await work;
        if (frame) remember(key, frame, sha256);
        return frame;
      } finally {
        running.delete(key);
      }
    },
  };
}
