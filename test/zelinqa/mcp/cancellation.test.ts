// A host's cancellation (notifications/cancelled) of a tool call, through the real SDK client against a real slow
// HTTP server: the in-flight request to the Zelinqa API is aborted (the server sees its connection close), and the
// conversation is then uncertain (refresh_required) until zelinqa_status; in advanced mode the tracked
// state_version is dropped, so the next call re-reads the session.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, it } from "node:test";
import { ZelinqaClient } from "../../../src/zelinqa/sdk/index.js";
import { decisionNormale, pendingState, sessionNeuve } from "../sdk/reference-payloads.js";
import { connect, type Harness } from "./harness.js";

const C = "lead-7";

/** The API stand-in: answers at once, except the requests `holds` matches, which it never answers. */
interface SlowApi {
  url: string;
  seen: string[];
  /** Resolves when a held request's connection is closed by the client. */
  aborted: () => Promise<string>;
  holds: (method: string, path: string, index: number) => boolean;
}

let server: Server;
const api: SlowApi = { url: "", seen: [], aborted: () => Promise.resolve(""), holds: () => false };
let abortWaiters: ((what: string) => void)[] = [];
let abortedRequests: string[] = [];

function answer(req: IncomingMessage, res: ServerResponse): void {
  const what = `${req.method ?? ""} ${req.url ?? ""}`;
  api.seen.push(what);
  req.resume();
  req.on("end", () => {
    if (api.holds(req.method ?? "", req.url ?? "", api.seen.length - 1)) {
      res.on("close", () => {
        abortedRequests.push(what);
        for (const wake of abortWaiters) wake(what);
        abortWaiters = [];
      });
      return;
    }
    const body = req.method === "GET" ? pendingState() : req.url?.endsWith("/next") ? decisionNormale() : sessionNeuve();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
}

before(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.aborted = () =>
    abortedRequests.length > 0 ? Promise.resolve(abortedRequests[0]!) : new Promise<string>((resolve) => abortWaiters.push(resolve));
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  api.seen = [];
  abortedRequests = [];
  api.holds = () => false;
});

const realClient = () => new ZelinqaClient({ apiKey: "zk_test_key", baseUrl: api.url, timeoutMs: 60_000, maxRetries: 0 });

async function withHost(advanced: boolean, body: (h: Harness) => Promise<void>): Promise<void> {
  const h = await connect({ advanced, clientFactory: realClient });
  try {
    await body(h);
  } finally {
    await h.close();
  }
}

/** Calls a tool with a signal the test aborts once the API has the request in hand; resolves when it is aborted. */
async function cancelWhenHeld(h: Harness, name: string, args: Record<string, unknown>): Promise<void> {
  const cancel = new AbortController();
  const call = h.client.callTool({ name, arguments: args }, undefined, { signal: cancel.signal }).catch((error: unknown) => error);
  const seenBefore = api.seen.length;
  while (api.seen.length === seenBefore) await new Promise((r) => setTimeout(r, 5));
  cancel.abort();
  assert.ok((await call) instanceof Error, "the host's call ends without an answer");
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms).unref()),
  ]);

void describe("a host's cancellation of a tool call", () => {
  void it("§5.3 zelinqa_next_question: the HTTP request is aborted, then refresh_required until zelinqa_status", async () => {
    await withHost(false, async (h) => {
      assert.equal((await h.call("zelinqa_start", { conversation: C })).isError, false);
      api.holds = (method, path) => method === "POST" && path.endsWith("/next");
      await cancelWhenHeld(h, "zelinqa_next_question", { conversation: C, user_text: "2000" });
      assert.match(await within(api.aborted(), 5000, "the API request aborted"), /^POST \/v1\/sessions\/ses_01J8Z\/next$/);
      await new Promise((r) => setTimeout(r, 20));
      const again = await h.call("zelinqa_next_question", { conversation: C, user_text: "2000" });
      assert.equal(again.text, "refresh_required: call zelinqa_status and reconcile before continuing");
      api.holds = () => false;
      const status = await h.call("zelinqa_status", { conversation: C });
      assert.equal(status.isError, false, status.text);
      const after = await h.call("zelinqa_next_question", { conversation: C, user_text: "2000" });
      assert.equal(after.isError, false, after.text);
    });
  });

  void it("§5.3 zelinqa_status itself cancelled: its GET is aborted and the conversation stays uncertain", async () => {
    await withHost(false, async (h) => {
      await h.call("zelinqa_start", { conversation: C });
      api.holds = (method) => method === "GET";
      await cancelWhenHeld(h, "zelinqa_status", { conversation: C });
      assert.match(await within(api.aborted(), 5000, "the API request aborted"), /^GET \/v1\/sessions\/ses_01J8Z$/);
      await new Promise((r) => setTimeout(r, 20));
      const again = await h.call("zelinqa_add_context", { conversation: C, summary: "budget 2000" });
      assert.equal(again.text, "refresh_required: call zelinqa_status and reconcile before continuing");
    });
  });

  void it("§5.3 advanced zelinqa_next: the HTTP request is aborted and the tracked version re-read next time", async () => {
    await withHost(true, async (h) => {
      const created = await h.call("zelinqa_create_session", {});
      assert.equal(created.isError, false, created.text);
      api.holds = (method, path) => method === "POST" && path.endsWith("/next");
      await cancelWhenHeld(h, "zelinqa_next", { session_id: "ses_01J8Z" });
      assert.match(await within(api.aborted(), 5000, "the API request aborted"), /\/next$/);
      api.holds = () => false;
      const seen = api.seen.length;
      const next = await h.call("zelinqa_next", { session_id: "ses_01J8Z" });
      assert.equal(next.isError, false, next.text);
      assert.deepEqual(api.seen.slice(seen), ["GET /v1/sessions/ses_01J8Z", "POST /v1/sessions/ses_01J8Z/next"], "re-read first");
    });
  });
});
