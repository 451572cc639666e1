// `zino` typed in a subfolder of an instance (a linked or installed `zino`, real child processes): it reads only
// --config, ZINO_CONFIG or ./ZINO.toml, so there the built-in defaults make another instance. It says so on stderr,
// naming the parent's ZINO.toml and how to use it; in the instance's own folder, or with --config, it says nothing.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { CLI_MAIN, TSX_LOADER } from "../../../harness/zino-processes.js";

let root: string;
let sub: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), "zc-parent-"));
  sub = join(root, "examples", "mine");
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(root, "ZINO.toml"), '[paths]\nruntime_dir = "run"\n');
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

function zino(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ZINO_LOG_LEVEL: "warn" };
  for (const name of ["ZINO_CONFIG", "ZINO_RUNTIME_DIR", "npm_lifecycle_event", "npm_package_json", "INIT_CWD"]) delete env[name];
  const child = spawn(process.execPath, ["--import", TSX_LOADER, CLI_MAIN, ...args], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

void it("ZCLI-PARENT-1 in a subfolder of an instance, zino names the parent's ZINO.toml it does not read and how to use it", async () => {
  const r = await zino(["status"], sub);
  assert.equal(r.code, 1, r.stderr);
  const file = join(root, "ZINO.toml");
  assert.ok(
    r.stderr.includes(
      `zino: warning: no ZINO.toml in ${sub}: built-in defaults apply, an instance of its own under ${join(sub, ".zino")}; ` +
        `${file} is not read: run zino in ${root}, or pass --config ${file} (or set ZINO_CONFIG)\n`,
    ),
    r.stderr,
  );
  assert.equal(r.stderr.match(/warning: no ZINO\.toml/g)?.length, 1, "said once");
});

void it("ZCLI-PARENT-2 in the instance's folder, or with --config, there is nothing to say", async () => {
  for (const [args, cwd] of [
    [["status"], root],
    [["--config", join(root, "ZINO.toml"), "status"], sub],
  ] as const) {
    const r = await zino([...args], cwd);
    assert.doesNotMatch(r.stderr, /no ZINO\.toml/, `${args.join(" ")} in ${cwd}`);
  }
});
