// exc starts its tool processes without a fork when the native addon is built (src/zino/exc/native-spawn.ts,
// native/zino-spawn.c), and with Node's spawn otherwise. Both ways must give a child the same world: each case below
// runs through both, with real processes, and the addon's own edges (descriptors, reaping, the drop to another
// user, the build without a compiler) get tests of their own.
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { REPO_ROOT } from "../../../harness/zino-processes.js";
import { addonFile, nativeSpawnAddon, nativeSpawnUnavailable, resolveCommand } from "../../../src/zino/exc/native-spawn.js";
import { runProcess, startProcess, type RunOutcome, type RunProcessOptions } from "../../../src/zino/exc/run-process.js";

const PATH = "/usr/local/bin:/usr/bin:/bin";
const scratch = mkdtempSync(join(tmpdir(), "znspawn-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Whether this machine can build the addon: the same search as scripts/build-native.mjs. */
function canBuild(): boolean {
  const compiler = ["cc", "gcc", "clang"].some((name) => spawnSync("sh", ["-c", `command -v ${name}`]).status === 0);
  const headers = ["/usr/include/node", join(process.execPath, "..", "..", "include", "node")].some(
    (dir) => existsSync(join(dir, "node_api.h")) && existsSync(join(dir, "uv.h")),
  );
  return compiler && headers;
}

const run = (options: Partial<RunProcessOptions> & { command: string; args: string[] }, nodeSpawn: boolean): Promise<RunOutcome> =>
  runProcess({ env: { PATH }, cwd: "/", timeoutMs: 5000, outputCapBytes: 65536, nodeSpawn, ...options });

/** Like `run`, and resolves once the child has exited too (an outcome may come before: `reportsExit`). */
async function runAndReap(
  options: Partial<RunProcessOptions> & { command: string; args: string[] },
  nodeSpawn: boolean,
): Promise<RunOutcome> {
  const child = startProcess({ env: { PATH }, cwd: "/", nodeSpawn, ...options });
  const outcome = await child.release({ timeoutMs: options.timeoutMs ?? 5000, outputCapBytes: options.outputCapBytes ?? 65536 });
  await child.exited;
  return outcome;
}

/**
 * How many descriptors this process has once the handles being closed are gone: the addon closes a child's pidfd in
 * libuv's close phase, right after its exit callback, so a count taken at once may still see the last child's.
 */
async function settledFdCount(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 10));
  return readdirSync("/proc/self/fd").length;
}

/**
 * Waits (15 s at most) until no process's command line has `marker`: a killed process leaves /proc a moment after the
 * kill, which on a loaded machine can be after a fixed pause.
 */
async function untilNoneLeft(marker: string, what: string): Promise<void> {
  const left = () => spawnSync("pgrep", ["-f", marker], { encoding: "utf8" }).stdout.trim();
  for (const deadline = Date.now() + 15_000; left() !== "" && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(left(), "", what);
}

/** The pids of this process's children that are zombies (exited, never reaped). */
/** Shell words writing what bwrap's --json-status-fd does: a line with the child's pid, then the exit code. */
function reportStatus(code: number): string {
  return `echo '{ "child-pid": 2, "pid-namespace": 4026531836 }' >&5; echo '{ "exit-code": ${code} }' >&5`;
}

function zombieChildren(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] === "Z" && Number(fields[1]) === process.pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

void describe("native spawn", () => {
  void it("NSPAWN-1 the build made the addon on a machine with a C compiler and Node's headers, and exc uses it", () => {
    if (!canBuild()) {
      assert.ok(nativeSpawnUnavailable(), "without a compiler the addon is reported unavailable");
      return;
    }
    assert.ok(existsSync(addonFile(join(REPO_ROOT, "src", "zino", "exc", "native-spawn.ts"))), "dist/native/zino-spawn.node exists");
    assert.equal(nativeSpawnUnavailable(), undefined);
    assert.ok(nativeSpawnAddon());
  });

  for (const nodeSpawn of [false, true]) {
    const way = nodeSpawn ? "Node's spawn" : "the addon";
    void describe(`a child started by ${way}`, () => {
      void it("NSPAWN-2 gets exactly its environment, its directory, its arguments, and its output is captured", async () => {
        const out = await run(
          {
            command: "sh",
            args: ["-c", 'printf "%s|" "$0" "$1"; echo; pwd; env | sort; echo oops >&2; exit 7', "first arg", "two words"],
            env: { PATH, ZINO_ONLY: "this" },
            cwd: scratch,
          },
          nodeSpawn,
        );
        assert.equal(out.exitCode, 7);
        const [head, where, ...env] = out.stdout.trim().split("\n");
        assert.equal(head, "first arg|two words|");
        assert.equal(where, scratch);
        // sh adds PWD; nothing of this process's environment leaks in.
        assert.deepEqual(
          env.filter((line) => !line.startsWith("PWD=")),
          [`PATH=${PATH}`, "ZINO_ONLY=this"],
        );
        assert.equal(out.stderr, "oops\n");
      });

      void it("NSPAWN-3 leads its own session and process group, with default signals and an empty signal mask", async () => {
        const out = await run(
          { command: "sh", args: ["-c", 'echo $$; cut -d" " -f5,6 /proc/$$/stat; exec cat /proc/self/status'] },
          nodeSpawn,
        );
        const [pid, groups, ...status] = out.stdout.split("\n");
        assert.equal(groups, `${pid} ${pid}`, "process group and session are the child's own pid");
        const field = (name: string) => status.find((line) => line.startsWith(`${name}:`))?.split(/\s+/)[1];
        assert.equal(field("SigBlk"), "0000000000000000");
        // Node ignores SIGPIPE; a child must not inherit that (a pipeline would never end on a closed reader).
        assert.equal(field("SigIgn"), "0000000000000000");
      });

      void it("NSPAWN-4 has only its standard streams and the descriptors it was given", async () => {
        const input = join(scratch, `input-${String(nodeSpawn)}`);
        writeFileSync(input, "from the file\n");
        const out = await run({ command: "sh", args: ["-c", "cat <&3; ls /proc/self/fd"], inputFiles: [input] }, nodeSpawn);
        const [line, ...fds] = out.stdout.trim().split("\n");
        assert.equal(line, "from the file");
        for (const fd of ["0", "1", "2", "3"]) assert.ok(fds.includes(fd), `descriptors: ${fds.join(" ")}`);
        // ls's own directory descriptor is the one more. Node's spawn passes on any descriptor of this process that
        // is not close-on-exec (the test runner leaves one; exc's launcher closes such ones when it starts); the
        // addon closes every descriptor it was not given.
        if (!nodeSpawn) assert.equal(fds.length, 5, `descriptors: ${fds.join(" ")}`);
      });

      void it("NSPAWN-5 a held child waits for its go line on stdin; an unheld one reads /dev/null", async () => {
        const held = await run({ command: "sh", args: ["-c", "read line; echo got $line"], held: true }, nodeSpawn);
        assert.equal(held.stdout, "got go\n");
        const unheld = await run({ command: "sh", args: ["-c", "readlink /proc/self/fd/0; cat"] }, nodeSpawn);
        assert.equal(unheld.stdout, "/dev/null\n");
      });

      void it("NSPAWN-6 is found on its own PATH; a missing or non-executable program is an exit code with the reason", async () => {
        const bin = join(scratch, `bin-${String(nodeSpawn)}`);
        mkdirSync(bin);
        writeFileSync(join(bin, "zino-probe"), "#!/bin/sh\necho probe ran\n");
        chmodSync(join(bin, "zino-probe"), 0o755);
        writeFileSync(join(bin, "not-executable"), "#!/bin/sh\n");
        const found = await run({ command: "zino-probe", args: [], env: { PATH: `${bin}:${PATH}` } }, nodeSpawn);
        assert.equal(found.stdout, "probe ran\n");
        const missing = await run({ command: "zino-no-such-program", args: [] }, nodeSpawn);
        assert.equal(missing.exitCode, 127);
        assert.match(missing.stderr, /cannot start zino-no-such-program: ENOENT/);
        const denied = await run({ command: join(bin, "not-executable"), args: [] }, nodeSpawn);
        assert.equal(denied.exitCode, 126);
        assert.match(denied.stderr, /EACCES/);
        const noDir = await run({ command: "true", args: [], cwd: join(scratch, "no-such-dir") }, nodeSpawn);
        assert.notEqual(noDir.exitCode, 0);
        assert.match(noDir.stderr, /cannot start true: ENOENT/);
      });

      void it("NSPAWN-7 a signal's death is 128 + its number, and a timeout kills the whole group", async () => {
        const killed = await run({ command: "sh", args: ["-c", "kill -TERM $$"] }, nodeSpawn);
        assert.equal(killed.exitCode, 143);
        const marker = `${String(nodeSpawn ? 61 : 62)}.${process.pid % 1000}7`;
        const slow = await run({ command: "sh", args: ["-c", `sleep ${marker} & sleep ${marker}`], timeoutMs: 300 }, nodeSpawn);
        assert.equal(slow.timedOut, true);
        await untilNoneLeft(`sleep ${marker}`, "the background sleep died with its group");
      });

      void it(
        "NSPAWN-8 drops to the given user and group, without root's supplementary groups",
        { skip: process.getuid?.() !== 0 && "needs root: only root may switch a child to another user (uid 65534)" },
        async () => {
          const out = await run(
            {
              command: "sh",
              args: ["-c", "id -u; id -g; id -G; touch /root/zino-nspawn 2>/dev/null && echo wrote"],
              uid: 65534,
              gid: 65534,
            },
            nodeSpawn,
          );
          assert.equal(out.stdout, "65534\n65534\n65534\n");
        },
      );

      void it("NSPAWN-15 a child that reports its script's exit: the outcome comes with that status, not the child's exit", async () => {
        // Stands in for a warm sandbox (sandbox.ts): the script's output on fd 3 and 4, bwrap's messages on 1 and 2,
        // bwrap's JSON status lines on 5 (the child's pid, then the exit code); then it keeps running (bwrap's
        // processes, slow to go: the namespaces' teardown), and its group is killed.
        const marker = `${String(nodeSpawn ? 63 : 64)}.${process.pid % 1000}7`;
        const started = Date.now();
        const reported = await runAndReap(
          {
            command: "sh",
            args: ["-c", `echo out >&3; echo err >&4; echo bwrap said >&2; exec 3>&- 4>&-; ${reportStatus(7)}; exec 5>&-; sleep ${marker}`],
            reportsExit: true,
            held: true,
          },
          nodeSpawn,
        );
        // Well before the 63 s its group's sleep would run (room for a loaded machine).
        assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
        assert.equal(reported.exitCode, 7);
        assert.equal(reported.stdout, "out\n");
        assert.equal(reported.stderr, "err\nbwrap said\n");
        await untilNoneLeft(`sleep ${marker}`, "the rest of its group was killed");
        // The script's pipes are 3 and 4, the status 5, and the files come after them.
        const input = join(scratch, `report-input-${String(nodeSpawn)}`);
        writeFileSync(input, "from the file\n");
        const files = await runAndReap(
          { command: "sh", args: ["-c", `cat <&6 >&3; ${reportStatus(0)}`], reportsExit: true, inputFiles: [input] },
          nodeSpawn,
        );
        assert.deepEqual([files.exitCode, files.stdout], [0, "from the file\n"]);
        // No status (bwrap died first, or wrote something else): the child's own exit decides, as without a report.
        const unreported = await runAndReap({ command: "sh", args: ["-c", "echo out >&3; exit 3"], reportsExit: true }, nodeSpawn);
        assert.deepEqual([unreported.exitCode, unreported.stdout], [3, "out\n"]);
        const garbled = await runAndReap(
          { command: "sh", args: ["-c", `echo '{ "exit-code": 256 }' >&5; echo out >&3; exit 4`], reportsExit: true },
          nodeSpawn,
        );
        assert.deepEqual([garbled.exitCode, garbled.stdout], [4, "out\n"]);
        // A script's output still open when the status comes (a background job holds it) is read until the group is killed.
        const background = await runAndReap(
          { command: "sh", args: ["-c", `echo started >&3; sleep ${marker} >&3 & ${reportStatus(0)}; wait`], reportsExit: true },
          nodeSpawn,
        );
        assert.deepEqual([background.exitCode, background.stdout], [0, "started\n"]);
        // The cap is per stream: the script's pipe and bwrap's own, which feed the same stream, keep at most the cap
        // together, the script's bytes first.
        const capped = await runAndReap(
          {
            command: "sh",
            args: ["-c", `head -c 300 /dev/zero | tr '\\0' s >&4; head -c 300 /dev/zero | tr '\\0' b >&2; ${reportStatus(0)}`],
            reportsExit: true,
            outputCapBytes: 400,
          },
          nodeSpawn,
        );
        assert.equal(capped.exitCode, 0);
        assert.equal(capped.truncated, true);
        assert.equal(capped.stderr, `${"s".repeat(300)}${"b".repeat(100)}`);
        // Two pipes are read in no set order: here bwrap's bytes come first (as a loaded machine may read them), and
        // the script's still keep their room.
        const bwrapFirst = await runAndReap(
          {
            command: "sh",
            args: ["-c", `head -c 300 /dev/zero | tr '\\0' b >&2; sleep 0.3; head -c 300 /dev/zero | tr '\\0' s >&4; ${reportStatus(0)}`],
            reportsExit: true,
            outputCapBytes: 400,
          },
          nodeSpawn,
        );
        assert.deepEqual([bwrapFirst.truncated, bwrapFirst.stderr], [true, `${"s".repeat(300)}${"b".repeat(100)}`]);
      });

      void it("NSPAWN-9 leaves no descriptor open and no zombie behind after many children", async () => {
        const fdsBefore = await settledFdCount();
        for (let i = 0; i < 40; i += 1) {
          const out = await run({ command: "sh", args: ["-c", `echo ${i}`], held: i % 2 === 0 }, nodeSpawn);
          assert.equal(out.stdout, `${i}\n`);
        }
        assert.equal(await settledFdCount(), fdsBefore);
        assert.deepEqual(zombieChildren(), []);
      });
    });
  }

  void it(
    "NSPAWN-14 a child started by the addon dies with the process that started it, even a SIGKILLed one, after a drop to another user too",
    { skip: nativeSpawnUnavailable() },
    async () => {
      const marker = `63.${process.pid % 1000}4`;
      const drop = process.getuid?.() === 0 ? "uid: 65534, gid: 65534," : "";
      const script = [
        'import { startProcess } from "./src/zino/exc/run-process.ts";',
        `startProcess({ command: "sleep", args: ["${marker}"], env: { PATH: "/bin:/usr/bin" }, cwd: "/", ${drop} });`,
        'console.log("started");',
        "setInterval(() => undefined, 1 << 30);",
      ].join("\n");
      const starter = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        cwd: REPO_ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      });
      try {
        await new Promise((resolve) => starter.stdout.once("data", resolve));
        const sleeping = () => spawnSync("pgrep", ["-f", `sleep ${marker}`], { encoding: "utf8" }).stdout.trim();
        const pid = sleeping();
        assert.match(pid, /^\d+$/, "the child runs");
        assert.equal(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1], String(starter.pid));
        starter.kill("SIGKILL");
        const deadline = Date.now() + 5000;
        while (sleeping() !== "") {
          assert.ok(Date.now() < deadline, "the child outlived the process that started it");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        starter.kill("SIGKILL");
      }
    },
  );

  void it("NSPAWN-13 the addon is found from every place exc's code runs from: sources, dist/src and the bundles", () => {
    const want = "/pkg/dist/native/zino-spawn.node";
    assert.equal(addonFile("/pkg/src/zino/exc/native-spawn.ts"), want);
    assert.equal(addonFile("/pkg/dist/src/zino/exc/native-spawn.js"), want);
    // In a bundle import.meta.url is the entry's file (scripts/bundle-services.mjs): exc's, the launcher's, the host's.
    for (const entry of ["zino-exc.cjs", "zino-exc-launcher.cjs", "zino-host.cjs"])
      assert.equal(addonFile(`/pkg/dist/bundle/${entry}`), want);
  });

  void it("NSPAWN-10 resolves a command on the child's PATH, not this process's", () => {
    assert.equal(resolveCommand("sh", { PATH: "/nonexistent:/bin" }), "/bin/sh");
    assert.equal(resolveCommand("sh", { PATH: "/nonexistent" }), undefined);
    assert.equal(resolveCommand("./x", { PATH: "/bin" }), "./x");
  });

  void it("NSPAWN-11 ZINO_NATIVE_SPAWN=0 turns the addon off, and children still start", () => {
    const script = [
      'import { nativeSpawnUnavailable } from "./src/zino/exc/native-spawn.ts";',
      'import { runProcess } from "./src/zino/exc/run-process.ts";',
      'const out = await runProcess({ command: "sh", args: ["-c", "echo fine"], env: { PATH: "/bin:/usr/bin" }, cwd: "/", timeoutMs: 5000, outputCapBytes: 100 });',
      "console.log(JSON.stringify({ why: nativeSpawnUnavailable(), out: out.stdout }));",
    ].join("\n");
    const printed = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: REPO_ROOT,
      env: { ...process.env, ZINO_NATIVE_SPAWN: "0" },
      encoding: "utf8",
    });
    assert.deepEqual(JSON.parse(printed), { why: "turned off (ZINO_NATIVE_SPAWN=0)", out: "fine\n" });
  });

  void describe("NSPAWN-12 scripts/build-native.mjs", () => {
    const root = join(scratch, "build");
    mkdirSync(join(root, "scripts"), { recursive: true });
    mkdirSync(join(root, "native"));
    copyFileSync(join(REPO_ROOT, "scripts", "build-native.mjs"), join(root, "scripts", "build-native.mjs"));
    copyFileSync(join(REPO_ROOT, "native", "zino-spawn.c"), join(root, "native", "zino-spawn.c"));
    const addon = join(root, "dist", "native", "zino-spawn.node");
    const reason = join(root, "dist", "native", "UNAVAILABLE");
    const build = (env: Record<string, string>) =>
      spawnSync(process.execPath, [join(root, "scripts", "build-native.mjs")], { env: { ...process.env, ...env }, encoding: "utf8" });

    void it("without a compiler, the build goes on and says why", () => {
      const result = build({ CC: join(root, "no-such-cc") });
      assert.equal(result.status, 0);
      assert.match(result.stderr, /native spawn not built: no C compiler .*Node's spawn/);
      assert.equal(existsSync(addon), false);
      assert.match(readFileSync(reason, "utf8"), /no C compiler/);
    });

    void it(
      "with one, it builds an addon that passes its check, and clears the reason",
      { skip: !canBuild() && "no C compiler or Node headers here" },
      () => {
        const result = build({});
        assert.equal(result.status, 0, result.stderr);
        assert.ok(existsSync(addon));
        assert.equal(existsSync(reason), false);
      },
    );

    void it(
      "a source that does not compile leaves no addon, only the reason and the compiler's words",
      { skip: !canBuild() && "no C compiler or Node headers here" },
      () => {
        writeFileSync(join(root, "native", "zino-spawn.c"), "this is not C\n");
        const result = build({});
        assert.equal(result.status, 0);
        assert.match(result.stderr, /error/);
        assert.equal(existsSync(addon), false, "the previous addon is removed rather than left stale");
        assert.match(readFileSync(reason, "utf8"), /failed/);
      },
    );
  });
});
