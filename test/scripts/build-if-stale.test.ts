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
  for (const script of ["build-if-stale.mjs", "bundle-names.mjs"])
    copyFileSync(join(REPO_ROOT, "scripts", script), join(root, "scripts", script));
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
  const count = (file: string) => {
    try {
      return execFileSync("cat", [join(root, file)], { encoding: "utf8" }).length;
    } catch {
      return 0;
    }
  };
  const runs = () => count("tsc-runs");

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

  void it("[START-FAST-2] bundles the services (and the CLI) after tsc, again only when a source changed, a bundle is missing or tsc ran since", () => {
    // The stand-in bundler (scripts/bundle-services.mjs) records each run and writes the bundles; esbuild "installed".
    // Each cached bundle is an entry, its code and its V8 cache; the launcher's is one file; the loader beside them.
    const cached = ["zino-ctx", "zino-rtr", "zino-exc", "zino-daemon", "zino-host", "zino-cli"];
    const files = [...cached.flatMap((n) => [`${n}.cjs`, `${n}.code.cjs`, `${n}.v8cache`]), "zino-exc-launcher.cjs", "bundle-loader.cjs"];
    const bundles = files.map((f) => join(root, "dist", "bundle", f));
    const inBundle = (file: string) => join(root, "dist", "bundle", file);
    writeFileSync(
      join(root, "scripts", "bundle-services.mjs"),
      [
        'import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";',
        'mkdirSync("dist/bundle", { recursive: true });',
        `for (const f of ${JSON.stringify(files)}) writeFileSync(\`dist/bundle/\${f}\`, "");`,
        'appendFileSync("bundle-runs", "x");',
      ].join("\n"),
    );
    mkdirSync(join(root, "node_modules", "esbuild"), { recursive: true });
    const bundleRuns = () => count("bundle-runs");
    const tscRuns = runs();
    const backdate = (...files: string[]) => {
      const earlier = new Date(Date.now() - 60_000);
      for (const file of files) utimesSync(file, earlier, earlier);
    };
    build();
    assert.deepEqual([runs(), bundleRuns()], [tscRuns, 1], "dist/ compiled, no bundles: bundling only");
    build();
    assert.deepEqual([runs(), bundleRuns()], [tscRuns, 1], "nothing changed");
    backdate(join(root, "dist", ".tsbuildinfo"), ...bundles);
    writeFileSync(join(root, "src", "zino", "cli", "main.ts"), "export const changedAgain = true;\n");
    build();
    assert.deepEqual([runs(), bundleRuns()], [tscRuns + 1, 2], "a changed source: tsc, then the bundles");
    rmSync(inBundle("zino-exc.code.cjs"));
    build();
    assert.deepEqual([runs(), bundleRuns()], [tscRuns + 1, 3], "a bundle missing: bundling only");
    // tsc ran since the bundling (e.g. a bare `tsc -p tsconfig.build.json`): the bundles are rebuilt.
    backdate(...bundles);
    build();
    assert.deepEqual([runs(), bundleRuns()], [tscRuns + 1, 4]);
    build();
    assert.deepEqual([runs(), bundleRuns()], [tscRuns + 1, 4]);
    // A code cache is optional (a build that could not write one says so): its absence alone rebuilds nothing.
    rmSync(inBundle("zino-rtr.v8cache"));
    build();
    assert.deepEqual([runs(), bundleRuns()], [tscRuns + 1, 4], "a cache missing: nothing to do");
  });
});
