// ctx's key file (src/zino/ctx/secret-box.ts) when several ctx processes start at once on one database, as real
// processes: every one ends up with the same whole key, none reads a half-written file, and the file is 0600.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { TSX_LOADER, REPO_ROOT } from "../../../harness/zino-processes.js";
import { openSecretBox } from "../../../src/zino/ctx/secret-box.js";

const dir = mkdtempSync(join(tmpdir(), "zk-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
import { openSecretBox } from ${JSON.stringify(join(REPO_ROOT, "src", "zino", "ctx", "secret-box.ts"))};
const [keyPath, at] = process.argv.slice(-2);
while (Date.now() < Number(at)) {} // all start reading or creating the key at the same moment
process.stdout.write(openSecretBox(keyPath).seal("sk-same"));
`;

function openInChild(keyPath: string, atMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, "--input-type=module", "-e", SCRIPT, keyPath, String(atMs)]);
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

void describe("the ctx key file under concurrent starts", () => {
  void it("eight processes opening a missing key file at once all get the one key, whole", async () => {
    for (let round = 0; round < 4; round += 1) {
      const keyPath = join(dir, `round${round}`, "zino.sqlite.key");
      const at = Date.now() + 2500;
      const results = await Promise.all(Array.from({ length: 8 }, () => openInChild(keyPath, at)));
      for (const r of results) assert.equal(r.code, 0, r.stderr);
      const box = openSecretBox(keyPath);
      for (const r of results) assert.equal(box.unseal(r.stdout), "sk-same", "sealed with the key left in the file");
      assert.equal(statSync(keyPath).mode & 0o777, 0o600);
      assert.deepEqual(readdirSync(join(dir, `round${round}`)), ["zino.sqlite.key"], "no temp file left");
    }
  });
});
