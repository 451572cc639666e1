// The runner's warm sandboxes (warm-sandboxes.ts keeps them): one per shape, i.e. per isolation × executor × exec
// rules, everything that decides a sandbox's command line; each made in fresh execution directories, with its
// analyser held next to it when its executions are analysed.
import type { ExecConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import type { ExecutionDirs, PreparedDirs } from "./execution-dirs.js";
import type { ExecutorDefinition } from "./executor-catalog.js";
import type { IsolationPolicy } from "./isolation-policy.js";
import type { Isolation } from "./sandbox.js";
import type { SandboxStarter } from "./sandbox-starter.js";
import { createWarmSandboxes, type WarmSandbox, type WarmSandboxes } from "./warm-sandboxes.js";

/** A shape's warm sandbox is discarded after this long unused. */
export const WARM_SANDBOX_IDLE_MS = 60_000;
/** Shapes (isolation × executor × exec rules) that keep a warm sandbox at once. */
export const WARM_SANDBOX_SHAPES = 8;

export interface WarmPoolOptions {
  logger: Logger;
  dirs: ExecutionDirs;
  sandboxes: SandboxStarter;
  policy: IsolationPolicy;
  /** When a sandbox is made (warm-sandboxes.ts `schedule`). */
  schedule: (work: () => void) => void;
}

export interface WarmPool {
  /** Gets a sandbox ready for the next execution of this executor under these rules (unless they are refused). */
  warm(options: { def: ExecutorDefinition; exec: ExecConfig }): void;
  /** The waiting sandbox of this shape, now the caller's; undefined when none is alive. */
  take(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig): WarmSandbox<PreparedDirs> | undefined;
  readonly size: number;
  close(): Promise<void>;
}

/** Everything that decides a sandbox's command line; executions of one shape can use each other's warm sandboxes. */
function shapeOf(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig): string {
  return JSON.stringify([isolation, def.executor, def.interpreter, def.fileExtension, exec]);
}

export function createWarmPool(options: WarmPoolOptions): WarmPool {
  const { logger, dirs, sandboxes, policy } = options;
  const pool: WarmSandboxes<PreparedDirs> = createWarmSandboxes<PreparedDirs>({
    logger,
    idleMs: WARM_SANDBOX_IDLE_MS,
    maxShapes: WARM_SANDBOX_SHAPES,
    removeDirs: (prepared) => dirs.cleanup(prepared),
    schedule: options.schedule,
  });

  function makeWarm(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig): WarmSandbox<PreparedDirs> {
    const prepared = dirs.prepare(def, isolation !== "bwrap", exec);
    try {
      const process = sandboxes.startSandbox(isolation, def, exec, prepared, true);
      sandboxes.startHeldAnalyser(isolation, def, exec, prepared);
      return { dirs: prepared, process };
    } catch (err) {
      dirs.cleanup(prepared);
      throw err;
    }
  }

  return {
    warm({ def, exec }) {
      const isolation = policy.isolationFor(exec);
      if (isolation === "refused") return;
      pool.fill(shapeOf(isolation, def, exec), () => makeWarm(isolation, def, exec));
    },
    take: (isolation, def, exec) => pool.take(shapeOf(isolation, def, exec)),
    get size() {
      return pool.size;
    },
    close: () => pool.close(),
  };
}
