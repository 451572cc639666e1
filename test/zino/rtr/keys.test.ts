// Where rtr's provider keys come from (docs/zino-protocol.md §5 "API keys come from configuration or environment") and where
// they must never go: ready, capabilities and done frames carry no key.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

let main: FakeProvider;
let other: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  main = await startFakeProvider();
  other = await startFakeProvider();
  rtr = await startRtr({
    env: { LLM_API_KEY: "sk-instance-env", MY_KEY: "sk-from-my-env" },
    configTtlMs: 50,
    rows: {
      default: { llm: llmFor(main.url) },
      own: { llm: { api_key: "sk-own-config" } },
      named: { llm: { api_key_env: "MY_KEY" } },
      masked: { llm: { api_key: "[set]" } },
      chain: {
        llm: {
          api_key: "sk-chain-primary",
          fallbacks: [
            { base_url: main.url, model: "same-origin" },
            { base_url: other.url, model: "other-origin" },
          ],
        },
      },
    },
  });
});
after(async () => {
  await rtr.close();
  await main.close();
  await other.close();
});

async function keySentFor(ctxkey: string): Promise<string | undefined> {
  await rtr.request({ message: userMessages("x"), ctxkey });
  return main.chatRequests().at(-1)!.apiKey;
}

void it("R5.keys: api_key, else the variable named by api_key_env, else LLM_API_KEY; ctx's [set] mask is never sent", async () => {
  assert.equal(await keySentFor("own"), "sk-own-config");
  assert.equal(await keySentFor("named"), "sk-from-my-env");
  assert.equal(await keySentFor("plain"), "sk-instance-env");
  assert.equal(await keySentFor("masked"), "sk-instance-env");
});

void it("R5.keys: a fallback without its own key reuses the primary's key only on the same origin", async () => {
  main.enqueue({ status: 500 }, { status: 500 });
  other.enqueue({ text: "ok" });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "chain" });
  assert.equal(frames.at(-1)!.type, "done");
  const [primary, sameOrigin] = main.chatRequests().slice(-2);
  assert.equal(primary!.apiKey, "sk-chain-primary");
  assert.equal(sameOrigin!.model, "same-origin");
  assert.equal(sameOrigin!.apiKey, "sk-chain-primary");
  assert.equal(other.chatRequests().at(-1)!.apiKey, "sk-instance-env");
});

void it("R5.keys: no key appears in ready, capabilities or done frames", async () => {
  const frames = [
    ...(await rtr.request({ message: null, ctxkey: "own" })),
    ...(await rtr.request({ type: "capabilities", ctxkey: "own" })),
    ...(await rtr.request({ message: userMessages("x"), ctxkey: "own" })),
  ];
  const text = JSON.stringify(frames);
  for (const key of ["sk-own-config", "sk-instance-env", "sk-from-my-env"]) assert.ok(!text.includes(key), text);
});

void it("R5.cache: a configuration change in ctx reaches rtr once the cache TTL has passed", async () => {
  rtr.rows.moving = { llm: { model: "before" } };
  await rtr.request({ message: userMessages("x"), ctxkey: "moving" });
  assert.equal(main.chatRequests().at(-1)!.model, "before");
  rtr.rows.moving = { llm: { model: "after" } };
  await new Promise((resolve) => setTimeout(resolve, 80));
  await rtr.request({ message: userMessages("x"), ctxkey: "moving" });
  assert.equal(main.chatRequests().at(-1)!.model, "after");
});
