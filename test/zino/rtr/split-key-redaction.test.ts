// A provider key that the model streams split across deltas (docs/zino-protocol.md §5 "keys never sent to other
// services' clients"): rtr's chunk and tool_call_delta frames carry `[redacted]`, never the key or a start of it, and
// ordinary text is held back by fewer characters than the key, never until the end.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import type { Frame } from "../../../src/wire/index.js";
import { redact } from "../../../src/zino/rtr/provider-targets.js";
import { StreamRedactor } from "../../../src/zino/rtr/stream-redactor.js";
import { llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

const KEY = "sk-split-key-0123456789abcdef";

let provider: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  provider = await startFakeProvider();
  rtr = await startRtr({ rows: { default: { llm: llmFor(provider.url, { api_key: KEY }) } } });
});
after(async () => {
  await rtr.close();
  await provider.close();
});

const chunkText = (frames: Frame[]) => frames.filter((f) => f.type === "chunk").map((f) => String(f.delta));

/** No key, and no start of it of 6 characters or more, anywhere in the frames. */
function assertNoKeyPart(frames: Frame[]): void {
  const text = JSON.stringify(frames);
  for (let chars = 6; chars <= KEY.length; chars += 1) {
    const part = KEY.slice(0, chars);
    assert.ok(!text.includes(part), `"${part}" reached the frames: ${text.slice(0, 600)}`);
  }
}

void it("R5.keys: a key split across two or more text deltas reaches the chunk frames as [redacted]; the done frame agrees", async () => {
  for (const cut of [[3], [10], [KEY.length - 1], [4, 12, 20]]) {
    const pieces: string[] = [];
    let from = 0;
    for (const at of cut) {
      pieces.push(KEY.slice(from, at));
      from = at;
    }
    pieces.push(KEY.slice(from));
    const deltas = [`Your key is ${pieces[0]}`, ...pieces.slice(1, -1), `${pieces.at(-1)} and that is all.`];
    // Deltas apart in time, each in a network read of its own: rtr joins the deltas of one read into one frame.
    provider.enqueue({ deltas, chunkDelayMs: 30 });
    const frames = await rtr.request({ message: userMessages("key?"), ctxkey: "split" });
    assert.equal(frames.at(-1)?.type, "done", JSON.stringify(frames.at(-1)));
    assertNoKeyPart(frames);
    assert.equal(chunkText(frames).join(""), "Your key is [redacted] and that is all.", JSON.stringify(cut));
    assert.equal(frames.at(-1)?.full_text, "Your key is [redacted] and that is all.");
  }
});

void it("R5.keys: a key split across a tool call's argument deltas is redacted in tool_call_delta frames", async () => {
  provider.enqueue({ toolCalls: [{ name: "bash", arguments: { code: `echo ${KEY} > /tmp/k` }, argumentChunks: 7 }] });
  const frames = await rtr.request({ message: userMessages("key?"), ctxkey: "split-tool", tools: [bashTool] });
  assert.equal(frames.at(-1)?.type, "done");
  assertNoKeyPart(frames);
  const args = frames.filter((f) => f.type === "tool_call_delta").map((f) => (f.arguments_delta as string | undefined) ?? "");
  assert.equal(args.join(""), JSON.stringify({ code: "echo [redacted] > /tmp/k" }));
});

void it("R5.keys: ordinary text is given out as it comes; only an end that may start a key waits, and never longer than the key", () => {
  const redactor = new StreamRedactor([KEY, "tok-2"]);
  assert.equal(redactor.push("Hello "), "Hello ");
  assert.equal(redactor.push("there, friend."), "there, friend.");
  // "sk-s" may start the key: it waits for the next piece, and goes out with it once it cannot.
  assert.equal(redactor.push("ask-s"), "a");
  assert.equal(redactor.push("ome more"), "sk-some more");
  assert.equal(redactor.push(" to"), " ");
  assert.equal(redactor.push("k"), "");
  assert.equal(redactor.push("en"), "token");
  assert.equal(redactor.push(` ${KEY.slice(0, -1)}`), " ");
  assert.equal(redactor.flush(), KEY.slice(0, -1), "a key's start that the stream never completes is given out at the end");
  // However the text is cut, what is held back is always shorter than the longest key.
  const text = `x ${KEY.repeat(3)} sk-sk-sk- ${KEY.slice(0, 9)}tok-tok-2 end`;
  for (let size = 1; size <= 7; size += 1) {
    const streamed = new StreamRedactor([KEY, "tok-2"]);
    let given = "";
    for (let at = 0; at < text.length; at += size) {
      given += streamed.push(text.slice(at, at + size));
      const sofar = redact(text.slice(0, at + size), [KEY, "tok-2"]);
      assert.ok(sofar.startsWith(given), `${given} | ${sofar}`);
      assert.ok(sofar.length - given.length < KEY.length, `held back ${sofar.length - given.length} characters`);
    }
    given += streamed.flush();
    assert.equal(given, `x [redacted][redacted][redacted] sk-sk-sk- ${KEY.slice(0, 9)}tok-[redacted] end`);
  }
});

const bashTool = {
  type: "function",
  function: { name: "bash", description: "Run bash.", parameters: { type: "object", properties: { code: { type: "string" } } } },
};
