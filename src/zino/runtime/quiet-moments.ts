// Quiet moments of one thread (issue 14): work that stops the thread for a few milliseconds, but that nobody waits
// for, is put off until no turn runs on that thread. In zino-host the daemon and exc share the main thread, and exc
// starts a warm sandbox after each execution; started from the host's process, that is a fork of a process of
// 160 MiB, which stops the thread for ~4–5 ms on this 2-core machine — exactly when the daemon sends the turn's
// next model call and relays its answer. Put off until the turn is done, the same fork costs the turn nothing.
// Measured on this 2-core VM, a tool turn's step from the tool's result to the second model call's first chunk (100
// tool turns after 32-client load, medians of groups of turns): 5.8–8.5 ms in the host against 2.4–3.5 ms in four
// processes, and 2.7–3.4 ms in the host with warm sandboxes off (the fork then moves onto the tool call's own path);
// with this, 2.5–3.8 ms. bench/zino-python.ts, the host alone, 3 rounds, before / after alternated three times: tool
// turn unsandboxed 15.6, 15.2, 13.5 / 10.5, 10.2, 11.2 ms; sandboxed 21.1, 16.7, 15.9 / 14.1, 12.8, 18.9 ms.
//
// A turn that lasts (a model that thinks for seconds, many clients at once) does not starve the work: it runs after
// `maxWaitMs` in any case, during the wait for the model, as it did before. Four service processes need none of
// this (exc's forks stop exc alone): only zino-host makes one (run-host.ts).

/** What a turn takes beyond this wait is spent waiting on the model, where a stop of a few ms delays nothing. */
export const DEFAULT_QUIET_MAX_WAIT_MS = 250;

export interface QuietMoments {
  /** A turn begins on this thread; the function it returns says it ended (later calls of it are ignored). */
  turnBegins(): () => void;
  /** Runs `work` (which must not throw) once no turn runs (after the current I/O round), or `maxWaitMs` after this call at the latest. */
  whenQuiet(work: () => void): void;
  /** Turns running now (tests). */
  readonly turns: number;
}

export function createQuietMoments(options: { maxWaitMs?: number } = {}): QuietMoments {
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_QUIET_MAX_WAIT_MS;
  let turns = 0;
  /** Work put off, each with the timer that runs it at its deadline. */
  const waiting = new Map<() => void, NodeJS.Timeout>();

  const runOne = (work: () => void) => {
    const timer = waiting.get(work);
    if (timer === undefined) return;
    clearTimeout(timer);
    waiting.delete(work);
    work();
  };
  // After setImmediate: the last frames of the turn that just ended (corked until the next tick) leave first.
  const runAll = () =>
    setImmediate(() => {
      if (turns === 0) for (const work of [...waiting.keys()]) runOne(work);
    });

  return {
    turnBegins() {
      turns += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        turns -= 1;
        if (turns === 0 && waiting.size > 0) runAll();
      };
    },
    whenQuiet(work) {
      if (waiting.has(work)) return;
      const timer = setTimeout(() => runOne(work), maxWaitMs);
      timer.unref();
      waiting.set(work, timer);
      if (turns === 0) runAll();
    },
    get turns() {
      return turns;
    },
  };
}
