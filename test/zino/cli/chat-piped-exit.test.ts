// `zino chat` reading piped stdin (a script: one turn per line) as a real child process against the REAL daemon, ctx
// and rtr (the model provider is the fake): a failed turn is reported on stderr and the chat goes on with the next
// line, and the exit status then says that not every turn completed (1), where it used to be 0 whatever happened.
import assert from "node:assert/strict";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { REPO_ROOT, TSX_LOADER } from "../../../harness/zino-processes.js";
import { startHarness, type Harness } from "../daemon/daemon-harness.js";

const MAIN = join(REPO_ROOT, "src", "zino", "cli", "main.ts");

/** `zino chat --ctx piped` with piped stdio; its output so far, and its exit code once it closes. */
function spawnChat(h: Harness): {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  closed: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, MAIN, "chat", "--ctx", "piped"], {
    cwd: dirname(h.instance.configPath!),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ZINO_CONFIG: h.instance.configPath!, ZINO_HISTORY_FILE: "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  return { child, stdout: () => stdout, stderr: () => stderr, closed };
}

async function chat(h: Harness, input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = spawnChat(h);
  run.child.stdin.end(input);
  const code = await run.closed;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

void describe("zino chat with piped input", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  void it("exits 0 when every turn completed", async () => {
    h.provider.enqueue({ text: "one" }, { text: "two" });
    const result = await chat(h, "first\nsecond\n");
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, "one\ntwo\n");
  });

  void it("exits 1 when a turn failed, after running the lines that follow it", async () => {
    h.provider.enqueue({ status: 400 }, { text: "still here" });
    const result = await chat(h, "breaks\nnext\n");
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stdout, /still here\n$/);
    assert.match(result.stderr, /HTTP 400.*\[provider_error\]/);
    assert.match(result.stderr, /zino: 1 of 2 turn\(s\) failed\n$/);
  });

  void it("reports a line longer than one frame without holding it, then runs the lines that follow", async () => {
    h.provider.enqueue({ text: "still here" });
    const { child, stdout, stderr, closed } = spawnChat(h);
    // 256 MiB on one line, written as the child reads it: held whole, it would take the child's memory past 500 MB.
    const chunk = Buffer.alloc(1024 * 1024, 0x78);
    let peakRssMb = 0;
    for (let i = 0; i < 256; i += 1) {
      if (!child.stdin.write(chunk)) await new Promise((resolve) => child.stdin.once("drain", resolve));
      if (i % 32 === 31) {
        const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
        peakRssMb = Math.max(peakRssMb, Number(rss?.[1] ?? 0) / 1024);
      }
    }
    child.stdin.end("\nnext\n");
    const code = await closed;
    assert.equal(code, 1, stderr());
    assert.match(stderr(), /a line of 268435456 characters is longer than one message may be \(\[limits\] max_frame_bytes/);
    assert.match(stdout(), /still here\n$/);
    assert.match(stderr(), /zino: 1 of 2 turn\(s\) failed\n$/);
    assert.ok(peakRssMb < 400, `the chat held the line: ${Math.round(peakRssMb)} MB resident`);
    console.log(`# peak RSS while streaming: ${Math.round(peakRssMb)} MB`);
  });
});
