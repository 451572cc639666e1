// Reading stored configuration content (drafts and published snapshots) back into the engine's draft type.
import { DraftConfigurationSchema, configurationBody, quarantineDeepDraftValues } from "../engine/index.js";
import type { ConfigurationBody, DraftConfiguration } from "../engine/index.js";

/** A draft stored before depth limits existed may hold a schema deep enough to overflow a recursive walk. */
export function parseStoredDraft(json: unknown): DraftConfiguration {
  return DraftConfigurationSchema.parse(quarantineDeepDraftValues(json));
}

/** The entity part of a configuration read, in response order (§12.2). */
export function storedConfigurationEntities(json: unknown): ConfigurationBody {
  return configurationBody(parseStoredDraft(json));
}
