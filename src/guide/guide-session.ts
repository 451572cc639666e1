// The API session of a ctxkey's guided conversation: created through the SDK with `client_reference` = the
// conversation name, its id stored in ctx (`zelinqa_session_id`, the value zelinqa-mcp receives as
// ZELINQA_SESSION_ID), resumed from there on every start. The id is host-side only: never shown to the model.
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
  /** Start over: a new API session replaces the stored one. */
  fresh: boolean;
}

export async function openGuideSession(options: GuideSessionOptions): Promise<{ session: Session; created: boolean }> {
  const { values, client, ctxkey, conversation } = options;
  const stored = options.fresh ? undefined : await values.getString(ctxkey, SESSION_VALUE);
  if (stored !== undefined) {
    try {
      return { session: await client.resumeSession(stored), created: false };
    } catch (err) {
      // A session the API does not know (another database): start a new one rather than fail.
      if (!(err instanceof ZelinqaUnknownSessionError || err instanceof ZelinqaNotFoundError)) throw err;
    }
  }
  const session = await client.startSession({ client_reference: conversation });
  await values.set(ctxkey, SESSION_VALUE, session.id);
  return { session, created: true };
}
