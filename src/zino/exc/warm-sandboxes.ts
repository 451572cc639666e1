// Warm sandboxes: a sandbox started ahead of the tool call that will use it, so that a tool turn does not wait for
// bubblewrap to build its namespaces and mounts (about 6 ms) nor for Node to fork exc's large process (1.5–3.5 ms,
// during which exc's event loop stands still). Each warm sandbox is a complete, fresh execution environment (its
// own empty work dir, private /tmp, new namespaces) whose command waits for a go line before running the script
// (sandbox.ts WAIT_FOR_GO); it is used by one execution only, exactly as a sandbox started on demand would be.
//
// Sandboxes are kept by shape: the isolation, the executor and the exec rules, i.e. everything that decides the
// command line. One waits per shape at most; it is made on `ready` for the ctxkey's default executor and again
// after each execution of that shape, off the execution's path. A shape unused for `idleMs` loses its sandbox, and
// at most `maxShapes` shapes are kept (the least recently used goes first).
import type { Logger } from "../../wire/index.js";
import type { StartedProcess } from "./run-process.js";

export interface WarmSandbox<Dirs> {
  dirs: Dirs;
  process: StartedProcess;
}

export interface WarmSandboxOptions<Dirs> {
  logger: Logger;
  /** A shape's sandbox is discarded after this long unused. */
  idleMs: number;
  /** Shapes kept at once; making one more discards the least recently used. */
  maxShapes: number;
  /** Removes a discarded sandbox's directories (its process is already gone). */
  removeDirs: (dirs: Dirs) => void;
  /**
   * Runs the making of a sandbox off the caller's path: by default after the current I/O round (setImmediate); in
   * zino-host, once no turn runs (runtime/quiet-moments.ts), since the fork then stops the daemon's thread too.
   */
  schedule?: (work: () => void) => void;
}

export interface WarmSandboxes<Dirs> {
  /** The waiting sandbox of this shape, now owned by the caller; undefined when none is alive. */
  take(shape: string): WarmSandbox<Dirs> | undefined;
  /** Makes a sandbox of this shape off the caller's path (`schedule`), unless one waits or is being made. */
  fill(shape: string, make: () => WarmSandbox<Dirs>): void;
  /** Kills a sandbox that was taken but not run (e.g. refused by blocking analysis) and removes its dirs. */
  discard(sandbox: WarmSandbox<Dirs>): Promise<void>;
  /** How many sandboxes wait now (tests, capabilities). */
  readonly size: number;
  close(): Promise<void>;
}

interface Slot<Dirs> {
  sandbox?: WarmSandbox<Dirs>;
  /** A fill is scheduled or running. */
  pending: boolean;
  lastUsed: number;
  /** Armed once per idle period and re-armed for the rest when it fires early (cheaper than re-arming per use). */
  idleTimer?: NodeJS.Timeout;
}

export function createWarmSandboxes<Dirs>(options: WarmSandboxOptions<Dirs>): WarmSandboxes<Dirs> {
  const { logger } = options;
  const schedule = options.schedule ?? ((work: () => void) => void setImmediate(work));
  const discarding = new Set<Promise<void>>();
  let closed = false;

  const discard = (sandbox: WarmSandbox<Dirs>): Promise<void> => {
    const gone = sandbox.process
      .discard()
      .then(() => options.removeDirs(sandbox.dirs))
      .catch((err: unknown) => logger.warn({ err }, "cannot discard a warm sandbox"));
    discarding.add(gone);
    void gone.finally(() => discarding.delete(gone));
    return gone;
  };
  const slots = createSlotTable<Dirs>(options, (sandbox) => void discard(sandbox));

  return {
    take(shape) {
      const slot = slots.get(shape);
      const sandbox = slot?.sandbox;
      if (!slot || !sandbox) return undefined;
      slot.sandbox = undefined;
      if (sandbox.process.alive) return sandbox;
      void discard(sandbox);
      return undefined;
    },
    fill(shape, make) {
      if (closed) return;
      const slot = slots.touch(shape);
      if (slot.pending || slot.sandbox?.process.alive === true) return;
      slot.pending = true;
      schedule(() => {
        slot.pending = false;
        // Dropped (idle, evicted) or closed meanwhile: nothing to make.
        if (closed || slots.get(shape) !== slot || slot.sandbox) return;
        try {
          slot.sandbox = make();
        } catch (err) {
          logger.warn({ err, shape }, "cannot start a warm sandbox; executions of this shape start their own");
        }
      });
    },
    discard,
    get size() {
      let n = 0;
      for (const slot of slots.all()) if (slot.sandbox?.process.alive === true) n += 1;
      return n;
    },
    async close() {
      closed = true;
      slots.dropAll();
      await Promise.all([...discarding]);
    },
  };
}

interface SlotTable<Dirs> {
  get(shape: string): Slot<Dirs> | undefined;
  /** The shape's slot, made if needed, marked as the most recently used; may evict the least recently used. */
  touch(shape: string): Slot<Dirs>;
  all(): Iterable<Slot<Dirs>>;
  dropAll(): void;
}

/** The slots by shape in recency order, each dropped after `idleMs` unused or when more than `maxShapes` exist. */
function createSlotTable<Dirs>(
  options: Pick<WarmSandboxOptions<Dirs>, "idleMs" | "maxShapes">,
  discard: (sandbox: WarmSandbox<Dirs>) => void,
): SlotTable<Dirs> {
  // Map order is the recency order: a used shape is moved to the end.
  const slots = new Map<string, Slot<Dirs>>();

  const drop = (shape: string) => {
    const slot = slots.get(shape);
    if (!slot) return;
    slots.delete(shape);
    clearTimeout(slot.idleTimer);
    if (slot.sandbox) discard(slot.sandbox);
  };

  const armIdle = (shape: string, slot: Slot<Dirs>, ms: number) => {
    slot.idleTimer = setTimeout(() => {
      const left = slot.lastUsed + options.idleMs - Date.now();
      if (left > 0) armIdle(shape, slot, left);
      else drop(shape);
    }, ms);
    slot.idleTimer.unref();
  };

  return {
    get: (shape) => slots.get(shape),
    touch(shape) {
      let slot = slots.get(shape);
      if (slot) {
        slots.delete(shape);
        slots.set(shape, slot);
        slot.lastUsed = Date.now();
        return slot;
      }
      slot = { pending: false, lastUsed: Date.now() };
      slots.set(shape, slot);
      armIdle(shape, slot, options.idleMs);
      while (slots.size > options.maxShapes) drop(slots.keys().next().value!);
      return slot;
    },
    all: () => slots.values(),
    dropAll() {
      for (const shape of [...slots.keys()]) drop(shape);
    },
  };
}
