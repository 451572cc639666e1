// The state_version map of docs/zelinqa-mcp.md §6.4: session_id → last version seen, at most 128, oldest inserted out.
export const TRACKED_SESSIONS = 128;

export class VersionTracker {
  readonly #versions = new Map<string, number>();
  readonly #capacity: number;

  constructor(capacity = TRACKED_SESSIONS) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#versions.size;
  }

  get(sessionId: string): number | undefined {
    return this.#versions.get(sessionId);
  }

  /** Learns from any payload carrying a session_id and an integer versions.state_version (booleans ignored). */
  observe(payload: unknown): void {
    if (typeof payload !== "object" || payload === null) return;
    const { session_id: sessionId, versions } = payload as { session_id?: unknown; versions?: unknown };
    if (typeof sessionId !== "string" || typeof versions !== "object" || versions === null) return;
    const version = (versions as { state_version?: unknown }).state_version;
    if (typeof version !== "number" || !Number.isInteger(version)) return;
    if (!this.#versions.has(sessionId) && this.#versions.size >= this.#capacity) {
      const oldest = this.#versions.keys().next();
      if (!oldest.done) this.#versions.delete(oldest.value);
    }
    this.#versions.set(sessionId, version);
  }

  forget(sessionId: string): void {
    this.#versions.delete(sessionId);
  }

  clear(): void {
    this.#versions.clear();
  }
}
