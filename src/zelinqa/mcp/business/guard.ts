// The mutation guard of docs/zelinqa-mcp.md §5.3: registered, not busy, not uncertain (unless refreshing), then the body.
import { ZelinqaAnswerError, ZelinqaRequestValidationError } from "../../sdk/index.js";
import { errorText } from "../error-text.js";
import { failure, type ToolOutcome } from "../tool-kit.js";
import type { BusinessDeps } from "./deps.js";
import type { ConversationEntry } from "./registry.js";

export const UNKNOWN_CONVERSATION = "unknown_conversation: start this conversation first; never guess another name";
export const CONVERSATION_BUSY = "conversation_busy: wait for the current call; do not submit in parallel";
export const REFRESH_REQUIRED = "refresh_required: call zelinqa_status and reconcile before continuing";

/** Failures raised before anything was sent: they leave the conversation certain. */
const isLocal = (error: unknown) => error instanceof ZelinqaAnswerError || error instanceof ZelinqaRequestValidationError;

export async function guarded(
  deps: Pick<BusinessDeps, "registry" | "scrubber">,
  name: string,
  options: { refresh: boolean; signal?: AbortSignal },
  body: (entry: ConversationEntry) => Promise<ToolOutcome>,
): Promise<ToolOutcome> {
  const entry = deps.registry.get(name);
  if (!entry) return failure(UNKNOWN_CONVERSATION);
  if (entry.busy) return failure(CONVERSATION_BUSY);
  if (entry.uncertain && !options.refresh) return failure(REFRESH_REQUIRED);
  entry.busy = true;
  try {
    const outcome = await body(entry);
    // Cancelled by the host (docs/zelinqa-mcp.md §5.3): it gets no answer, so it cannot know whether the API recorded the call.
    if (options.signal?.aborted === true) entry.uncertain = true;
    return outcome;
  } catch (error) {
    if (!isLocal(error) || options.signal?.aborted === true) entry.uncertain = true;
    return failure(errorText(error, "business", deps.scrubber));
  } finally {
    entry.busy = false;
  }
}
