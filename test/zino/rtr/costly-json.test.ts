// rtr refuses a provider's JSON too costly to parse in its one thread (provider-stream.ts): a stream event or answer
// nested deeper than MAX_CHUNK_DEPTH, or holding more than MAX_CHUNK_CONTAINERS objects and arrays, fails the attempt
// at once with a message that says so, instead of holding every other stream while JSON.parse works through it.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { MAX_CHUNK_CONTAINERS, MAX_CHUNK_DEPTH } from "../../../src/zino/rtr/provider-stream.js";
import { last, llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

const PAD = "p".repeat(70_000);
const event = (junk: string) =>
  `data: {"id":"c","object":"chat.completion.chunk","pad":"${PAD}","choices":[{"index":0,"delta":{"content":"x"}}],"junk":${junk}}\n\n`;
const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const FINISH = `data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;

void describe("rtr and a provider's costly JSON", () => {
  let provider: FakeProvider;
  let rtr: RtrHarness;
  before(async () => {
    provider = await startFakeProvider();
    rtr = await startRtr({ rows: { default: { llm: llmFor(provider.url) } } });
  });
  after(async () => {
    await rtr.close();
    await provider.close();
  });

  const turn = async (junk: string) => {
    provider.enqueue({ raw: { contentType: "text/event-stream", pieces: [event(junk), FINISH] } });
    return last(await rtr.request({ message: userMessages("hi"), ctxkey: "k" }));
  };

  void it("R5.costly reads an event within the bounds as usual", async () => {
    const done = await turn(nested(MAX_CHUNK_DEPTH - 8));
    assert.equal(done.type, "done", JSON.stringify(done).slice(0, 300));
    assert.equal(done.full_text, "x");
  });

  for (const [name, junk, said] of [
    ["nested one level too deep", nested(MAX_CHUNK_DEPTH), `nested deeper than ${MAX_CHUNK_DEPTH} levels`],
    ["nested 3 million levels", nested(3_000_000), `nested deeper than ${MAX_CHUNK_DEPTH} levels`],
    [
      "holding too many objects",
      `[${"{},".repeat(MAX_CHUNK_CONTAINERS)}{}]`,
      `holding more than ${MAX_CHUNK_CONTAINERS} objects and arrays`,
    ],
  ] as const) {
    void it(`R5.costly fails the attempt on an event ${name}, saying so`, async () => {
      const error = await turn(junk);
      assert.equal(error.type, "error");
      assert.equal(error.code, "provider_error");
      assert.match(JSON.stringify(error.attempts), new RegExp(`the provider sent JSON ${said}`));
    });
  }
});
