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
const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

void describe("npm install -g of the packed checkout", () => {
  const dir = mkdtempSync(join(tmpdir(), "zinstall-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  void it("[INSTALL-1] installs without engine warnings and runs zino, zelinqa and zelinqa-mcp from the prefix", async () => {
    const npm = { env: { ...process.env, npm_config_update_notifier: "false" }, maxBuffer: 16 * 1024 * 1024, timeout: 900_000 };
    await run("npm", ["pack", "--pack-destination", dir], { ...npm, cwd: REPO_ROOT });
    const tarball = readdirSync(dir).find((name) => name.endsWith(".tgz"));
    assert.ok(tarball, "npm pack made a tarball");
    const prefix = join(dir, "prefix");
    const install = await run(
      "npm",
      ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(dir, tarball)],
      { ...npm, cwd: dir },
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
