// zino-exc protocol and rules (docs/zino-protocol.md §1, §6, §8): the process's secrets, ready, tool calls and their failures,
// allow/deny lists, static analysis, unsandboxed refusal, and the Python typed operations.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { requestOne } from "../../../src/wire/index.js";
import { processesWith, startExc, waitFor, type ExcHarness } from "./exc-harness.js";
import { needs } from "../../support/system-requirements.js";

async function waitForSocket(socket: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    try {
      await requestOne(socket, { type: "ping" }, { idleTimeoutMs: 1000 });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nothing answers on ${socket}`);
}

void describe("zino-exc process", () => {
  void it("EXC-29 refuses to start with an unusable ZINO_EXC_MAX_CONCURRENT, saying what it must be", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zx-"));
    writeFileSync(join(dir, "ZINO.toml"), ["[paths]", `runtime_dir = "${dir}/run"`, ""].join("\n"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/zino/exc/main.ts", "--config", join(dir, "ZINO.toml")], {
      env: { ...process.env, ZINO_EXC_MAX_CONCURRENT: "many", ZINO_LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let logs = "";
    child.stderr.on("data", (chunk: Buffer) => (logs += chunk.toString()));
    try {
      const [exitCode] = (await once(child, "exit")) as [number | null];
      assert.notEqual(exitCode, 0);
      assert.match(logs, /ZINO_EXC_MAX_CONCURRENT must be a positive integer/);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("EXC-30 a zino-exc killed with SIGKILL takes the sandboxes it was running with it", { skip: needs("bubblewrap") }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "zx-"));
    writeFileSync(
      join(dir, "ZINO.toml"),
      ["[paths]", `runtime_dir = "${dir}/run"`, "", "[exec]", 'static_analysis = "off"', ""].join("\n"),
    );
    const child = spawn(process.execPath, ["--import", "tsx", "src/zino/exc/main.ts", "--config", join(dir, "ZINO.toml")], {
      env: { ...process.env, ZINO_LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    const marker = `sleep 71.${process.pid % 1000}3`;
    try {
      const socket = join(dir, "run", "exc.sock");
      await waitForSocket(socket);
      // Not awaited: it runs until exc dies.
      requestOne(socket, { message: { name: "execute_bash", arguments: { code: `${marker} & ${marker}` } }, ctxkey: "k" }).catch(
        () => undefined,
      );
      await waitFor("the execution started", () => processesWith(marker).length >= 2, 20_000);
      child.kill("SIGKILL");
      await waitFor("the sandbox died with exc", () => processesWith(marker).length === 0, 5000);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      for (const pid of processesWith(marker)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // gone meanwhile
        }
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it(
    "EXC-05 EXC-01 runs tools without the service's environment (LLM_API_KEY and other secrets are invisible)",
    { skip: needs("bubblewrap") },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "zx-"));
      writeFileSync(
        join(dir, "ZINO.toml"),
        ["[paths]", `runtime_dir = "${dir}/run"`, "", "[exec]", 'static_analysis = "off"', ""].join("\n"),
      );
      const secret = `sk-zx-${process.pid}-secret`;
      const child = spawn(process.execPath, ["--import", "tsx", "src/zino/exc/main.ts", "--config", join(dir, "ZINO.toml")], {
        env: { ...process.env, LLM_API_KEY: secret, ZX_OTHER_SECRET: secret, ZINO_LOG_LEVEL: "warn" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let logs = "";
      child.stderr.on("data", (chunk: Buffer) => (logs += chunk.toString()));
      try {
        const socket = join(dir, "run", "exc.sock");
        await waitForSocket(socket);
        const ready = await requestOne(socket, { message: null, ctxkey: "k" });
        assert.equal(ready.type, "ready");
        assert.equal(ready.config_source, "defaults", "ctx is not running: the instance defaults apply");
        assert.match(String(ready.warning), /ctx unavailable/);
        const code = `env; cat /proc/self/environ; grep -rs "${secret}" /proc/*/environ /work /tmp; echo "key=\${LLM_API_KEY:-unset}"`;
        for (const name of ["execute_bash", "execute_python3", "execute_node"]) {
          const program =
            name === "execute_bash"
              ? code
              : name === "execute_python3"
                ? "import os\nprint(dict(os.environ))"
                : "console.log(JSON.stringify(process.env))";
          const result = await requestOne(socket, { message: { name, arguments: { code: program } }, ctxkey: "k" });
          assert.equal(result.exit_code, 0, String(result.stderr));
          assert.doesNotMatch(JSON.stringify(result), new RegExp(secret));
          assert.match(String(result.stdout), /HOME/);
        }
        const bash = await requestOne(socket, { message: { name: "execute_bash", arguments: { code } }, ctxkey: "k" });
        assert.match(String(bash.stdout), /key=unset/);
        assert.doesNotMatch(logs, new RegExp(secret));
        child.kill("SIGTERM");
        const [exitCode] = (await once(child, "exit")) as [number | null];
        assert.equal(exitCode, 0, "SIGTERM stops zino-exc cleanly");
      } finally {
        if (child.exitCode === null) child.kill("SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

void describe("zino-exc protocol", () => {
  let h: ExcHarness;
  let agents: string;
  before(async () => {
    agents = mkdtempSync(join(tmpdir(), "zx-agents-"));
    mkdirSync(join(agents, "tools"));
    writeFileSync(
      join(agents, "tools", "bash.json"),
      JSON.stringify({
        name: "execute_bash",
        description: "Shell from agents/tools.",
        meta: { executor: "bash", file_extension: "sh", static_analysis: "shellcheck" },
        parameters: {},
      }),
    );
    writeFileSync(join(agents, "tools", "broken.json"), "{ not json");
    h = await startExc({ agentsDir: agents });
  });
  after(async () => {
    await h.close();
    rmSync(agents, { recursive: true, force: true });
  });

  void it("EXC-01 answers (null, ctxkey) with ready after loading the rules from ctx", { skip: needs("bubblewrap") }, async () => {
    const ready = await h.request({ message: null, ctxkey: "fresh" });
    assert.equal(ready.type, "ready");
    assert.equal(ready.ctxkey, "fresh");
    assert.equal(ready.config_source, "ctx");
    assert.equal(ready.isolation, "bwrap");
    assert.ok(h.ctx.requests.some((frame) => frame.type === "get_config" && frame.ctxkey === "fresh"));
  });

  void it(
    "EXC-01 caches a ctxkey's rules between calls and reloads them on the ready handshake",
    { skip: needs("bubblewrap") },
    async () => {
      const cached = await startExc({ exc: { rulesTtlMs: 60_000 }, defaults: { exec: { static_analysis: "off" } } });
      try {
        const asked = () => cached.ctx.requests.filter((frame) => frame.type === "get_config" && frame.ctxkey === "c").length;
        await cached.call("c", "execute_bash", { code: "echo 1" });
        await cached.request({ type: "tools", ctxkey: "c" });
        assert.equal(asked(), 1);
        cached.configure("c", { exec: { deny: ["execute_bash"] } });
        assert.equal((await cached.call("c", "execute_bash", { code: "echo 2" })).exit_code, 0, "still the cached rules");
        await cached.request({ message: null, ctxkey: "c" });
        assert.equal(asked(), 2);
        assert.equal((await cached.call("c", "execute_bash", { code: "echo 3" })).exit_code, 126, "the new rules after ready");
      } finally {
        await cached.close();
      }
    },
  );

  void it("EXC-04 lists the allowed executors as OpenAI function tools with a code parameter", async () => {
    const frame = await h.request({ type: "tools", ctxkey: "k" });
    const tools = frame.tools as { type: string; function: { name: string; description: string; parameters: { required: string[] } } }[];
    assert.deepEqual(
      tools.map((tool) => tool.function.name),
      ["execute_bash", "execute_python3", "execute_node"],
    );
    assert.equal(tools[0]?.type, "function");
    assert.equal(tools[0]?.function.description, "Shell from agents/tools.");
    assert.deepEqual(tools[0]?.function.parameters.required, ["code"]);
  });

  void it("EXC-01 EXC-04 a ready asked with include_tools also carries the tools list, the same as the tools answer", async () => {
    const listed = await h.request({ type: "tools", ctxkey: "k" });
    const ready = await h.request({ message: null, ctxkey: "k", include_tools: true });
    assert.equal(ready.type, "ready");
    assert.deepEqual(ready.tools, listed.tools);
    const plain = await h.request({ message: null, ctxkey: "k" });
    assert.equal(plain.tools, undefined);
  });

  void it(
    "EXC-02 accepts arguments as a JSON string, channel_id as the ctxkey, and a bare executor name",
    { skip: needs("bubblewrap") },
    async () => {
      const frame = await h.request({
        message: { name: "execute_bash", arguments: JSON.stringify({ code: "echo via-string" }) },
        channel_id: "k",
      });
      assert.equal(frame.stdout, "via-string\n");
      const bare = await h.call("k", "bash", { code: "echo bare-name" });
      assert.equal(bare.stdout, "bare-name\n", "the Python tool-file name is accepted too");
    },
  );

  void it("EXC-03 answers unknown tools and bad arguments with failing results, malformed frames with bad_request", async () => {
    const unknown = await h.call("k", "execute_cobol", { code: "x" });
    assert.equal(unknown.type, "result");
    assert.equal(unknown.exit_code, 127);
    assert.match(String(unknown.stderr), /unknown tool execute_cobol; available: execute_bash/);
    const other = await h.call("k", "web_search", {});
    assert.equal(other.exit_code, 127);
    const noCode = await h.call("k", "execute_bash", { script: "echo" });
    assert.equal(noCode.exit_code, 2);
    assert.match(String(noCode.stderr), /"code"/);
    const badJson = await h.call("k", "execute_bash", "{code: nope");
    assert.equal(badJson.exit_code, 2);
    assert.match(String(badJson.stderr), /not valid JSON/);
    const noName = await h.request({ message: { arguments: {} }, ctxkey: "k" });
    assert.equal(noName.type, "error");
    assert.equal(noName.code, "bad_request");
    const text = await h.request({ message: "run something", ctxkey: "k" });
    assert.equal(text.code, "bad_request");
    const unknownType = await h.request({ type: "dance", ctxkey: "k" });
    assert.equal(unknownType.code, "unknown_type");
    const badExecute = await h.request({ type: "execute", executor: "bash" });
    assert.equal(badExecute.code, "bad_request");
  });

  void it("EXC-14 enforces allow and deny lists by tool name", { skip: needs("bubblewrap") }, async () => {
    h.configure("denied", { exec: { deny: ["execute_python3"] } });
    const refused = await h.call("denied", "execute_python3", { code: "print(1)" });
    assert.equal(refused.exit_code, 126);
    assert.match(String(refused.stderr), /denied/);
    const viaPython = await h.request({ type: "execute", executor: "python3", code: "print(1)", ctxkey: "denied" });
    assert.equal(viaPython.exit_code, 126);
    const listed = await h.request({ type: "tools", ctxkey: "denied" });
    assert.deepEqual(
      (listed.tools as { function: { name: string } }[]).map((t) => t.function.name),
      ["execute_bash", "execute_node"],
    );
    h.configure("only-bash", { exec: { allow: ["execute_b*"] } });
    assert.equal((await h.call("only-bash", "execute_node", { code: "1" })).exit_code, 126);
    assert.equal((await h.call("only-bash", "execute_bash", { code: "echo ok" })).stdout, "ok\n");
  });

  void it(
    "EXC-15 blocks on shellcheck findings when static analysis is blocking, and appends them when advisory",
    { skip: needs("shellcheck") },
    async () => {
      const code = "cd /work/sub\necho ran";
      h.configure("blocking", { exec: { static_analysis: "blocking" } });
      const blocked = await h.call("blocking", "execute_bash", { code });
      assert.equal(blocked.exit_code, 2);
      assert.doesNotMatch(String(blocked.stdout), /ran/);
      assert.match(String(blocked.stderr), /refused by static analysis \(shellcheck, blocking\)[\s\S]*main\.sh:1:1: warning: .*SC2164/);
      h.configure("advisory", { exec: { static_analysis: "advisory" } });
      const advised = await h.call("advisory", "execute_bash", { code });
      assert.equal(advised.stdout, "ran\n");
      assert.match(String(advised.stderr), /\[static analysis: shellcheck\]\nmain\.sh:1:1: warning: .*SC2164/);
      h.configure("off", { exec: { static_analysis: "off" } });
      const off = await h.call("off", "execute_bash", { code });
      assert.doesNotMatch(String(off.stderr), /SC2164/);
      const clean = await h.call("blocking", "execute_bash", { code: "echo clean" });
      assert.equal(clean.stdout, "clean\n");
    },
  );

  void it("EXC-16 answers the Python execute, validate and capabilities operations", { skip: needs("bubblewrap") }, async () => {
    const executed = await h.request({ type: "execute", executor: "python3", code: "print(6 * 7)" });
    assert.equal(executed.type, "result");
    assert.equal(executed.exit_code, 0);
    assert.equal(executed.stdout, "42\n");
    assert.equal((await h.request({ type: "execute", executor: "python", code: "print('alias')" })).stdout, "alias\n");
    const checks: [string, string, boolean, RegExp?][] = [
      ["bash", "echo fine", true],
      ["bash", "if true; then echo", false, /main\.sh/],
      ["python3", "print('ok')", true],
      ["python3", "def broken(:\n  pass", false, /main\.py:1:\d+: error/],
      ["node", "console.log(1)", true],
      ["node", "function (", false, /SyntaxError/],
    ];
    for (const [executor, code, ok, pattern] of checks) {
      const frame = await h.request({ type: "validate", executor, code });
      assert.equal(frame.type, "validation");
      assert.equal(frame.ok, ok, `${executor}: ${code} → ${JSON.stringify(frame)}`);
      if (pattern) assert.match((frame.errors as string[]).join("\n"), pattern);
    }
    const caps = await h.request({ type: "capabilities" });
    assert.equal(caps.type, "capabilities");
    assert.deepEqual(Object.keys(caps.executors as object), ["bash", "python3", "node"]);
    assert.equal(caps.isolation, "bwrap");
    assert.equal(caps.timeout, 30);
    assert.equal(caps.network, false);
  });
});

void describe("zino-exc without a sandbox", () => {
  let h: ExcHarness;
  before(async () => {
    h = await startExc({ exc: { bwrapPath: "/nonexistent/bwrap" } });
  });
  after(async () => {
    await h.close();
  });

  void it("EXC-13 refuses to execute and reports isolation refused unless allow_unsandboxed is set", async () => {
    const refused = await h.call("k", "execute_bash", { code: "echo should-not-run" });
    assert.equal(refused.exit_code, 126);
    assert.equal(refused.stdout, "");
    assert.match(String(refused.stderr), /no sandbox is available.*allow_unsandboxed/);
    const caps = await h.request({ type: "capabilities", ctxkey: "k" });
    assert.equal(caps.isolation, "refused");
    assert.equal(caps.sandbox_available, false);
  });

  void it("EXC-13 EXC-05 runs unsandboxed with a scrubbed environment and limits when allow_unsandboxed is true", async () => {
    process.env.ZX_IN_PROCESS_SECRET = "zx-in-process-secret";
    try {
      h.configure("loose", { exec: { allow_unsandboxed: true, static_analysis: "off" } });
      const caps = await h.request({ type: "capabilities", ctxkey: "loose" });
      assert.equal(caps.isolation, "none");
      // Its process limit: its cgroup's pids.max (v1: the pids hierarchy, v2: the unified one), else RLIMIT_NPROC.
      const pidsMax =
        'v1=$(sed -n "s/^[0-9]*:pids://p" /proc/self/cgroup); v2=$(sed -n "s/^0:://p" /proc/self/cgroup); ' +
        'echo "pids.max=$(cat "/sys/fs/cgroup/pids$v1/pids.max" 2>/dev/null || cat "/sys/fs/cgroup$v2/pids.max" 2>/dev/null)"';
      const code = `env; echo "nproc=$(ulimit -u)"; ${pidsMax}; pwd; echo "$HOME"`;
      const result = await h.call("loose", "execute_bash", { code });
      assert.equal(result.exit_code, 0, String(result.stderr));
      assert.equal(result.isolation, "none");
      const out = String(result.stdout);
      assert.doesNotMatch(out, /zx-in-process-secret/);
      if (caps.resource_limits === "rlimit-only") {
        // What its user runs already, plus max_processes (64 by default).
        assert.ok(Number(/^nproc=(\d+)$/m.exec(out)?.[1]) >= 64, out);
      } else {
        assert.match(out, /^pids\.max=64$/m);
        assert.doesNotMatch(out, /^nproc=64$/m, "no RLIMIT_NPROC shared with the user's other processes");
      }
      const marker = `sleep 34.${process.pid % 1000}9`;
      const started = Date.now();
      const background = await h.call("loose", "execute_bash", { code: `${marker} & echo started` });
      assert.equal(background.stdout, "started\n");
      assert.ok(Date.now() - started < 3000);
    } finally {
      delete process.env.ZX_IN_PROCESS_SECRET;
    }
  });

  void it("EXC-06 EXC-27 unsandboxed, each execution starts in an empty work and tmp dir; a base left as made serves again, a changed one never", async () => {
    h.configure("again", { exec: { allow_unsandboxed: true, static_analysis: "off" } });
    // Where it runs, then what it finds there: entries in its work and tmp dirs, and their modes.
    const look = `printf '%s\\n' "$(pwd)" "$(ls -A | wc -l)" "$(ls -A "$TMPDIR" | wc -l)" "$(stat -c %a . "$TMPDIR")"`;
    const changes = ["", "", "touch left", "", 'touch "$TMPDIR/t"', "", "chmod 755 .", "", "mkdir d", "", "", "", ""];
    const places: string[] = [];
    const changed = new Set<string>();
    for (const change of changes) {
      const result = await h.call("again", "execute_bash", { code: `${look}\n${change}` });
      assert.equal(result.exit_code, 0, String(result.stderr));
      const [place, workEntries, tmpEntries, ...modes] = String(result.stdout).trim().split("\n");
      assert.deepEqual([workEntries, tmpEntries, ...modes], ["0", "0", "700", "700"], `found in ${place}`);
      assert.equal(changed.has(place!), false, "a base an earlier run changed is never used again");
      places.push(place!);
      if (change !== "") changed.add(place!);
    }
    assert.ok(new Set(places).size < places.length, `a base left as made serves again: ${places.join(", ")}`);
  });

  void it(
    "EXC-13 reports a sandbox that cannot reach its work dirs as unavailable (start-up self-test)",
    { skip: needs("bubblewrap") || (process.getuid?.() !== 0 && "needs root (the sandbox user differs from exc's)") },
    async () => {
      const privateRoot = mkdtempSync(join(tmpdir(), "zx-private-"));
      const other = await startExc({ exc: { workRoot: join(privateRoot, "runs") } });
      try {
        const caps = await other.request({ type: "capabilities" });
        assert.equal(caps.sandbox_available, false);
        assert.match(String(caps.sandbox_problem), /self-test failed/);
        assert.equal(caps.isolation, "refused");
      } finally {
        await other.close();
        rmSync(privateRoot, { recursive: true, force: true });
      }
    },
  );

  void it("EXC-13 refuses exec.sandbox = none without allow_unsandboxed even where bubblewrap exists", async () => {
    const other = await startExc({ defaults: { exec: { sandbox: "none" } } });
    try {
      const refused = await other.call("k", "execute_bash", { code: "echo no" });
      assert.equal(refused.exit_code, 126);
      assert.match(String(refused.stderr), /exec.sandbox is "none"/);
    } finally {
      await other.close();
    }
  });
});
