// `npm start` is fast the second time (issue 12): scripts/build-if-stale.mjs compiles only when a source (or a file
// shaping the build) is newer than the last build, and says what it does. Run on a scratch copy with a stand-in tsc.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { REPO_ROOT } from "../../harness/zino-processes.js";

void describe("build-if-stale", () => {
  const root = mkdtempSync(join(tmpdir(), "zbuild-"));
  after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "scripts"));
  copyFileSync(join(REPO_ROOT, "scripts", "build-if-stale.mjs"), join(root, "scripts", "build-if-stale.mjs"));
  mkdirSync(join(root, "src", "zino", "cli"), { recursive: true });
  writeFileSync(join(root, "src", "zino", "cli", "main.ts"), "export {};\n");
  writeFileSync(join(root, "package.json"), "{}\n");
  // The stand-in compiler records each run and writes what a build leaves behind.
  mkdirSync(join(root, "node_modules", "typescript", "bin"), { recursive: true });
  writeFileSync(
    join(root, "node_modules", "typescript", "bin", "tsc"),
    [
      'const { appendFileSync, mkdirSync, writeFileSync } = require("node:fs");',
      'mkdirSync("dist/src/zino/cli", { recursive: true });',
      'writeFileSync("dist/src/zino/cli/main.js", "");',
      'writeFileSync("dist/.tsbuildinfo", "{}");',
      'appendFileSync("tsc-runs", "x");',
    ].join("\n"),
  );
  writeFileSync(join(root, "node_modules", "package.json"), '{"type":"commonjs"}');
  const build = () =>
    execFileSync(process.execPath, [join(root, "scripts", "build-if-stale.mjs")], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  const runs = () => {
    try {
      return execFileSync("cat", [join(root, "tsc-runs")], { encoding: "utf8" }).length;
    } catch {
      return 0;
    }
  };

  void it("[START-FAST-1] builds when there is no dist/, then skips the build until a source changes", () => {
    build();
    assert.equal(runs(), 1, "the first run compiles");
    build();
    build();
    assert.equal(runs(), 1, "unchanged sources: no compilation");
    // The last build a minute ago, the source edited now.
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(join(root, "dist", ".tsbuildinfo"), earlier, earlier);
    writeFileSync(join(root, "src", "zino", "cli", "main.ts"), "export const changed = true;\n");
    build();
    assert.equal(runs(), 2, "a changed source: one compilation");
    build();
    assert.equal(runs(), 2);
  });
});
