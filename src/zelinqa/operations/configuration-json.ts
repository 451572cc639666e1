// The configuration read of docs/zelinqa-api.md §12.2 as JSON text, for `GET /v1/configuration`: a largest draft is 15 MB of
// JSON whose parse, check and serialisation held the request thread for half a second, so a large one is read in a compile
// thread (its text goes there unparsed, its entities come back as text), as a change batch on it is.
import type { ConfigurationState } from "../contracts/index.js";
import { forRequest, threadFor } from "./draft-compiler.js";
import type { OperationDeps } from "./operation-deps.js";
import { OperationError } from "./operation-error.js";
import { configurationJson, readConfiguration } from "./stored-configuration.js";
import type { LoadedConfiguration } from "./stored-configuration.js";

export interface ConfigurationText extends Omit<LoadedConfiguration, "entities"> {
  /** The entities as a JSON object, in response order. */
  entitiesJson: string;
}

export async function readConfigurationText(
  deps: Pick<OperationDeps, "store" | "compiler">,
  domainId: string,
  state: ConfigurationState,
): Promise<ConfigurationText> {
  if (state === "published") {
    const { entities, ...head } = await readConfiguration(deps, domainId, state);
    return { ...head, entitiesJson: JSON.stringify(entities) };
  }
  const published = await deps.store.getPublishedVersionHead(domainId);
  const draft = await deps.store.getDraftText(domainId);
  if (!draft) throw new OperationError("unknown_configuration", { state: "draft" }, { variant: "draft" });
  const compiler = threadFor(deps, draft.text);
  return {
    configurationVersion: published?.id ?? null,
    draftRevision: draft.revision,
    publishedAt: published?.publishedAt ?? null,
    entitiesJson: compiler ? await forRequest(compiler.readConfiguration(draft.text)) : configurationJson(draft.text),
  };
}

/** `head`'s members, then those of the JSON object `objectJson`, as one JSON object's text. */
export function jsonWithMembers(head: Record<string, unknown>, objectJson: string): string {
  const headJson = JSON.stringify(head);
  if (objectJson === "{}") return headJson;
  return headJson === "{}" ? objectJson : `${headJson.slice(0, -1)},${objectJson.slice(1)}`;
}
