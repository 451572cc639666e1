// The fake OpenAI-compatible provider in its own process, so the benchmark clients do not share a CPU with it:
// prints `{"url": ...}` on stdout once listening, exits when its stdin closes.
// Replies: bench/fake-provider-script.ts (echo, or the tool turn's call and answer; with BENCH_PROVIDER_REPLY=side-by-side,
// the 20 chunks of bench/zino-python.ts).
import { startFakeProvider } from "../harness/fake-provider.js";
import { benchReply, sideBySideReply } from "./fake-provider-script.js";

const provider = await startFakeProvider({
  defaultReply: process.env.BENCH_PROVIDER_REPLY === "side-by-side" ? sideBySideReply : benchReply,
});
process.stdout.write(`${JSON.stringify({ url: provider.url })}\n`);
process.stdin.resume();
process.stdin.on("end", () => {
  void provider.close().then(() => process.exit(0));
});
