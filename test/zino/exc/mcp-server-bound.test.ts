// zino-exc runs one MCP server process per (ctxkey, server): at most `maxMcpServers` (ZINO_EXC_MAX_MCP_SERVERS) run at
// once. A new one stops the least recently used idle one; when every running server is in use, the new one is not
// started and the listing or the call says `mcp_servers_full`, while exc goes on answering.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { processesWith, startExc, waitFor, type ExcHarness } from "./exc-harness.js";

const MARKER = `mcp-server-bound-${process.pid}`;
const HOLD = {
  command: process.execPath,
  args: ["--import", "tsx", join(process.cwd(), "test/support/mcp-unruly-server.ts"), "hold", MARKER],
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

void describe("zino-exc's bound on MCP servers running at once", { timeout: 180_000 }, () => {
  let h: ExcHarness;
  before(async () => {
    h = await startExc({ defaults: { mcp_servers: { s: HOLD } }, exc: { maxMcpServers: 2 } });
  });
  after(async () => {
    await h.close();
    for (const pid of processesWith(MARKER)) process.kill(pid, "SIGKILL");
  });

  const pidOf = async (ctxkey: string) => {
    const frame = await h.call(ctxkey, "mcp__s__pid", {});
    assert.equal(frame.exit_code, 0, String(frame.stderr));
    return Number(frame.stdout);
  };

  void it("EXC-18 stops the least recently used idle server to start another, so no more than the bound ever run", async () => {
    for (const ctxkey of ["k0", "k1", "k2", "k3"]) {
      const frame = await h.request({ type: "tools", ctxkey });
      assert.equal(frame.errors, undefined, JSON.stringify(frame.errors));
      assert.ok(JSON.stringify(frame.tools).includes("mcp__s__hold"), `${ctxkey} lists the server's tools`);
      assert.ok(processesWith(MARKER).length <= 2, `at most 2 servers run (after ${ctxkey})`);
    }
    await waitFor("two servers run", () => processesWith(MARKER).length === 2, 10_000);
    // k0's server was stopped: a call starts it again, in place of the idlest one.
    const pid = await pidOf("k0");
    assert.ok(processesWith(MARKER).includes(pid));
    await waitFor("still two servers", () => processesWith(MARKER).length === 2, 10_000);
  });

  void it("EXC-18 refuses a new server with mcp_servers_full while every running one is in use, then starts it", async () => {
    await Promise.all([pidOf("b0"), pidOf("b1")]);
    const holds = ["b0", "b1"].map((ctxkey) => h.call(ctxkey, "mcp__s__hold", { ms: 6_000 }));
    await sleep(1_500);
    const refused = await h.call("b2", "mcp__s__pid", {});
    assert.equal(refused.exit_code, 1);
    assert.match(String(refused.stderr), /^mcp_servers_full: .*2 MCP servers are running.*ZINO_EXC_MAX_MCP_SERVERS/s);
    const listing = await h.request({ type: "tools", ctxkey: "b2" });
    assert.match(JSON.stringify(listing.errors), /mcp_servers_full/);
    assert.ok(JSON.stringify(listing.tools).includes("execute_bash"), "the executors are still offered");
    assert.equal(processesWith(MARKER).length, 2);
    for (const frame of await Promise.all(holds)) assert.equal(frame.exit_code, 0, String(frame.stderr));
    assert.ok((await pidOf("b2")) > 0, "once a server is idle, the new one starts in its place");
    assert.equal(processesWith(MARKER).length <= 2, true);
  });
});
