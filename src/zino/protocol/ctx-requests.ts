// The typed requests zino-ctx accepts (docs/zino-protocol.md §4; Python operations of §8), one
// schema per operation. Each reads only its own fields from the frame.
import { z } from "zod";
import { ChatMessageSchema, canonicalChatMessages } from "./chat-message.js";
import { MessageSha256Schema, NO_NUL, TurnIdSchema, hasNoNul, isMessageSha256, isTurnId } from "./turn-id.js";

const MAX_BATCH = 10_000;
/** The sections of a ctxkey's configuration (CtxkeyConfigSchema). */
export const CONFIG_SECTIONS = ["llm", "agent", "history", "exec", "context", "mcp_servers"] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];
const Messages = z.array(ChatMessageSchema).max(MAX_BATCH);
const TurnId = TurnIdSchema;
const Limit = z.number().int().min(0).nullable().optional();
/** A text ctx stores in a column of its own (not inside a message's JSON): never U+0000, on either store. */
const ColumnText = z.string().refine(hasNoNul, NO_NUL);
const ValueKey = z.string().min(1).max(256).refine(hasNoNul, NO_NUL);
const ConfigFieldPath = z
  .string()
  .max(256)
  .refine(hasNoNul, NO_NUL)
  .regex(/^[^.]+(\.[^.]+)*$/, { error: "must be a dotted field name such as llm.base_url" });

/** Soft memory goes into every system prompt of the ctxkey: far more than any context window holds is refused. */
export const MAX_SOFT_MEMORY_CHARS = 256 * 1024;
const SoftMemory = ColumnText.max(MAX_SOFT_MEMORY_CHARS, {
  error: `must be at most ${MAX_SOFT_MEMORY_CHARS} characters (soft memory goes into every system prompt: keep the notes short)`,
});
/** A hard memory is an excerpt a search returns and a turn may recall: its messages as JSON, at most this long. */
export const MAX_HARD_MEMORY_CHARS = 1024 * 1024;
const MAX_TAG_CHARS = 1024;
const HardMessages = Messages.min(1).refine((messages) => JSON.stringify(messages).length <= MAX_HARD_MEMORY_CHARS, {
  error: `must be at most ${MAX_HARD_MEMORY_CHARS} characters as JSON (a hard memory is an excerpt: store the part worth recalling)`,
});

export const UserContentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.string().min(1) })).min(1)], {
  error: "must be the user's text (a string) or a non-empty list of OpenAI content parts",
});

export const CTX_REQUEST_SCHEMAS = {
  message: z.looseObject({ message: UserContentSchema, skill: z.string().min(1).optional(), turn_id: TurnId.optional() }),
  build: z.looseObject({
    /** Present: the Python `build`, answered with `context`. */
    user_message: z.string().optional(),
    message: UserContentSchema.nullable().optional(),
    skill: z.string().min(1).optional(),
  }),
  get: z.looseObject({ skill: z.string().min(1).optional() }),
  get_config: z.looseObject({
    secrets: z.boolean().optional(),
    /** [ext] Only these sections, each validated (exc asks for its own: it runs while no model is configured). */
    sections: z.array(z.enum(CONFIG_SECTIONS)).min(1).optional(),
  }),
  set_config: z.looseObject({
    config: z.record(z.string(), z.unknown()),
    replace: z.boolean().optional(),
    /** [ext] Dotted fields (`llm.base_url`) removed from the ctxkey's own row, so the inherited value applies again. */
    unset: z.array(ConfigFieldPath).max(64).optional(),
  }),
  append_history: z.looseObject({
    messages: Messages,
    /** [ext] A client turn id: the append is ignored when that ctxkey already has a turn with it. */
    turn_id: TurnId.optional(),
    full_text: z.string().optional(),
    iterations: z.number().int().min(0).optional(),
    /** [ext] The SHA-256 (hex) of the turn's user message, kept with the turn record: a retry must send the same message. */
    message_sha256: MessageSha256Schema.optional(),
  }),
  get_history: z.looseObject({ limit: Limit }),
  get_value: z.looseObject({ key: ValueKey }),
  set_value: z
    .looseObject({ key: ValueKey, value: z.unknown() })
    .refine((frame) => frame.value !== undefined, { path: ["value"], message: "value is required (use null to clear it)" }),
  set_soft_memory: z.looseObject({ content: SoftMemory }),
  set_soft: z.looseObject({ content: SoftMemory }),
  store_hard: z.looseObject({ messages: HardMessages, tag: ColumnText.max(MAX_TAG_CHARS).nullable().optional() }),
  search_hard: z.looseObject({ query: ColumnText, top_k: z.number().int().min(1).max(100).nullable().optional() }),
  /** [ext] Deletes the ctxkey's hard memories with these ids (store_hard's and search_hard's `id`). */
  delete_hard: z.looseObject({ ids: z.array(z.number().int().min(1)).min(1).max(MAX_BATCH) }),
} as const;

export type CtxRequestName = keyof typeof CTX_REQUEST_SCHEMAS;

export type CtxRequest<N extends CtxRequestName> = z.infer<(typeof CTX_REQUEST_SCHEMAS)[N]>;

const isOptionalTurnId = (value: unknown) => value === undefined || isTurnId(value);

/**
 * The two requests of every turn (`message`, the build, and `append_history`) in their common form, checked by
 * hand: then the frame itself, which holds what the schema outputs (the same fields and values; only the order of
 * the frame's own keys may differ, and no reader of a request depends on it). The messages must be canonical
 * (canonicalChatMessages: they are stored exactly as given). Anything else: undefined, for the schema to decide and
 * to word the refusal. zod costs most while V8 has not optimised it yet, i.e. on the first turns after a start
 * (issue 14); test/zino/protocol/fast-paths.property.test.ts proves this equal to the schemas.
 */
export function plainCtxRequest<N extends CtxRequestName>(name: N, frame: Record<string, unknown>): CtxRequest<N> | undefined {
  if (name === "message") {
    const { message, skill, turn_id: turnId } = frame;
    if (typeof message !== "string" || !isOptionalTurnId(turnId)) return undefined;
    if (skill !== undefined && (typeof skill !== "string" || skill.length === 0)) return undefined;
    return frame as CtxRequest<N>;
  }
  if (name === "append_history") {
    const { messages, turn_id: turnId, full_text: fullText, iterations, message_sha256: sha256 } = frame;
    if (!Array.isArray(messages) || messages.length > MAX_BATCH || !canonicalChatMessages(messages) || !isOptionalTurnId(turnId))
      return undefined;
    if (fullText !== undefined && typeof fullText !== "string") return undefined;
    if (iterations !== undefined && !(Number.isSafeInteger(iterations) && (iterations as number) >= 0)) return undefined;
    if (sha256 !== undefined && !isMessageSha256(sha256)) return undefined;
    return frame as CtxRequest<N>;
  }
  return undefined;
}
