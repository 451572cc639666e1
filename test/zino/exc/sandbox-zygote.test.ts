// The sandbox zygote on its own (src/zino/exc/sandbox-zygote.ts, native/zino-zygote.c): a real base sandbox, real
// executions started through it with run-process.ts, and its answers to what exc should never send. Its use by exc
// (the isolation tests run through it and without it) is in sandbox.test.ts and sandbox-limits.test.ts.
import assert from "node:assert/strict";
import {
  chmodSync,
  closeSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { isProcessAlive } from "../../../src/shared/pid-process.js";
import { nativeSpawnAddon, spawnNative } from "../../../src/zino/exc/native-spawn.js";
import { startProcess, type RunOutcome } from "../../../src/zino/exc/run-process.js";
import { startSandboxZygote, zygoteFile, zygoteUnavailable, type SandboxZygote } from "../../../src/zino/exc/sandbox-zygote.js";
import { seccompProgram, seccompArch } from "../../../src/zino/exc/seccomp-filter.js";
import { needs } from "../../support/system-requirements.js";
import { captureLogger } from "../../support/zelinqa-app.js";
import { parentOf, processesWith, waitFor } from "./exc-harness.js";

/** A sleep no other process on the machine runs (a plain `sleep 30` also matches another user's `sleep 300`). */
const SLEEP = `sleep 30.${process.pid}`;

const ZYGOTE = zygoteFile(join(process.cwd(), "src", "zino", "exc", "sandbox-zygote.ts"));
const unavailable = needs("bubblewrap") || zygoteUnavailable(ZYGOTE);
const SIZES = { workBytes: 1 << 20, tmpBytes: 1 << 20, shmBytes: 1 << 20 };
const ENV = { PATH: "/usr/bin:/bin", HOME: "/work" };

void describe("the sandbox zygote", { skip: unavailable }, () => {
  let root: string;
  let zygote: SandboxZygote;
  let serial = 0;
  const log = captureLogger();
  const privateDirs: string[] = [];

  before(() => {
    root = mkdtempSync(join(tmpdir(), "zx-zygote-"));
    chmodSync(root, 0o711);
    const arch = seccompArch();
    const seccompFile = join(root, "filter.bpf");
    if (arch) writeFileSync(seccompFile, seccompProgram(arch));
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    // Its program where the sandbox user cannot go (as a checkout under /root would be): exc hands it over itself.
    const hidden = mkdtempSync(join(tmpdir(), "zx-private-"));
    chmodSync(hidden, 0o700);
    copyFileSync(ZYGOTE, join(hidden, "zino-zygote"));
    privateDirs.push(hidden);
    const started = startSandboxZygote({
      logger: log.logger,
      bwrapPath: "/usr/bin/bwrap",
      executionsRoot: root,
      seccompFile: arch ? seccompFile : undefined,
      disableUserns: true,
      user,
      zygotePath: join(hidden, "zino-zygote"),
    });
    assert.ok(started, "the zygote starts");
    zygote = started;
  });
  after(() => {
    zygote?.close();
    rmSync(root, { recursive: true, force: true });
    for (const dir of privateDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** An execution directory under the root with `script` as code/main.sh. */
  function executionDir(script: string, name = `zx-${++serial}`): string {
    const base = join(root, name);
    mkdirSync(join(base, "code"), { recursive: true, mode: 0o711 });
    chmodSync(base, 0o711);
    chmodSync(join(base, "code"), 0o711);
    writeFileSync(join(base, "code", "main.sh"), script, { mode: 0o644 });
    return base;
  }

  /** Runs code/main.sh of `base` through the zygote, as a warm bwrap sandbox's command would (status on fd 5). */
  function run(base: string, options: { timeoutMs?: number; abort?: AbortSignal; sizes?: typeof SIZES } = {}): Promise<RunOutcome> {
    const child = startProcess({
      command: "/bin/bash",
      args: ["--noprofile", "--norc", "-c", 'exec >&3 2>&4 3>&- 4>&-; . "$0"', "/code/main.sh"],
      env: ENV,
      cwd: "/",
      reportsExit: true,
      via: (request) => zygote.spawn(request, { baseDir: base, sizes: options.sizes ?? SIZES }),
    });
    return child.release({
      timeoutMs: options.timeoutMs ?? 5000,
      outputCapBytes: 65536,
      ...(options.abort ? { signal: options.abort } : {}),
    });
  }

  void it("ZYG-01 runs a command in namespaces of its own: PID 1 is the zygote's reaper, fresh /work, no network, no capability", async () => {
    const outcome = await run(
      executionDir(
        [
          "tr '\\0' ' ' </proc/1/cmdline; echo",
          "echo pid $$ host $(hostname)",
          "ls -A /work | wc -l; touch /work/mine",
          "grep -E '^(CapEff|CapBnd|NoNewPrivs|Seccomp):' /proc/self/status | tr -s '\\t' ' '",
          "ls /sys/class/net 2>/dev/null || cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '",
          "ls /.zino-executions 2>&1 | head -1",
          "echo out; echo err >&2; exit 3",
        ].join("\n"),
      ),
    );
    assert.equal(outcome.exitCode, 3, JSON.stringify(outcome));
    const lines = outcome.stdout.split("\n");
    assert.equal(lines[0]!.trim(), "/.zino-zygote");
    assert.equal(lines[1], "pid 2 host zino-sandbox");
    assert.equal(lines[2], "0", "an empty /work");
    assert.match(outcome.stdout, /CapEff: 0000000000000000\nCapBnd: 0000000000000000\nNoNewPrivs: 1\n/);
    if (seccompArch()) assert.match(outcome.stdout, /Seccomp: 2\n/);
    assert.match(outcome.stdout, /\nlo\n/, "only a loopback interface");
    assert.match(outcome.stdout, /Permission denied/, "the directory of all executions is covered");
    assert.match(outcome.stdout, /out\n$/);
    assert.equal(outcome.stderr, "err\n");
  });

  void it("ZYG-02 what one execution leaves in /work, /tmp or in the background is gone for the next", async () => {
    const first = await run(executionDir(`echo left > /work/f; echo left > /tmp/f; (${SLEEP} &) ; echo started`));
    assert.equal(first.stdout, "started\n");
    const second = await run(executionDir("ls -A /work /tmp; pgrep -c sleep || true"));
    assert.equal(second.stdout, "/tmp:\n\n/work:\n0\n", JSON.stringify(second));
    await waitFor("no sleep of the first execution is left", () => processesWith(SLEEP).length === 0, 2000);
  });

  void it("ZYG-03 a timeout kills the execution through the zygote, and the zygote serves the next one", async () => {
    const started = Date.now();
    const outcome = await run(executionDir(`echo before; ${SLEEP}`), { timeoutMs: 300 });
    assert.equal(outcome.timedOut, true);
    assert.equal(outcome.stdout, "before\n");
    assert.ok(Date.now() - started < 3000, `ended ${Date.now() - started} ms after its start`);
    await waitFor("the killed execution is gone", () => processesWith(SLEEP).length === 0, 2000);
    assert.equal((await run(executionDir("echo next"))).stdout, "next\n");
  });

  void it("ZYG-04 a start it cannot serve is refused with exit 125 and a reason; the zygote stays up", async () => {
    const outside = mkdtempSync(join(tmpdir(), "zx-elsewhere-"));
    try {
      // A directory the base does not show: its code dir cannot be bound.
      const refused = await run(join(root, "zx-missing"));
      assert.equal(refused.exitCode, 125, JSON.stringify(refused));
      assert.match(refused.stderr, /zino-zygote: .*code/);
      await waitFor(
        "exc's log says what the zygote said",
        () => log.lines.some((line) => line.includes("the sandbox zygote says") && /zino-zygote: \/code/.test(line)),
        2000,
      );
      assert.equal(zygote.serves(join(outside, "zx-1")), false, "only directories under its root");
      assert.equal(zygote.alive, true);
      assert.equal((await run(executionDir("echo still"))).stdout, "still\n");
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  /** The zygote's own children (its executions' PID 1 and its spare): the base is the bwrap naming our root. */
  function zygoteChildren(): number[] {
    const program = processesWith("/.zino-zygote").filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] === "/.zino-zygote"; // not the bwrap naming it
      } catch {
        return false;
      }
    });
    // A process that exited meanwhile has no parent (undefined): it is left out.
    const bases = processesWith(root);
    const zygotes = program.filter((pid) => bases.includes(parentOf(pid) ?? -1));
    return program.filter((pid) => zygotes.includes(parentOf(pid) ?? -1));
  }

  /** The /work and /tmp sizes an execution sees, in KiB, from its mount table. */
  const mountedSizes = "awk '$2==\"/work\"||$2==\"/tmp\"{print $2, $4}' /proc/mounts | grep -o '^[^ ]* \\|size=[0-9]*k' | tr -d '\\n'";

  void it("ZYG-07 the next execution's namespaces are made ahead (a spare) holding nothing of the last one; a start with other sizes gets its own", async () => {
    assert.equal((await run(executionDir("echo first"))).stdout, "first\n");
    await waitFor("a spare waits for the next start", () => zygoteChildren().length === 1, 3000);
    const [spare] = zygoteChildren();
    // Only its socket to the zygote beside 0, 1, 2: no descriptor of the execution before it (exc would wait for
    // that execution's output to end while the spare held it).
    assert.deepEqual(readdirSync(`/proc/${spare}/fd`).sort(), ["0", "1", "2", "3"]);
    assert.match(readlinkSync(`/proc/${spare}/fd/3`), /^socket:/);
    const bigger = { workBytes: 2 << 20, tmpBytes: 3 << 20, shmBytes: 1 << 20 };
    const second = await run(executionDir(`${mountedSizes}; echo; echo pid $$; ls -A /work | wc -l`), { sizes: bigger });
    assert.equal(second.stdout, "/work size=2048k/tmp size=3072k\npid 2\n0\n", JSON.stringify(second));
    await waitFor("the second execution is gone, a new spare waits", () => zygoteChildren().length === 1, 3000);
    assert.notEqual(zygoteChildren()[0], spare, "a spare serves one execution only");
    const third = await run(executionDir(`${mountedSizes}; echo`));
    assert.equal(third.stdout, "/work size=1024k/tmp size=1024k\n", JSON.stringify(third));
  });

  void it("ZYG-08 a spare killed from outside turns spares off: the zygote says so and clones each next execution on its path", async () => {
    assert.equal((await run(executionDir("echo before"))).stdout, "before\n");
    await waitFor("a spare waits", () => zygoteChildren().length === 1, 3000);
    process.kill(zygoteChildren()[0]!, "SIGKILL");
    await waitFor(
      "exc's log says the spare died",
      () => log.lines.some((line) => line.includes("the sandbox zygote says") && line.includes("spare execution died unused")),
      3000,
    );
    assert.equal((await run(executionDir("echo pid $$; hostname"))).stdout, "pid 2\nzino-sandbox\n");
    await waitFor("that execution's PID 1 is gone", () => zygoteChildren().length === 0, 3000);
    assert.equal((await run(executionDir("echo again"))).stdout, "again\n");
    assert.equal(zygote.alive, true);
  });

  void it("ZYG-05 closing it ends the base sandbox and every execution still running", async () => {
    const running = run(executionDir(`echo up; ${SLEEP}`), { timeoutMs: 10_000 });
    await waitFor("the execution runs", () => processesWith(SLEEP).length > 0, 2000);
    zygote.close();
    const outcome = await running;
    assert.equal(outcome.stdout, "up\n");
    assert.notEqual(outcome.exitCode, 0);
    assert.equal(zygote.alive, false);
    await waitFor("nothing of the zygote is left", () => processesWith(root).length === 0 && processesWith(SLEEP).length === 0, 2000);
    assert.ok(existsSync(root));
  });
});

void describe("the sandbox zygote's messages", { skip: zygoteUnavailable(ZYGOTE) }, () => {
  void it("ZYG-06 a malformed message is refused (exit 125 on its status pipe when it has one) and the zygote reads on", async () => {
    const addon = nativeSpawnAddon()!;
    const [control, theirs] = addon.socketpair();
    // Outside any sandbox: only its message handling is tested here, no start is valid.
    const zygote = spawnNative(addon, { command: ZYGOTE, args: ["--no-seccomp"], env: {}, cwd: "/", stdinPipe: false, extraFds: [theirs] });
    closeSync(theirs);
    let stderr = "";
    zygote.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => zygote.once("exit", (code: number | null) => resolve(code)));
    const fields = (...items: (string | number)[]) => Buffer.from(items.map((item) => `${item}\0`).join(""));
    /** Sends `message` with a fresh status pipe (and stdin, stdout, stderr stand-ins) and reads what the status says. */
    const statusOf = async (message: Buffer): Promise<string> => {
      const [read, write] = addon.pipe();
      addon.send(control, message, [write, write, write, write, write, write]);
      closeSync(write);
      const chunks: Buffer[] = [];
      for await (const chunk of createReadStream("", { fd: read })) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    };
    try {
      const start = (...rest: (string | number)[]) => fields("start", 1, "zx-x", 1024, 1024, 1024, ...rest);
      assert.match(await statusOf(start(5, 2, "/bin/true")), /"exit-code": 125/, "argc larger than the argv given");
      assert.match(await statusOf(start(5, 1, "relative", 0)), /"exit-code": 125/, "a relative program");
      assert.match(await statusOf(fields("start", 1, "../up", 1024, 1024, 1024, 5, 1, "/bin/true", 0)), /"exit-code": 125/);
      assert.match(await statusOf(fields("start", 1, "zx-x", -5, 1024, 1024, 5, 1, "/bin/true", 0)), /"exit-code": 125/);
      assert.match(await statusOf(Buffer.from("start\0no-terminating-nul")), /^$/, "not a message: nothing written, descriptors closed");
      assert.match(await statusOf(fields("reboot")), /^$/);
      addon.send(control, fields("kill", "not-a-number"), []);
      assert.match(stderr, /refused: a malformed start message/);
      assert.match(stderr, /refused: an unknown message/);
      assert.equal(zygote.pid !== undefined && isProcessAlive(zygote.pid), true, "it reads on");
    } finally {
      closeSync(control);
    }
    assert.equal(await exited, 0, "EOF on its socket ends it");
  });
});
