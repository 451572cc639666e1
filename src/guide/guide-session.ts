// The API session of a ctxkey's guided conversation: created through the SDK with `client_reference` = the
// conversation name, its id stored in ctx (`zelinqa_session_id`, the value zelinqa-mcp receives as
// ZELINQA_SESSION_ID), resumed from there on every start. The id is host-side only: never shown to the model.
// One stored id per domain file (`zelinqa_session_id@<slot>` for a file other than the sample, domain-slot.ts):
// a conversation on one's own domain never replaces the ctxkey's conversation on another.
import type { ZelinqaClient } from "../zelinqa/sdk/index.js";
import { ZelinqaNotFoundError, ZelinqaUnknownSessionError, type Session } from "../zelinqa/sdk/index.js";
import type { CtxValues } from "./ctx-values.js";

export const SESSION_VALUE = "zelinqa_session_id";
export const API_KEY_VALUE = "zelinqa_api_key";

export interface GuideSessionOptions {
  values: CtxValues;
  client: ZelinqaClient;
  ctxkey: string;
  conversation: string;
  /** The ctx value holding the session id: `SESSION_VALUE` named for the domain file's slot. */
  sessionValue: string;
  /** Start over: a new API session replaces the stored one. */
  fresh: boolean;
}

export async function openGuideSession(options: GuideSessionOptions): Promise<{ session: Session; created: boolean }> {
  const { values, client, ctxkey, conversation, sessionValue } = options;
  const stored = options.fresh ? undefined : await values.getString(ctxkey, sessionValue);
  if (stored !== undefined) {
    try {
      return { session: await client.resumeSession(stored), created: false };
    } catch (err) {
      // A session the API does not know (another database): start a new one rather than fail.
      if (!(err instanceof ZelinqaUnknownSessionError || err instanceof ZelinqaNotFoundError)) throw err;
    }
  }
  const session = await client.startSession({ client_reference: conversation });
  await values.set(ctxkey, sessionValue, session.id);
  return { session, created: true };
}
