// `zino ctx set` when the request cannot go through: a value nested deeper than a frame allows is a usage error
// naming the limit, and a ctx that breaks the connection is one plain line, exit 1, no stack.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runInProcess, scratchDir, type ScratchDir } from "./cli-harness.js";

void describe("zino ctx set failures before an answer", () => {
  let scratch: ScratchDir;
  let server: Server;
  before(async () => {
    scratch = scratchDir();
    mkdirSync(scratch.runtimeDir, { recursive: true });
    // A ctx socket whose server drops every connection at once, without reading it.
    server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(join(scratch.runtimeDir, "ctx.sock"), resolve));
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    scratch.cleanup();
  });

  void it("[Z7-CTX] refuses a value nested deeper than a frame allows as a usage error naming the limit", async () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const result = await runInProcess(["ctx", "set", "deep", `llm.fallbacks=${deep}`], { cwd: scratch.dir });
    assert.equal(result.code, 2, result.stderr);
    assert.equal(
      result.stderr,
      "zino: the value of llm.fallbacks nests deeper than 125 levels (a ZINO frame nests at most 128 levels in all)\n",
    );
  });

  void it("[Z7-CTX] says in one line that zino-ctx closed the connection (EPIPE), exit 1", async () => {
    const result = await runInProcess(["ctx", "set", "big", `llm.model=${"x".repeat(8 << 20)}`], { cwd: scratch.dir });
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /^zino: zino-ctx on .*ctx\.sock: closed the connection \((EPIPE|ECONNRESET)\); check `zino status`/);
    assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
    assert.doesNotMatch(result.stderr, /unexpected failure|\n\s+at /);
  });
});
