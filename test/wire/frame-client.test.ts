// The client side of one request when it cannot be written: a request too deep to encode fails in the caller's
// hands (nothing sent), and a service that breaks the connection gives ServiceUnavailableError, not a raw EPIPE.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { RequestEncodeError, ServiceUnavailableError, requestOne } from "../../src/wire/index.js";

function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
}

void describe("frame client failures before an answer", () => {
  let dir: string;
  let server: Server;
  let socketPath: string;
  let accepted = 0;
  const sockets = new Set<Socket>();
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "fc-"));
    socketPath = join(dir, "drop.sock");
    // A service that drops every connection at once, without reading it.
    server = createServer((socket) => {
      accepted += 1;
      sockets.add(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  void it("rejects a request nested too deep for JSON.stringify before connecting", async () => {
    const before = accepted;
    await assert.rejects(
      requestOne(socketPath, { type: "set_config", config: { llm: { fallbacks: nested(200_000) } } }),
      (err: unknown) => err instanceof RequestEncodeError && /nests too deep/.test(err.message),
    );
    assert.equal(accepted, before, "nothing was sent");
  });

  void it("turns a connection the service breaks mid-write into ServiceUnavailableError naming the cause", async () => {
    for (let i = 0; i < 5; i += 1) {
      await assert.rejects(
        requestOne(socketPath, { type: "set_config", config: { llm: { model: "x".repeat(8 << 20) } } }, { idleTimeoutMs: 5000 }),
        (err: unknown) => err instanceof ServiceUnavailableError && err.connected && /closed/.test(err.reason),
      );
    }
  });
});
