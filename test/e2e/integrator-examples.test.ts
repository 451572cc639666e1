// The integrator's examples run as written: examples/sdk/web-app-session.ts imports the SDK by the package's name
// ("zelinqa-mcp/sdk", resolved through package.json's `exports` with its declarations) and drives a real
// `zelinqa serve`; examples/zino-socket/ask.mjs talks to a real daemon over its socket, the model being the
// example's fake OpenAI-compatible server, configured in ZINO.toml the way the README says.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { freePort } from "../../src/shared/free-port.js";
import {
  REPO_ROOT,
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../harness/zino-processes.js";
import { serveFurniture, type ServeProcess } from "../support/zelinqa-processes.js";

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

void describe("examples/sdk: the SDK by the package's name, against a real server", () => {
  let dir: string;
  let server: ServeProcess;
  let key = "";

  before(async () => {
    const build = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "build-if-stale.mjs"), "--quiet"], { encoding: "utf8" });
    assert.equal(build.status, 0, `npm run build failed:\n${build.stderr}`);
    dir = mkdtempSync(join(tmpdir(), "zelinqa-sdk-example-"));
    ({ server, key } = await serveFurniture(dir));
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("typechecks against the declarations the build ships", () => {
    const tsconfig = join(dir, "tsconfig.json");
    const compilerOptions = {
      strict: true,
      noEmit: true,
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      types: ["node"],
      typeRoots: [join(REPO_ROOT, "node_modules/@types")],
      skipLibCheck: true,
    };
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files: [join(REPO_ROOT, "examples/sdk/web-app-session.ts")] }));
    const tsc = spawnSync(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", tsconfig], {
      encoding: "utf8",
      cwd: REPO_ROOT,
    });
    assert.equal(tsc.status, 0, `tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  });

  void it("creates a session, answers, replays with one idempotency key and recovers from a state_version conflict", async () => {
    const result = await run(["--import", "tsx", "examples/sdk/web-app-session.ts"], {
      ZELINQA_BASE_URL: server.baseUrl,
      ZELINQA_API_KEY: key,
    });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const steps = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      steps.map((s) => s.step),
      ["created", "asked", "answered", "idempotent_retry", "conflict", "refreshed"],
    );
    assert.equal(steps[1]!.action, "ask");
    assert.notEqual(steps[2]!.question, steps[1]!.question);
    assert.equal(steps[3]!.same_answer, true);
    assert.deepEqual([steps[4]!.supplied, steps[4]!.current], [2, 3]);
    assert.equal(steps[5]!.state_version, 3);
  });

  void it("says what failed, by code, when the key is wrong", async () => {
    const result = await run(["--import", "tsx", "examples/sdk/web-app-session.ts"], {
      ZELINQA_BASE_URL: server.baseUrl,
      ZELINQA_API_KEY: "nbq_live_wrong",
    });
    assert.equal(result.code, 1);
    const line = JSON.parse(result.stdout.trim()) as { step: string; status: number };
    assert.deepEqual([line.step, line.status], ["api_error", 403]);
  });

  void it("says which variable to set, without a stack trace, when the key is missing", async () => {
    const result = await run(["--import", "tsx", "examples/sdk/web-app-session.ts"], {
      ZELINQA_BASE_URL: server.baseUrl,
      ZELINQA_API_KEY: "",
    });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /^ZELINQA_API_KEY is not set: set it to the api_key that `npm run zelinqa -- keys create [^`]*` printed/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
    assert.equal(result.stdout, "");
  });
});

void describe("examples/zino-socket: a raw socket client and a fake model endpoint", () => {
  let instance: TempInstance;
  let services: ZinoProcess[] = [];
  let provider: ReturnType<typeof spawn> | undefined;

  before(async () => {
    const port = await freePort();
    provider = spawn(process.execPath, [join(REPO_ROOT, "examples/zino-socket/fake-openai-server.mjs"), String(port)], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((resolve, reject) => {
      provider!.stderr!.on("data", (chunk: Buffer) => chunk.toString().includes("fake OpenAI-compatible endpoint") && resolve());
      provider!.on("exit", (code) => reject(new Error(`the fake provider exited with ${code}`)));
    });
    instance = writeTempInstance({ providerUrl: `http://127.0.0.1:${port}/v1`, model: "fake" });
    services = await startZinoServices(instance, ["ctx", "rtr", "exc", "daemon"]);
  });
  after(async () => {
    await stopZinoServices(services);
    provider?.kill();
    instance?.cleanup();
  });

  void it("streams the model's answer to stdout and exits 0 on done", async () => {
    const result = await run(["examples/zino-socket/ask.mjs", instance.sockets.daemon, "integrator", "hello there"]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, "You said: hello there\n");
    assert.match(result.stderr, /^ready: \{"type":"ready","ctxkey":"integrator"/m);
    assert.match(result.stderr, /^done: 1 model call\(s\), stored: true$/m);
  });

  void it("exits 1 with the error frame's code and message", async () => {
    const result = await run(["examples/zino-socket/ask.mjs", instance.sockets.daemon, "integrator", "   "]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^failed: bad_request: /m);
  });
});
