// zino-exc as an MCP host keeps its servers' `env` values secret (docs/zino-protocol.md §6), as ctx masks them in
// get_config: a value (8 characters or more) from the configured `env` or from ctx (`env_from_ctx`) that a server
// writes back in a result, an error or on its stderr is `[redacted]` in exc's results and logs.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startExc, type ExcHarness } from "./exc-harness.js";
import { captureLogger } from "../../support/zelinqa-app.js";

const SERVER = {
  command: process.execPath,
  args: ["--import", "tsx", join(process.cwd(), "test/support/mcp-test-server.ts")],
};
const CONFIGURED = "tok-configured-0123456789";
const FROM_CTX = "tok-from-ctx-9876543210";

void describe("zino-exc MCP host, env secrets", () => {
  let h: ExcHarness;
  const log = captureLogger();

  before(async () => {
    h = await startExc({ logger: log.logger });
    h.configure("conf", { mcp_servers: { t: { ...SERVER, env: { MCP_TEST_SECRET: CONFIGURED, SHORT: "1" } } } });
    h.configure("stored", { mcp_servers: { t: { ...SERVER, env_from_ctx: { MCP_TEST_SECRET: "session" } } } });
    h.ctx.values.set("stored/session", FROM_CTX);
  });
  after(async () => {
    await h.close();
  });

  void it("EXC-42 an env value in a result, an error result or a thrown error comes back [redacted]", async () => {
    for (const [ctxkey, secret] of [
      ["conf", CONFIGURED],
      ["stored", FROM_CTX],
    ] as const) {
      const echoed = await h.call(ctxkey, "mcp__t__echo", { text: "hi" });
      assert.equal(echoed.stdout, "echo: hi\nsecret: [redacted]", "the value reached the server and was redacted on the way back");
      for (const mode of ["error", "throw", "structured"]) {
        const frame = await h.call(ctxkey, "mcp__t__leak", { mode });
        const text = JSON.stringify(frame);
        assert.ok(!text.includes(secret), `${ctxkey} ${mode}: ${text}`);
        assert.match(text, /\[redacted\]/, `${ctxkey} ${mode}`);
      }
    }
    // A short value is not taken for a secret: output keeps its digits.
    assert.equal((await h.call("conf", "mcp__t__echo", { text: "1 2 3" })).stdout, "echo: 1 2 3\nsecret: [redacted]");
  });

  void it("EXC-42 a server's stderr lines are logged with its env values [redacted]", () => {
    const stderrLines = log.lines.filter((line) => line.includes("mcp server stderr"));
    assert.ok(
      stderrLines.some((line) => line.includes("using token [redacted]")),
      stderrLines.join("\n"),
    );
    for (const line of log.lines) {
      assert.ok(!line.includes(CONFIGURED) && !line.includes(FROM_CTX), line);
    }
  });
});
