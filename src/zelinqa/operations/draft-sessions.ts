// [ext] Try-it sessions on the draft (issue 15): `POST /v1/sessions` with `"configuration": "draft"` compiles
// the current draft on the spot (no publication, no compilation job) and pins the session to it as the
// configuration version `draft:<revision>`, stored once per revision alongside the published versions so the
// session loads like any other. Analytics leave such versions out unless asked for by name.
import { ENGINE_VERSION, compileArtifact, loadArtifact, publicationIssues } from "../engine/index.js";
import type { CompiledArtifact } from "../engine/index.js";
import type { StoreOperations } from "../store/index.js";
import type { OperationDeps } from "./operation-deps.js";
import { OperationError, validationFailed } from "./operation-error.js";
import { publishedArtifact } from "./session-loading.js";
import { parseStoredDraft } from "./stored-configuration.js";

export const DRAFT_VERSION_PREFIX = "draft:";

export interface SessionArtifact {
  versionId: string;
  artifact: CompiledArtifact;
  /** Stores the draft's version with the session (draft sessions only). */
  save?: (tx: StoreOperations) => Promise<void>;
}

async function draftArtifact(deps: OperationDeps, domainId: string, now: Date): Promise<SessionArtifact> {
  const stored = await deps.store.getDraft(domainId);
  if (!stored) throw new OperationError("unknown_configuration", { state: "draft" }, { variant: "draft" });
  const versionId = `${DRAFT_VERSION_PREFIX}${stored.revision}`;
  const known = await deps.artifacts.get(domainId, versionId);
  if (known) return { versionId, artifact: known.artifact };
  const draft = parseStoredDraft(stored.content);
  const issues = publicationIssues(draft);
  if (issues.length > 0) throw validationFailed(issues);
  const compiled = compileArtifact(draft);
  return {
    versionId,
    artifact: loadArtifact(compiled),
    save: (tx) =>
      tx.saveDraftVersion({
        domainId,
        id: versionId,
        draftRevision: stored.revision,
        content: stored.content,
        artifact: compiled,
        engineVersion: ENGINE_VERSION,
        compilationId: null,
        publishedAt: now.toISOString(),
      }),
  };
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
