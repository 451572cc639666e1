// The bound on tool calls running at once in one zelinqa-mcp process ([ext] docs/zelinqa-mcp.md §7.1). Each call holds
// an HTTP request to the API; without it a host sending calls faster than the API answers opened one connection per
// call (20,000 calls: 20,000 sockets and 640 MB before the first answer). A call past the bound is refused at once,
// never queued, like `conversation_busy`.
export const MAX_CALLS_IN_FLIGHT = 32;

export class CallGate {
  readonly capacity: number;
  #running = 0;

  constructor(capacity = MAX_CALLS_IN_FLIGHT) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer");
    this.capacity = capacity;
  }

  get running(): number {
    return this.#running;
  }

  /** Runs `fn` if a place is free; otherwise answers `refused` without running it. */
  async run<T>(fn: () => Promise<T>, refused: () => T): Promise<T> {
    if (this.#running >= this.capacity) return refused();
    this.#running += 1;
    try {
      return await fn();
    } finally {
      this.#running -= 1;
    }
  }
}

export const tooManyCallsText = (capacity: number): string =>
  `too_many_calls: ${capacity} tool calls are already running in this zelinqa-mcp process; wait for some of them to be answered, then retry this one (nothing was sent to the API).`;
