// `npm start` is fast the second time (issue 12): scripts/build-if-stale.mjs compiles only when a source (or a file
// shaping the build) is newer than the last build, and says what it does. Run on a scratch copy with a stand-in tsc.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
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

void describe("build-if-stale on a Node.js outside package.json's engines", () => {
  // A scratch copy with the checkout's real engines range and nothing built; node told its version by a preload.
  const root = mkdtempSync(join(tmpdir(), "zbuild-node-"));
  after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "scripts"));
  for (const script of ["build-if-stale.mjs", "bundle-names.mjs"])
    copyFileSync(join(REPO_ROOT, "scripts", script), join(root, "scripts", script));
  mkdirSync(join(root, "src"));
  const engines = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
  writeFileSync(join(root, "package.json"), JSON.stringify({ engines: { node: engines } }));
  const onNode = (version: string) =>
    spawnSync(
      process.execPath,
      [
        "--import",
        `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`,
        join(root, "scripts", "build-if-stale.mjs"),
        "--quiet",
      ],
      { cwd: root, encoding: "utf8" },
    );

  void it("[START-NODE-1] says which Node.js is needed and which runs, and stops before building (exit 1)", () => {
    for (const version of ["18.19.0", "20.18.3", "21.7.3", "22.12.0", "23.11.0"]) {
      const r = onNode(version);
      assert.equal(r.status, 1, `${version}: ${r.stderr}`);
      assert.match(
        r.stderr,
        new RegExp(
          `^zino: this checkout needs Node\\.js .*20\\.19.*, and this is Node\\.js ${version.replace(/\./g, "\\.")} \\(.*\\): install a supported version`,
          "m",
        ),
      );
      assert.ok(!existsSync(join(root, "dist")), "nothing was built");
    }
  });

  void it("[START-NODE-2] lets every version of the range through", () => {
    for (const version of ["20.19.0", "20.20.2", "22.13.0", "22.20.1", "24.0.0", "25.1.0"]) {
      assert.doesNotMatch(onNode(version).stderr, /needs Node\.js/, version);
    }
  });
});
