// Installs that work (issue 12): the packed checkout installs globally into a temporary prefix, with no engine
// warning on this Node, and gives working `zino`, `zelinqa` and `zelinqa-mcp` commands (and the services' --help).
// Slow (a real `npm install`, from npm's cache when it has the packages): not part of `npm run test:unit`.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../harness/zino-processes.js";
import { SERVICE_NODE_FLAGS } from "../../src/zino/runtime/service-node-flags.js";
import { ADDON_FILE, nativeSpawnUnavailable } from "../../src/zino/exc/native-spawn.js";
import { codeCacheTaken } from "../support/bundle-cache.js";

const run = promisify(execFile);
/** Under the runner's 600 s per file, so that a slow step is named, with its output, instead of "test timed out". */
const STEPS_BUDGET_MS = 540_000;

/**
 * `npm args` in `cwd`, given what is left of the budget: past it the step is stopped and the failure names it, how
 * long it ran and the end of its output (better-sqlite3's compile, on a machine without its prebuilt binary, is
 * most of an install's time).
 */
async function npmStep(what: string, args: string[], cwd: string, deadline: number): Promise<{ stdout: string; stderr: string }> {
  const started = Date.now();
  const timeout = Math.max(1000, deadline - started);
  const env = { ...process.env, npm_config_update_notifier: "false" };
  try {
    return await run("npm", args, { env, cwd, maxBuffer: 16 * 1024 * 1024, timeout, killSignal: "SIGKILL" });
  } catch (err) {
    const e = err as { killed?: boolean; stdout?: string; stderr?: string; message: string };
    const tail = `${e.stdout ?? ""}${e.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n");
    const seconds = Math.round((Date.now() - started) / 1000);
    const why = e.killed
      ? `still running after ${seconds} s, stopped: on a loaded machine, or one that compiles better-sqlite3 because it cannot download the prebuilt binary, this takes longer; run \`npm run test:only -- e2e/package-install\` again when the machine is quieter`
      : `failed after ${seconds} s: ${e.message.split("\n")[0]}`;
    throw new Error(`${what} (npm ${args.join(" ")}) ${why}\n--- its last output:\n${tail}`, { cause: err });
  }
}
const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

void describe("npm install -g of the packed checkout", () => {
  const dir = mkdtempSync(join(tmpdir(), "zinstall-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  void it("[INSTALL-1] installs without engine warnings and runs zino, zelinqa and zelinqa-mcp from the prefix", async () => {
    const deadline = Date.now() + STEPS_BUDGET_MS;
    await npmStep("packing the checkout", ["pack", "--pack-destination", dir], REPO_ROOT, deadline);
    const tarball = readdirSync(dir).find((name) => name.endsWith(".tgz"));
    assert.ok(tarball, "npm pack made a tarball");
    const prefix = join(dir, "prefix");
    const install = await npmStep(
      "installing the tarball",
      ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(dir, tarball)],
      dir,
      deadline,
    );
    assert.doesNotMatch(`${install.stdout}${install.stderr}`, /EBADENGINE/, "no engine warning on this Node");
    const bin = (name: string) => join(prefix, "bin", name);
    for (const name of ["zino", "zelinqa"]) {
      assert.equal((await run(bin(name), ["--version"])).stdout.trim(), version, name);
    }
    assert.match((await run(bin("zelinqa-mcp"), ["--version"])).stdout, /^zelinqa-mcp \d+\.\d+\.\d+/);
    for (const name of ["zino-ctx", "zino-rtr", "zino-exc", "zino-daemon"]) {
      assert.match((await run(bin(name), ["--help"], { cwd: dir })).stdout, new RegExp(`Usage: ${name}`), name);
    }
    // The bins run the services' bundles (issue 14), which the package carries.
    const bundleDir = join(prefix, "lib", "node_modules", "zelinqa-mcp", "dist", "bundle");
    for (const file of ["bundle-loader.cjs", "zino-exc-launcher.cjs"]) assert.ok(existsSync(join(bundleDir, file)), file);
    for (const name of ["zino-ctx", "zino-rtr", "zino-exc", "zino-daemon", "zino-host", "zino-cli"]) {
      for (const file of [`${name}.cjs`, `${name}.code.cjs`, `${name}.v8cache`]) assert.ok(existsSync(join(bundleDir, file)), file);
    }
    // Installed at another path, a service still takes the code cache the build made (scripts/bundle-loader.cjs).
    assert.ok(codeCacheTaken(join(bundleDir, "zino-rtr.cjs"), { flags: SERVICE_NODE_FLAGS }));
    // The native spawn addon the build made comes with it (dist/native), where the bundles look for it.
    if (nativeSpawnUnavailable() === undefined) {
      assert.ok(existsSync(join(bundleDir, "..", "native", ADDON_FILE)), "dist/native/zino-spawn.node is installed");
    }
    assert.ok(
      existsSync(join(prefix, "lib", "node_modules", "zelinqa-mcp", "deploy", "systemd", "README.md")),
      "the units' documentation is installed",
    );
  });
});
