// How many executions run at once in one zino-exc: at most `max`; later ones wait in arrival order, at most
// `maxWaiting` of them, and a caller that goes away while waiting leaves the line. Each execution has its own
// limits (CPU, memory, processes); this bounds what many of them together (parallel sub-agents, several
// ctxkeys) can take from the host.

export type SlotOutcome = "acquired" | "cancelled" | "busy";

interface Waiter {
  resolve: (outcome: SlotOutcome) => void;
}

export class ExecutionSlots {
  private active = 0;
  private readonly line: Waiter[] = [];

  constructor(
    readonly max: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`the execution limit must be a positive integer, not ${max}`);
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new Error(`the waiting limit must be an integer ≥ 0, not ${maxWaiting}`);
  }

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.line.length;
  }

  /** Resolves "acquired" (call `release` once done), "cancelled" (the signal fired first) or "busy" (the line is full). */
  acquire(signal?: AbortSignal): Promise<SlotOutcome> {
    if (signal?.aborted) return Promise.resolve("cancelled");
    if (this.active < this.max) {
      this.active += 1;
      return Promise.resolve("acquired");
    }
    if (this.line.length >= this.maxWaiting) return Promise.resolve("busy");
    return new Promise<SlotOutcome>((resolve) => {
      const waiter: Waiter = {
        resolve: (outcome) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
      };
      const onAbort = () => {
        const index = this.line.indexOf(waiter);
        if (index >= 0) this.line.splice(index, 1);
        waiter.resolve("cancelled");
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** Frees a slot: the first waiter, if any, gets it. */
  release(): void {
    const next = this.line.shift();
    if (next) next.resolve("acquired");
    else this.active = Math.max(0, this.active - 1);
  }
}
