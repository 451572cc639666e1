// zino-exc hosting MCP servers that misbehave (test/support/mcp-unruly-server.ts): a listing that pages for ever or
// repeats its cursor ends, tool names that collide or run long still call the tool they were offered for, and a
// stderr flood (no newline, then thousands of lines) is cut and rate-limited in exc's log instead of filling its memory;
// a server's helper processes end with it, its crash is seen even while a helper holds its pipes, a server that stops
// reading is restarted, one that never answers `initialize` costs a call its own timeout, not the start's 20 s, and one
// whose message nests too deep is stopped before exc parses it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { MAX_FUNCTION_NAME, MAX_STDERR_LINE, MAX_TOOL_PAGES, STDERR_LINES_PER_SECOND } from "../../../src/zino/exc/mcp-connection.js";
import { MAX_MESSAGE_DEPTH } from "../../../src/zino/exc/mcp-stdio-transport.js";
import { captureLogger } from "../../support/zelinqa-app.js";
import { processesWith, startExc, waitFor, type ExcHarness } from "./exc-harness.js";

const unruly = (mode: string) => ({
  command: process.execPath,
  args: ["--import", "tsx", join(process.cwd(), "test/support/mcp-unruly-server.ts"), mode],
});

const withArgs = (server: { command: string; args: string[] }, ...more: string[]) => ({ ...server, args: [...server.args, ...more] });
const HELPER = `mcp-unruly-helper-${process.pid}`;
const HELPER_IDLE = `mcp-unruly-helper-idle-${process.pid}`;

void describe("zino-exc hosting MCP servers that misbehave", { timeout: 120_000 }, () => {
  let h: ExcHarness;
  const log = captureLogger();
  before(async () => {
    h = await startExc({ logger: log.logger });
    h.configure("pages", { mcp_servers: { p: unruly("pages-forever") } });
    h.configure("cursor", { mcp_servers: { p: unruly("same-cursor") } });
    h.configure("names", { mcp_servers: { n: unruly("names") } });
    h.configure("flood", { mcp_servers: { f: unruly("stderr-flood") } });
    h.configure("big", { mcp_servers: { b: unruly("big-tools"), n: unruly("names") } });
    h.configure("helper", { mcp_servers: { s: withArgs(unruly("helper"), HELPER) } });
    h.configure("helper-idle", { mcp_servers: { s: { ...withArgs(unruly("helper"), HELPER_IDLE), idle_timeout_ms: 300 } } });
    h.configure("deaf", { exec: { timeout_ms: 1000 }, mcp_servers: { d: unruly("deaf") } });
    h.configure("noinit", { exec: { timeout_ms: 1000 }, mcp_servers: { n: unruly("noinit") } });
    h.configure("deep", { mcp_servers: { d: unruly("deep") } });
  });
  after(async () => {
    await h.close();
    // Only this file's helpers, by their marker, should a test have failed before they were stopped.
    for (const pid of [...processesWith(HELPER), ...processesWith(HELPER_IDLE)]) process.kill(pid, "SIGKILL");
  });

  const mcpNames = async (ctxkey: string) => {
    const frame = await h.request({ type: "tools", ctxkey });
    return (frame.tools as { function: { name: string } }[]).map((t) => t.function.name).filter((n) => n.startsWith("mcp__"));
  };

  void it("EXC-18 ends a listing that pages for ever at MAX_TOOL_PAGES pages, and one that repeats its cursor at once", async () => {
    const started = Date.now();
    const paged = await mcpNames("pages");
    assert.equal(paged.length, MAX_TOOL_PAGES);
    assert.deepEqual(paged.slice(0, 2), ["mcp__p__t0", "mcp__p__t1"]);
    assert.ok(Date.now() - started < 10_000);
    assert.equal((await h.call("pages", "mcp__p__t5", {})).stdout, "called t5");
    assert.deepEqual(await mcpNames("cursor"), ["mcp__p__t0", "mcp__p__t1"]);
  });

  void it("EXC-04 EXC-18 offers colliding names once and long names within 64 characters, each calling its own tool", async () => {
    const names = await mcpNames("names");
    assert.equal(names.length, 2, names.join(", "));
    assert.ok(
      names.every((name) => /^[A-Za-z0-9_-]+$/.test(name) && name.length <= MAX_FUNCTION_NAME),
      names.join(", "),
    );
    assert.equal(names[0], "mcp__n__a_b");
    // `a.b` came first: its model-safe name calls it, and `a_b` (the same name) is left out rather than unreachable.
    assert.equal((await h.call("names", "mcp__n__a_b", {})).stdout, "called a.b");
    assert.equal((await h.call("names", names[1]!, {})).stdout, `called long_${"x".repeat(95)}`);
  });

  void it("EXC-18 leaves out a tool too large or too deep, and a server's tools past its share, instead of failing every tool", async () => {
    const names = await mcpNames("big");
    assert.ok(names.includes("mcp__b__small"));
    assert.ok(!names.includes("mcp__b__deep") && !names.includes("mcp__b__huge"));
    const wide = names.filter((name) => name.startsWith("mcp__b__wide"));
    assert.ok(wide.length > 20 && wide.length < 40, `${wide.length} of 40 wide tools`);
    // The other server's tools, and the executors, are offered as usual.
    assert.ok(names.includes("mcp__n__a_b"));
    const frame = await h.request({ type: "tools", ctxkey: "big" });
    assert.ok((frame.tools as { function: { name: string } }[]).some((t) => t.function.name === "execute_bash"));
    assert.equal((await h.call("big", "mcp__b__small", {})).stdout, "called small");
  });

  void it("EXC-18 cuts a server's stderr line at MAX_STDERR_LINE and logs at most STDERR_LINES_PER_SECOND lines a second", async () => {
    assert.equal((await h.call("flood", "mcp__f__t0", {})).stdout, "called t0");
    const stderrLines = () => log.lines.filter((line) => line.includes('"mcp":"f"'));
    await waitFor("the flood's lines counted", () => stderrLines().some((line) => line.includes("lines not logged")), 30_000);
    const logged = stderrLines()
      .map((line) => JSON.parse(line) as { msg: string; line?: string; unlogged?: number; time: number })
      .filter((entry) => entry.msg === "mcp server stderr");
    const long = logged.find((entry) => entry.line?.startsWith("xxxx"));
    assert.equal(long?.line, `${"x".repeat(MAX_STDERR_LINE)} [cut]`);
    const perSecond = new Map<number, number>();
    for (const entry of logged) perSecond.set(Math.floor(entry.time / 1000), (perSecond.get(Math.floor(entry.time / 1000)) ?? 0) + 1);
    assert.ok(Math.max(...perSecond.values()) <= STDERR_LINES_PER_SECOND + 1, JSON.stringify([...perSecond.values()]));
    assert.ok(logged.length < 1000, `${logged.length} lines logged of 50,000`);
  });

  void it("EXC-18 sees a server's crash at once though its helper holds its pipes, and ends the helper with it", async () => {
    const first = await h.call("helper", "mcp__s__pid", {});
    assert.equal(first.exit_code, 0, String(first.stderr));
    // The marker is on the command lines of the server and of its helper.
    await waitFor("the server and its helper", () => processesWith(HELPER).length === 2, 10_000);
    const started = Date.now();
    const crashed = await h.call("helper", "mcp__s__crash", {});
    assert.equal(crashed.exit_code, 1);
    assert.match(String(crashed.stderr), /the server stopped \(it is restarted on the next use\)/);
    assert.ok(Date.now() - started < 5_000, `the crash was seen after ${Date.now() - started} ms (the call's timeout is 30 s)`);
    await waitFor("the crashed server's helper gone", () => processesWith(HELPER).length === 0, 5_000);
    const again = await h.call("helper", "mcp__s__pid", {});
    assert.equal(again.exit_code, 0, String(again.stderr));
    assert.notEqual(again.stdout, first.stdout, "a new server answers");
  });

  void it("EXC-18 stops a server's helper processes with the server (idle stop)", async () => {
    assert.equal((await h.call("helper-idle", "mcp__s__pid", {})).exit_code, 0);
    await waitFor("the server and its helper", () => processesWith(HELPER_IDLE).length === 2, 10_000);
    await waitFor("the helper gone with the idle server", () => processesWith(HELPER_IDLE).length === 0, 10_000);
  });

  void it("EXC-18 restarts a server that stops reading its input instead of keeping the calls it does not read", async () => {
    // Started and listed first, so that the first call reaches the server: a start slower than the call's 1 s (a
    // loaded machine) left that call unsent, and the server then read the whole second call before going deaf.
    const listing = await h.request({ type: "tools", ctxkey: "deaf" });
    assert.equal(listing.errors, undefined, JSON.stringify(listing.errors));
    const first = await h.call("deaf", "mcp__d__t0", {});
    assert.equal(first.exit_code, 124, String(first.stderr));
    assert.equal(first.timed_out, true);
    assert.match(String(first.stderr), /did not answer within 1000 ms/);
    // The server read the first call and stopped reading: the next one (larger than a pipe holds) stays in exc.
    const stoppedBefore = log.lines.filter((line) => line.includes("it does not read its input")).length;
    const second = await h.call("deaf", "mcp__d__t0", { text: "x".repeat(1 << 20) });
    assert.equal(second.exit_code, 124);
    await waitFor(
      "the deaf server stopped",
      () => log.lines.filter((line) => line.includes("it does not read its input")).length === stoppedBefore + 1,
      5_000,
    );
    const starts = () => log.lines.filter((line) => line.includes('"server":"d"') && line.includes("MCP server started")).length;
    const startsBefore = starts();
    assert.equal((await h.call("deaf", "mcp__d__t0", {})).exit_code, 124);
    await waitFor("the next call started the server again", () => starts() === startsBefore + 1, 10_000);
  });

  void it("EXC-18 gives a call to a server that never answers initialize its own timeout, not the start's 20 s", async () => {
    const started = Date.now();
    const result = await h.call("noinit", "mcp__n__t0", {});
    assert.equal(result.exit_code, 124, String(result.stderr));
    assert.equal(result.timed_out, true);
    assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
  });
  void it("EXC-18 stops a server whose message nests deeper than MAX_MESSAGE_DEPTH before parsing it, and says why", async () => {
    const fine = await h.call("deep", "mcp__d__deep", { levels: MAX_MESSAGE_DEPTH - 8 });
    assert.equal(fine.exit_code, 0, String(fine.stderr));
    for (const levels of [MAX_MESSAGE_DEPTH + 1, 3_000_000]) {
      const refused = await h.call("deep", "mcp__d__deep", { levels });
      assert.equal(refused.exit_code, 1);
      assert.match(
        String(refused.stderr),
        new RegExp(`the server stopped: it wrote a message nested deeper than ${MAX_MESSAGE_DEPTH} levels`),
      );
    }
    assert.equal((await h.call("deep", "mcp__d__deep", { levels: 1 })).exit_code, 0, "started again on the next use");
  });
});
