// `zino up` (--detach and foreground) when a service cannot start, as real processes: what only the operator can fix
// in ZINO.toml is refused before anything starts (exit 2, one line naming the field or path); a service that fails
// at start is reported in one plain line (no JSON log, no stack), and the services this command started are stopped.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runZinoCli, writeTempInstance, type TempInstance } from "../../../harness/zino-processes.js";
import { pingService } from "../../../src/zino/cli/service-probe.js";

let instance: TempInstance;
let hog: Server | undefined;
const hogConnections = new Set<Socket>();

/** Closes the hog without waiting for the connections it accepted (it never answers them). */
async function closeHog(): Promise<void> {
  for (const socket of hogConnections) socket.destroy();
  await new Promise<void>((resolve) => (hog ? hog.close(() => resolve()) : resolve()));
  hog = undefined;
}

before(() => {
  instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
});

after(async () => {
  await runZinoCli(["down"], { instance, timeoutMs: 30_000 });
  instance.cleanup();
});

function useToml(lines: string[]): void {
  writeFileSync(instance.configPath, `${lines.join("\n")}\n`);
}

const paths = (runtimeDir = "run", database = "zino.sqlite") => [
  "[paths]",
  `runtime_dir = ${JSON.stringify(runtimeDir)}`,
  `database = ${JSON.stringify(database)}`,
  '[exec]\nsandbox = "none"\nallow_unsandboxed = true',
];

const up = (args: string[] = ["--detach"]) => runZinoCli(["up", ...args], { instance, timeoutMs: 120_000 });

async function nothingRuns(runtimeDir: string): Promise<void> {
  for (const name of ["ctx", "rtr", "exc", "daemon"]) {
    assert.equal(existsSync(join(runtimeDir, `${name}.pid`)), false, `${name}.pid is left`);
    assert.equal(await pingService(join(runtimeDir, `${name}.sock`), 500), undefined, `${name} still answers`);
  }
}

function noRawLog(stderr: string): void {
  assert.doesNotMatch(stderr, /\{"level"|\n\s+at |unexpected failure/, stderr);
}

void describe("zino up refuses before starting anything", () => {
  void it("a wrong type in [llm] or [exec]: exit 2 naming the field", async () => {
    useToml([...paths(), "[llm]", 'temperature = "hot"']);
    const llm = await up();
    assert.equal(llm.code, 2, llm.stderr);
    assert.match(llm.stderr, /^zino: .*ZINO\.toml: llm\.temperature: .*number/m);
    assert.doesNotMatch(llm.stderr, /ready on/);
    noRawLog(llm.stderr);
    useToml(["[paths]", 'runtime_dir = "run"', "[exec]", 'sandbox = "sometimes"']);
    const exec = await up([]);
    assert.equal(exec.code, 2, exec.stderr);
    assert.match(exec.stderr, /exec\.sandbox/);
    await nothingRuns(join(instance.dir, "run"));
  });

  void it("a socket path over 107 bytes: said as such, exit 2", async () => {
    useToml(paths(`run/${"d".repeat(110)}`));
    const r = await up();
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /bytes, over the 107-byte limit of Unix socket paths: set \[paths\] runtime_dir/);
    assert.doesNotMatch(r.stderr, /EADDRINUSE/);
  });

  void it("a runtime_dir that is a file: exit 2 naming the folder", async () => {
    writeFileSync(join(instance.dir, "afile"), "");
    useToml(paths("afile"));
    const r = await up();
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /cannot create the runtime folder .*afile\/logs \(a file is in the way\); set \[paths\] runtime_dir/);
    noRawLog(r.stderr);
  });
});

void describe("zino up when a service fails at start", () => {
  after(closeHog);

  void it("a database folder that cannot be used: one plain line naming the file, and the started services stopped", async () => {
    writeFileSync(join(instance.dir, "notadir"), "");
    useToml(paths("run", "notadir/zino.sqlite"));
    const r = await up();
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /^zino: ctx did not start: zino-ctx: cannot open the database .*notadir\/zino\.sqlite .*: check that its folder exists/m,
    );
    assert.doesNotMatch(r.stderr, /keep running/);
    noRawLog(r.stderr);
    await nothingRuns(join(instance.dir, "run"));
  });

  void it("a socket held by another process: said plainly, the others stopped, exit 2 either way; in the foreground no restart is announced", async () => {
    useToml(paths("run-hog"));
    mkdirSync(join(instance.dir, "run-hog"), { mode: 0o700 });
    const socketPath = join(instance.dir, "run-hog", "rtr.sock");
    hog = createServer((socket) => hogConnections.add(socket));
    await new Promise<void>((resolve) => hog?.listen(socketPath, resolve));
    const detached = await up();
    assert.equal(detached.code, 2, detached.stderr);
    assert.match(detached.stderr, /^zino: rtr did not start: zino-rtr: another process is already listening on .*rtr\.sock: stop it/m);
    assert.match(detached.stderr, /^zino: stopped what this command had started \((\w+, )*\w+\)$/m);
    noRawLog(detached.stderr);
    await nothingRuns(join(instance.dir, "run-hog"));
    const foreground = await up([]);
    assert.equal(foreground.code, 2, `the same exit code as --detach for the same failure:\n${foreground.stderr}`);
    assert.match(foreground.stderr, /^zino-rtr: another process is already listening on .*rtr\.sock/m);
    assert.doesNotMatch(foreground.stderr, /restarting in/);
    await nothingRuns(join(instance.dir, "run-hog"));
    await closeHog();
  });
});
