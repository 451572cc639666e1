// The fast paths of the ZINO wire shapes against their zod schemas on typical frames (issue 13): each figure is
// the time of one read through the fast path, next to the same read by the schema alone in the same run.
// A fast path is kept only where it pays; test/zino/protocol/*.property.test.ts proves each equal to its schema.
import { EnvelopeSchema, parseEnvelope } from "../src/wire/index.js";
import {
  ChatMessageSchema,
  CompletionRequestSchema,
  MessagesAnswerSchema,
  ChunkFrameSchema,
  canonicalChatMessage,
  chunkDelta,
  plainCompletionRequest,
  plainMessagesAnswer,
} from "../src/zino/protocol/index.js";
import { ChunkSchema, plainChunk } from "../src/zino/rtr/provider-chunk.js";

const budgetMs = Number(process.env.BENCH_SECONDS ?? "5") * 40;
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Nanoseconds per call of `read`, measured for about `budgetMs` after a warm-up. */
function nsPerCall(read: () => unknown): number {
  for (let i = 0; i < 5_000; i++) read();
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    for (let i = 0; i < 1_000; i++) read();
    calls += 1_000;
    elapsed = performance.now() - started;
  }
  return (elapsed * 1e6) / calls;
}

function compare(name: string, fast: () => unknown, schema: () => unknown): void {
  const fastNs = nsPerCall(fast);
  const schemaNs = nsPerCall(schema);
  const ns = (value: number) => value.toFixed(0).padStart(6);
  print(`${name.padEnd(44)} fast path ${ns(fastNs)} ns   zod ${ns(schemaNs)} ns   ${(schemaNs / fastNs).toFixed(1)}x`);
}

const history = Array.from({ length: 30 }, (_, i) =>
  i % 2 ? { role: "assistant", content: `Here is answer number ${i}.` } : { role: "user", content: `question ${i}` },
);
const messages = [{ role: "system", content: "You are ZINO, a helpful agent. ".repeat(20) }, ...history];

const envelope = { message: "What is the weather like?", ctxkey: "default" };
compare(
  "envelope (every request of every service)",
  () => parseEnvelope(envelope),
  () => EnvelopeSchema.safeParse(envelope),
);
const row = { role: "user", content: "question 12" };
compare(
  "chat message (a ctx history row)",
  () => canonicalChatMessage(row),
  () => ChatMessageSchema.safeParse(row),
);
const answer = { type: "messages", messages };
compare(
  "ctx messages answer, 31 messages (daemon)",
  () => plainMessagesAnswer(answer),
  () => MessagesAnswerSchema.safeParse(answer),
);
const request = { message: messages, ctxkey: "default" };
compare(
  "rtr request, 31 messages (rtr)",
  () => plainCompletionRequest(request),
  () => CompletionRequestSchema.safeParse(request),
);
const chunk = { type: "chunk", delta: "Hello" };
compare(
  "rtr chunk frame (daemon, every token)",
  () => chunkDelta(chunk),
  () => ChunkFrameSchema.safeParse(chunk),
);
const providerChunk = {
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1,
  model: "m",
  choices: [{ index: 0, delta: { content: "Hello" }, finish_reason: null }],
};
compare(
  "provider stream event (rtr, every token)",
  () => plainChunk(providerChunk),
  () => ChunkSchema.safeParse(providerChunk),
);
