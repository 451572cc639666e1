// The Zelinqa SQLite database and its -wal and -shm files are created 0600 whatever the umask: they hold
// conversation answers, key hashes and sign-in code hashes (ZINO's own database is 0600 too).
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, it } from "node:test";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "zl-mode-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** `zelinqa <args>` under a permissive umask (022), as the shell of a fresh account has. */
function zelinqaUnderUmask022(args: string[]): ChildProcess {
  const command = `umask 022 && exec "$0" --import tsx src/zelinqa/cli/main.ts "$@"`;
  return spawn("sh", ["-c", command, process.execPath, ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

void it("creates the database 0600 under umask 022 (zelinqa keys create)", async () => {
  const path = join(dir, "keys.sqlite");
  const result = await exitOf(zelinqaUnderUmask022(["keys", "create", "--sqlite-path", path, "--scopes", "runtime"]));
  assert.equal(result.code, 0, result.stderr);
  assert.equal(modeOf(path), 0o600);
});

void it("has the database, -wal and -shm 0600 while zelinqa serve runs under umask 022", async () => {
  const path = join(dir, "serve.sqlite");
  const child = zelinqaUnderUmask022(["serve", "--sqlite-path", path, "--port", "0"]);
  const exited = exitOf(child);
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (/zelinqa listening/.test(stderr)) resolve();
    });
    void exited.then(({ code }) => reject(new Error(`zelinqa serve exited with ${code}: ${stderr}`)));
  });
  try {
    for (const file of [path, `${path}-wal`, `${path}-shm`]) assert.equal(modeOf(file), 0o600, file);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
});
