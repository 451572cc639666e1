// rtr's reliability rules (docs/zino-protocol.md §5): retries with backoff honouring Retry-After, ordered fallbacks, one error
// listing every attempt without any key, per-request timeout, and cancellation reaching the provider.
import assert from "node:assert/strict";
import { createServer, type AddressInfo } from "node:net";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { last, llmFor, startRtr, types, userMessages, type RtrHarness } from "./rtr-harness.js";
import { typesWithChunkRuns } from "../../support/chunk-runs.js";

const PRIMARY_KEY = "sk-primary-SECRET-1111";
const FALLBACK_KEY = "sk-fallback-SECRET-2222";
const ENV_KEY = "sk-env-SECRET-3333";

let primary: FakeProvider;
let backup: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  primary = await startFakeProvider();
  backup = await startFakeProvider();
  rtr = await startRtr({
    env: { BACKUP_KEY: FALLBACK_KEY, LLM_API_KEY: ENV_KEY },
    rows: {
      default: { llm: llmFor(primary.url, { api_key: PRIMARY_KEY, max_retries: 2 }) },
      withFallback: {
        llm: {
          max_retries: 1,
          fallbacks: [
            { base_url: backup.url, model: "backup-model", api_key_env: "BACKUP_KEY" },
            { base_url: backup.url, model: "last-resort" },
          ],
        },
      },
      slow: { llm: { timeout_ms: 300, max_retries: 3 } },
    },
  });
});
after(async () => {
  await rtr.close();
  await primary.close();
  await backup.close();
});

function assertNoKey(text: string): void {
  for (const key of [PRIMARY_KEY, FALLBACK_KEY, ENV_KEY]) assert.ok(!text.includes(key), `a key leaked: ${text.slice(0, 300)}`);
}

void it("R5.retry: a 429 with Retry-After is retried after the announced delay, then succeeds", async () => {
  primary.enqueue({ status: 429, retryAfter: 1 }, { text: "finally" });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "r1" });
  assert.deepEqual(types(frames), ["status", "chunk", "done"]);
  assert.equal(frames[0]!.phase, "retry");
  assert.equal(frames[0]!.delay_ms, 1000);
  assert.equal(last(frames).full_text, "finally");
  const [first, second] = primary.chatRequests().slice(-2);
  assert.ok(second!.receivedAt - first!.receivedAt >= 950, `waited ${second!.receivedAt - first!.receivedAt} ms`);
  assert.equal(last(frames).attempts, 2);
});

void it("R5.retry: 5xx and dropped connections are retried with backoff up to max_retries on the same provider", async () => {
  const before = primary.chatRequests().length;
  primary.enqueue({ status: 503 }, { text: "half", disconnectAfterChunks: 1 }, { text: "ok" });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "r2" });
  assert.equal(last(frames).full_text, "ok");
  assert.equal(frames.filter((f) => f.phase === "retry").length, 2);
  assert.equal(primary.chatRequests().length - before, 3);
});

void it("R5.fallback: after the primary's retries a 500 moves to the first fallback with its own model and key", async () => {
  primary.enqueue({ status: 500 }, { status: 500 });
  backup.enqueue({ text: "from backup" });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "withFallback" });
  // The backup's two deltas come in one read or two: one chunk frame per read.
  assert.deepEqual(typesWithChunkRuns(frames), ["status", "status", "chunk+", "done"]);
  assert.deepEqual([frames[0]!.phase, frames[1]!.phase], ["retry", "fallback"]);
  assert.equal(frames[1]!.model, "backup-model");
  assert.equal(last(frames).full_text, "from backup");
  const sent = backup.chatRequests().at(-1)!;
  assert.equal(sent.model, "backup-model");
  assert.equal(sent.apiKey, FALLBACK_KEY);
});

void it("R5.all-fail: when every provider fails, one provider_error lists every attempt and no key appears in frames or logs", async () => {
  const echoKey = (key: string) => ({ status: 401, errorBody: { error: { message: `Incorrect API key provided: ${key}` } } });
  primary.enqueue({ status: 500 }, echoKey(PRIMARY_KEY));
  backup.enqueue({ status: 503, retryAfter: 0 }, echoKey(FALLBACK_KEY), echoKey(ENV_KEY));
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "withFallback" });
  const error = last(frames);
  assert.equal(error.type, "error");
  assert.equal(error.code, "provider_error");
  const message = String(error.message);
  const host = new URL(primary.url).host;
  assert.match(message, /All 5 provider attempts failed/);
  assert.match(message, new RegExp(`1\\) ${host} model fake-model: HTTP 500`));
  assert.match(message, /2\) .* model fake-model: HTTP 401 Incorrect API key provided: \[redacted\]/);
  assert.match(message, /3\) .* model backup-model: HTTP 503/);
  assert.match(message, /5\) .* model last-resort: HTTP 401/);
  assert.equal((error.attempts as unknown[]).length, 5);
  assert.equal(backup.chatRequests().at(-1)!.apiKey, ENV_KEY, "a fallback without its own key uses LLM_API_KEY");
  assertNoKey(JSON.stringify(frames));
  assert.ok(rtr.logLines.length > 0);
  assertNoKey(rtr.logLines.join("\n"));
});

void it("R5.all-fail: a key the provider's message cuts short (at rtr's 200-character bound) is redacted too", async () => {
  // The key straddles the cut: its first part alone (4 characters or more) would otherwise reach the frames and the logs.
  for (const before of [170, 188, 195]) {
    const body = { error: { message: `${"x".repeat(before)} ${PRIMARY_KEY} is not valid` } };
    primary.enqueue({ status: 401, errorBody: body });
    const frames = await rtr.request({ message: userMessages("x"), ctxkey: "r401" });
    const message = String(last(frames).message);
    const leaked = PRIMARY_KEY.slice(0, 200 - before - 1);
    assert.ok(!message.includes(leaked), `${leaked.length} characters of the key leaked: ${message.slice(0, 400)}`);
    assert.match(message, /\[redacted\]/);
    for (const line of rtr.logLines) assert.ok(!line.includes(leaked), `the key's start is in a log line: ${line.slice(0, 300)}`);
  }
});

void it("R5.all-fail: a refused connection is reported by error code, and client faults (400) are not retried", async () => {
  const port = await closedPort();
  rtr.rows.refused = {
    llm: { base_url: `http://127.0.0.1:${port}/v1`, max_retries: 1, fallbacks: [{ base_url: backup.url, model: "m4" }] },
  };
  backup.enqueue({ status: 400 });
  const before = backup.chatRequests().length;
  const error = last(await rtr.request({ message: userMessages("x"), ctxkey: "refused" }));
  assert.equal(error.code, "provider_error");
  assert.match(
    String(error.message),
    new RegExp(
      `1\\) 127\\.0\\.0\\.1:${port} model fake-model: connection error ECONNREFUSED; 2\\) .*ECONNREFUSED; 3\\) .* model m4: HTTP 400`,
    ),
  );
  assert.equal(backup.chatRequests().length - before, 1);
});

void it("R5.all-fail: when no endpoint answers at all, the error says what to do: the setting, the file and the README section", async () => {
  const port = await closedPort();
  rtr.rows.nothing = { llm: { base_url: `http://127.0.0.1:${port}/v1`, max_retries: 0 } };
  const error = last(await rtr.request({ message: userMessages("x"), ctxkey: "nothing" }));
  assert.equal(error.code, "provider_error");
  assert.match(
    String(error.message),
    /ECONNREFUSED\. No model endpoint answers there: start the model server, or point llm\.base_url and llm\.model at one that runs: .*\[llm\] base_url, model in ZINO\.toml .*\(README: Pointing ZINO at a model\)/,
  );
});

void it("R5.timeout: a provider that never answers ends in a timeout error within timeout_ms, and the upstream request is aborted", async () => {
  primary.enqueue({ hang: true });
  const started = Date.now();
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "slow" });
  const elapsed = Date.now() - started;
  assert.equal(last(frames).code, "timeout");
  assert.match(String(last(frames).message), /timed out.*no data for 300 ms/);
  assert.ok(elapsed >= 290 && elapsed < 3000, `took ${elapsed} ms`);
  await primary.waitFor((rs) => rs.at(-1)?.aborted === true);
});

void it("R5.timeout: a stream that goes silent after text started times out and is not retried", async () => {
  const before = primary.chatRequests().length;
  primary.enqueue({ text: "one two three", stallAfterChunks: 2 });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "slow" });
  assert.deepEqual(types(frames), ["chunk", "error"]);
  assert.equal(last(frames).code, "timeout");
  assert.match(String(last(frames).message), /after the answer had started streaming.*Not retried/);
  assert.equal(primary.chatRequests().length - before, 1);
});

void it("R5.cancel: when the caller disconnects mid-stream, the provider sees its request aborted", async () => {
  primary.enqueue({ text: "a b c d e f g h i j k l m n o p", chunkDelayMs: 100 });
  const controller = new AbortController();
  const frames: unknown[] = [];
  const pending = rtr.request({ message: userMessages("x"), ctxkey: "r3" }, { signal: controller.signal }).then((f) => frames.push(...f));
  await primary.waitFor((rs) => rs.at(-1)?.reply?.chunkDelayMs === 100);
  await new Promise((resolve) => setTimeout(resolve, 250));
  controller.abort();
  await assert.rejects(pending);
  await primary.waitFor((rs) => rs.at(-1)?.aborted === true);
  assert.equal(primary.chatRequests().at(-1)!.completed, false);
});

void it("R5.cancel: a caller disconnecting during a hanging provider request aborts it too", async () => {
  primary.enqueue({ hang: true });
  const controller = new AbortController();
  const pending = rtr.request({ message: userMessages("x"), ctxkey: "r4" }, { signal: controller.signal });
  await primary.waitFor((rs) => rs.at(-1)?.reply?.hang === true);
  controller.abort();
  await assert.rejects(pending);
  await primary.waitFor((rs) => rs.at(-1)?.aborted === true);
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
