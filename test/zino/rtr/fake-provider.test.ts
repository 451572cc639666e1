// The fake OpenAI-compatible provider itself (harness/fake-provider.ts): the behaviours every ZINO test relies on.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { inlineToolCall, startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";

let fake: FakeProvider;
before(async () => {
  fake = await startFakeProvider({ models: ["m1", "m2"] });
});
after(async () => {
  await fake.close();
});

async function post(body: Record<string, unknown>, init: RequestInit = {}): Promise<Response> {
  return fetch(`${fake.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
    body: JSON.stringify(body),
    ...init,
  });
}

function dataLines(text: string): string[] {
  return text
    .split("\n\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => l.slice(6));
}

void it("streams text deltas in the OpenAI chunk format, then usage when asked, then [DONE]", async () => {
  fake.enqueue({ text: "Hello brave new world", chunks: 3 });
  const res = await post({
    model: "m1",
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: "user", content: "hi" }],
  });
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  const lines = dataLines(await res.text());
  assert.equal(lines.at(-1), "[DONE]");
  const chunks = lines
    .slice(0, -1)
    .map((l) => JSON.parse(l) as { choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: unknown });
  const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
  assert.equal(text, "Hello brave new world");
  assert.equal(chunks.filter((c) => c.choices[0]?.delta.content).length, 3);
  assert.ok(chunks.some((c) => c.choices[0]?.finish_reason === "stop"));
  assert.ok(chunks.at(-1)?.usage);
  const recorded = fake.chatRequests().at(-1)!;
  assert.equal(recorded.model, "m1");
  assert.equal(recorded.apiKey, "sk-test");
  assert.equal(recorded.completed, true);
});

void it("streams native tool calls as pieces of arguments and answers non-streaming requests as JSON", async () => {
  fake.enqueue({ toolCalls: [{ id: "c1", name: "execute_bash", arguments: { code: "ls -la" }, argumentChunks: 4 }] });
  const lines = dataLines(await (await post({ model: "m1", stream: true, messages: [{ role: "user", content: "x" }] })).text());
  const pieces = lines
    .slice(0, -1)
    .map((l) => JSON.parse(l) as { choices: { delta: { tool_calls?: { function?: { arguments?: string } }[] } }[] });
  const args = pieces.map((c) => c.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? "").join("");
  assert.deepEqual(JSON.parse(args), { code: "ls -la" });

  fake.enqueue({ text: `ok ${inlineToolCall("t", { a: 1 })}` });
  const json = (await (await post({ model: "m2", messages: [{ role: "user", content: "x" }] })).json()) as {
    choices: { message: { content: string } }[];
  };
  assert.equal(json.choices[0]?.message.content, 'ok <tool_call>{"name":"t","arguments":{"a":1}}</tool_call>');
});

void it("answers programmed error statuses with Retry-After and echoes the last user message by default", async () => {
  fake.enqueue({ status: 429, retryAfter: 2 });
  const res = await post({ model: "m1", messages: [{ role: "user", content: "x" }] });
  assert.equal(res.status, 429);
  assert.equal(res.headers.get("retry-after"), "2");
  await res.arrayBuffer();
  const json = (await (await post({ model: "m1", messages: [{ role: "user", content: "ping me" }] })).json()) as {
    choices: { message: { content: string } }[];
  };
  assert.equal(json.choices[0]?.message.content, "echo: ping me");
  const models = (await (await fetch(`${fake.url}/models`)).json()) as { data: { id: string }[] };
  assert.deepEqual(
    models.data.map((m) => m.id),
    ["m1", "m2"],
  );
});

void it("records that the client aborted a hanging request, and disconnects mid-stream on demand", async () => {
  fake.enqueue({ hang: true });
  const controller = new AbortController();
  const pending = post({ model: "m1", stream: true, messages: [{ role: "user", content: "x" }] }, { signal: controller.signal });
  await fake.waitFor((rs) => rs.some((r) => r.reply?.hang === true));
  controller.abort();
  await assert.rejects(pending);
  await fake.waitFor((rs) => rs.some((r) => r.reply?.hang === true && r.aborted));

  fake.enqueue({ text: "a b c d e f", disconnectAfterChunks: 2 });
  const res = await post({ model: "m1", stream: true, messages: [{ role: "user", content: "x" }] });
  await assert.rejects(res.text());
});
