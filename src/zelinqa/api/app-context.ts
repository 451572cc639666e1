// The dependencies every route module receives from the app factory.
import type { Locale } from "../contracts/index.js";
import type { ZelinqaStore } from "../store/index.js";
import type { SemanticExtractor } from "../understand/index.js";
import type { ArtifactCache } from "./artifact-cache.js";
import type { EngineDeps, EnginePort } from "./engine-port.js";
import type { IdGenerator } from "./ids.js";

export interface AppContext {
  store: ZelinqaStore;
  engine: EnginePort;
  artifacts: ArtifactCache;
  ids: IdGenerator;
  now: () => Date;
  locale: Locale;
  semantic?: SemanticExtractor | undefined;
  /** Wakes the in-process compilation worker right after an enqueue (§12.5). */
  wakeWorker(): void;
}

export function engineDeps(ctx: AppContext): EngineDeps {
  const deps: EngineDeps = { now: ctx.now, newId: (prefix) => ctx.ids.newId(prefix) };
  if (ctx.semantic) deps.semantic = ctx.semantic;
  return deps;
}

/** RFC 3339 UTC with milliseconds (§3). */
export function timestamp(date: Date): string {
  return date.toISOString();
}
