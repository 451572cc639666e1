// Loaded artefacts per (domain, configuration version): pinned versions stay loadable (docs/zelinqa-api.md §12.5) and a version
// whose artefact cannot be loaded is reported as unavailable rather than thrown (docs/zelinqa-api.md §5.5 step 7, 410).
import type { StoreOperations } from "../store/index.js";
import { loadArtifact } from "../engine/index.js";
import type { CompiledArtifact } from "../engine/index.js";

/** Wraps the opaque engine artefact so a missing one (null) stays distinguishable. */
export interface LoadedArtifact {
  artifact: CompiledArtifact;
}

export interface ArtifactCache {
  /** The loaded artefact, or null when the version is missing or its artefact is corrupt. */
  get(domainId: string, versionId: string): Promise<LoadedArtifact | null>;
}

export function createArtifactCache(deps: { store: Pick<StoreOperations, "getConfigVersion">; maxEntries?: number }): ArtifactCache {
  const maxEntries = deps.maxEntries ?? 64;
  const entries = new Map<string, LoadedArtifact>();
  return {
    async get(domainId, versionId) {
      const key = `${domainId}\u0000${versionId}`;
      const cached = entries.get(key);
      if (cached !== undefined) {
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const version = await deps.store.getConfigVersion(domainId, versionId);
      if (!version) return null;
      let artifact: LoadedArtifact;
      try {
        artifact = { artifact: loadArtifact(version.artifact) };
      } catch {
        return null;
      }
      entries.set(key, artifact);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return artifact;
    },
  };
}
