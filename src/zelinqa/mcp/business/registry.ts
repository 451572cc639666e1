// The process-local conversation registry (docs/zelinqa-mcp.md §5.2): bounded, never evicting, one lock per entry.
import type { Session } from "../../sdk/index.js";
import type { BusinessView } from "./view.js";

export interface ConversationEntry {
  session: Session;
  view: BusinessView;
  /** The non-blocking lock: a second call on a busy entry is rejected, never queued. */
  busy: boolean;
  /** Set by a failed call whose effect is unknown; cleared only by a successful zelinqa_status. */
  uncertain: boolean;
}

export class ConversationRegistry {
  readonly capacity: number;
  readonly #entries = new Map<string, ConversationEntry>();
  #createTail: Promise<unknown> = Promise.resolve();

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be positive");
    this.capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(name: string): ConversationEntry | undefined {
    return this.#entries.get(name);
  }

  set(name: string, entry: ConversationEntry): void {
    this.#entries.set(name, entry);
  }

  delete(name: string): void {
    this.#entries.delete(name);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The global registry lock: serialises creations, held only for the create or get call. */
  withCreateLock<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#createTail.then(fn, fn);
    this.#createTail = run.catch(() => undefined);
    return run;
  }
}
