// The fast paths of the ZINO wire shapes against their zod schemas on typical frames (issue 13): each figure is
// the time of one read through the fast path, next to the same read by the schema alone in the same run, the two
// alternating in BENCH_ROUNDS rounds (median [min–max]).
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
import { ROUNDS, formatRatio, formatSpread, loadAverageLine, spread } from "./latency-stats.js";

const budgetMs = (Number(process.env.BENCH_SECONDS ?? "5") * 40) / ROUNDS;
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

/** The fast path and the schema alternate in ROUNDS rounds; each figure is median [min–max] over the rounds. */
function compare(name: string, fast: () => unknown, schema: () => unknown): void {
  const fastNs: number[] = [];
  const schemaNs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    fastNs.push(nsPerCall(fast));
    schemaNs.push(nsPerCall(schema));
  }
  const f = spread(fastNs);
  const z = spread(schemaNs);
  print(
    `${name.padEnd(44)} fast path ${formatSpread(f, "ns", 0).padStart(16)}   zod ${formatSpread(z, "ns", 0).padStart(18)}   ${formatRatio(z, f)}`,
  );
}

print(`zino-protocol: ${ROUNDS} rounds, fast path and zod alternating; ${loadAverageLine()}`);
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
