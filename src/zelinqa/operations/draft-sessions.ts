// [ext] Try-it sessions on the draft (issue 15): `POST /v1/sessions` with `"configuration": "draft"` compiles
// the current draft on the spot (no publication, no compilation job) and pins the session to it as the
// configuration version `draft:<revision>`, stored once per revision alongside the published versions so the
// session loads like any other. Analytics leave such versions out unless asked for by name.
import { ENGINE_VERSION } from "../engine/index.js";
import type { CompiledArtifact } from "../engine/index.js";
import { JsonText } from "../store/index.js";
import type { OperationDeps } from "./operation-deps.js";
import { IN_THREAD_COMPILER, compileForRequest } from "./draft-compiler.js";
import { OperationError, validationFailed } from "./operation-error.js";
import { publishedArtifact } from "./session-loading.js";
import { loadStoredArtifact } from "./artifact-text.js";

export const DRAFT_VERSION_PREFIX = "draft:";

export interface SessionArtifact {
  versionId: string;
  artifact: CompiledArtifact;
}

/**
 * Each revision is compiled once, off the request thread when the server has compile threads: sessions asked for at
 * once share the compilation, and its version is stored as soon as it is made, so that the next sessions, and the
 * requests of this one, find it in the artefact cache or the store like any other version.
 */
async function draftArtifact(deps: OperationDeps, domainId: string, now: Date): Promise<SessionArtifact> {
  const stored = await deps.store.getDraft(domainId);
  if (!stored) throw new OperationError("unknown_configuration", { state: "draft" }, { variant: "draft" });
  const versionId = `${DRAFT_VERSION_PREFIX}${stored.revision}`;
  const loaded = await deps.artifacts.get(domainId, versionId, async () => {
    const { issues, artifactJson, artifactSeal } = await compileForRequest(deps.compiler ?? IN_THREAD_COMPILER, stored.content, "compile");
    if (issues.length > 0 || artifactJson === null) throw validationFailed(issues);
    await deps.store.saveDraftVersion({
      domainId,
      id: versionId,
      draftRevision: stored.revision,
      content: stored.content,
      artifact: new JsonText(artifactJson),
      artifactSeal,
      engineVersion: ENGINE_VERSION,
      compilationId: null,
      publishedAt: now.toISOString(),
    });
    return loadStoredArtifact({ text: artifactJson, seal: artifactSeal });
  });
  if (loaded === null) throw new OperationError("compiled_artifact_unavailable", { session_id: null });
  return { versionId, artifact: loaded.artifact };
}

/** The artefact a new session pins: the published one, or [ext] the current draft's. */
export async function sessionArtifact(
  deps: OperationDeps,
  call: { domainId: string; now: Date; configuration?: "published" | "draft" | undefined; publishedVersion?: string | undefined },
): Promise<SessionArtifact> {
  return call.configuration === "draft"
    ? draftArtifact(deps, call.domainId, call.now)
    : publishedArtifact(deps, call.domainId, call.publishedVersion);
}
