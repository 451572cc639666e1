// Reading stored configuration content (drafts and published snapshots) back into the engine's draft type,
// and the configuration read of docs/zelinqa-api.md §12.2 (published, or the draft with its revision).
import type { ConfigurationState } from "../contracts/index.js";
import { DraftConfigurationSchema, configurationBody, quarantineDeepDraftValues } from "../engine/index.js";
import type { ConfigurationBody, DraftConfiguration } from "../engine/index.js";
import type { OperationDeps } from "./operation-deps.js";
import { OperationError } from "./operation-error.js";

/** A draft stored before depth limits existed may hold a schema deep enough to overflow a recursive walk. */
export function parseStoredDraft(json: unknown): DraftConfiguration {
  return DraftConfigurationSchema.parse(quarantineDeepDraftValues(json));
}

/** The entity part of a configuration read, in response order (docs/zelinqa-api.md §12.2). */
export function storedConfigurationEntities(json: unknown): ConfigurationBody {
  return configurationBody(parseStoredDraft(json));
}

/** The entity part of a configuration read as JSON text, from the stored content's text (what a compile thread runs). */
export function configurationJson(contentText: string): string {
  return JSON.stringify(storedConfigurationEntities(JSON.parse(contentText)));
}

export interface LoadedConfiguration {
  configurationVersion: string | null;
  draftRevision: number | null;
  publishedAt: string | null;
  entities: ConfigurationBody;
}

export async function readConfiguration(
  deps: Pick<OperationDeps, "store">,
  domainId: string,
  state: ConfigurationState,
): Promise<LoadedConfiguration> {
  if (state === "published") {
    const published = await deps.store.getPublishedVersion(domainId);
    if (!published) throw new OperationError("unknown_configuration", { state: "published" });
    return {
      configurationVersion: published.id,
      draftRevision: null,
      publishedAt: published.publishedAt,
      entities: storedConfigurationEntities(published.content),
    };
  }
  // The published version's id and date only: its content and artefact (60 MB for a largest one) are not read.
  const published = await deps.store.getPublishedVersionHead(domainId);
  const draft = await deps.store.getDraft(domainId);
  if (!draft) throw new OperationError("unknown_configuration", { state: "draft" }, { variant: "draft" });
  return {
    configurationVersion: published?.id ?? null,
    draftRevision: draft.revision,
    publishedAt: published?.publishedAt ?? null,
    entities: storedConfigurationEntities(draft.content),
  };
}
