// Starting a conversation (docs/zelinqa-mcp.md §5.4 zelinqa_start, §5.3 ensure-question): register the name under the
// global lock (create, or resume the host-owned session), then ask /next only when nothing is pending.
import { Session } from "../../sdk/index.js";
import { errorText } from "../error-text.js";
import { failure, success, type ToolOutcome } from "../tool-kit.js";
import type { Scrubber } from "../secrets.js";
import type { BusinessDeps } from "./deps.js";
import type { ConversationEntry } from "./registry.js";
import { viewFromNext, viewFromState } from "./view.js";

export const CAPACITY_REACHED = "capacity_reached: forget an unused local conversation before starting another";

/** Ask /next only when nothing is pending and the conversation has not stopped. */
export async function ensureQuestion(entry: ConversationEntry, scrubber: Scrubber, signal?: AbortSignal): Promise<ToolOutcome> {
  const { view } = entry;
  const stopped = view.action === "stop" || view.status === "completed" || view.status === "stopped";
  if (entry.session.pendingDecision === null && !stopped) {
    entry.view = viewFromNext(await entry.session.next({}, { signal }), scrubber);
  }
  return success(entry.view);
}

/** Registers a new name; returns a failure, or null when the name is registered (now or before). Nothing is
 * registered when the API call fails or the host cancels it (a session created meanwhile stays unused). */
export async function registerConversation(deps: BusinessDeps, conversation: string, signal?: AbortSignal): Promise<ToolOutcome | null> {
  return deps.registry.withCreateLock(async () => {
    if (deps.registry.get(conversation)) return null;
    if (deps.registry.size >= deps.registry.capacity) return failure(CAPACITY_REACHED);
    try {
      const client = await deps.provider.get();
      const { sessionId, conversation: boundName } = deps.hostSession;
      const state =
        sessionId !== undefined && conversation === boundName
          ? await client.getSession(sessionId, { signal })
          : await client.createSession({ client_reference: conversation }, { signal });
      deps.registry.set(conversation, {
        session: new Session(client, state),
        view: viewFromState(state, deps.scrubber),
        busy: false,
        uncertain: false,
      });
      return null;
    } catch (error) {
      return failure(errorText(error, "business", deps.scrubber));
    }
  });
}
