// The systemd units (deploy/systemd) point at documentation that exists once the package is installed globally
// (npm's default prefix /usr/local), and at binaries the package installs.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { z } from "zod";
import { REPO_ROOT } from "../../harness/zino-processes.js";
import { SERVICE_ENV, SERVICE_NODE_FLAGS } from "../../src/zino/runtime/service-node-flags.js";

const INSTALLED = "/usr/local/lib/node_modules/zelinqa-mcp/";
const PackageSchema = z.object({ files: z.array(z.string()), bin: z.record(z.string(), z.string()) });
const pkg = PackageSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")));
const units = readdirSync(join(REPO_ROOT, "deploy", "systemd")).filter((name) => name.endsWith(".service"));

void describe("systemd units", () => {
  void it("[DEPLOY-1] every unit's Documentation= files are in the repository and in the published package", () => {
    assert.ok(units.length >= 4);
    for (const unit of units) {
      const text = readFileSync(join(REPO_ROOT, "deploy", "systemd", unit), "utf8");
      const docs = text.match(/^Documentation=(.*)$/m)?.[1]?.split(/\s+/) ?? [];
      assert.ok(docs.length > 0, `${unit} has Documentation=`);
      for (const url of docs.filter((d) => d.startsWith("file://"))) {
        const path = url.slice("file://".length);
        assert.ok(path.startsWith(INSTALLED), `${unit}: ${path} is inside the installed package`);
        const inRepo = path.slice(INSTALLED.length);
        assert.ok(existsSync(join(REPO_ROOT, inRepo)), `${unit}: ${inRepo} exists`);
        assert.ok(
          pkg.files.some((entry) => inRepo === entry || inRepo.startsWith(`${entry}/`)),
          `${unit}: ${inRepo} is published`,
        );
      }
    }
  });

  void it("[DEPLOY-1] every unit starts a binary the package installs", () => {
    for (const unit of units) {
      const command = readFileSync(join(REPO_ROOT, "deploy", "systemd", unit), "utf8").match(/^ExecStart=\/usr\/local\/bin\/(\S+)/m)?.[1];
      assert.ok(command && command in pkg.bin, `${unit}: ${command}`);
    }
  });

  void it("[DEPLOY-1] every ZINO service unit runs Node with the services' V8 flags and environment, as `zino up` does", () => {
    const zinoUnits = units.filter((unit) => /^zino-\w+\.service$/.test(unit));
    assert.equal(zinoUnits.length, 5, "the four services and zino-host");
    for (const unit of zinoUnits) {
      const options = readFileSync(join(REPO_ROOT, "deploy", "systemd", unit), "utf8").match(/^Environment=NODE_OPTIONS=(.*)$/m)?.[1];
      assert.deepEqual(options?.split(/\s+/), [...SERVICE_NODE_FLAGS], unit);
      const text = readFileSync(join(REPO_ROOT, "deploy", "systemd", unit), "utf8");
      for (const [name, value] of Object.entries(SERVICE_ENV)) {
        assert.equal(text.match(new RegExp(`^Environment=${name}=(.*)$`, "m"))?.[1], value, `${unit}: ${name}`);
      }
    }
  });
});

void describe("deploy documentation", () => {
  void it("[DEPLOY-2] no command sets an environment variable in front of sudo, which resets the environment before running it", () => {
    const docs = [join("deploy", "systemd", "README.md"), join("deploy", "zino-postgres.md"), join("deploy", "zelinqa-postgres.md")];
    for (const doc of docs) {
      const text = readFileSync(join(REPO_ROOT, doc), "utf8");
      const blocks = [...text.matchAll(/```(?:sh|bash|shell)?\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
      for (const line of blocks.flatMap((b) => b.split("\n"))) {
        const command = line.replace(/\s#.*$/, "");
        assert.doesNotMatch(
          command,
          /(^|[;&|]\s*)[A-Z_][A-Z0-9_]*=\S*\s+sudo\b/,
          `${doc}: "${line.trim()}" (the variable would not reach the command)`,
        );
      }
    }
  });
});
