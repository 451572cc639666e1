// A server that answers a body without end (a misconfigured ZELINQA_BASE_URL, a broken proxy) used to be buffered
// whole by the SDK, so a zelinqa-mcp process grew by gigabytes until it was killed. Now a response over
// MAX_RESPONSE_BYTES is not read past the limit: the call fails with a ZelinqaAPIError saying so, and the MCP tool
// call answers that text while the process keeps serving. Real HTTP servers and a real zelinqa-mcp process.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ZelinqaAPIError, ZelinqaClient } from "../../../src/zelinqa/sdk/index.js";
import { MAX_RESPONSE_BYTES } from "../../../src/zelinqa/sdk/http-transport.js";

const MiB = 1024 * 1024;
const MAIN = fileURLToPath(new URL("../../../src/zelinqa/mcp/main.ts", import.meta.url));

/** Answers 200 with `total` bytes: spaces (valid JSON whitespace) then `{}`, in 1 MiB writes; `declare` sets Content-Length. */
function startFloodingApi(total: number, declare: boolean): Promise<{ server: Server; url: string; sent: () => number }> {
  let sent = 0;
  const chunk = Buffer.alloc(MiB, 0x20);
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json", ...(declare ? { "content-length": String(total) } : {}) });
    let left = total - 2;
    const pump = () => {
      while (left > 0) {
        const part = left >= MiB ? chunk : chunk.subarray(0, left);
        left -= part.length;
        sent += part.length;
        if (!res.write(part)) return;
      }
      res.end("{}");
    };
    res.on("drain", pump);
    res.on("close", () => (left = 0));
    pump();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent }),
    ),
  );
}

const close = (server: Server) => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
};

void describe("responses larger than the SDK reads", () => {
  for (const declare of [false, true]) {
    void it(`fails a call answered with ${MAX_RESPONSE_BYTES / MiB + 8} MiB (${declare ? "declared" : "streamed"}) without reading it all`, async () => {
      const api = await startFloodingApi(MAX_RESPONSE_BYTES + 8 * MiB, declare);
      try {
        const client = new ZelinqaClient({ apiKey: "zk_test_key_response_size", baseUrl: api.url, maxRetries: 0 });
        const error = await client.getSession("ses_1").then(
          () => null,
          (e: unknown) => e,
        );
        assert.ok(error instanceof ZelinqaAPIError, String(error));
        assert.equal(error.statusCode, 200);
        assert.match(error.message, /response exceeded 32 MiB and was not read; check that ZELINQA_BASE_URL points at the Zelinqa API/);
        assert.ok(api.sent() < MAX_RESPONSE_BYTES + 8 * MiB, `the whole body was read (${api.sent()} bytes)`);
      } finally {
        await close(api.server);
      }
    });
  }

  void it("still reads a response just under the limit", async () => {
    const api = await startFloodingApi(MAX_RESPONSE_BYTES - MiB, false);
    try {
      const client = new ZelinqaClient({ apiKey: "zk_test_key_response_size", baseUrl: api.url, maxRetries: 0 });
      const error = await client.getSession("ses_1").then(
        () => null,
        (e: unknown) => e,
      );
      // `{}` is read whole and parsed; it is not a session, so the SDK reports the shape, not the size.
      assert.ok(!(error instanceof Error) || !/exceeded/.test(error.message), String(error));
    } finally {
      await close(api.server);
    }
  });

  void describe("a zelinqa-mcp process whose API floods its answers", () => {
    let api: Awaited<ReturnType<typeof startFloodingApi>>;
    let client: Client;
    let transport: StdioClientTransport;
    before(async () => {
      api = await startFloodingApi(200 * MiB, false);
      transport = new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", MAIN],
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          ZELINQA_API_KEY: "zk_fake_key_for_flood_tests",
          ZELINQA_BASE_URL: api.url,
        },
        stderr: "pipe",
      });
      client = new Client({ name: "flood-test", version: "1.0.0" });
      await client.connect(transport);
    });
    after(async () => {
      await client?.close();
      await close(api.server);
    });

    void it("answers the tool call with the size error and keeps serving", async () => {
      for (const conversation of ["flood-1", "flood-2"]) {
        const result = (await client.callTool({ name: "zelinqa_start", arguments: { conversation } }, undefined, { timeout: 60_000 })) as {
          isError?: boolean;
          content: Array<{ type: string; text?: string }>;
        };
        assert.equal(result.isError, true);
        assert.match(result.content[0]?.text ?? "", /exceeded 32 MiB/);
      }
      assert.ok(api.sent() < 2 * 200 * MiB, `the bodies were read whole (${api.sent()} bytes)`);
      assert.deepEqual(await client.ping(), {});
    });
  });
});
