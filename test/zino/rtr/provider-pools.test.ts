// zino-rtr keeps a keep-alive connection pool per provider origin (provider-http.ts). Pools no configuration names any
// more are closed when a ctxkey's providers change, at most MAX_POOLS are kept, and close() ends them all: checked
// on the provider's side, with real fake providers that would keep an idle connection for a minute.
import assert from "node:assert/strict";
import { afterEach, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { MAX_POOLS } from "../../../src/zino/rtr/provider-http.js";
import { waitFor } from "../../support/eventually.js";
import { last, llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

const providers: FakeProvider[] = [];
let harness: RtrHarness | undefined;
const provider = async () => {
  const started = await startFakeProvider({ keepAliveTimeoutMs: 60_000 });
  providers.push(started);
  return started;
};
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await Promise.all(providers.splice(0).map((p) => p.close()));
});

async function turn(h: RtrHarness, ctxkey: string): Promise<void> {
  const frames = await h.request({ message: userMessages("hi"), ctxkey });
  assert.equal(last(frames).type, "done", JSON.stringify(last(frames)));
}

void it("R5.pools a provider no ctxkey names any more has its connections closed once the configuration changes", async () => {
  const [a, b] = [await provider(), await provider()];
  harness = await startRtr({ rows: { one: { llm: llmFor(a.url) }, two: { llm: llmFor(a.url) } }, configTtlMs: 0 });
  await turn(harness, "one");
  await turn(harness, "two");
  assert.equal(a.openConnections(), 1, "one keep-alive connection to the provider");

  harness.rows.one = { llm: llmFor(b.url) };
  await turn(harness, "one");
  assert.equal(b.openConnections(), 1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(a.openConnections(), 1, "ctxkey two still names the first provider: its connection stays");

  harness.rows.two = { llm: llmFor(b.url, { fallbacks: [{ base_url: a.url, model: "m" }] }) };
  await turn(harness, "two");
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(a.openConnections(), 1, "a fallback is a provider named too");

  harness.rows.two = { llm: llmFor(b.url) };
  await turn(harness, "two");
  await waitFor("the connection to a provider no configuration names closed", () => a.openConnections() === 0, 3_000);
  assert.equal(b.openConnections(), 1);
  await turn(harness, "one");
  assert.equal(a.chatRequests().length, 2);
});

void it(`R5.pools at most MAX_POOLS (${MAX_POOLS}) providers keep connections: the one used longest ago is closed`, async () => {
  const many = await Promise.all(Array.from({ length: MAX_POOLS + 1 }, () => provider()));
  const rows = Object.fromEntries(many.map((p, i) => [`k${i}`, { llm: llmFor(p.url) }]));
  harness = await startRtr({ rows, configTtlMs: 60_000 });
  for (let i = 0; i < MAX_POOLS; i++) await turn(harness, `k${i}`);
  await turn(harness, "k0"); // k0's provider is now the one used last; k1's the one used longest ago
  await turn(harness, `k${MAX_POOLS}`);
  await waitFor("the connection to the provider used longest ago closed", () => many[1]!.openConnections() === 0, 3_000);
  assert.equal(many[0]!.openConnections(), 1);
  assert.equal(
    many.reduce((sum, p) => sum + p.openConnections(), 0),
    MAX_POOLS,
  );
});

void it("R5.pools close() closes every connection to the providers", async () => {
  const a = await provider();
  harness = await startRtr({ rows: { k: { llm: llmFor(a.url) } } });
  await turn(harness, "k");
  assert.equal(a.openConnections(), 1);
  await harness.close();
  harness = undefined;
  await waitFor("the connection closed with rtr", () => a.openConnections() === 0, 3_000);
});
