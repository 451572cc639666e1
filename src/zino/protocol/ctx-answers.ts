// The answers of zino-ctx the other services read (docs/zino-protocol.md §4).
import { z } from "zod";
import { ChatMessageSchema, canonicalChatMessages } from "./chat-message.js";
import { inSchemaOrder } from "./key-order.js";

/** `(message, ctxkey)` → the built list; `agent_config` and `turn_done` only when asked for or known. */
export const MessagesAnswerSchema = z.looseObject({
  type: z.literal("messages"),
  messages: z.array(ChatMessageSchema),
  agent_config: z.unknown().optional(),
  turn_done: z.unknown().optional(),
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
export const TurnDoneSchema = z.object({
  turn_id: z.string(),
  full_text: z.string().nullable(),
  iterations: z.number().nullable(),
  /** The SHA-256 of the turn's user message; null for a turn stored before ctx kept it. */
  message_sha256: z.string().nullable().optional(),
});
export type TurnDone = z.infer<typeof TurnDoneSchema>;

/**
 * `get_config` → the merged configuration, validated section by section by its readers (src/zino/config). rtr
 * reads any `config` and words what is wrong with it; the daemon and exc need an object (ConfigObjectAnswerSchema).
 */
export const ConfigAnswerSchema = z.looseObject({ type: z.literal("config"), config: z.unknown() });
export const ConfigObjectAnswerSchema = ConfigAnswerSchema.extend({ config: z.record(z.string(), z.unknown()) });

/** `get_value` → a host-side stored value (absent or null: none). */
export const ValueAnswerSchema = z.looseObject({ type: z.literal("value"), value: z.unknown().optional() });

/** `list_skills` → the ctxkey's skills, validated by their readers. */
export const SkillsAnswerSchema = z.looseObject({ type: z.literal("skills"), skills: z.array(z.unknown()) });
