// ZelinqaConfigurationClient against a real local server: compilation polling, audit query and change validation.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  ZelinqaCompilationTimeoutError,
  ZelinqaConfigurationClient,
  ZelinqaRequestValidationError,
} from "../../../src/zelinqa/sdk/index.js";
import { startScriptedServer } from "./scripted-server.js";

const KEY = "zk_config_key_123456";
const job = (status: string) => ({
  request_id: "r",
  compilation_id: "cmp_1",
  status,
  draft_revision: 3,
  created_at: "2026-09-01T09:00:00.000Z",
  updated_at: "2026-09-01T09:00:00.000Z",
  progress: status === "succeeded" ? 1 : 0.5,
  error: null,
  configuration_version: status === "succeeded" ? "cfg_00001" : null,
});

void describe("configuration client", () => {
  void it("waitForCompilation polls until failed (returned, not thrown) and encodes the compilation id", async () => {
    const server = await startScriptedServer([
      { status: 200, body: job("queued") },
      { status: 200, body: job("running") },
      { status: 200, body: job("failed") },
    ]);
    try {
      const client = new ZelinqaConfigurationClient({ apiKey: KEY, baseUrl: server.url });
      const done = await client.waitForCompilation("cmp_1", { pollIntervalMs: 10 });
      assert.equal(done.status, "failed");
      assert.equal(server.requests.length, 3);
      assert.equal(server.requests[0]?.url, "/v1/configuration/compilations/cmp_1");
    } finally {
      await server.close();
    }
  });

  void it("waitForCompilation throws ZelinqaCompilationTimeoutError only when the budget runs out", async () => {
    const server = await startScriptedServer([{ status: 200, body: job("running") }]);
    try {
      const client = new ZelinqaConfigurationClient({ apiKey: KEY, baseUrl: server.url });
      await assert.rejects(client.waitForCompilation("cmp_1", { pollIntervalMs: 20, timeoutMs: 100 }), (err: unknown) => {
        assert.ok(err instanceof ZelinqaCompilationTimeoutError);
        assert.equal(err.compilationId, "cmp_1");
        assert.equal(err.timeoutMs, 100);
        return true;
      });
    } finally {
      await server.close();
    }
  });

  void it("publishes with an idempotency key, lists the audit with its query, and validates change batches before sending", async () => {
    const server = await startScriptedServer((req) =>
      req.url.startsWith("/v1/configuration/audit")
        ? { status: 200, body: { request_id: "r", events: [], next_cursor: null } }
        : { status: 202, body: job("queued") },
    );
    try {
      const client = new ZelinqaConfigurationClient({ apiKey: KEY, baseUrl: server.url });
      await client.publish({ expected_draft_revision: 3 });
      assert.equal(server.requests[0]?.url, "/v1/configuration/publish");
      assert.ok(typeof server.requests[0]?.headers["idempotency-key"] === "string");
      assert.deepEqual(JSON.parse(server.requests[0]?.body ?? ""), { expected_draft_revision: 3 });
      await client.listAudit({ limit: 10, resource_type: "question" });
      assert.equal(server.requests[1]?.url, "/v1/configuration/audit?limit=10&resource_type=question");
      await assert.rejects(client.applyChanges({ changes: [] }), ZelinqaRequestValidationError);
      assert.equal(server.requests.length, 2);
    } finally {
      await server.close();
    }
  });
});
