// `npm start` and `npm run zino|zelinqa -- …` typed in a subfolder (real child processes with the environment npm
// gives a script: it runs in the package root, npm_lifecycle_event set, the folder typed in as INIT_CWD): a relative
// path on the command line names a file in that folder, as it would without npm; ./ZINO.toml stays the root's. A
// program such a script starts in another folder (a test's child in its temp dir) keeps its own working directory.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { REPO_ROOT, TSX_LOADER } from "../../../harness/zino-processes.js";

let root: string;
let sub: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), "zc-npm-"));
  sub = join(root, "work", "mine");
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(root, "ZINO.toml"), '[paths]\nruntime_dir = "root-run"\n');
  writeFileSync(join(sub, "other.toml"), '[paths]\nruntime_dir = "sub-run"\n');
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

/**
 * `program ARGS` as npm runs a script typed in `sub`: working directory the package root (or `cwd`, for a program
 * the script started elsewhere), npm_package_json the root's, INIT_CWD the subfolder.
 */
function underNpm(
  program: "zino" | "zelinqa",
  args: string[],
  cwd = root,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const main = join(REPO_ROOT, "src", program, "cli", "main.ts");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_lifecycle_event: program,
    npm_package_json: join(root, "package.json"),
    INIT_CWD: sub,
    ZINO_LOG_LEVEL: "warn",
    ZELINQA_LOG_LEVEL: "warn",
  };
  delete env.ZINO_CONFIG;
  delete env.ZELINQA_SQLITE_PATH;
  delete env.ZELINQA_DATABASE_URL;
  const child = spawn(process.execPath, ["--import", TSX_LOADER, main, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

void it("zino: --config and guide --domain typed in a subfolder name files there; without --config the root's ZINO.toml applies", async () => {
  const own = await underNpm("zino", ["--config", "other.toml", "status", "--json"]);
  assert.match(own.stdout, new RegExp(`${join(sub, "sub-run").replace(/[/.]/g, "\\$&")}`), own.stderr);

  const rootConfig = await underNpm("zino", ["status", "--json"]);
  assert.match(rootConfig.stdout, new RegExp(`${join(root, "root-run").replace(/[/.]/g, "\\$&")}`), rootConfig.stderr);

  // A domain file missing from the subfolder: the error names it there (checked before any service starts).
  const guide = await underNpm("zino", ["guide", "--domain", "absent.json"]);
  assert.equal(guide.code, 2, guide.stderr);
  assert.match(
    guide.stderr,
    new RegExp(`cannot read the domain file ${join(sub, "absent.json").replace(/[/.]/g, "\\$&")} \\(no such file\\)`),
  );
});

void it("zelinqa: --sqlite-path and config import FILE typed in a subfolder name files there", async () => {
  writeFileSync(
    join(sub, "tiny.json"),
    JSON.stringify({
      changes: [
        {
          entity: "objective",
          operation: "update",
          objective: { name: "Tiny", description: "d", qualification_level: "balanced", max_turns: 3 },
        },
      ],
    }),
  );
  const key = await underNpm("zelinqa", ["keys", "create", "--sqlite-path", "./z.sqlite", "--scopes", "runtime"]);
  assert.equal(key.code, 0, key.stderr);
  assert.ok(existsSync(join(sub, "z.sqlite")), "the database is created in the folder the command was typed in");
  assert.ok(!existsSync(join(root, "z.sqlite")), "not in the package root");

  const imported = await underNpm("zelinqa", ["config", "import", "--sqlite-path", "z.sqlite", "tiny.json"]);
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(imported.stdout, /"applied":1/);
});

void it("a program an npm script starts in another folder reads a relative path from that folder, not INIT_CWD", async () => {
  const elsewhere = join(root, "elsewhere");
  mkdirSync(elsewhere, { recursive: true });
  const guide = await underNpm("zino", ["guide", "--domain", "absent.json"], elsewhere);
  assert.equal(guide.code, 2, guide.stderr);
  assert.match(guide.stderr, /^zino: cannot read the domain file absent\.json \(no such file\)/m);
});
