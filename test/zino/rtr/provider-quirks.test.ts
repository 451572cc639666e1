// rtr against the odd things real OpenAI-compatible servers send (docs/zino-protocol.md §5): error events in the
// stream (llama.cpp, vLLM, `event: error`), content as a list of parts, side fields out of shape, answers that end
// uncleanly. The real service against a fake provider writing exact bytes.
import assert from "node:assert/strict";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { after, before, it } from "node:test";
import { gzipSync } from "node:zlib";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { last, llmFor, startRtr, types, userMessages, type RtrHarness } from "./rtr-harness.js";

const KEY = "sk-quirks-SECRET-4444";

/** What the raw provider does with the socket of a request: write any bytes, end it any way. */
type RawAnswer = (socket: Socket) => void;

let provider: FakeProvider;
let rtr: RtrHarness;
let raw: Server;
const rawAnswers: RawAnswer[] = [];
before(async () => {
  provider = await startFakeProvider();
  raw = await startRawProvider();
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`;
  rtr = await startRtr({
    rows: {
      default: { llm: llmFor(provider.url, { api_key: KEY, max_retries: 1 }) },
      raw: { llm: { base_url: rawUrl } },
    },
  });
});
after(async () => {
  await rtr.close();
  await provider.close();
  raw.close();
});

/** A provider at the TCP level: each request (read to its content-length) gets the next queued answer. */
async function startRawProvider(): Promise<Server> {
  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on("data", (data: Buffer) => {
      buffered = Buffer.concat([buffered, data]);
      const headEnd = buffered.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(buffered.subarray(0, headEnd).toString("latin1"))?.[1] ?? 0);
      if (buffered.length < headEnd + 4 + length) return;
      buffered = buffered.subarray(headEnd + 4 + length);
      const answer = rawAnswers.shift();
      if (answer) answer(socket);
      else socket.destroy();
    });
  });
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const chunked = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
const SSE_HEAD = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const delta = (content: unknown) => sse({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const finish = (reason = "stop") => sse({ choices: [{ index: 0, delta: {}, finish_reason: reason }] });
const DONE = "data: [DONE]\n\n";

async function ask(ctxkey: string): Promise<ReturnType<RtrHarness["request"]>> {
  return rtr.request({ message: userMessages("x"), ctxkey });
}

void it("R5.sse-robust: llama.cpp's `error:` line before [DONE] is a context_overflow naming the server's message, not an empty answer", async () => {
  const before = provider.chatRequests().length;
  const error = { code: 400, message: "the request exceeds the available context size", type: "exceed_context_size_error" };
  provider.enqueue({ raw: { pieces: [`error: ${JSON.stringify(error)}\n\n`, DONE] } });
  const frames = await ask("q1");
  const end = last(frames);
  assert.equal(end.type, "error", JSON.stringify(frames));
  assert.equal(end.code, "context_overflow");
  assert.match(String(end.message), /exceeds the available context size/);
  assert.match(String(end.message), /llm\.context_window/);
  assert.equal(provider.chatRequests().length - before, 1, "the same prompt is not sent again");
});

void it("R5.sse-robust: vLLM's unwrapped {object:'error'} event and an `event: error` fail the attempt with the provider's message, key redacted", async () => {
  provider.enqueue(
    { raw: { pieces: [sse({ object: "error", message: `upstream refused key ${KEY}`, type: "BadRequestError", code: 400 }), DONE] } },
    { raw: { pieces: [`event: error\ndata: ${JSON.stringify({ message: "Internal server error", code: 500 })}\n\n`, DONE] } },
  );
  const frames = await ask("q2");
  const end = last(frames);
  assert.equal(end.code, "provider_error", JSON.stringify(frames));
  assert.match(String(end.message), /upstream refused key \[redacted\]/);
  assert.match(String(end.message), /Internal server error/);
  assert.ok(!JSON.stringify(frames).includes(KEY));
});

void it("R5.sse-robust: an `event: error` after text ends as a partial provider_error, not a truncated done", async () => {
  provider.enqueue({
    raw: { pieces: [delta("a"), `event: error\ndata: ${JSON.stringify({ message: "Internal server error" })}\n\n`, DONE] },
  });
  const frames = await ask("q3");
  assert.deepEqual(types(frames), ["chunk", "error"]);
  assert.equal(last(frames).code, "provider_error");
  assert.equal(last(frames).partial, true);
  assert.match(String(last(frames).message), /Internal server error/);
});

void it("R5.sse-robust: a stream of unrecognised events closed by [DONE] is a protocol failure quoting the first one", async () => {
  provider.enqueue({ raw: { pieces: [sse({ status: "queued" }), DONE] } }, { raw: { pieces: [sse({ status: "queued" }), DONE] } });
  const end = last(await ask("q4"));
  assert.equal(end.code, "provider_error");
  assert.match(String(end.message), /holds no text, tool call or finish_reason: \{"status":"queued"\}/);
});

void it("R5.sse-robust: an HTTP 400 context_length_exceeded is a context_overflow with the context remedy, not retried", async () => {
  const before = provider.chatRequests().length;
  provider.enqueue({
    status: 400,
    errorBody: { error: { message: "Too many input tokens.", type: "invalid_request_error", code: "context_length_exceeded" } },
  });
  const end = last(await ask("q5"));
  assert.equal(end.code, "context_overflow");
  assert.match(String(end.message), /HTTP 400 Too many input tokens\. \(context_length_exceeded\)/);
  assert.match(String(end.message), /llm\.context_window/);
  assert.equal(provider.chatRequests().length - before, 1);
});

void it("R5.sse-robust: content as a list of parts (Mistral Magistral) gives its text parts; thinking parts are not relayed", async () => {
  const thinking = { type: "thinking", thinking: [{ type: "text", text: "the user greets me" }] };
  provider.enqueue(
    { raw: { pieces: [delta([thinking]), delta([{ type: "text", text: "Hello" }]), delta("!"), finish(), DONE] } },
    {
      forceJson: true,
      raw: {
        contentType: "application/json",
        pieces: [
          JSON.stringify({
            choices: [{ index: 0, message: { content: [thinking, { type: "text", text: "Whole" }] }, finish_reason: "stop" }],
          }),
        ],
      },
    },
  );
  const streamed = await ask("q6");
  assert.equal(last(streamed).type, "done", JSON.stringify(streamed));
  assert.equal(last(streamed).full_text, "Hello!");
  const whole = await ask("q7");
  assert.equal(last(whole).full_text, "Whole", JSON.stringify(whole));
});

void it("R5.sse-robust: a finished answer (finish_reason and usage in) ends as done whether its connection is then cut, reset or left open", async () => {
  const usage = sse({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } });
  const answer = SSE_HEAD + chunked(delta("complete")) + chunked(finish()) + chunked(usage);
  rawAnswers.push(
    (socket) => socket.end(answer), // FIN without the chunked terminator
    (socket) => socket.write(answer, () => setTimeout(() => socket.resetAndDestroy(), 20)),
    (socket) => socket.write(answer), // left open, silent: no [DONE], no end
  );
  for (const way of ["cut", "reset", "left open"]) {
    const started = Date.now();
    const frames = await ask("raw");
    assert.equal(last(frames).type, "done", `${way}: ${JSON.stringify(frames)}`);
    assert.equal(last(frames).full_text, "complete");
    assert.deepEqual(last(frames).usage, { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
    assert.ok(Date.now() - started < 4_000, `${way}: ${Date.now() - started} ms`);
  }
});

void it("R5.sse-robust: an answer cut before its finish_reason still fails (partial), it is not taken for finished", async () => {
  rawAnswers.push((socket) => socket.write(SSE_HEAD + chunked(delta("half")), () => socket.resetAndDestroy()));
  const frames = await ask("raw");
  assert.equal(last(frames).type, "error", JSON.stringify(frames));
  assert.equal(last(frames).partial, true);
});

const NETWORK_REMEDY = /start the model server/;

void it("R5.all-fail: a 200 page (text/html) and a 200 JSON answer that is not JSON are named as such, not as connection errors", async () => {
  const page = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>";
  provider.enqueue(
    { raw: { contentType: "text/html", pieces: [page] } },
    { raw: { contentType: "text/html", pieces: [page] } },
    { raw: { contentType: "application/json", pieces: ['{"choices":[{"index":0,"message":{"content":"tru'] } },
    { raw: { contentType: "application/json", pieces: ['{"choices":[{"index":0,"message":{"content":"tru'] } },
  );
  const html = last(await ask("q8"));
  assert.match(String(html.message), /the provider answered text\/html, not an event stream: 502 Bad Gateway/);
  assert.doesNotMatch(String(html.message), NETWORK_REMEDY);
  const truncated = last(await ask("q9"));
  assert.match(String(truncated.message), /the provider's JSON answer is not valid JSON/);
  assert.doesNotMatch(String(truncated.message), NETWORK_REMEDY);
});

void it("R5.keys: a key with a line break around it is trimmed; one with a line break inside is refused as malformed, unsent and not retried", async () => {
  rtr.rows.trimmedKey = { llm: { api_key: `${KEY}\r\n` } };
  rtr.rows.brokenKey = { llm: { api_key: "sk-broken\nSECRET-5555" } };
  assert.equal(last(await ask("trimmedKey")).type, "done");
  assert.equal(provider.chatRequests().at(-1)!.apiKey, KEY);
  const before = provider.chatRequests().length;
  const frames = await ask("brokenKey");
  assert.deepEqual(types(frames), ["error"], "no retry");
  assert.match(String(last(frames).message), /the API key is malformed: it contains a line break/);
  assert.doesNotMatch(String(last(frames).message), NETWORK_REMEDY);
  assert.ok(!JSON.stringify(frames).includes("SECRET-5555"));
  assert.equal(provider.chatRequests().length, before);
});

void it("R5.all-fail: a redirect names its target (without its query) and says to change base_url", async () => {
  rawAnswers.push((socket) =>
    socket.end(
      "HTTP/1.1 308 Permanent Redirect\r\nlocation: https://api.example.com/v1/chat/completions?token=abc\r\ncontent-length: 0\r\n\r\n",
    ),
  );
  const end = last(await ask("raw"));
  assert.match(
    String(end.message),
    /HTTP 308 redirect to https:\/\/api\.example\.com\/v1\/chat\/completions\. The endpoint moved: point llm\.base_url/,
  );
  assert.doesNotMatch(String(end.message), /token=abc/);
});

void it("R5.overflow: max_output_tokens not below context_window names both settings instead of asking to shorten the message", async () => {
  rtr.rows.noRoom = { llm: { context_window: 2048, max_output_tokens: 4096 } };
  const end = last(await ask("noRoom"));
  assert.equal(end.code, "context_overflow");
  assert.match(String(end.message), /llm\.max_output_tokens \(4096\) is not below llm\.context_window \(2048\)/);
});

void it("R5.all-fail: a provider message that ends with a full stop is not given a second one", async () => {
  provider.enqueue({ status: 400, errorBody: { error: { message: "Invalid model. See https://example.com/docs." } } });
  const end = last(await ask("q10"));
  assert.match(String(end.message), /See https:\/\/example\.com\/docs\. Check/);
  assert.doesNotMatch(String(end.message), /\.\./);
});

void it("R5.sse-robust: rtr asks for an uncompressed answer, and a compressed one anyway fails naming its content-encoding", async () => {
  assert.equal(last(await ask("q11")).type, "done");
  assert.equal(provider.chatRequests().at(-1)!.headers["accept-encoding"], "identity");
  const body = gzipSync(delta("gz") + finish() + DONE);
  rawAnswers.push((socket) =>
    socket.end(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-encoding: gzip\r\ncontent-length: ${body.length}\r\n\r\n`,
        ),
        body,
      ]),
    ),
  );
  const end = last(await ask("raw"));
  assert.match(String(end.message), /the provider's answer is compressed \(content-encoding gzip\)/);
  assert.doesNotMatch(String(end.message), NETWORK_REMEDY);
});

void it("R5.retry: a Retry-After longer than the 30 s cap moves to the fallback at once instead of waiting 30 s per retry", async () => {
  rtr.rows.quota = { llm: { max_retries: 2, fallbacks: [{ base_url: provider.url, model: "backup-model" }] } };
  provider.enqueue(
    { status: 429, retryAfter: 86400, errorBody: { error: { message: "You exceeded your current quota.", code: "insufficient_quota" } } },
    { text: "from the fallback" },
  );
  const started = Date.now();
  const frames = await ask("quota");
  assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
  assert.deepEqual(
    frames.filter((f) => f.type === "status").map((f) => f.phase),
    ["fallback"],
  );
  assert.match(String(frames[0]!.reason), /Retry-After 86400 s: not retried/);
  assert.equal(last(frames).full_text, "from the fallback");
});

void it("R5.sse-robust: usage out of shape is dropped, never the finished answer; a tool call's index null counts as absent", async () => {
  const usages = [
    { prompt_tokens: 3, completion_tokens: null },
    { prompt_tokens: "3", completion_tokens: "1" },
    { prompt_tokens: -5, completion_tokens: 1e300, total_tokens: -1 },
  ];
  for (const usage of usages) {
    provider.enqueue({ raw: { pieces: [delta("a"), finish(), sse({ choices: [], usage }), DONE] } });
    const frames = await ask("q12");
    assert.equal(last(frames).type, "done", `${JSON.stringify(usage)}: ${JSON.stringify(frames)}`);
    assert.equal(last(frames).full_text, "a");
    assert.equal(last(frames).usage, undefined);
  }
  provider.enqueue({
    raw: {
      pieces: [delta("a"), finish(), sse({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: null } }), DONE],
    },
  });
  assert.deepEqual(last(await ask("q13")).usage, { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 });
  const call = { index: null, id: "c1", type: "function", function: { name: "f", arguments: "{}" } };
  provider.enqueue({ raw: { pieces: [sse({ choices: [{ index: 0, delta: { tool_calls: [call] } }] }), finish("tool_calls"), DONE] } });
  const end = last(await ask("q14"));
  assert.deepEqual(end.tool_calls, [{ id: "c1", name: "f", arguments: "{}" }]);
});

void it("R5.sse-robust: an empty `data:` event is skipped, before the text or in the middle of it", async () => {
  provider.enqueue({ raw: { pieces: ["data: \n\n", delta("a"), "data:\n\n", delta("b"), finish(), DONE] } });
  const frames = await ask("q15");
  assert.equal(last(frames).full_text, "ab", JSON.stringify(frames));
});

void it("R5.timeout: a whole JSON answer that trickles in steadily is not cut by timeout_ms, which bounds each silence", async () => {
  rtr.rows.trickle = { llm: { timeout_ms: 1_000 } };
  const body = JSON.stringify({ choices: [{ index: 0, message: { content: "slow but steady" }, finish_reason: "stop" }] });
  const pieces = Array.from({ length: 6 }, (_, i) => body.slice((i * body.length) / 6, ((i + 1) * body.length) / 6));
  provider.enqueue({ chunkDelayMs: 300, raw: { contentType: "application/json", pieces } });
  const frames = await ask("trickle");
  assert.equal(last(frames).full_text, "slow but steady", JSON.stringify(frames));
});

void it("R5.sse-robust: an event stream labelled application/json (some proxies, local servers) is read as a stream, split anywhere", async () => {
  const json = "application/json; charset=utf-8";
  provider.enqueue(
    // Blank lines first, the first field split inside its name, then events split mid-line.
    {
      chunkDelayMs: 5,
      raw: {
        contentType: json,
        pieces: ["\r\n\n", "da", "ta: ", delta("Hel").slice(6), delta("lo").slice(0, 9), delta("lo").slice(9), finish(), DONE],
      },
    },
    // A comment first (OpenRouter's `: OPENROUTER PROCESSING`), then an `event:` line.
    { raw: { contentType: json, pieces: [": keep-alive\n\n", "event: message\n", delta("second"), finish(), DONE] } },
  );
  const first = await ask("q30");
  assert.equal(last(first).type, "done", JSON.stringify(first));
  assert.equal(last(first).full_text, "Hello");
  assert.ok(first.filter((f) => f.type === "chunk").length >= 2, "streamed as it came, not read whole");
  const second = await ask("q31");
  assert.equal(last(second).full_text, "second", JSON.stringify(second));
});

void it("R5.sse-robust: a real JSON body labelled application/json, split at its first byte, is still a whole answer; text that is neither fails clearly", async () => {
  const whole = JSON.stringify({ choices: [{ index: 0, message: { content: "from JSON" }, finish_reason: "stop" }] });
  provider.enqueue(
    { forceJson: true, raw: { contentType: "application/json", pieces: ["\n ", whole.slice(0, 1), whole.slice(1)] } },
    { forceJson: true, raw: { contentType: "application/json", pieces: ["dat"] } },
    { forceJson: true, raw: { contentType: "application/json", pieces: ["dat"] } },
  );
  const json = await ask("q32");
  assert.equal(last(json).type, "done", JSON.stringify(json));
  assert.equal(last(json).full_text, "from JSON");
  const neither = last(await ask("q33"));
  assert.equal(neither.type, "error");
  assert.match(String(neither.message), /not valid JSON: dat/);
});
