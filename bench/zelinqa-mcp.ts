// Overhead of zelinqa-mcp: a full conversation turn (start + one answered turn) through an MCP client →
// zelinqa-mcp (stdio) → SDK → our API, against the same turn with the SDK directly, on the same API in the same
// run. Prints p50/p99 in ms and the MCP/SDK ratio. Run: node --import tsx bench/zelinqa-mcp.ts (BENCH_SECONDS).
import { ZelinqaClient } from "../src/zelinqa/sdk/index.js";
import { startLiveApi, startMcp } from "../harness/zelinqa-live-api.js";
import { percentile } from "./latency-stats.js";

const seconds = Number(process.env.BENCH_SECONDS ?? "5");
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Samples {
  start: number[];
  answer: number[];
}

async function measure(durationMs: number, oneTurn: (i: number) => Promise<{ startMs: number; answerMs: number }>): Promise<Samples> {
  const samples: Samples = { start: [], answer: [] };
  const until = Date.now() + durationMs;
  for (let i = 0; Date.now() < until; i += 1) {
    const { startMs, answerMs } = await oneTurn(i);
    samples.start.push(startMs);
    samples.answer.push(answerMs);
  }
  samples.start.sort((a, b) => a - b);
  samples.answer.sort((a, b) => a - b);
  return samples;
}

const fmt = (ms: number) => ms.toFixed(2);

const api = await startLiveApi();
let failed = false;
try {
  const sdk = new ZelinqaClient({ apiKey: api.keys.runtime, baseUrl: api.baseUrl });
  const sdkTurn = async (i: number) => {
    const t0 = performance.now();
    const session = await sdk.startSession({ client_reference: `bench-sdk-${i}` });
    const decision = await session.next();
    const t1 = performance.now();
    const first = decision.candidates[0];
    if (!first) throw new Error("no candidate");
    await session.answer(
      first.type === "open" ? { userText: "Un canapé pour le salon." } : { choiceLabels: [first.choices[0]?.label ?? ""] },
    );
    return { startMs: t1 - t0, answerMs: performance.now() - t1 };
  };
  const mcp = await startMcp({ apiKey: api.keys.runtime, baseUrl: api.baseUrl });
  const mcpTurn = async (i: number) => {
    const conversation = `bench-mcp-${i}`;
    const t0 = performance.now();
    const start = await mcp.call("zelinqa_start", { conversation });
    const t1 = performance.now();
    const q = (start.structured?.questions as { type: string; choices: string[] }[] | undefined)?.[0];
    if (start.isError || !q) throw new Error(start.text);
    const reply = q.type === "open" ? { user_text: "Un canapé pour le salon." } : { choice_labels: [q.choices[0]] };
    const answered = await mcp.call("zelinqa_next_question", { conversation, ...reply });
    const answerMs = performance.now() - t1;
    if (answered.isError) throw new Error(answered.text);
    await mcp.call("zelinqa_forget", { conversation });
    return { startMs: t1 - t0, answerMs };
  };
  await measure(500, sdkTurn);
  await measure(500, mcpTurn);
  // Alternating slices, so that warm-up and database growth weigh on both paths alike.
  const direct: Samples = { start: [], answer: [] };
  const viaMcp: Samples = { start: [], answer: [] };
  const slices = 4;
  for (let s = 0; s < slices; s += 1) {
    for (const [into, turn] of [
      [direct, sdkTurn],
      [viaMcp, mcpTurn],
    ] as const) {
      const got = await measure((seconds * 1000) / slices, turn);
      into.start.push(...got.start);
      into.answer.push(...got.answer);
    }
  }
  for (const samples of [direct, viaMcp]) {
    samples.start.sort((a, b) => a - b);
    samples.answer.sort((a, b) => a - b);
  }
  await mcp.close();
  for (const [label, key] of [
    ["start (create + first /next)", "start"],
    ["answered turn (/next with previous_turn)", "answer"],
  ] as const) {
    const d50 = percentile(direct[key], 50);
    const m50 = percentile(viaMcp[key], 50);
    print(
      `${label}: zelinqa-mcp p50 ${fmt(m50)} ms p99 ${fmt(percentile(viaMcp[key], 99))} ms (n=${viaMcp[key].length}); ` +
        `SDK direct p50 ${fmt(d50)} ms p99 ${fmt(percentile(direct[key], 99))} ms (n=${direct[key].length}); ratio p50 ${(m50 / d50).toFixed(2)}x`,
    );
  }
} catch (error) {
  failed = true;
  process.stderr.write(`bench: zelinqa-mcp failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await api.close();
}
process.exit(failed ? 1 : 0);
