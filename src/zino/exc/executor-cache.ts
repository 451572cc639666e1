// The executor catalogue (agents/tools) as exc holds it: loaded at start, re-read by the ready handshake, but at
// most once per CATALOG_RECHECK_MS: reading and parsing the folder on every turn was a visible cost, and edits to
// tool files are rare.
import type { Logger } from "../../wire/index.js";
import { loadExecutors, type ExecutorDefinition } from "./executor-catalog.js";

/** How stale the executor catalogue (agents/tools) may be when a ready handshake comes in. */
export const CATALOG_RECHECK_MS = 1_000;

export interface ExecutorCache {
  /** The executors by name, as last loaded. */
  readonly current: Map<string, ExecutorDefinition>;
  /** Re-reads the folder unless it was read less than CATALOG_RECHECK_MS ago. */
  refresh(): void;
}

export function createExecutorCache(options: { toolsDir: string; logger: Logger }): ExecutorCache {
  const { toolsDir, logger } = options;
  let executors = loadExecutors(toolsDir, logger);
  let executorsLoadedAt = Date.now();
  return {
    get current() {
      return executors;
    },
    refresh() {
      const now = Date.now();
      if (now - executorsLoadedAt < CATALOG_RECHECK_MS) return;
      executors = loadExecutors(toolsDir, logger);
      executorsLoadedAt = now;
    },
  };
}
