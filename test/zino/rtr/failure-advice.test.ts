// What rtr's "every attempt failed" error tells the user to do, through the REAL zino-ctx and zino-rtr: counted in
// words that fit one attempt or many, and pointing at where the llm settings can have come from. rtr gets them from
// ctx merged (ZINO.toml's [llm] or `zino ctx set`, which it cannot tell apart), so both ways are named with when each
// applies (`ctx set` at once, ZINO.toml after a restart); with ctx down rtr used ZINO.toml alone and says so.
import assert from "node:assert/strict";
import { createServer, type AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { requestAll, type Frame } from "../../../src/wire/index.js";
import { startHarness, type Harness } from "../daemon/daemon-harness.js";
import { userMessages } from "./rtr-harness.js";

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function rtrError(h: Harness, ctxkey: string): Promise<string> {
  const frames: Frame[] = await requestAll(h.instance.sockets.rtr, { message: userMessages("x"), ctxkey }, { idleTimeoutMs: 15_000 });
  const error = frames.at(-1);
  assert.equal(error?.type, "error", JSON.stringify(error));
  return String(error.message);
}

void describe("rtr's advice when every provider attempt failed", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  void it("a base_url set with `zino ctx set` that nothing answers: one attempt, and the ctx set way named first, without a restart", async () => {
    const port = await closedPort();
    const set = await h.askCtx({ type: "set_config", ctxkey: "moved", config: { llm: { base_url: `http://127.0.0.1:${port}/v1` } } });
    assert.notEqual(set.at(-1)?.type, "error", JSON.stringify(set.at(-1)));
    const message = await rtrError(h, "moved");
    assert.match(message, /^The provider attempt failed: 1\) 127\.0\.0\.1:\d+ model fake-model: connection error ECONNREFUSED\./);
    assert.match(message, /`zino ctx set moved llm\.base_url=URL llm\.model=MODEL` \(applies within seconds, no restart\)/);
    assert.match(
      message,
      /or \[llm\] base_url, model in ZINO\.toml for ctxkeys that do not set their own \(applies after the services restart\)/,
    );
  });

  void it("a 404 from a base_url without /v1, or with /chat/completions, names the URL that was meant", async () => {
    const origin = new URL(h.provider.url).origin;
    for (const [ctxkey, baseUrl, advice] of [
      ["root", `${origin}/`, `; ${origin} has no path: OpenAI-compatible servers answer under ${origin}/v1`],
      [
        "full",
        `${origin}/v1/chat/completions`,
        `; ${origin}/v1/chat/completions already ends with /chat/completions, which rtr appends: use ${origin}/v1`,
      ],
      ["fine", `${origin}/api/v1`, ""],
    ] as const) {
      await h.askCtx({ type: "set_config", ctxkey, config: { llm: { base_url: baseUrl, max_retries: 0 } } });
      h.provider.enqueue({ status: 404 });
      const message = await rtrError(h, ctxkey);
      assert.ok(message.includes(`Check llm.model and llm.base_url (the /v1 URL${advice}): `), message);
    }
  });

  void it("several attempts are counted as such", async () => {
    h.provider.enqueue({ status: 500 }, { status: 500 });
    await h.askCtx({ type: "set_config", ctxkey: "twice", config: { llm: { max_retries: 1, retry_base_ms: 1 } } });
    const message = await rtrError(h, "twice");
    assert.match(message, /^All 2 provider attempts failed: 1\) .*HTTP 500.*; 2\) .*HTTP 500/);
    assert.match(message, /`zino ctx set twice llm\.base_url=URL llm\.model=MODEL llm\.api_key_env=VARIABLE`/);
  });
});

void describe("rtr's advice when ctx is down", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ ctx: false });
  });
  after(async () => h.close());

  void it("names ZINO.toml alone, with the restart, since rtr used its own defaults", async () => {
    h.provider.enqueue({ status: 404 });
    const message = await rtrError(h, "any");
    assert.match(message, /^The provider attempt failed: 1\) .*HTTP 404/);
    assert.match(message, /\[llm\] model, base_url in ZINO\.toml, which rtr used because zino-ctx was unreachable \(restart the services/);
    assert.doesNotMatch(message, /zino ctx set/);
  });
});
