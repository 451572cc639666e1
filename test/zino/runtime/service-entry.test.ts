// Which file starts a service (src/zino/runtime/service-entry.ts), shared by `zino up`, the bins the systemd units run
// and the harness: the bundle when the build made one and it is current, else main.js; and the files the bundled code
// finds next to itself (exc's process launcher). On a scratch dist/ whose files are small stand-ins.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, describe, it } from "node:test";
import { resolveServiceEntry } from "../../../src/zino/cli/service-launch.js";
import { launcherMainFile } from "../../../src/zino/exc/process-launcher.js";
import { provisionerProgram, zelinqaProgram } from "../../../src/guide/zelinqa-entries.js";
import {
  cliMainFile,
  namesServiceEntry,
  ranBundleInstead,
  runCliMain,
  serviceBundleFile,
  serviceMainFile,
} from "../../../src/zino/runtime/service-entry.js";
import { SERVICE_NODE_FLAGS } from "../../../src/zino/runtime/service-node-flags.js";

void describe("service entry", () => {
  const root = mkdtempSync(join(tmpdir(), "zentry-"));
  after(() => rmSync(root, { recursive: true, force: true }));
  const dist = join(root, "dist");
  const main = (name: string) => join(dist, "src", "zino", name, "main.js");
  const stamp = join(dist, ".tsbuildinfo");
  const at = (path: string, secondsAgo: number) =>
    utimesSync(path, new Date(Date.now() - secondsAgo * 1000), new Date(Date.now() - secondsAgo * 1000));
  for (const name of ["ctx", "rtr"]) {
    mkdirSync(join(dist, "src", "zino", name), { recursive: true });
    writeFileSync(main(name), "");
  }
  mkdirSync(join(dist, "bundle"));
  writeFileSync(stamp, "{}");
  // Stand-in bundles that say they ran (ranBundleInstead and runCliMain import them into this process).
  writeFileSync(serviceBundleFile("ctx", dist), 'globalThis.zinoEntryTest = "bundle";\n');
  const cliBundle = join(dist, "bundle", "zino-cli.cjs");
  const cliUnbundled = join(dist, "src", "zino", "cli", "run-zino.js");
  mkdirSync(dirname(cliUnbundled), { recursive: true });
  writeFileSync(cliBundle, 'globalThis.zinoCliEntryTest = "bundle";\n');
  writeFileSync(cliUnbundled, 'globalThis.zinoCliEntryTest = "run-zino.js";\n');
  at(stamp, 60);

  void it("[BUNDLE-1] runs the bundle when it exists and is not older than the last compilation, else main.js", () => {
    assert.deepEqual(serviceMainFile("ctx", dist, {}), { file: join(dist, "bundle", "zino-ctx.cjs"), bundled: true });
    assert.deepEqual(serviceMainFile("rtr", dist, {}), { file: main("rtr"), bundled: false }, "no bundle: main.js");
    assert.deepEqual(serviceMainFile("ctx", dist, { ZINO_NO_BUNDLE: "1" }), { file: main("ctx"), bundled: false });
    // tsc ran after the bundling (a bare `tsc -p tsconfig.build.json`): the bundle may hold older code than main.js.
    at(serviceBundleFile("ctx", dist), 120);
    assert.deepEqual(serviceMainFile("ctx", dist, {}), { file: main("ctx"), bundled: false });
    // An installed package has no build info: its bundle is used.
    rmSync(stamp);
    assert.equal(serviceMainFile("ctx", dist, {}).bundled, true);
    writeFileSync(stamp, "{}");
    at(stamp, 600);
  });

  void it("[BUNDLE-2] zino up starts the bundle from dist/, with the services' Node flags and --config", () => {
    const entry = resolveServiceEntry("ctx", "/etc/zino/ZINO.toml", join(dist, "src", "zino", "cli", "service-launch.js"));
    assert.equal(entry.mainFile, serviceBundleFile("ctx", dist));
    assert.equal(entry.exists, true);
    assert.deepEqual(entry.args, [...SERVICE_NODE_FLAGS, serviceBundleFile("ctx", dist), "--config", "/etc/zino/ZINO.toml"]);
    assert.equal(resolveServiceEntry("rtr", undefined, join(dist, "src", "zino", "cli", "service-launch.js")).mainFile, main("rtr"));
  });

  void it("[BUNDLE-24] dist/'s main.js runs the service's current bundle instead of its modules; the bundle and the sources do not", async () => {
    // exc's stand-in bundle, imported by this test only (an imported module runs once per process).
    mkdirSync(dirname(main("exc")), { recursive: true });
    writeFileSync(main("exc"), "");
    writeFileSync(serviceBundleFile("exc", dist), 'globalThis.zinoMainTest = "bundle";\n');
    const g = globalThis as { zinoMainTest?: string };
    const mainUrl = (name: string) => pathToFileURL(main(name)).href;
    assert.equal(await ranBundleInstead("rtr", mainUrl("rtr")), false, "no bundle: main.js runs the modules");
    assert.equal(await ranBundleInstead("exc", pathToFileURL(serviceBundleFile("exc", dist)).href), false, "the bundle itself");
    assert.equal(await ranBundleInstead("exc", pathToFileURL(join(root, "src", "zino", "exc", "main.ts")).href), false, "sources");
    const before = process.env.ZINO_NO_BUNDLE;
    process.env.ZINO_NO_BUNDLE = "1";
    try {
      assert.equal(await ranBundleInstead("exc", mainUrl("exc")), false, "ZINO_NO_BUNDLE=1");
    } finally {
      if (before === undefined) delete process.env.ZINO_NO_BUNDLE;
      else process.env.ZINO_NO_BUNDLE = before;
    }
    assert.equal(g.zinoMainTest, undefined, "no bundle ran so far");
    assert.equal(await ranBundleInstead("exc", mainUrl("exc")), true);
    assert.equal(g.zinoMainTest, "bundle");
  });

  void it("[BUNDLE-4] `zino down` recognises a service started from its main file, its bin or its bundle, and no other", () => {
    assert.ok(namesServiceEntry("/x/dist/src/zino/ctx/main.js", "ctx"));
    assert.ok(namesServiceEntry("/x/src/zino/ctx/main.ts", "ctx"));
    assert.ok(namesServiceEntry("/usr/lib/node_modules/zelinqa-mcp/dist/src/zino/ctx/bin.js", "ctx"));
    assert.ok(namesServiceEntry("/x/dist/bundle/zino-ctx.cjs", "ctx"));
    // Started by a build before the code cache (an ES module bundle), still running after an upgrade.
    assert.ok(namesServiceEntry("/x/dist/bundle/zino-ctx.mjs", "ctx"));
    assert.ok(!namesServiceEntry("/x/dist/bundle/zino-ctx.code.cjs", "rtr"));
    assert.ok(!namesServiceEntry("/x/dist/bundle/zino-exc-launcher.cjs", "exc"));
    assert.ok(!namesServiceEntry("/x/dist/bundle/zino-rtr.cjs", "ctx"));
    assert.ok(!namesServiceEntry("/usr/bin/python3", "ctx"));
  });

  void it("[BUNDLE-5] exc's process launcher is found next to the module that starts it: source, main.js or bundle", () => {
    assert.equal(launcherMainFile("/r/src/zino/exc/process-launcher.ts"), "/r/src/zino/exc/process-launcher-main.ts");
    assert.equal(launcherMainFile("/r/dist/src/zino/exc/process-launcher.js"), "/r/dist/src/zino/exc/process-launcher-main.js");
    assert.equal(launcherMainFile("/r/dist/bundle/zino-exc.cjs"), "/r/dist/bundle/zino-exc-launcher.cjs");
  });

  void it("[BUNDLE-12] the zino command (cli/main) runs the CLI's bundle when current, else run-zino.js", async () => {
    assert.deepEqual(cliMainFile(dist, {}), { file: cliBundle, bundled: true });
    assert.deepEqual(cliMainFile(dist, { ZINO_NO_BUNDLE: "1" }), { file: cliUnbundled, bundled: false });
    at(cliBundle, 900);
    assert.deepEqual(cliMainFile(dist, {}), { file: cliUnbundled, bundled: false }, "a bundle older than the last tsc is ignored");
    await runCliMain(pathToFileURL(join(dist, "src", "zino", "cli", "main.js")).href);
    assert.equal((globalThis as { zinoCliEntryTest?: string }).zinoCliEntryTest, "run-zino.js");
    at(cliBundle, 0);
    // A module is imported once per URL: the bundle, a different file, runs now.
    await runCliMain(pathToFileURL(join(dist, "src", "zino", "cli", "main.js")).href);
    assert.equal((globalThis as { zinoCliEntryTest?: string }).zinoCliEntryTest, "bundle");
  });

  void it("[BUNDLE-13] code running inside the CLI's bundle finds the services and the Zelinqa programs of its dist/", () => {
    // Every module of a bundle has the bundle's file as import.meta.url.
    assert.equal(resolveServiceEntry("ctx", undefined, cliBundle).mainFile, serviceBundleFile("ctx", dist));
    assert.equal(resolveServiceEntry("rtr", undefined, cliBundle).mainFile, main("rtr"));
    assert.deepEqual(zelinqaProgram("cli", cliBundle).args, [join(dist, "src", "zelinqa", "cli", "main.js")]);
    assert.deepEqual(zelinqaProgram("mcp", join(dist, "src", "guide", "local-api.js")).args, [
      join(dist, "src", "zelinqa", "mcp", "main.js"),
    ]);
    assert.deepEqual(provisionerProgram(cliBundle).args, [join(dist, "src", "guide", "zelinqa-provision-main.js")]);
    const fromSources = provisionerProgram("/r/src/guide/zelinqa-entries.ts").args;
    assert.equal(fromSources.at(-1), "/r/src/guide/zelinqa-provision-main.ts");
    assert.equal(fromSources[0], "--import");
  });
});
