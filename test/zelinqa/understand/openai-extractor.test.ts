// The OpenAI-compatible model client (docs/zelinqa-api.md §10.6) against a fake local HTTP server: request shape, parsing,
// and every failure mode the engine turns into `semantic_service_unavailable`.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAiExtractor } from "../../../src/zelinqa/understand/index.js";
import type { SemanticRequest } from "../../../src/zelinqa/understand/index.js";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end();
let server: Server;
let baseUrl = "";

before(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const request: SemanticRequest = {
  texts: ["ça dépend du modèle, sans doute 1800"],
  targets: [{ id: "sdk_budget", label: "Budget", schema: { type: "number", minimum: 0 }, choice_labels: [], direct: true }],
};
const completion = (content: string) => JSON.stringify({ choices: [{ message: { role: "assistant", content } }] });

void describe("OpenAI-compatible extractor", () => {
  void it("posts one chat completion at temperature 0 in JSON mode and returns the values", async () => {
    let seen: { url?: string; auth?: string; body?: Record<string, unknown> } = {};
    handler = (req, body, res) => {
      seen = { url: req.url, auth: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> };
      res.setHeader("content-type", "application/json");
      res.end(completion(JSON.stringify({ values: [{ id: "sdk_budget", value: 1800, certain: false }] })));
    };
    const extractor = createOpenAiExtractor({ baseUrl: `${baseUrl}/`, model: "tiny", apiKey: "sk-test", timeoutMs: 2000 });
    assert.deepEqual(await extractor.extract(request), [{ id: "sdk_budget", value: 1800, certain: false }]);
    assert.equal(seen.url, "/v1/chat/completions");
    assert.equal(seen.auth, "Bearer sk-test");
    assert.equal(seen.body?.model, "tiny");
    assert.equal(seen.body?.temperature, 0);
    assert.deepEqual(seen.body?.response_format, { type: "json_object" });
    assert.ok(JSON.stringify(seen.body?.messages).includes("sdk_budget"));
  });

  const failures: Array<[string, Handler, number]> = [
    ["a non-2xx status", (_q, _b, res) => ((res.statusCode = 503), res.end("{}")), 2000],
    ["content that is not JSON", (_q, _b, res) => res.end(completion("not json")), 2000],
    ["JSON without values", (_q, _b, res) => res.end(completion(JSON.stringify({ answer: 1 }))), 2000],
    ["a reply slower than the timeout", (_q, _b, res) => void setTimeout(() => res.end(completion("{}")), 500), 100],
  ];
  for (const [title, h, timeoutMs] of failures) {
    void it(`rejects on ${title}`, async () => {
      handler = h;
      const extractor = createOpenAiExtractor({ baseUrl, model: "tiny", timeoutMs });
      await assert.rejects(extractor.extract(request));
    });
  }

  void it("rejects when the endpoint is unreachable", async () => {
    const extractor = createOpenAiExtractor({ baseUrl: "http://127.0.0.1:9/v1", model: "tiny", timeoutMs: 1000 });
    await assert.rejects(extractor.extract(request));
  });
});
