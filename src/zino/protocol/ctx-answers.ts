// The answers of zino-ctx the other services read (docs/zino-protocol.md, ctx section).
import { z } from "zod";
import { ChatMessageSchema, canonicalChatMessages } from "./chat-message.js";
import { inSchemaOrder } from "./key-order.js";

/** `(message, ctxkey)` → the built list; `agent_config` and `turn_done` only when asked for or known. */
export const MessagesAnswerSchema = z.looseObject({
  type: z.literal("messages"), messages: z.array(ChatMessageSchema), agent_config: z.unknown().optional(), turn_done: z.unknown().optional(),
});
export type MessagesAnswer = z.infer<typeof MessagesAnswerSchema>;

const ANSWER_KEYS = Object.keys(MessagesAnswerSchema.shape);

/**
 * The messages answer of every turn (tens of history messages) checked by hand when its messages are canonical:
 * the frame is then what MessagesAnswerSchema outputs (test/zino/protocol/fast-paths.property.test.ts).
 * Anything else: undefined, for the schema to decide.
 */
export function plainMessagesAnswer(frame: Record<string, unknown>): MessagesAnswer | undefined {
  if (frame.type !== "messages" || !inSchemaOrder(frame, ANSWER_KEYS) || !canonicalChatMessages(frame.messages)) return undefined;
  return frame as MessagesAnswer;
}

/** ctx's record of a turn already stored with the request's turn_id [ext]. */
export const TurnDoneSchema = z.object({ turn_id: z.string(), full_text: z.string().nullable(), iterations: z.number().nullable() });
export type TurnDone = z.infer<typeof TurnDoneSchema>;

/** `get_config` → the merged configuration; its sections are validated by their readers (src/zino/config). */
export const ConfigAnswerSchema = z.looseObject({ type: z.literal("config"), config: z.looseObject({ agent: z.unknown().optional() }) });
