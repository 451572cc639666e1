// Files a person names (ZINO.toml, a Zelinqa change batch) that are not what they should be: a device, a FIFO, a
// file over the bound, bytes that are not UTF-8. Each is refused at once with its code and a message saying what to
// give instead; the real CLIs exit 2 within seconds instead of reading /dev/zero into memory or blocking on a FIFO.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputFileError, readInputFile } from "../../src/shared/input-file.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
let fifo: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "input-file-"));
  fifo = join(dir, "pipe.toml");
  execFileSync("mkfifo", [fifo]);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof InputFileError, String(error));
    return `${error.code}: ${error.message}`;
  }
  return "no error";
};

void describe("readInputFile", () => {
  const options = { maxBytes: 1024, what: "the test file" };

  void it("refuses a device, a FIFO with no writer and a directory without reading them", () => {
    assert.match(
      codeOf(() => readInputFile("/dev/zero", options)),
      /^file_not_regular: the test file \/dev\/zero is a device: give the path of a regular file$/,
    );
    assert.match(
      codeOf(() => readInputFile(fifo, options)),
      /^file_not_regular: .* is a FIFO/,
    );
    assert.match(
      codeOf(() => readInputFile(dir, options)),
      /^file_not_regular: .* is a directory/,
    );
  });

  void it("refuses a file over the bound before reading it, and reads one at the bound", () => {
    const big = join(dir, "big.json");
    writeFileSync(big, "");
    truncateSync(big, 1025);
    assert.match(
      codeOf(() => readInputFile(big, options)),
      /^file_too_large: the test file .* is larger than 1024 bytes .*give a smaller file$/,
    );
    truncateSync(big, 1024);
    assert.equal(readInputFile(big, options).length, 1024);
  });

  void it("refuses bytes that are not UTF-8 and drops a byte order mark", () => {
    const latin = join(dir, "latin1.toml");
    writeFileSync(latin, Buffer.from([0x61, 0x3d, 0x22, 0xe9, 0x22, 0x0a]));
    assert.match(
      codeOf(() => readInputFile(latin, options)),
      /^file_not_utf8: .* save it as UTF-8$/,
    );
    const bom = join(dir, "bom.json");
    writeFileSync(bom, "\ufeff{}");
    assert.equal(readInputFile(bom, options), "{}");
  });

  void it("names a missing file as before", () => {
    assert.match(
      codeOf(() => readInputFile(join(dir, "absent"), options)),
      /^file_unreadable: cannot read the test file .*absent \(no such file\)/,
    );
  });
});

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    // Only a guard against a CLI that hangs reading the file (it would never exit): at load ~30 the start through tsx
    // alone took over 30 s, and the CLI was killed just before or after it printed the right refusal.
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: Date.now() - started });
    });
  });
}

void describe("the CLIs on a configuration path that is no regular file", () => {
  void it("zino --config /dev/zero and a FIFO exit 2 at once with the reason", async () => {
    for (const path of ["/dev/zero", fifo]) {
      const r = await run(["src/zino/cli/main.ts", "--config", path, "status"], { ZINO_CONFIG: "" });
      assert.equal(r.code, 2, `${path}: ${r.stderr}`);
      assert.match(r.stderr, /is a (device|FIFO): give the path of a regular file/);
    }
  });

  void it("zelinqa config import of /dev/zero, a FIFO and a non-UTF-8 file exits 2 at once with the reason", async () => {
    const latin = join(dir, "batch.json");
    writeFileSync(latin, Buffer.from([0x7b, 0xe9, 0x7d]));
    const expected = [/is a device/, /is a FIFO/, /is not UTF-8 text: save it as UTF-8/];
    for (const [i, path] of ["/dev/zero", fifo, latin].entries()) {
      const r = await run(["src/zelinqa/cli/main.ts", "config", "import", "--sqlite-path", join(dir, "z.sqlite"), path]);
      assert.equal(r.code, 2, `${path}: ${r.stderr}`);
      assert.match(r.stderr, expected[i]!);
    }
  });
});
