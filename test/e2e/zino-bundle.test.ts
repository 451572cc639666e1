// The bundled services (issue 14: dist/bundle/zino-<svc>.cjs, scripts/bundle-services.mjs) as they run: built first
// (`npm run build`'s staleness check, so this never runs older code than the sources), the four started from their
// bundles, a turn through all of them, a sandboxed tool through exc's bundled process launcher, an MCP server through
// the SDK that exc imports lazily, each bundle's --version read from the package.json found from the bundle, and
// ctx's PostgreSQL store, whose pg is bundled and loaded only then. Each bundle runs with its V8 code cache.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { requestAll, requestOne } from "../../src/wire/index.js";
import type { ServiceName } from "../../src/zino/config/index.js";
import { nativeSpawnUnavailable } from "../../src/zino/exc/native-spawn.js";
import { LAUNCHER_NODE_FLAGS } from "../../src/zino/exc/process-launcher.js";
import { cliMainFile, serviceMainFile } from "../../src/zino/runtime/service-entry.js";
import { SERVICE_NODE_FLAGS } from "../../src/zino/runtime/service-node-flags.js";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import { childPids, commandLine } from "../../harness/process-tree.js";
import { codeCacheTaken } from "../support/bundle-cache.js";
import { nativeSpawnLoadedIn } from "../support/native-spawn.js";
import { createPostgresDatabase, postgresSkipReason } from "../support/zelinqa-databases.js";
import {
  REPO_ROOT,
  TSX_LOADER,
  runZinoCli,
  spawnZinoService,
  startZinoServices,
  stopZinoServices,
  waitForPing,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../harness/zino-processes.js";

const NAMES: readonly ServiceName[] = ["ctx", "rtr", "exc", "daemon"];
const DIST = join(REPO_ROOT, "dist");
const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
/** `npm run build` when a source changed: the bundles then hold the code of the sources under test. */
function buildFirst(): void {
  const build = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "build-if-stale.mjs"), "--quiet"], { encoding: "utf8" });
  assert.equal(build.status, 0, `npm run build failed:\n${build.stderr}`);
}

/** Records, at exit, the packages loaded from node_modules: preloaded (`-r`) into a bundle's run. */
const LOADED_PACKAGES_PROBE = `process.on("exit", () => {
  const names = new Set();
  for (const file of Object.keys(require.cache)) {
    const at = file.lastIndexOf("/node_modules/");
    if (at < 0) continue;
    const [scope, name] = file.slice(at + "/node_modules/".length).split("/");
    names.add(scope.startsWith("@") ? scope + "/" + name : scope);
  }
  process.stderr.write("\\nLOADED " + JSON.stringify([...names].sort()) + "\\n");
});
`;

/** The packages of node_modules that the bundle whose entry is `entry` loads to print its version. */
function packagesLoadedAtStart(entry: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "zino-probe-"));
  try {
    writeFileSync(join(dir, "probe.cjs"), LOADED_PACKAGES_PROBE);
    const run = spawnSync(process.execPath, ["-r", join(dir, "probe.cjs"), entry, "--version"], { encoding: "utf8", timeout: 60_000 });
    const line = /^LOADED (.*)$/m.exec(run.stderr);
    assert.ok(line, `${entry}: ${run.stderr}`);
    return JSON.parse(line[1]!) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void describe("the bundled services", { timeout: 300_000 }, () => {
  let provider: FakeProvider;
  let instance: TempInstance;
  let services: ZinoProcess[] = [];

  before(async () => {
    buildFirst();
    provider = await startFakeProvider();
    const mcpArgs = JSON.stringify(["--import", TSX_LOADER, join(REPO_ROOT, "test", "support", "mcp-test-server.ts")]);
    instance = writeTempInstance({
      providerUrl: provider.url,
      extraToml: ["[exec]", 'static_analysis = "off"', "", "[mcp_servers.t]", `command = "${process.execPath}"`, `args = ${mcpArgs}`].join(
        "\n",
      ),
    });
    // ZINO_NO_BUNDLE emptied: an inherited ZINO_NO_BUNDLE=1 would start main.js.
    // exc keeps its launcher (by default only where the native spawn addon is missing): BUNDLE-8 runs it from its bundle.
    services = await startZinoServices(instance, NAMES, { fromDist: true, env: { ZINO_NO_BUNDLE: "", ZINO_EXC_LAUNCHER: "1" } });
  });
  after(async () => {
    await stopZinoServices(services);
    await provider?.close();
    instance?.cleanup();
  });

  void it("[BUNDLE-6] the build makes a current bundle per service, which keeps PostgreSQL and the MCP SDK lazy and undici small", () => {
    for (const name of NAMES) {
      const entry = serviceMainFile(name, DIST, {});
      assert.deepEqual(entry, { file: join(DIST, "bundle", `zino-${name}.cjs`), bundled: true }, name);
      // Only better-sqlite3 (native) is loaded from node_modules at start; pg is bundled inside a lazy wrapper, and
      // exc requires the MCP SDK on its first MCP server only.
      assert.deepEqual(packagesLoadedAtStart(entry.file), name === "ctx" ? ["better-sqlite3"] : [], name);
    }
    const exc = readFileSync(join(DIST, "bundle", "zino-exc.code.cjs"), "utf8");
    assert.match(exc, /require\("@modelcontextprotocol\/sdk\/client\/index\.js"\)/);
    // No import() in any cached bundle: it fails in code compiled from a code cache (bundle-loader.cjs).
    for (const name of [...NAMES, "cli"]) {
      assert.doesNotMatch(readFileSync(join(DIST, "bundle", `zino-${name}.code.cjs`), "utf8"), /\bimport\(/, name);
    }
    // rtr holds undici's Pool and request, not undici's index with its fetch, WebSocket and mocks (provider-http.ts).
    const rtr = readFileSync(join(DIST, "bundle", "zino-rtr.code.cjs"), "utf8");
    assert.match(rtr, /node_modules\/undici\/lib\/dispatcher\/pool\.js/);
    assert.doesNotMatch(rtr, /node_modules\/undici\/(index\.js|lib\/web\/fetch\/index\.js)/);
    assert.ok(existsSync(join(DIST, "bundle", "zino-exc-launcher.cjs")));
    // zod's locales: English only (bundle-services.mjs), in every bundle. "Input tidak valid" is zod's Indonesian
    // locale (ASCII, so the bundle holds it as written).
    for (const name of [...NAMES, "cli", "host"]) {
      const text = readFileSync(join(DIST, "bundle", `zino-${name}.code.cjs`), "utf8");
      assert.ok(text.includes("Invalid input: expected"), `${name}: zod's English messages`);
      assert.ok(!text.includes("Input tidak valid"), `${name}: no other locale`);
    }
    // The `zino` CLI's bundle: no package loaded from node_modules at start either.
    assert.deepEqual(cliMainFile(DIST, {}), { file: join(DIST, "bundle", "zino-cli.cjs"), bundled: true });
    assert.deepEqual(packagesLoadedAtStart(join(DIST, "bundle", "zino-cli.cjs")), []);
  });

  void it("[BUNDLE-3, BUNDLE-24] a service's bin (package.json, the systemd units) and `node dist/src/zino/<svc>/main.js` run its bundle in their own process; with ZINO_NO_BUNDLE=1 its modules", () => {
    const dir = mkdtempSync(join(tmpdir(), "zino-probe-"));
    try {
      // Says at exit whether the bundle's entry was loaded (bundle-loader.cjs runs it as a CommonJS module).
      writeFileSync(
        join(dir, "probe.cjs"),
        'process.on("exit", () => process.stderr.write("\\nBUNDLED " + Object.keys(require.cache).some((f) => /[\\/]dist[\\/]bundle[\\/]zino-[a-z]+\\.cjs$/.test(f)) + "\\n"));\n',
      );
      for (const name of [...NAMES, "host"]) {
        for (const [file, noBundle] of [
          ["main.js", ""],
          ["main.js", "1"],
          ["bin.js", ""],
          ["bin.js", "1"],
        ] as const) {
          const run = spawnSync(process.execPath, ["-r", join(dir, "probe.cjs"), join(DIST, "src", "zino", name, file), "--version"], {
            encoding: "utf8",
            timeout: 60_000,
            env: { ...process.env, ZINO_NO_BUNDLE: noBundle },
          });
          assert.equal(run.stdout, `${version}\n`, `${name} ${file}: ${run.stderr}`);
          assert.match(run.stderr, noBundle === "1" ? /^BUNDLED false$/m : /^BUNDLED true$/m, `${name} ${file} ZINO_NO_BUNDLE=${noBundle}`);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("[BUNDLE-16] V8 takes each bundle's code cache under the flags the bundle runs with, and not under others", () => {
    for (const name of [...NAMES, "host"]) {
      const entry = join(DIST, "bundle", `zino-${name}.cjs`);
      assert.ok(codeCacheTaken(entry, { flags: SERVICE_NODE_FLAGS }), `${name} with the services' flags`);
      // Its bin started by hand or by another supervisor, on node's defaults, takes the cache made for those.
      assert.ok(codeCacheTaken(entry), `${name} with node's defaults`);
    }
    // The `zino` command runs with node's defaults.
    assert.ok(codeCacheTaken(join(DIST, "bundle", "zino-cli.cjs")));
    // A flag that changes the code (the launcher's --jitless): the cache is not taken, and the bundle still runs.
    assert.ok(!codeCacheTaken(join(DIST, "bundle", "zino-rtr.cjs"), { flags: ["--jitless"] }));
    const jitless = spawnSync(process.execPath, ["--jitless", join(DIST, "bundle", "zino-rtr.cjs"), "--version"], { encoding: "utf8" });
    assert.equal(jitless.stdout, `${version}\n`, jitless.stderr);
  });

  void it("[BUNDLE-7] the four services run from their bundles and answer a turn", async () => {
    for (const service of services) {
      assert.ok(commandLine(service.child.pid!).includes(join(DIST, "bundle", `zino-${service.name}.cjs`)), service.name);
    }
    provider.enqueue({ text: "from the bundles" });
    const frames = await requestAll(instance.sockets.daemon, { message: "hello", channel_id: "bundle" });
    assert.equal(frames.at(-1)?.type, "done", JSON.stringify(frames));
    assert.equal(frames.at(-1)?.full_text, "from the bundles");
  });

  void it("[BUNDLE-8] bundled exc runs a sandboxed tool through its bundled process launcher (ZINO_EXC_LAUNCHER=1), and an MCP tool", async () => {
    const exc = services.find((s) => s.name === "exc")!;
    const result = await requestOne(
      instance.sockets.exc,
      { message: { name: "execute_bash", arguments: { code: "echo hi" } }, ctxkey: "b" },
      { idleTimeoutMs: 60_000 },
    );
    assert.equal(result.stdout, "hi\n", JSON.stringify(result));
    const launchers = childPids(exc.child.pid!).filter((pid) => commandLine(pid).includes(join(DIST, "bundle", "zino-exc-launcher.cjs")));
    assert.equal(launchers.length, 1, `exc's children: ${JSON.stringify(childPids(exc.child.pid!).map(commandLine))}\n${exc.stderr()}`);
    // The launcher runs lean (no JIT, no V8 helper threads, a 1 MiB nursery): its flags come before its module.
    const launcherPid = launchers[0]!;
    assert.deepEqual(commandLine(launcherPid).slice(1, 1 + LAUNCHER_NODE_FLAGS.length), [...LAUNCHER_NODE_FLAGS]);
    // It finds the native spawn addon from its bundle (dist/bundle/../native) when the build made one.
    if (nativeSpawnUnavailable() === undefined)
      assert.ok(nativeSpawnLoadedIn(launcherPid), "the bundled launcher loaded dist/native/zino-spawn.node");
    const mcp = await requestOne(
      instance.sockets.exc,
      { message: { name: "mcp__t__echo", arguments: { text: "hi" } }, ctxkey: "b" },
      { idleTimeoutMs: 60_000 },
    );
    assert.equal(mcp.stdout, "echo: hi\nsecret: <unset>", JSON.stringify(mcp));
    assert.doesNotMatch(exc.stderr(), /launcher/, "no launcher failure logged");
  });

  void it("[BUNDLE-9] each bundle and each bin prints the package's version, found from its own file", () => {
    for (const name of [...NAMES, "host"]) {
      for (const file of [join(DIST, "bundle", `zino-${name}.cjs`), join(DIST, "src", "zino", name, "bin.js")]) {
        const run = spawnSync(process.execPath, [file, "--version"], { encoding: "utf8" });
        assert.equal(run.stdout, `${version}\n`, `${file}: ${run.stderr}`);
      }
    }
  });
});

void describe("zod in the bundles", () => {
  void it("[BUNDLE-15] keeps its English messages: a bundled service rejects a bad ZINO.toml with the words main.js uses", () => {
    buildFirst();
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1", extraToml: '[launch]\none_process = "yes"\n' });
    try {
      const run = (file: string) =>
        spawnSync(process.execPath, [file, "--config", instance.configPath], { encoding: "utf8", timeout: 60_000 });
      const bundled = run(join(DIST, "bundle", "zino-daemon.cjs"));
      const unbundled = run(join(DIST, "src", "zino", "daemon", "main.js"));
      assert.equal(bundled.status, 2, bundled.stderr);
      assert.match(bundled.stderr, /Invalid input: expected boolean, received string/);
      assert.equal(bundled.stderr, unbundled.stderr);
    } finally {
      instance.cleanup();
    }
  });
});

void describe("the bundled zino-ctx on PostgreSQL", { skip: postgresSkipReason(), timeout: 300_000 }, () => {
  void it("[BUNDLE-10] opens its PostgreSQL store (pg bundled, loaded on use) and writes to it", async () => {
    buildFirst();
    const database = await createPostgresDatabase();
    const instance = writeTempInstance({
      providerUrl: "http://127.0.0.1:9/v1",
      extraToml: '[store]\nurl_env = "ZINO_BUNDLE_PG_URL"\nkey_file = "ctx-store.key"\n',
    });
    try {
      const [ctx] = await startZinoServices(instance, ["ctx"], {
        fromDist: true,
        env: { ZINO_NO_BUNDLE: "", ZINO_BUNDLE_PG_URL: database.url },
      });
      try {
        assert.ok(commandLine(ctx!.child.pid!).includes(join(DIST, "bundle", "zino-ctx.cjs")));
        const set = await requestOne(
          instance.sockets.ctx,
          { type: "set_value", ctxkey: "pg", key: "k", value: "v" },
          { idleTimeoutMs: 10_000 },
        );
        assert.equal(set.type, "ok", JSON.stringify(set));
        const history = await requestOne(instance.sockets.ctx, { type: "get_history", ctxkey: "pg" }, { idleTimeoutMs: 10_000 });
        assert.deepEqual(history.messages, [], JSON.stringify(history));
        assert.doesNotMatch(ctx!.stderr(), /"level":(50|60)/, "no error logged");
      } finally {
        await stopZinoServices([ctx!]);
      }
    } finally {
      instance.cleanup();
      await database.drop();
    }
  });
});

void describe("the bundled zino-host", { timeout: 300_000 }, () => {
  void it("[BUNDLE-11] runs the four services from its one bundle, ctx's thread included, and answers a turn", async () => {
    buildFirst();
    const provider = await startFakeProvider();
    const instance = writeTempInstance({ providerUrl: provider.url });
    try {
      const host = spawnZinoService("host", instance, { fromDist: true, env: { ZINO_NO_BUNDLE: "" } });
      try {
        for (const name of NAMES) await waitForPing(instance.sockets[name], 60_000, host);
        assert.ok(commandLine(host.child.pid!).includes(join(DIST, "bundle", "zino-host.cjs")));
        provider.enqueue({ text: "from the bundled host" });
        const frames = await requestAll(instance.sockets.daemon, { message: "hi", ctxkey: "bundled-host" }, { idleTimeoutMs: 20_000 });
        assert.equal(frames.at(-1)?.full_text, "from the bundled host", JSON.stringify(frames));
        const history = await requestOne(instance.sockets.ctx, { type: "get_history", ctxkey: "bundled-host" }, { idleTimeoutMs: 10_000 });
        assert.match(JSON.stringify(history.messages), /from the bundled host/);
      } finally {
        await host.kill();
      }
      assert.deepEqual(await host.exited, { code: 0, signal: null }, host.stderr());
    } finally {
      await provider.close();
      instance.cleanup();
    }
  });
});

void describe("the bundled zino CLI", { timeout: 300_000 }, () => {
  void it("[BUNDLE-14] runs from its bundle: up --detach starts the bundled services, ask answers, down stops them", async () => {
    buildFirst();
    const provider = await startFakeProvider();
    const instance = writeTempInstance({ providerUrl: provider.url });
    const zino = (args: string[]) =>
      runZinoCli(args, { instance, builtFile: join(DIST, "bundle", "zino-cli.cjs"), env: { ZINO_NO_BUNDLE: "" }, timeoutMs: 120_000 });
    try {
      const up = await zino(["up", "--detach"]);
      assert.equal(up.code, 0, up.stderr);
      // Found from the CLI's bundle (dist/bundle), the services' own bundles, not files beside a missing dist/src/zino/cli.
      for (const name of ["ctx", "rtr", "daemon"]) {
        const pid = Number.parseInt(readFileSync(join(instance.runtimeDir, `${name}.pid`), "utf8"), 10);
        assert.ok(commandLine(pid).includes(join(DIST, "bundle", `zino-${name}.cjs`)), `${name}: ${commandLine(pid).join(" ")}`);
      }
      provider.enqueue({ text: "asked through the bundled CLI" });
      const ask = await zino(["ask", "hello"]);
      assert.equal(ask.code, 0, ask.stderr);
      assert.match(ask.stdout, /asked through the bundled CLI/);
      const down = await zino(["down"]);
      assert.equal(down.code, 0, down.stderr);
      await assert.rejects(requestOne(instance.sockets.daemon, { type: "ping" }, { idleTimeoutMs: 2_000 }));
      // The package's bin (dist/src/zino/cli/main.js) hands over to that bundle.
      const printed = await runZinoCli(["--version"], {
        builtFile: join(DIST, "src", "zino", "cli", "main.js"),
        env: { ZINO_NO_BUNDLE: "" },
      });
      assert.equal(printed.stdout, `${version}\n`, printed.stderr);
    } finally {
      await runZinoCli(["down"], { instance });
      await provider.close();
      instance.cleanup();
    }
  });
});
