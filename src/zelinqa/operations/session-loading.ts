// The reads every session operation starts with: the session of the caller's domain, its pinned artefact,
// and the published artefact new sessions pin (docs/zelinqa-api.md §8, §12.5).
import type { CompiledArtifact } from "../engine/index.js";
import type { SessionRecord } from "../store/index.js";
import type { OperationDeps } from "./operation-deps.js";
import { OperationError } from "./operation-error.js";

/** `read`: the session already read by the caller in this request (null: unknown), or undefined to read it now. */
export async function loadSession(
  deps: OperationDeps,
  domainId: string,
  sessionId: string,
  read?: SessionRecord | null,
): Promise<SessionRecord> {
  const session = read !== undefined ? read : await deps.store.getSession(domainId, sessionId);
  if (!session) throw new OperationError("unknown_session", { session_id: sessionId });
  return session;
}

export async function pinnedArtifact(deps: OperationDeps, session: SessionRecord): Promise<CompiledArtifact> {
  const loaded = await deps.artifacts.get(session.domainId, session.configVersionId);
  if (loaded === null) throw new OperationError("compiled_artifact_unavailable", { session_id: session.id });
  return loaded.artifact;
}

/**
 * The domain's published version and its artefact (sessions and the legacy route start from it); `known`, that
 * version as this process last read it, saves the domain's read (the caller's write then checks it is still current).
 */
export async function publishedArtifact(
  deps: OperationDeps,
  domainId: string,
  known?: string,
): Promise<{ versionId: string; artifact: CompiledArtifact }> {
  const versionId = known ?? (await deps.store.getDomain(domainId))?.publishedVersionId ?? null;
  if (versionId === null) throw new OperationError("unknown_configuration", { state: "published" });
  const loaded = await deps.artifacts.get(domainId, versionId);
  if (loaded === null) throw new OperationError("compiled_artifact_unavailable", { session_id: null });
  return { versionId, artifact: loaded.artifact };
}
