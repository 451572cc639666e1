// The SDK's HTTP behaviour against a real local server: headers, idempotency keys, retries, timeouts, abort.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import {
  ZelinqaClient,
  ZelinqaConfigurationClient,
  ZelinqaConnectionError,
  ZelinqaStateVersionConflictError,
  ZelinqaIdempotencyContentionError,
  ZelinqaServerError,
  ZelinqaAPIError,
  VERSION,
} from "../../../src/zelinqa/sdk/index.js";
import { startScriptedServer, type ScriptedResponse } from "./scripted-server.js";
import { API_ERRORS, decisionNormale, feedbackEnregistre, sessionNeuve } from "./reference-payloads.js";

const KEY = "zk_test_secret_key_123456";
const noSleep = { sleep: async () => {}, random: () => 0 };

void describe("SDK requests over real HTTP", () => {
  void it("sends the headers of docs/zelinqa-mcp.md §3.2: bearer key, JSON accept, user agent, content type and idempotency key on POST only", async () => {
    const server = await startScriptedServer([
      { status: 201, body: sessionNeuve() },
      { status: 200, body: sessionNeuve() },
    ]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: `${server.url}/` });
      await client.createSession({ client_reference: "crm" });
      await client.getSession("ses_01J8Z");
      const [post, get] = server.requests;
      assert.equal(post?.method, "POST");
      assert.equal(post?.url, "/v1/sessions");
      assert.equal(post?.headers.authorization, `Bearer ${KEY}`);
      assert.equal(post?.headers.accept, "application/json");
      assert.equal(post?.headers["user-agent"], `zelinqa-typescript/${VERSION}`);
      assert.equal(post?.headers["content-type"], "application/json");
      assert.match(String(post?.headers["idempotency-key"]), /^[0-9a-f-]{36}$/);
      assert.deepEqual(JSON.parse(post?.body ?? ""), { client_reference: "crm" });
      assert.equal(get?.method, "GET");
      assert.equal(get?.url, "/v1/sessions/ses_01J8Z");
      assert.equal(get?.headers["content-type"], undefined);
      assert.equal(get?.headers["idempotency-key"], undefined);
    } finally {
      await server.close();
    }
  });

  void it("percent-encodes path segments: ses/../secret is sent as ses%2F..%2Fsecret", async () => {
    const server = await startScriptedServer([{ status: 404, body: API_ERRORS.unknown_session.body }]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, ...noSleep });
      await assert.rejects(client.getSession("ses/../secret"));
      assert.equal(server.requests[0]?.url, "/v1/sessions/ses%2F..%2Fsecret");
    } finally {
      await server.close();
    }
  });

  void it("retries a 503 with the same Idempotency-Key the server observes on every attempt", async () => {
    const server = await startScriptedServer([
      { status: 503, body: { message: "Service Unavailable" } },
      { status: 502, body: {} },
      { status: 200, body: decisionNormale() },
    ]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, ...noSleep });
      const res = await client.next("ses_01J8Z", { state_version: 0 });
      assert.equal(res.decision_id, "dec_7f2a");
      assert.equal(server.requests.length, 3);
      const keys = server.requests.map((r) => r.headers["idempotency-key"]);
      assert.equal(new Set(keys).size, 1);
      assert.ok(typeof keys[0] === "string" && keys[0].length >= 8);
    } finally {
      await server.close();
    }
  });

  void it("uses the caller's idempotency key and a new key for each logical call", async () => {
    const server = await startScriptedServer([{ status: 202, body: feedbackEnregistre() }]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url });
      await client.submitFeedback("ses_01J8Z", { result: "success" }, { idempotencyKey: "my-key-0001" });
      await client.submitFeedback("ses_01J8Z", { result: "success" });
      await client.submitFeedback("ses_01J8Z", { result: "success" });
      assert.equal(server.requests[0]?.headers["idempotency-key"], "my-key-0001");
      assert.notEqual(server.requests[1]?.headers["idempotency-key"], server.requests[2]?.headers["idempotency-key"]);
      await assert.rejects(client.submitFeedback("ses_01J8Z", { result: "success" }, { idempotencyKey: "short" }), {
        name: "TypeError",
        message: "idempotency_key must be 8 to 128 characters",
      });
      assert.equal(server.requests.length, 3);
    } finally {
      await server.close();
    }
  });

  for (const status of [400, 401, 403, 404, 409, 410, 422]) {
    void it(`never retries HTTP ${status}`, async () => {
      const server = await startScriptedServer([{ status, body: { message: "no" } }]);
      try {
        const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 3, ...noSleep });
        await assert.rejects(client.getSession("ses_1"), ZelinqaAPIError);
        assert.equal(server.requests.length, 1);
      } finally {
        await server.close();
      }
    });
  }

  void it("retries 429/500/504 and any idempotency_contention envelope, at most 1 + maxRetries attempts", async () => {
    for (const first of [429, 500, 504]) {
      const server = await startScriptedServer([
        { status: first, body: {} },
        { status: 200, body: sessionNeuve() },
      ]);
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, ...noSleep });
      await client.getSession("ses_1");
      assert.equal(server.requests.length, 2, `status ${first}`);
      await server.close();
    }
    const contention = { status: 409, body: { ...API_ERRORS.idempotency_contention.body } };
    const server = await startScriptedServer([contention]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 2, ...noSleep });
      await assert.rejects(client.next("ses_1", { state_version: 0 }), ZelinqaIdempotencyContentionError);
      assert.equal(server.requests.length, 3);
    } finally {
      await server.close();
    }
  });

  void it("throws the mapped error of the last response once retries run out", async () => {
    const server = await startScriptedServer([{ status: 503, body: { message: "Service Unavailable" } }]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 1, ...noSleep });
      await assert.rejects(client.getSession("ses_1"), (err: unknown) => {
        assert.ok(err instanceof ZelinqaServerError);
        assert.equal(String(err), "503: Service Unavailable (request_id=req_header)");
        return true;
      });
      assert.equal(server.requests.length, 2);
    } finally {
      await server.close();
    }
  });

  void it("honours Retry-After (seconds), else details.retry_after_seconds, capped at 30 s, else jittered backoff", async () => {
    const script: ScriptedResponse[] = [
      { status: 503, headers: { "Retry-After": "2" }, body: {} },
      { status: 503, body: { code: "idempotency_contention", message: "m", request_id: "r", details: { retry_after_seconds: 3 } } },
      { status: 429, headers: { "Retry-After": "120" }, body: {} },
      { status: 500, body: {} },
      { status: 500, body: {} },
      { status: 200, body: sessionNeuve() },
    ];
    const server = await startScriptedServer(script);
    try {
      const delays: number[] = [];
      const client = new ZelinqaClient({
        apiKey: KEY,
        baseUrl: server.url,
        maxRetries: 5,
        sleep: async (ms) => {
          delays.push(ms);
        },
        random: () => 1,
      });
      await client.getSession("ses_1");
      assert.deepEqual(delays, [2000, 3000, 30000, 0.5 * 8 * 1000, 0.5 * 16 * 1000]);
    } finally {
      await server.close();
    }
  });

  void it("waits for real when Retry-After is tiny (0) and succeeds on the retry", async () => {
    const server = await startScriptedServer([
      { status: 503, headers: { "Retry-After": "0" }, body: API_ERRORS.idempotency_contention.body },
      { status: 200, body: decisionNormale() },
    ]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url });
      const started = Date.now();
      await client.next("ses_01J8Z", { state_version: 0 });
      assert.ok(Date.now() - started < 1000);
      assert.equal(server.requests.length, 2);
    } finally {
      await server.close();
    }
  });

  void it("times out each attempt separately and reports a connection error without URL or key", async () => {
    const server = await startScriptedServer([{ status: 200, body: sessionNeuve(), delayMs: 2000 }]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, timeoutMs: 100, maxRetries: 1, ...noSleep });
      const started = Date.now();
      await assert.rejects(client.getSession("ses_1"), (err: unknown) => {
        assert.ok(err instanceof ZelinqaConnectionError);
        assert.equal(err.message, "unable to reach the Zelinqa API");
        assert.ok(err.cause instanceof Error);
        assert.ok(!String(err).includes(server.url) && !String(err).includes(KEY));
        return true;
      });
      assert.ok(Date.now() - started < 1500);
      assert.equal(server.requests.length, 2);
    } finally {
      await server.close();
    }
  });

  void it("retries transport errors, then throws ZelinqaConnectionError with the last error as cause", async () => {
    const client = new ZelinqaClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:1", maxRetries: 2, ...noSleep });
    await assert.rejects(client.getSession("ses_1"), (err: unknown) => {
      assert.ok(err instanceof ZelinqaConnectionError);
      assert.ok(err.cause !== undefined);
      assert.ok(!err.message.includes("127.0.0.1"));
      return true;
    });
  });

  void it("propagates a caller abort immediately, with no retry; an already-aborted signal sends nothing", async () => {
    const server = await startScriptedServer([{ status: 200, body: sessionNeuve(), delayMs: 3000 }]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 3, ...noSleep });
      const controller = new AbortController();
      const pending = client.getSession("ses_1", { signal: controller.signal });
      // Abort once the server holds the request (not after a fixed delay a loaded machine could outrun).
      while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      const started = Date.now();
      await assert.rejects(pending, { name: "AbortError" });
      assert.ok(Date.now() - started < 2500, "rejected without waiting for the server's delayed answer");
      assert.equal(server.requests.length, 1);
      await assert.rejects(client.getSession("ses_1", { signal: AbortSignal.abort() }), { name: "AbortError" });
      assert.equal(server.requests.length, 1);
    } finally {
      await server.close();
    }
  });

  void it("rejects a 2xx body that is not a JSON object, with the X-Request-Id; R44 accepts unknown stop_reason and warning strings", async () => {
    const server = await startScriptedServer([
      { status: 200, rawBody: "[1,2]" },
      { status: 200, rawBody: "<html>" },
      { status: 200, body: { ...decisionNormale(), extra: 1, stop_reason: "future_reason", warnings: ["new_warning"] } },
    ]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, ...noSleep });
      for (let i = 0; i < 2; i += 1) {
        await assert.rejects(client.getSession("ses_1"), (err: unknown) => {
          assert.ok(err instanceof ZelinqaAPIError);
          assert.equal(err.message, "Zelinqa API returned a non-JSON response");
          assert.equal(err.requestId, "req_header");
          return true;
        });
      }
      const res = await client.next("ses_1", { state_version: 0 });
      assert.equal(res.stop_reason, "future_reason");
      assert.deepEqual(res.warnings, ["new_warning"]);
    } finally {
      await server.close();
    }
  });

  void it("maps a 409 state_version_conflict to its class with the supplied and current versions (no retry)", async () => {
    const server = await startScriptedServer([API_ERRORS.state_version_conflict]);
    try {
      const client = new ZelinqaClient({ apiKey: KEY, baseUrl: server.url, ...noSleep });
      await assert.rejects(client.next("ses_1", { state_version: 7 }), (err: unknown) => {
        assert.ok(err instanceof ZelinqaStateVersionConflictError);
        assert.equal(err.suppliedStateVersion, 7);
        assert.equal(err.currentStateVersion, 8);
        assert.equal(err.requestId, "req_9003");
        return true;
      });
      assert.equal(server.requests.length, 1);
    } finally {
      await server.close();
    }
  });

  void it("configuration client: query parameters, CSV export with text/csv accept, and cursor iteration", async () => {
    const page = (ids: string[], next: string | null) => ({
      request_id: "r",
      state: "published",
      questions: ids.map((id) => ({ id })),
      next_cursor: next,
      total: 3,
    });
    const server = await startScriptedServer((req) => {
      if (req.url.includes("format=csv")) return { status: 200, rawBody: "id,text\nq1,x\n" };
      if (req.url.includes("cursor=c2")) return { status: 200, body: page(["q3"], null) };
      return { status: 200, body: page(["q1", "q2"], "c2") };
    });
    try {
      const client = new ZelinqaConfigurationClient({ apiKey: KEY, baseUrl: server.url });
      const ids: string[] = [];
      for await (const q of client.iterateQuestions({ state: "draft", active: true, limit: 2 })) ids.push(q.id);
      assert.deepEqual(ids, ["q1", "q2", "q3"]);
      assert.equal(server.requests[0]?.url, "/v1/configuration/questions?state=draft&active=true&limit=2");
      const csv = await client.exportQuestionsCsv({ state: "draft", limit: 5, cursor: "zz", search: "budget" });
      assert.equal(csv, "id,text\nq1,x\n");
      const last = server.requests.at(-1);
      assert.equal(last?.url, "/v1/configuration/questions?state=draft&search=budget&format=csv");
      assert.equal(last?.headers.accept, "text/csv");
    } finally {
      await server.close();
    }
  });

  void it("never reveals the key: String, JSON.stringify and util.inspect", () => {
    const client = new ZelinqaClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:9/" });
    assert.equal(String(client), "ZelinqaClient(baseUrl=http://127.0.0.1:9)");
    for (const rendered of [String(client), JSON.stringify(client), inspect(client, { showHidden: true, depth: 5 }), client.toString()]) {
      assert.ok(!rendered.includes(KEY), rendered);
    }
    const config = new ZelinqaConfigurationClient({ apiKey: KEY });
    assert.equal(String(config), "ZelinqaConfigurationClient(baseUrl=https://api.zelinqa.ai)");
    assert.ok(!inspect(config).includes(KEY));
  });

  void it("checks construction options with the exact messages of docs/zelinqa-mcp.md §3.1", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ apiKey: "  " }, "api_key must be a non-blank string"],
      [{ apiKey: KEY, baseUrl: "ftp://x" }, "base_url must be an absolute HTTP(S) URL"],
      [{ apiKey: KEY, baseUrl: "http://u:p@x" }, "base_url must be an absolute HTTP(S) URL"],
      [{ apiKey: KEY, baseUrl: "http://x/?q=1" }, "base_url must be an absolute HTTP(S) URL"],
      [{ apiKey: KEY, baseUrl: "http://x/#f" }, "base_url must be an absolute HTTP(S) URL"],
      [{ apiKey: KEY, baseUrl: "relative/path" }, "base_url must be an absolute HTTP(S) URL"],
      [{ apiKey: KEY, timeoutMs: 0 }, "timeout must be greater than zero"],
      [{ apiKey: KEY, timeoutMs: 3_000_000_000 }, "timeout must be at most 2147483 seconds"],
      [{ apiKey: KEY, maxRetries: -1 }, "max_retries must be zero or greater"],
      [{ apiKey: KEY, maxRetries: 1.5 }, "max_retries must be zero or greater"],
    ];
    for (const [options, message] of cases) {
      assert.throws(() => new ZelinqaClient(options as never), { name: "TypeError", message });
    }
  });

  void it("[SDK-OPTION-HINT] a construction error names the option as code spells it (apiKey), and Node shows it under the stack", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ apiKey: undefined }, "apiKey"],
      [{ api_key: KEY }, "apiKey"],
      [{ apiKey: KEY, baseUrl: "ftp://x" }, "baseUrl"],
      [{ apiKey: KEY, timeoutMs: 0 }, "timeoutMs"],
      [{ apiKey: KEY, maxRetries: -1 }, "maxRetries"],
    ];
    for (const [options, option] of cases) {
      let thrown: unknown;
      try {
        new ZelinqaClient(options as never);
      } catch (error) {
        thrown = error;
      }
      assert.ok(thrown instanceof TypeError, String(thrown));
      assert.equal((thrown as TypeError & { option?: string }).option, option);
      // What an uncaught error prints (util.inspect): the spec's message, then the option and what to pass.
      const printed = inspect(thrown);
      assert.match(printed, new RegExp(`option: '${option}'`));
      assert.match(printed, new RegExp(`hint: ["'].*\\b${option}\\b`));
    }
    let missingKey: unknown;
    try {
      new ZelinqaConfigurationClient({ apiKey: "" });
    } catch (error) {
      missingKey = error;
    }
    assert.match(inspect(missingKey), /apiKey: process\.env\.ZELINQA_API_KEY/);
  });
});
