// zino-exc sandbox (docs/zino-protocol.md §6): isolation of files, network, processes and resources, timeouts, output caps.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type Server } from "node:net";
import { after, before, describe, it } from "node:test";
import { field, processesWith, SANDBOX_WAYS, startExc, waitFor as waitUntil, type ExcHarness } from "./exc-harness.js";
import { needs } from "../../support/system-requirements.js";
import { onTmpfs } from "../../../src/zino/exc/user-dir.js";
import { zygoteFile, zygoteUnavailable } from "../../../src/zino/exc/sandbox-zygote.js";

const REPO = process.cwd();

const zygoteMissing = zygoteUnavailable(zygoteFile(join(REPO, "src", "zino", "exc", "sandbox-zygote.ts")));

for (const way of SANDBOX_WAYS)
  void describe(`zino-exc sandbox (bubblewrap, ${way.name})`, { skip: needs("bubblewrap") }, () => {
    let h: ExcHarness;
    before(async () => {
      h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { sandboxZygote: way.zygote } });
    });
    after(async () => {
      await h.close();
    });

    void it(
      "EXC-40 the execution's PID 1 is the zygote's reaper, or bwrap's own, as capabilities says",
      { skip: way.zygote && zygoteMissing },
      async (t) => {
        const unused = way.zygote ? await zygoteNotUsed(h) : undefined;
        if (unused) return t.skip(unused);
        const frame = await h.call("k", "execute_bash", { code: "tr '\\0' ' ' </proc/1/cmdline" });
        assert.equal(frame.exit_code, 0, JSON.stringify(frame));
        if (way.zygote) assert.equal(String(frame.stdout).trim(), "/.zino-zygote");
        else assert.match(String(frame.stdout), /^\S*bwrap /);
        const caps = await h.request({ type: "capabilities", ctxkey: "k" });
        assert.equal(caps.sandbox_zygote, way.zygote);
      },
    );

    void it("EXC-02 runs a bash tool and reports exit code, stdout, stderr, ms and the bwrap isolation", async () => {
      const frame = await h.call("k", "execute_bash", { code: "echo out; echo err >&2; exit 3" });
      assert.equal(frame.type, "result");
      assert.equal(frame.exit_code, 3);
      assert.equal(frame.stdout, "out\n");
      assert.equal(frame.stderr, "err\n");
      assert.equal(frame.truncated, false);
      assert.equal(typeof frame.ms, "number");
      assert.equal(frame.isolation, "bwrap");
    });

    void it("EXC-06 cannot write outside its work dir, and the work dir is fresh and removed afterwards", async () => {
      const probe = `zx-probe-${process.pid}-${Date.now()}`;
      const code = [
        "touch /etc/x 2>/dev/null && echo etc=written || echo etc=denied",
        'touch "$HOME/../x" 2>/dev/null && echo parent=written || echo parent=denied',
        "touch /usr/x 2>/dev/null && echo usr=written || echo usr=denied",
        `touch ${REPO}/${probe} 2>/dev/null && echo repo=written || echo repo=denied`,
        `mkdir -p ${REPO} 2>/dev/null; touch ${REPO}/${probe} 2>/dev/null; true`,
        "ls -A /work | grep -v '^work$' | head -5 | tr '\\n' ' '; echo",
        "echo data > /work/file && cat /work/file",
        "echo tmp > /tmp/t && cat /tmp/t",
      ].join("\n");
      // A warm sandbox may be waiting for the next call: that is the only directory left, and it is empty.
      const leftBehind = () =>
        readdirSync(h.workRoot).map((entry) =>
          readdirSync(join(h.workRoot, entry))
            .sort()
            .map((sub) => `${sub}:${readdirSync(join(h.workRoot, entry, sub)).length}`)
            .join(" "),
        );
      const first = await h.call("k", "execute_bash", { code });
      const out = String(first.stdout);
      assert.match(out, /etc=denied/);
      assert.match(out, /parent=denied/);
      assert.match(out, /usr=denied/);
      assert.match(out, /repo=denied/);
      assert.match(out, /data\ntmp\n$/);
      assert.equal(existsSync(`${REPO}/${probe}`), false, "the repository is untouched");
      const second = await h.call("k", "execute_bash", { code: "ls -A /work | wc -l; test -e /tmp/t && echo tmp=kept || echo tmp=fresh" });
      assert.equal(String(second.stdout), "0\ntmp=fresh\n", "every execution gets a fresh work dir and /tmp");
      assert.ok(leftBehind().length <= 1, `at most one warm sandbox waits: ${JSON.stringify(leftBehind())}`);
      // /work is a tmpfs inside the sandbox: a bubblewrap execution has no host work dir.
      for (const dirs of leftBehind()) assert.equal(dirs, "code:0", "a waiting sandbox holds no script and no files");
    });

    void it("EXC-07 has no network when the rules disallow it, and has it when they allow it", async () => {
      let connections = 0;
      const server: Server = createServer((socket) => {
        connections += 1;
        socket.end("hello\n");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const code = `if exec 3<>/dev/tcp/127.0.0.1/${port}; then head -n1 <&3; echo connected; else echo refused; fi`;
      try {
        h.configure("offline", { exec: { network: false } });
        const offline = await h.call("offline", "execute_bash", { code });
        assert.match(String(offline.stdout), /refused/);
        assert.equal(connections, 0);
        h.configure("online", { exec: { network: true } });
        const online = await h.call("online", "execute_bash", { code });
        assert.match(String(online.stdout), /hello\nconnected/);
        assert.equal(connections, 1);
      } finally {
        server.close();
      }
    });

    void it("EXC-08 kills the whole process group on timeout and keeps the partial output", async () => {
      const marker = `31.${process.pid % 1000}7`;
      h.configure("slow", { exec: { timeout_ms: 1500 } });
      const started = Date.now();
      const frame = await h.call("slow", "execute_bash", { code: `echo started; (sleep ${marker}; echo never) & sleep ${marker}` });
      // Well before the 31 s the script would run: its 1.5 s timeout, with room for a loaded machine.
      assert.ok(Date.now() - started < 20_000, "answered soon after the timeout");
      assert.equal(frame.exit_code, 124);
      assert.equal(frame.timed_out, true);
      assert.equal(frame.stdout, "started\n");
      assert.match(String(frame.stderr), /timeout of 1500 ms/);
      // Killed processes leave /proc a moment later (after a fixed 200 ms, a loaded machine could still show them).
      await waitUntil("no process of the tool survives", () => processesWith(`sleep ${marker}`).length === 0, 15_000);
    });

    void it("EXC-09 caps large output with truncated:true, and kills a tool that keeps flooding", async () => {
      h.configure("capped", { exec: { output_cap_bytes: 10_000 } });
      const big = await h.call("capped", "execute_bash", { code: "head -c 300000 /dev/zero | tr '\\0' 'a'; echo; echo done >&2" });
      assert.equal(big.truncated, true);
      assert.equal(String(big.stdout).length, 10_000);
      assert.equal(big.exit_code, 0);
      assert.match(String(big.stderr), /^done\n/);
      const started = Date.now();
      const flood = await h.call("capped", "execute_bash", { code: "yes flood" });
      assert.equal(flood.truncated, true);
      assert.equal(flood.timed_out, undefined, "stopped by the flood guard, not the timeout");
      assert.ok(Date.now() - started < 10_000);
      assert.match(String(flood.stderr), /kept flooding/);
    });

    void it("EXC-10 contains a fork bomb and a memory hog, and exc still answers ping", async () => {
      // The timeout leaves the shell room for bash's fork retries (1, 2, 4 s...) while the bomb still holds the
      // process limit: with 4 s, a CI run under load once timed out before `sleep 2` could start (stdout empty).
      h.configure("hostile", { exec: { max_processes: 32, memory_mb: 128, timeout_ms: 15_000 } });
      const bomb = await h.call("hostile", "execute_bash", { code: "bomb() { bomb | bomb & }; bomb; sleep 2; echo survived" });
      assert.equal(bomb.type, "result");
      assert.match(String(bomb.stdout), /survived/, "the tool's own shell keeps working");
      assert.match(String(bomb.stderr), /Resource temporarily unavailable/, "the process limit stopped the bomb");
      const python = await h.call("hostile", "execute_python3", { code: "x = bytearray(1024 * 1024 * 1024)\nprint('allocated')" });
      assert.notEqual(python.exit_code, 0);
      assert.match(String(python.stderr), /MemoryError/);
      assert.doesNotMatch(String(python.stdout), /allocated/);
      const node = await h.call("hostile", "execute_node", {
        code: "console.log('started'); const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1));",
      });
      assert.equal(node.stdout, "started\n", "node starts under the memory limit");
      assert.notEqual(node.exit_code, 0);
      assert.equal(node.timed_out, undefined, "stopped by the memory limit, not the timeout");
      assert.deepEqual(await h.request({ type: "ping" }), { type: "pong" });
      const after = await h.call("hostile", "execute_bash", { code: "echo fine" });
      assert.equal(after.stdout, "fine\n");
    });

    void it("EXC-06 two executions at once share nothing they could reach each other by: terminals, files, loopback", async () => {
      // A makes a pseudo-terminal, files in /tmp, /dev/shm and /work, a TCP listener on loopback and an abstract Unix
      // socket, then waits in a sleep the test can see (and ends once B is done); B, run meanwhile, looks for each of
      // them and types into every terminal it finds. A then reads what was typed into its terminal.
      const marker = `30.${process.pid % 1000}7`;
      const port = 20000 + (process.pid % 20000);
      const peer = `zx-peer-${process.pid}`;
      const first = h.call("k", "execute_python3", {
        code: [
          "import os, pty, socket, subprocess",
          "master, terminal = pty.openpty()",
          `for d in ('/tmp', '/dev/shm', '/work'): open(d + '/${peer}', 'w').write('a')`,
          `tcp = socket.socket(); tcp.bind(('127.0.0.1', ${port})); tcp.listen()`,
          `unix = socket.socket(socket.AF_UNIX); unix.bind('\\0${peer}'); unix.listen()`,
          `subprocess.run(['sleep', '${marker}'])`,
          "os.set_blocking(master, False)",
          "try: print('typed', os.read(master, 100))",
          "except BlockingIOError: print('typed nothing')",
        ].join("\n"),
      });
      for (let i = 0; i < 100 && processesWith(`sleep ${marker}`).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
      assert.ok(processesWith(`sleep ${marker}`).length > 0, "the first execution is ready");
      const second = await h.call("k", "execute_python3", {
        code: [
          "import os, socket",
          "terminals = sorted(p for p in os.listdir('/dev/pts') if p != 'ptmx')",
          "print('terminals', terminals)",
          `for d in ('/tmp', '/dev/shm', '/work'): print(d, os.path.exists(d + '/${peer}'))`,
          `for name, family, address in (('tcp', socket.AF_INET, ('127.0.0.1', ${port})), ('unix', socket.AF_UNIX, '\\0${peer}')):`,
          "    try: socket.socket(family).connect(address); print(name, 'connected')",
          "    except OSError: print(name, 'refused')",
          "for p in terminals:",
          "    try: open('/dev/pts/' + p, 'w').write('typed by the other\\n')",
          "    except OSError: pass",
        ].join("\n"),
      });
      const whileWaiting = processesWith(`sleep ${marker}`).length > 0;
      for (const pid of processesWith(`sleep ${marker}`)) process.kill(pid, "SIGTERM");
      const done = await first;
      assert.ok(whileWaiting, "the second execution ran while the first one waited");
      assert.equal(second.exit_code, 0, JSON.stringify(second));
      assert.equal(second.stdout, "terminals []\n/tmp False\n/dev/shm False\n/work False\ntcp refused\nunix refused\n");
      assert.equal(done.exit_code, 0, JSON.stringify(done));
      assert.equal(done.stdout, "typed nothing\n");
    });

    void it("EXC-11 returns promptly when a script starts a background job and exits (not a timeout)", async () => {
      const marker = `32.${process.pid % 1000}3`;
      const started = Date.now();
      const frame = await h.call("k", "execute_bash", { code: `sleep ${marker} & echo started` });
      // Well before the 32 s the background job runs (a sandbox's start on a loaded machine can take seconds).
      assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
      assert.equal(frame.exit_code, 0);
      assert.equal(frame.stdout, "started\n");
      assert.equal(frame.timed_out, undefined);
      await waitUntil("the background job died with the sandbox", () => processesWith(`sleep ${marker}`).length === 0, 15_000);
    });

    void it("EXC-06 a tool has its standard streams and no other descriptor (none of exc's, none exc inherited)", async () => {
      // ls lists the script's shell's descriptors ($$), not its own.
      const frame = await h.call("k", "execute_bash", { code: "ls /proc/$$/fd" });
      assert.equal(frame.exit_code, 0, JSON.stringify(frame));
      assert.deepEqual(String(frame.stdout).trim().split(/\s+/), ["0", "1", "2"]);
    });

    void it("EXC-11 a script that signals itself ends as it would outside a sandbox (128 + the signal), its next line unrun", async () => {
      for (const [signal, code] of [
        ["TERM", 143],
        ["INT", 130],
        ["HUP", 129],
        ["USR1", 138],
        ["KILL", 137],
      ] as const) {
        const frame = await h.call("k", "execute_bash", { code: `echo before; kill -${signal} $$; echo after` });
        assert.equal(frame.stdout, "before\n", `${signal}: ${JSON.stringify(frame)}`);
        assert.equal(frame.exit_code, code, `${signal}: ${JSON.stringify(frame)}`);
      }
      // A script's own trap still runs, and the signal's default comes back in the processes it starts.
      const trapped = await h.call("k", "execute_bash", {
        code: "trap 'echo caught; exit 3' TERM; kill $$; echo after",
      });
      assert.deepEqual([trapped.stdout, trapped.exit_code], ["caught\n", 3]);
      const child = await h.call("k", "execute_bash", { code: "bash -c 'kill $$; echo after'; echo \"child $?\"" });
      assert.equal(child.stdout, "child 143\n");
    });

    void it("EXC-11 the script's shell is not the sandbox's PID 1, and that init shrugs off the signals a script sends it", async () => {
      const frame = await h.call("k", "execute_bash", { code: 'echo "pid $$"; kill -KILL 1; kill -TERM 1; sleep 0.1; echo alive' });
      assert.equal(frame.exit_code, 0, JSON.stringify(frame));
      assert.match(String(frame.stdout), /^pid (\d+)\nalive\n$/);
      assert.notEqual(/^pid (\d+)/.exec(String(frame.stdout))![1], "1");
      // Its outcome is the script's, whatever the init's fate: a failing script after it is still its own status.
      const failing = await h.call("k", "execute_bash", { code: "kill -KILL 1; echo out; echo err >&2; exit 9" });
      assert.deepEqual([failing.exit_code, failing.stdout, failing.stderr], [9, "out\n", "err\n"]);
    });

    void it("EXC-11 a process orphaned inside the sandbox is reaped while the script runs", async () => {
      // The orphan's parent exits at once; the orphan exits 0.2 s later. Reaped, it leaves no zombie behind.
      const frame = await h.call("k", "execute_bash", {
        code: "sh -c 'sleep 0.2 & exit 0'; sleep 0.6; grep -l '^State:.*Z' /proc/[0-9]*/status 2>/dev/null | wc -l",
      });
      assert.equal(frame.exit_code, 0, JSON.stringify(frame));
      assert.equal(frame.stdout, "0\n", "no zombie left in the sandbox");
    });

    void it("EXC-12 kills the running tool when the caller disconnects", async () => {
      const marker = `33.${process.pid % 1000}1`;
      const controller = new AbortController();
      const pending = h.request(
        { message: { name: "execute_bash", arguments: { code: `sleep ${marker}` } }, ctxkey: "k" },
        controller.signal,
      );
      await waitUntil("the tool started", () => processesWith(`sleep ${marker}`).length > 0, 15_000);
      controller.abort();
      await assert.rejects(pending);
      await waitUntil("the tool was killed", () => processesWith(`sleep ${marker}`).length === 0, 15_000);
    });

    void it("EXC-02 runs python3 and node tools in the same sandbox", async () => {
      const py = await h.call("k", "execute_python3", { code: "import os\nprint(os.getcwd(), os.environ.get('HOME'), 6 * 7)" });
      assert.equal(py.stdout, "/work /work 42\n");
      const js = await h.call("k", "execute_node", { code: "console.log(process.cwd(), 6 * 7)" });
      assert.equal(js.stdout, "/work 42\n");
      assert.equal(field(js, "exit_code"), 0);
    });
  });

void describe("zino-exc warm sandboxes (a bubblewrap per execution)", { skip: needs("bubblewrap") }, () => {
  let h: ExcHarness;
  before(async () => {
    // The warm sandboxes' own bwrap processes are looked at here; the zygote's warm executions are tested below.
    h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { sandboxZygote: false } });
  });
  after(async () => {
    await h.close();
  });

  /** Within 2 s. */
  const waitFor = (what: string, check: () => boolean) => waitUntil(what, check, 15_000);
  /** The directories of waiting sandboxes (each holds an empty code dir until its call comes). */
  const waiting = () => readdirSync(h.workRoot).sort();
  /** The command line of the bwrap process holding a directory. */
  const bwrapOf = (dir: string) =>
    processesWith(join(h.workRoot, dir)).map((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" "));

  void it("EXC-27 the next execution runs in the sandbox made after the previous one, and its timeout counts from the call", async () => {
    // 2 s: the second script (0.2 s of sleep) must end within it on a loaded machine too.
    h.configure("warm", { exec: { timeout_ms: 2000 } });
    const first = await h.call("warm", "execute_bash", { code: "echo one" });
    assert.equal(first.stdout, "one\n");
    await waitFor("a sandbox waits after the first execution", () => waiting().length === 1 && bwrapOf(waiting()[0]!).length > 0);
    const [made] = waiting();
    assert.match(bwrapOf(made!)[0]!, /bwrap .*--unshare-all/, "it is a bubblewrap sandbox");
    // Longer than the timeout: a sandbox waiting is not a script running.
    await new Promise((r) => setTimeout(r, 2300));
    const second = await h.call("warm", "execute_bash", { code: "sleep 0.2; echo two; ls -A /work | wc -l" });
    assert.equal(second.exit_code, 0, JSON.stringify(second));
    assert.equal(second.stdout, "two\n0\n");
    assert.equal(second.timed_out, undefined);
    assert.ok(!existsSync(join(h.workRoot, made!)), "the waiting sandbox was the one used, and it is gone");
    await waitFor("another sandbox waits", () => waiting().length === 1 && waiting()[0] !== made);
  });

  void it("EXC-27 a warm sandbox that died is replaced, and the call runs as if none had been made", async () => {
    await h.call("dies", "execute_bash", { code: "true" });
    await waitFor("a sandbox waits", () => waiting().some((dir) => bwrapOf(dir).length > 0));
    for (const dir of waiting()) for (const pid of processesWith(join(h.workRoot, dir))) process.kill(pid, "SIGKILL");
    // Died a moment ago, as a sandbox killed from outside would have (one killed in the same millisecond as the
    // call is released dead, and the call answers exit 137 like a script killed from outside).
    await new Promise((r) => setTimeout(r, 100));
    const frame = await h.call("dies", "execute_bash", { code: "echo still; echo err >&2" });
    assert.equal(frame.exit_code, 0);
    assert.equal(frame.stdout, "still\n");
    assert.equal(frame.stderr, "err\n");
  });

  void it("EXC-27 ready makes a sandbox with the ctxkey's rules for its first allowed executor", async () => {
    for (const dir of waiting()) for (const pid of processesWith(join(h.workRoot, dir))) process.kill(pid, "SIGKILL");
    h.configure("online-py", { exec: { network: true, deny: ["execute_bash"] } });
    const ready = await h.request({ message: null, ctxkey: "online-py" });
    assert.equal(ready.type, "ready");
    const lines = () => waiting().flatMap(bwrapOf);
    await waitFor("ready made a sandbox", () => lines().some((line) => line.includes("--share-net")));
    const line = lines().find((candidate) => candidate.includes("--share-net"))!;
    assert.match(line, /python3 -u \/code\/main\.py/, "for python3, bash being denied");
    const capabilities = await h.request({ type: "capabilities", ctxkey: "online-py" });
    assert.ok(
      Number(capabilities.warm_sandboxes) >= 1,
      `capabilities counts the waiting sandboxes: ${String(capabilities.warm_sandboxes)}`,
    );
    const frame = await h.call("online-py", "execute_python3", { code: "print(6 * 7)" });
    assert.equal(frame.stdout, "42\n");
  });

  void it("EXC-27 closing exc kills the waiting sandboxes and removes their directories", async () => {
    await h.call("k", "execute_bash", { code: "true" });
    await waitFor("a sandbox waits", () => waiting().some((dir) => bwrapOf(dir).length > 0));
    await h.stopExc();
    assert.deepEqual(waiting(), []);
    // Killed with their group; a process in its own namespaces can take a moment to be gone from /proc.
    await waitFor("no waiting sandbox is left", () => processesWith(h.workRoot).length === 0);
  });

  void it("EXC-27 by default a sandboxed execution's script lies in RAM, in this user's own directory of /dev/shm", async (t) => {
    const root = join("/dev/shm", `zino-exc-${process.getuid!()}`);
    if (!onTmpfs("/dev/shm")) return t.skip("/dev/shm is not a tmpfs here");
    const defaults = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { workRoot: undefined } });
    try {
      const marker = `zx-memory-probe-${process.pid}-${Date.now()}`;
      const call = defaults.call("k", "execute_bash", { code: `# ${marker}\nsleep 0.3; echo ran` });
      const holding = () =>
        readdirSync(root).filter((base) => {
          try {
            return readFileSync(join(root, base, "code", "main.sh"), "utf8").includes(marker);
          } catch {
            return false; // another execution's, or gone meanwhile
          }
        });
      await waitFor("the script is in /dev/shm while it runs", () => holding().length === 1);
      assert.equal((await call).stdout, "ran\n");
      await waitFor("its directory is gone after the answer", () => holding().length === 0);
    } finally {
      await defaults.close();
    }
  });

  void it("EXC-27 in a work root of its own, exc removes at start the execution directories a killed run left behind", async () => {
    const own = mkdtempSync(join(tmpdir(), "zx-own-"));
    chmodSync(own, 0o711);
    // Named by an earlier version (no pid) or by an exc (the pid is this test's, alive: its own root, so removed still).
    for (const name of ["zx-AbC123", "zx-dEf456", `zx-1-${process.pid}-GhI789`]) mkdirSync(join(own, name, "work"), { recursive: true });
    writeFileSync(join(own, "zx-AbC123", "work", "left.txt"), "from a killed run");
    writeFileSync(join(own, "keep.txt"), "not exc's");
    mkdirSync(join(own, "zx-not-an-execution-dir"));
    const restarted = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { workRoot: own, warmSandboxes: false } });
    try {
      assert.deepEqual(readdirSync(own).sort(), ["keep.txt", "zx-not-an-execution-dir"], "only exc's own leftovers went");
      assert.equal((await restarted.call("k", "execute_bash", { code: "echo fresh" })).stdout, "fresh\n");
    } finally {
      await restarted.close();
      rmSync(own, { recursive: true, force: true });
    }
  });

  void it("EXC-27 in the roots it shares, exc removes at start what an exc that is gone left there, and nothing else", async (t) => {
    const namespace = /\[(\d+)\]/.exec(readlinkSync("/proc/self/ns/pid"))?.[1];
    if (namespace === undefined) return t.skip("/proc does not name this process's pid namespace");
    const shared = { exc: { workRoot: undefined, warmSandboxes: false }, defaults: { exec: { static_analysis: "off" } } };
    // The roots made as exc makes them (the OS temp dir, and this user's own in /dev/shm when it is a tmpfs).
    await (await startExc(shared)).close();
    const roots = [tmpdir(), ...(onTmpfs("/dev/shm") ? [join("/dev/shm", `zino-exc-${process.getuid!()}`)] : [])];
    const gone = spawnSync("true").pid; // a process that has exited
    const names = {
      gone: `zx-${namespace}-${gone}-AbC123`,
      live: `zx-${namespace}-${process.ppid}-XyZ789`, // another exc's, alive: the test runner stands in for it
      otherNamespace: `zx-1-${gone}-QqQ111`,
      unnamed: `zx-${String(gone % 1e6).padStart(6, "0")}`,
    };
    const made = roots.flatMap((root) => Object.values(names).map((name) => join(root, name)));
    for (const dir of made) mkdirSync(join(dir, "code"), { recursive: true });
    for (const dir of made) writeFileSync(join(dir, "code", "main.sh"), "echo left behind");
    try {
      const restarted = await startExc(shared);
      await restarted.close();
      for (const root of roots) {
        assert.equal(existsSync(join(root, names.gone)), false, `${root}: the gone exc's directory is removed`);
        for (const kept of [names.live, names.otherNamespace, names.unnamed])
          assert.ok(existsSync(join(root, kept, "code", "main.sh")), `${root}: ${kept} is kept`);
      }
    } finally {
      for (const dir of made) rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("EXC-27 with warm sandboxes off, every execution starts its own and leaves no directory", async () => {
    const cold = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { warmSandboxes: false } });
    try {
      await cold.request({ message: null, ctxkey: "k" });
      const frame = await cold.call("k", "execute_bash", { code: "echo cold" });
      assert.equal(frame.stdout, "cold\n");
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(readdirSync(cold.workRoot), []);
    } finally {
      await cold.close();
    }
  });
});

void describe("zino-exc warm executions from the resident zygote", { skip: needs("bubblewrap") || zygoteMissing }, () => {
  let h: ExcHarness;
  before(async () => {
    // A zygote killed here is not started again while these tests run (EXC-41 below, on its own, tests that).
    h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { zygoteRestartMs: 600_000 } });
  });
  after(async () => {
    await h.close();
  });

  const waitFor = (what: string, check: () => boolean) => waitUntil(what, check, 15_000);
  const waiting = () => readdirSync(h.workRoot).sort();
  const parentOf = (pid: number) => Number(/^\d+ \(.*\) \S+ (\d+)/s.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))![1]);
  const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  /** This exc's base sandbox: the bwrap that shows its work root to the zygote. */
  const bases = () => processesWith(h.workRoot).filter((pid) => cmdline(pid).includes("/.zino-zygote"));
  /** Commands waiting for their go line under this exc's zygote (bash, a child of an execution's PID 1). */
  const waitingCommands = () =>
    processesWith("read -r _").filter((pid) => {
      try {
        for (let up = parentOf(pid); up > 1; up = parentOf(up)) if (bases().includes(up)) return true;
      } catch {
        // gone meanwhile
      }
      return false;
    });

  void it("EXC-41 the next execution runs in the one made after the previous one, and its timeout counts from the call", async (t) => {
    const unused = await zygoteNotUsed(h);
    if (unused) return t.skip(unused);
    // 2 s: the second script (0.2 s of sleep) must end within it on a loaded machine too.
    h.configure("warm", { exec: { timeout_ms: 2000 } });
    assert.equal((await h.call("warm", "execute_bash", { code: "echo one" })).stdout, "one\n");
    await waitFor("an execution waits after the first one", () => waiting().length === 1 && waitingCommands().length === 1);
    const [made] = waiting();
    const [command] = waitingCommands();
    await new Promise((r) => setTimeout(r, 2300));
    const second = await h.call("warm", "execute_bash", { code: "sleep 0.2; echo two $$; ls -A /work | wc -l" });
    assert.equal(second.exit_code, 0, JSON.stringify(second));
    assert.equal(second.stdout, "two 2\n0\n");
    assert.equal(second.timed_out, undefined);
    assert.ok(!existsSync(join(h.workRoot, made!)), "the waiting execution was the one used, and its directory is gone");
    assert.ok(!existsSync(`/proc/${command!}`) || !waitingCommands().includes(command!), "its command has run");
    await waitFor("another one waits", () => waiting().length === 1 && waiting()[0] !== made);
  });

  void it("EXC-41 a waiting execution killed from outside is replaced, and the call runs as if none had been made", async (t) => {
    const unused = await zygoteNotUsed(h);
    if (unused) return t.skip(unused);
    await h.call("dies", "execute_bash", { code: "true" });
    await waitFor("an execution waits", () => waitingCommands().length > 0);
    for (const pid of waitingCommands()) process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 100));
    const frame = await h.call("dies", "execute_bash", { code: "echo still; echo err >&2" });
    assert.equal(frame.exit_code, 0, JSON.stringify(frame));
    assert.equal(frame.stdout, "still\n");
    assert.equal(frame.stderr, "err\n");
  });

  void it("EXC-41 when the zygote is gone, each execution gets a bubblewrap sandbox of its own", async (t) => {
    const unused = await zygoteNotUsed(h);
    if (unused) return t.skip(unused);
    assert.equal(bases().length > 0, true, "the zygote runs");
    for (const pid of bases()) process.kill(pid, "SIGKILL");
    await waitFor("the zygote is gone", () => bases().length === 0);
    await zygoteSaid(h, false);
    // Gone a moment ago, as EXC-27 waits too: the execution that waited in it is seen dead, not released dead (137).
    await new Promise((r) => setTimeout(r, 100));
    // The one that waited died with it: this call runs in a sandbox made for it, the next ones too.
    for (const code of ["tr '\\0' ' ' </proc/1/cmdline", "tr '\\0' ' ' </proc/1/cmdline"]) {
      const frame = await h.call("k", "execute_bash", { code });
      assert.equal(frame.exit_code, 0, JSON.stringify(frame));
      assert.match(String(frame.stdout), /^\S*bwrap .*--unshare-all/);
    }
  });
});

/**
 * Why this exc does not use its zygote, for a test to skip: without a per-execution cgroup (as a user who is not
 * root here) nothing would bound the processes of its executions, so exc gives each a bubblewrap sandbox.
 */
async function zygoteNotUsed(h: ExcHarness): Promise<string | undefined> {
  const caps = await h.request({ type: "capabilities", ctxkey: "k" });
  if (caps.sandbox_zygote === true || caps.resource_limits !== "rlimit-only") return undefined;
  return `no per-execution cgroup on this machine, so no zygote: ${String(caps.resource_limits_detail)}`;
}

/** Waits (15 s at most: a loaded machine) until capabilities says `sandbox_zygote: expected`. */
async function zygoteSaid(h: ExcHarness, expected: boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const said = (await h.request({ type: "capabilities", ctxkey: "k" })).sandbox_zygote;
    if (said === expected) return;
    assert.ok(Date.now() < deadline, `capabilities still says sandbox_zygote: ${String(said)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

void describe("zino-exc without per-execution cgroups", { skip: needs("bubblewrap") || zygoteMissing }, () => {
  void it("EXC-41 starts no zygote (its executions would have no process bound) and says so; each execution gets a bubblewrap", async () => {
    const h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { cgroups: false } });
    try {
      const frame = await h.call("k", "execute_bash", { code: "tr '\\0' ' ' </proc/1/cmdline" });
      assert.equal(frame.exit_code, 0, JSON.stringify(frame));
      assert.match(String(frame.stdout), /^\S*bwrap /);
      const caps = await h.request({ type: "capabilities", ctxkey: "k" });
      assert.equal(caps.resource_limits, "rlimit-only");
      assert.equal(caps.sandbox_zygote, false);
      const zygotes = processesWith(h.workRoot).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("/.zino-zygote"));
      assert.deepEqual(zygotes, [], "no resident zygote");
    } finally {
      await h.close();
    }
  });
});

void describe("zino-exc and its zygote after it died", { skip: needs("bubblewrap") || zygoteMissing }, () => {
  void it("EXC-41 a zygote killed from outside is started again, once its restart delay has passed", async (t) => {
    const h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { zygoteRestartMs: 300, warmSandboxes: false } });
    try {
      const unused = await zygoteNotUsed(h);
      if (unused) return t.skip(unused);
      const pid1 = async () => String((await h.call("k", "execute_bash", { code: "tr '\\0' ' ' </proc/1/cmdline" })).stdout).trim();
      assert.equal(await pid1(), "/.zino-zygote");
      const bases = () => processesWith(h.workRoot).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("/.zino-zygote"));
      for (const pid of bases()) process.kill(pid, "SIGKILL");
      await zygoteSaid(h, false);
      await new Promise((r) => setTimeout(r, 350));
      // Reading the capabilities past the delay starts nothing: it says what runs now.
      assert.equal((await h.request({ type: "capabilities", ctxkey: "k" })).sandbox_zygote, false);
      assert.deepEqual(bases(), [], "no zygote started by a capabilities read");
      // The first execution asked for after the delay starts it again, and runs in it.
      assert.equal(await pid1(), "/.zino-zygote");
      await zygoteSaid(h, true);
      assert.equal(bases().length > 0, true);
    } finally {
      await h.close();
    }
  });
});

void describe("zino-exc and its zygote at close", { skip: needs("bubblewrap") || zygoteMissing }, () => {
  void it("EXC-41 closing exc ends the zygote and its waiting executions, and removes their directories", async (t) => {
    const h = await startExc({ defaults: { exec: { static_analysis: "off" } } });
    try {
      const unused = await zygoteNotUsed(h);
      if (unused) return t.skip(unused);
      await h.call("k", "execute_bash", { code: "true" });
      await waitUntil("an execution waits", () => readdirSync(h.workRoot).length === 1, 15_000);
      assert.ok(processesWith(h.workRoot).length > 0, "the zygote's base shows the work root");
      await h.stopExc();
      assert.deepEqual(readdirSync(h.workRoot), []);
      await waitUntil("nothing of the zygote is left", () => processesWith(h.workRoot).length === 0, 15_000);
    } finally {
      await h.close();
    }
  });
});
