// `zelinqa serve` that cannot listen (port taken, unknown host, a socket folder that does not exist, a socket
// path over the kernel's limit; also with --workers) as a real process: one line saying what happened and what to
// do, everything it opened closed, and a prompt non-zero exit instead of a process that serves nothing.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, postgresSkipReason, type TestDatabase } from "../../support/zelinqa-databases.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const KILL_AFTER_MS = 45_000;

/** `zelinqa serve ARGS`, killed if still running after KILL_AFTER_MS (a hang fails the test, not the run). */
function serve(args: string[]): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/zelinqa/cli/main.ts", "serve", ...args], {
    cwd: ROOT,
    env: { ...process.env, ZELINQA_LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const timer = setTimeout(() => child.kill("SIGKILL"), KILL_AFTER_MS);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: Date.now() - started });
    }),
  );
}

void describe("zelinqa serve that cannot listen", () => {
  let dir: string;
  let taken: Server;
  let port: number;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zl-listen-"));
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const address = taken.address();
    port = typeof address === "object" && address !== null ? address.port : 0;
  });
  after(async () => {
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  void it("exits 1 at once when the port is taken, saying so and what to do", async () => {
    const r = await serve(["--sqlite-path", join(dir, "a.sqlite"), "--host", "127.0.0.1", "--port", String(port)]);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(r.ms < 20_000, `exited after ${r.ms} ms`);
    assert.match(
      r.stderr,
      new RegExp(`^zelinqa: cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use by another program; pass another --port`, "m"),
    );
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  void it("exits 1 on a host that is not an address of this machine", async () => {
    const r = await serve(["--sqlite-path", join(dir, "b.sqlite"), "--host", "999.1.1.1", "--port", "0"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /cannot listen on 999\.1\.1\.1:0: 999\.1\.1\.1 is not an address of this machine .*; pass --host/);
  });

  void it("exits 1 on a socket in a folder that does not exist, and refuses a socket path over 107 bytes", async () => {
    const missing = await serve(["--sqlite-path", join(dir, "c.sqlite"), "--socket", join(dir, "nonexist", "z.sock")]);
    assert.equal(missing.code, 1, missing.stderr);
    assert.match(missing.stderr, /z\.sock: its folder does not exist or is not writable .*; create the folder or pass another --socket/);
    const long = join(dir, "d".repeat(120), "z.sock");
    const tooLong = await serve(["--sqlite-path", join(dir, "d.sqlite"), "--socket", long]);
    assert.equal(tooLong.code, 1, tooLong.stderr);
    assert.match(tooLong.stderr, /bytes, over the 107-byte limit of Unix socket paths; pass a shorter --socket path/);
  });

  void describe("with --workers on PostgreSQL", { skip: postgresSkipReason() }, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabase("postgres");
    });
    after(async () => {
      await database?.drop();
    });

    void it("stops the pool and exits non-zero when the workers cannot listen", async () => {
      const r = await serve([
        "--database-url",
        database.databaseUrl ?? "",
        "--host",
        "127.0.0.1",
        "--port",
        String(port),
        "--workers",
        "2",
      ]);
      assert.notEqual(r.code, 0, r.stderr);
      assert.notEqual(r.code, null, `still running after ${KILL_AFTER_MS} ms:\n${r.stderr}`);
      assert.ok(r.ms < 30_000, `exited after ${r.ms} ms`);
      assert.match(r.stderr, /the port is in use by another program/);
    });
  });
});
