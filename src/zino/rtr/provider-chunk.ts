// The stream events of an OpenAI-compatible provider (`chat.completion.chunk`), as rtr reads them, and the
// normalised events they become. Not a ZINO wire shape (src/zino/protocol): only rtr speaks to providers.
// plainChunk is the fast path for text deltas; test/zino/rtr/provider-chunk.property.test.ts keeps it equal
// to ChunkSchema for everything chunkEvents reads.
import { z } from "zod";
import { isRecord } from "../../shared/is-record.js";
import { UsageSchema, isCompleteUsage, isNullishString, usageOf, type Usage } from "../protocol/index.js";

export type StreamEvent =
  | { kind: "text"; delta: string }
  | { kind: "tool_call"; index: number; indexMissing?: boolean; id?: string; name?: string; argumentsDelta?: string }
  | { kind: "finish"; reason: string }
  | { kind: "usage"; usage: Usage }
  | { kind: "model"; model: string };

const ToolCallDeltaSchema = z.looseObject({
  index: z.number().int().min(0).optional(),
  id: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

const ChoiceSchema = z.looseObject({
  delta: z.looseObject({ content: z.string().nullish(), tool_calls: z.array(ToolCallDeltaSchema).nullish() }).nullish(),
  message: z.looseObject({ content: z.string().nullish(), tool_calls: z.array(ToolCallDeltaSchema).nullish() }).nullish(),
  finish_reason: z.string().nullish(),
});

export const ChunkSchema = z.looseObject({
  model: z.string().optional(),
  choices: z.array(ChoiceSchema).nullish(),
  usage: UsageSchema.nullish(),
  error: z.unknown().optional(),
});
export type Chunk = z.infer<typeof ChunkSchema>;

/** One entry of a part's `tool_calls`, as ToolCallDeltaSchema reads it. */
function isToolCallDelta(value: unknown): boolean {
  if (!isRecord(value) || !isNullishString(value.id)) return false;
  const { index, function: fn } = value;
  if (index !== undefined && !(Number.isSafeInteger(index) && (index as number) >= 0)) return false;
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
  if (!isCompleteUsage(value.usage)) return undefined;
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
    if (part?.content) out.push({ kind: "text", delta: part.content });
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
    out.push({ kind: "usage", usage: usageOf(chunk.usage) });
  }
  return out;
}
