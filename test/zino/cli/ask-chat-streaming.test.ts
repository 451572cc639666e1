// `zino ask` and `zino chat` against a stand-in daemon on a real socket: deltas are written as they arrive,
// the exit status follows the terminal frame, and tool progress never reaches stdout.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import type { FrameServer, WireRequest } from "../../../src/wire/index.js";
import { runInProcess, scratchDir, startFakeDaemon, type ScratchDir } from "./cli-harness.js";

void describe("zino ask and chat against a daemon socket", () => {
  let scratch: ScratchDir;
  let daemon: FrameServer | undefined;
  const seen: WireRequest[] = [];
  before(() => {
    scratch = scratchDir();
  });
  afterEach(async () => {
    await daemon?.close();
    daemon = undefined;
    seen.length = 0;
  });
  after(() => scratch.cleanup());

  const echoDaemon = async () => {
    daemon = await startFakeDaemon(scratch.runtimeDir, async (request, out) => {
      seen.push(request);
      const message = typeof request.message === "string" ? request.message : JSON.stringify(request.message);
      const text = `echo: ${message}`;
      await out.send({ type: "chunk", delta: "echo: " });
      await out.send({ type: "tool_start", kind: "tool", name: "execute_bash", description: "ls" });
      await out.send({ type: "tool_done", kind: "tool", name: "execute_bash", ok: true, ms: 3 });
      await out.send({ type: "status", phase: "model" });
      await out.send({ type: "chunk", delta: message });
      await out.send({ type: "done", full_text: text, iterations: 1 });
    });
  };

  void it("[Z7-ASK] streams the answer to stdout with a final newline and exits 0 on done", async () => {
    await echoDaemon();
    const result = await runInProcess(["ask", "--ctx", "work", "hello", "there"], { cwd: scratch.dir });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, "echo: hello there\n");
    assert.equal(seen[0]?.message, "hello there");
    assert.equal(seen[0]?.ctxkey, "work");
  });

  void it("[Z7-ASK] reads the message from stdin with `-`", async () => {
    await echoDaemon();
    const result = await runInProcess(["ask", "-"], { cwd: scratch.dir, input: "from stdin" });
    assert.equal(result.code, 0);
    assert.equal(result.stdout, "echo: from stdin\n");
  });

  void it("[Z7-ASK-EXIT] exits 1 on an error frame with its message and code on stderr", async () => {
    daemon = await startFakeDaemon(scratch.runtimeDir, async (_request, out) => {
      await out.send({ type: "chunk", delta: "partial" });
      await out.send({ type: "error", code: "provider_error", message: "every attempt failed: 500, 500" });
    });
    const result = await runInProcess(["ask", "hi"], { cwd: scratch.dir });
    assert.equal(result.code, 1);
    assert.equal(result.stdout, "partial\n");
    assert.match(result.stderr, /every attempt failed: 500, 500 \[provider_error\]/);
  });

  void it("[Z7-ASK-EXIT] exits 1 when the daemon closes the stream without a terminal frame", async () => {
    daemon = await startFakeDaemon(scratch.runtimeDir, async (_request, out) => {
      await out.send({ type: "chunk", delta: "cut" });
    });
    const result = await runInProcess(["ask", "hi"], { cwd: scratch.dir });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /before the end of the turn/);
  });

  void it("[Z7-CHAT] runs one turn per input line in chat and exits 0 at the end of input", async () => {
    await echoDaemon();
    const result = await runInProcess(["chat", "--ctx", "c1"], { cwd: scratch.dir, input: "first\n\nsecond\n" });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, "echo: first\necho: second\n");
    assert.deepEqual(
      seen.map((r) => [r.message, r.ctxkey]),
      [
        ["first", "c1"],
        ["second", "c1"],
      ],
    );
  });

  void it("[Z7-CHAT] keeps the chat going after a failed turn, and with piped input exits 1 at the end", async () => {
    let calls = 0;
    daemon = await startFakeDaemon(scratch.runtimeDir, async (_request, out) => {
      calls += 1;
      if (calls === 1) await out.send({ type: "error", code: "unavailable", message: "rtr is down" });
      else await out.send({ type: "done", full_text: "", iterations: 1 });
    });
    const result = await runInProcess(["chat"], { cwd: scratch.dir, input: "a\nb\n" });
    assert.equal(result.code, 1);
    assert.equal(calls, 2);
    assert.match(result.stderr, /rtr is down \[unavailable\]/);
  });
});
