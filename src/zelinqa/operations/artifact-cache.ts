// Loaded artefacts per (domain, configuration version): pinned versions stay loadable (docs/zelinqa-api.md §12.5) and a version
// whose artefact cannot be loaded is reported as unavailable rather than thrown (docs/zelinqa-api.md §5.5 step 7, 410).
import type { Logger } from "pino";
import type { StoreOperations } from "../store/index.js";
import type { CompiledArtifact } from "../engine/index.js";
import { loadStoredArtifact } from "./artifact-text.js";
import { errorSummary } from "./error-summary.js";

/** Wraps the opaque engine artefact so a missing one (null) stays distinguishable. */
export interface LoadedArtifact {
  artifact: CompiledArtifact;
}

export interface ArtifactCache {
  /**
   * The loaded artefact, or null when the version is missing or its artefact is corrupt. `produce` makes a version the
   * store does not hold yet (a try-it draft's): requests that miss it together share one call, and what it returns is
   * kept like a loaded version; what it throws reaches every one of them, and nothing is kept.
   */
  get(domainId: string, versionId: string, produce?: () => Promise<CompiledArtifact>): Promise<LoadedArtifact | null>;
}

/**
 * What a loaded artefact holds, in questions, choices, targets and phrases: about 560 bytes of heap each. A largest
 * configuration weighs about 600,000 (338 MB loaded); the one published for a furniture shop, 182.
 */
export function artifactWeight(artifact: CompiledArtifact): number {
  let weight = 0;
  for (const q of artifact.json.questions) weight += 1 + q.choices.length;
  for (const s of artifact.json.success_informations) weight += 1 + s.phrases.length;
  return weight;
}

/**
 * The loaded artefacts kept at once, by weight (about 560 MB): 64 of the largest configurations, drafts tried one
 * revision after another included, held 21 GB. The one just loaded stays even when it alone weighs more.
 */
export const MAX_CACHED_ARTIFACT_WEIGHT = 1_000_000;

export function createArtifactCache(deps: {
  store: Pick<StoreOperations, "getConfigVersionArtifact">;
  maxEntries?: number;
  maxWeight?: number;
  /** Told of each artefact loaded from the store (with its time), and of each refused as corrupt (its sessions get 410). */
  logger?: Pick<Logger, "info" | "warn">;
  /** The slices a load runs in (artifact-text.ts). */
  sliceMs?: number;
}): ArtifactCache {
  const maxEntries = deps.maxEntries ?? 64;
  const maxWeight = deps.maxWeight ?? MAX_CACHED_ARTIFACT_WEIGHT;
  const entries = new Map<string, { loaded: LoadedArtifact; weight: number }>();
  let totalWeight = 0;
  const evictOldest = () => {
    const [oldest, entry] = entries.entries().next().value as [string, { weight: number }];
    entries.delete(oldest);
    totalWeight -= entry.weight;
  };
  // Requests that miss the same version together share one load: loading a large configuration takes seconds of CPU
  // (in slices, artifact-text.ts), and each of N first requests loading it again took N times as long.
  const loading = new Map<string, Promise<LoadedArtifact | null>>();
  const load = async (
    request: { domainId: string; versionId: string; key: string },
    produce: (() => Promise<CompiledArtifact>) | undefined,
  ): Promise<LoadedArtifact | null> => {
    const stored = await deps.store.getConfigVersionArtifact(request.domainId, request.versionId);
    let loaded: LoadedArtifact;
    if (!stored) {
      if (!produce) return null;
      loaded = { artifact: await produce() };
    } else {
      const version = { domain_id: request.domainId, version_id: request.versionId };
      const started = performance.now();
      try {
        loaded = { artifact: await loadStoredArtifact(stored, deps.sliceMs !== undefined ? { sliceMs: deps.sliceMs } : {}) };
      } catch (error) {
        deps.logger?.warn({ ...version, err: errorSummary(error) }, "stored artefact refused: sessions pinned to it get 410");
        return null;
      }
      const durationMs = Math.round(performance.now() - started);
      deps.logger?.info({ ...version, duration_ms: durationMs, sealed: stored.seal !== null }, "artefact loaded");
    }
    const weight = artifactWeight(loaded.artifact);
    while (entries.size > 0 && (entries.size >= maxEntries || totalWeight + weight > maxWeight)) evictOldest();
    entries.set(request.key, { loaded, weight });
    totalWeight += weight;
    return loaded;
  };
  return {
    get(domainId, versionId, produce) {
      const key = `${domainId}\u0000${versionId}`;
      const cached = entries.get(key);
      if (cached !== undefined) {
        entries.delete(key);
        entries.set(key, cached);
        return Promise.resolve(cached.loaded);
      }
      let pending = loading.get(key);
      if (pending === undefined) {
        pending = load({ domainId, versionId, key }, produce).finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
  };
}
