// Overhead of zelinqa-mcp: a full conversation turn (start + one answered turn) through an MCP client →
// zelinqa-mcp (stdio) → SDK → our API, against the same turn with the SDK directly, on the same API in the same
// run, in BENCH_ROUNDS interleaved rounds. Prints p50/p99 in ms (median [min–max]) and the MCP/SDK ratio. Run: node --import tsx bench/zelinqa-mcp.ts (BENCH_SECONDS).
import { ZelinqaClient } from "../src/zelinqa/sdk/index.js";
import { startLiveApi, startMcp } from "../harness/zelinqa-live-api.js";
import { ROUNDS, formatRatio, formatSpread, interleavedRounds, loadAverageLine, percentile, spread } from "./latency-stats.js";

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
  // Alternating rounds (latency-stats.ts), so that warm-up and database growth weigh on both paths alike.
  print(
    `zelinqa-mcp: ${ROUNDS} interleaved rounds of ${(seconds / ROUNDS).toFixed(1)} s per path, median [min–max] of each round's percentile; ${loadAverageLine()}`,
  );
  const rounds = await interleavedRounds({
    direct: () => measure((seconds * 1000) / ROUNDS, sdkTurn),
    viaMcp: () => measure((seconds * 1000) / ROUNDS, mcpTurn),
  });
  await mcp.close();
  const at = (path: "direct" | "viaMcp", key: keyof Samples, p: number) => spread(rounds[path]!.map((r) => percentile(r[key], p)));
  const count = (path: "direct" | "viaMcp", key: keyof Samples) => rounds[path]!.reduce((n, r) => n + r[key].length, 0);
  for (const [label, key] of [
    ["start (create + first /next)", "start"],
    ["answered turn (/next with previous_turn)", "answer"],
  ] as const) {
    print(
      `${label}: zelinqa-mcp p50 ${formatSpread(at("viaMcp", key, 50), "ms")} p99 ${formatSpread(at("viaMcp", key, 99), "ms")} (n=${count("viaMcp", key)}); ` +
        `SDK direct p50 ${formatSpread(at("direct", key, 50), "ms")} p99 ${formatSpread(at("direct", key, 99), "ms")} (n=${count("direct", key)}); ` +
        `ratio p50 ${formatRatio(at("viaMcp", key, 50), at("direct", key, 50))}`,
    );
  }
} catch (error) {
  failed = true;
  process.stderr.write(`bench: zelinqa-mcp failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await api.close();
}
process.exit(failed ? 1 : 0);
