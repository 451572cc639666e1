// The stream events of an OpenAI-compatible provider (`chat.completion.chunk`), as rtr reads them, and the
// normalised events they become. Not a ZINO wire shape (src/zino/protocol): only rtr speaks to providers.
// plainChunk is the fast path for text deltas; test/zino/rtr/provider-chunk.property.test.ts keeps it equal
// to ChunkSchema for everything chunkEvents reads.
import { z } from "zod";
import { isRecord } from "../../shared/is-record.js";
import { isNullishString, type Usage } from "../protocol/index.js";

export type StreamEvent =
  | { kind: "text"; delta: string }
  | { kind: "tool_call"; index: number; indexMissing?: boolean; id?: string; name?: string; argumentsDelta?: string }
  | { kind: "finish"; reason: string }
  | { kind: "usage"; usage: Usage }
  | { kind: "model"; model: string };

const ToolCallDeltaSchema = z.looseObject({
  // null: as absent (some gateways send it).
  index: z.number().int().min(0).nullish(),
  id: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

/**
 * Text, or a list of parts (Mistral's Magistral: `{type:"text", text}` and `{type:"thinking", thinking:[…]}`). Only
 * text parts are the answer; thinking parts are reasoning, not relayed, like `reasoning_content`.
 */
const ContentSchema = z.union([z.string(), z.array(z.unknown())]).nullish();

const ChoiceSchema = z.looseObject({
  delta: z.looseObject({ content: ContentSchema, tool_calls: z.array(ToolCallDeltaSchema).nullish() }).nullish(),
  message: z.looseObject({ content: ContentSchema, tool_calls: z.array(ToolCallDeltaSchema).nullish() }).nullish(),
  finish_reason: z.string().nullish(),
});

export const ChunkSchema = z.looseObject({
  model: z.string().optional(),
  choices: z.array(ChoiceSchema).nullish(),
  // Read by usageFrom: counts out of shape drop the usage, never the chunk (it may end a finished answer).
  usage: z.unknown().optional(),
  error: z.unknown().optional(),
});
export type Chunk = z.infer<typeof ChunkSchema>;

/** One entry of a part's `tool_calls`, as ToolCallDeltaSchema reads it. */
function isToolCallDelta(value: unknown): boolean {
  if (!isRecord(value) || !isNullishString(value.id)) return false;
  const { index, function: fn } = value;
  if (index !== undefined && index !== null && !(Number.isSafeInteger(index) && (index as number) >= 0)) return false;
  return fn === undefined || fn === null || (isRecord(fn) && isNullishString(fn.name) && isNullishString(fn.arguments));
}

/** A part of a choice (text and tool-call deltas), as ChunkSchema reads it. */
function isPlainPart(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (!isRecord(value) || !isNullishString(value.content)) return false;
  const calls = value.tool_calls;
  return calls === undefined || calls === null || (Array.isArray(calls) && calls.every(isToolCallDelta));
}

/**
 * The common stream event (text and tool-call deltas, finish reason, usage with both counts, no error) checked by hand: it is then exactly
 * what ChunkSchema would return, field for field that chunkEvents reads. Anything else goes through the schema.
 */
export function plainChunk(value: unknown): Chunk | undefined {
  if (!isRecord(value)) return undefined;
  if ((value.model !== undefined && typeof value.model !== "string") || value.error !== undefined) return undefined;
  const { choices } = value;
  if (choices !== undefined && choices !== null) {
    if (!Array.isArray(choices)) return undefined;
    for (const choice of choices) {
      if (!isRecord(choice) || !isNullishString(choice.finish_reason) || !isPlainPart(choice.delta) || !isPlainPart(choice.message))
        return undefined;
    }
  }
  return value;
}

/** The events of one stream chunk, appended to `out` (one array for all the chunks of a network read). */
export function chunkEvents(chunk: Chunk, out: StreamEvent[] = []): StreamEvent[] {
  if (chunk.model) out.push({ kind: "model", model: chunk.model });
  for (const choice of chunk.choices ?? []) {
    const part = choice.delta ?? choice.message;
    const content = part?.content;
    if (content) {
      const text = typeof content === "string" ? content : textOfParts(content);
      if (text) out.push({ kind: "text", delta: text });
    }
    const calls = part?.tool_calls ?? [];
    for (let position = 0; position < calls.length; position += 1) {
      const call = calls[position]!;
      // Some servers omit `index` when they send each call whole; the position then identifies it.
      const event: StreamEvent = { kind: "tool_call", index: call.index ?? position };
      if (call.index === undefined) event.indexMissing = true;
      if (call.id) event.id = call.id;
      if (call.function?.name) event.name = call.function.name;
      if (call.function?.arguments) event.argumentsDelta = call.function.arguments;
      out.push(event);
    }
    if (choice.finish_reason) out.push({ kind: "finish", reason: choice.finish_reason });
  }
  if (chunk.usage) {
    const usage = usageFrom(chunk.usage);
    if (usage) out.push({ kind: "usage", usage });
  }
  return out;
}

/**
 * A provider's usage when its counts are plausible: non-negative safe integers (an absent one is 0; with null,
 * strings, negative or absurd counts no usage is passed on). A missing or implausible total is their sum.
 */
function usageFrom(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const { prompt_tokens: prompt = 0, completion_tokens: completion = 0, total_tokens: total } = value;
  if (!isCount(prompt) || !isCount(completion)) return undefined;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: isCount(total) ? total : prompt + completion };
}

/** Far above any real count, far below where sums lose precision. */
const MAX_TOKENS = 1e12;

const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_TOKENS;

/** The text parts of a content list, joined; other parts (thinking, images) are not answer text. */
function textOfParts(parts: unknown[]): string {
  let text = "";
  for (const part of parts) if (isRecord(part) && part.type === "text" && typeof part.text === "string") text += part.text;
  return text;
}
