// Which file starts a ZINO service, for every launcher: `zino up` (cli/service-launch.ts), the package's bins that
// the systemd units run (<svc>/bin.ts) and the test and benchmark harness (harness/zino-processes.ts); and which file
// runs the `zino` command itself (cli/main.ts).
// From dist/, the bundle (dist/bundle/zino-<svc>.cjs or zino-cli.cjs, made by scripts/bundle-services.mjs: a cold
// start loads one file instead of ~300 modules, with V8's code cache) when the build made one and it is not older than
// the last compilation;
// else dist/src/zino/<svc>/main.js (the CLI: run-zino.js), which always works. ZINO_NO_BUNDLE=1 forces the unbundled
// files (comparisons, debugging).
// This module imports only node: built-ins, so a bin that loads it costs nothing before the service itself.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServiceName } from "../config/index.js";

/** A service, or `host`: zino-host, which runs several services in one process (run-host.ts). */
export type EntryName = ServiceName | "host";

export interface ServiceMain {
  /** Absolute path of the file to run with node. */
  file: string;
  bundled: boolean;
}

/** The bundle of `name` in `distDir` (whether or not it exists). */
export function serviceBundleFile(name: EntryName, distDir: string): string {
  return join(distDir, "bundle", `zino-${name}.cjs`);
}

/**
 * The file that runs service `name` from the build in `distDir` (the `dist` directory): its bundle when present and
 * current, else its main.js. A bundle older than dist/.tsbuildinfo (tsc ran again without bundling, e.g. a bare
 * `tsc -p tsconfig.build.json`) is ignored, so a stale bundle never runs older code than main.js would.
 */
export function serviceMainFile(name: EntryName, distDir: string, env: NodeJS.ProcessEnv = process.env): ServiceMain {
  return bundleOr(serviceBundleFile(name, distDir), join(distDir, "src", "zino", name, "main.js"), distDir, env);
}

/** The file that runs the `zino` command from the build in `distDir`: its bundle when present and current, else run-zino.js. */
export function cliMainFile(distDir: string, env: NodeJS.ProcessEnv = process.env): ServiceMain {
  return bundleOr(join(distDir, "bundle", "zino-cli.cjs"), join(distDir, "src", "zino", "cli", "run-zino.js"), distDir, env);
}

function bundleOr(bundle: string, unbundled: string, distDir: string, env: NodeJS.ProcessEnv): ServiceMain {
  if (env.ZINO_NO_BUNDLE === "1") return { file: unbundled, bundled: false };
  return bundleIsCurrent(bundle, join(distDir, ".tsbuildinfo")) ? { file: bundle, bundled: true } : { file: unbundled, bundled: false };
}

function bundleIsCurrent(bundle: string, stamp: string): boolean {
  const bundleTime = mtime(bundle);
  if (bundleTime === undefined) return false;
  // An installed package has no build info (package.json `files`): its bundles came with its dist/.
  const stampTime = mtime(stamp);
  return stampTime === undefined || bundleTime >= stampTime;
}

function mtime(path: string): number | undefined {
  return existsSync(path) ? statSync(path).mtimeMs : undefined;
}

/**
 * For a service's main.ts (which its bin imports): runs the service's bundle in this process instead of the file at
 * `mainUrl` (its import.meta.url) when that is dist/'s main.js and the build made a current bundle, and says whether
 * it did; the caller then does nothing more. `node dist/src/zino/ctx/main.js` thus starts as fast as the bin. False
 * from the bundle itself, from the sources (tsx) or without a current bundle (ZINO_NO_BUNDLE=1 included): the caller
 * runs the service from its modules, which it imports only then.
 */
export async function ranBundleInstead(name: EntryName, mainUrl: string): Promise<boolean> {
  if (!mainUrl.endsWith("/main.js")) return false;
  const { file, bundled } = serviceMainFile(name, fileURLToPath(new URL("../../..", mainUrl)));
  if (!bundled) return false;
  await import(pathToFileURL(file).href);
  return true;
}

/**
 * Runs the `zino` command in this process, the whole body of cli/main (`mainUrl`, its import.meta.url): from dist/
 * its bundle or run-zino.js, from the sources (tsx) the sibling run-zino.ts.
 */
export async function runCliMain(mainUrl: string): Promise<void> {
  const file = mainUrl.endsWith(".ts")
    ? fileURLToPath(new URL("run-zino.ts", mainUrl))
    : cliMainFile(fileURLToPath(new URL("../../..", mainUrl))).file;
  await import(pathToFileURL(file).href);
}

/**
 * Whether one argument of a process's command line is a file that runs service `name` (main.ts/.js, bin, bundle). A
 * bundle is `zino-<name>.cjs`, or `zino-<name>.mjs` as builds made it before the code cache: a service started by such
 * a build still runs after an upgrade, and `zino down` stops it.
 */
export function namesServiceEntry(arg: string, name: EntryName): boolean {
  return (
    arg.includes(`/${name}/main.`) ||
    arg.includes(`/${name}/bin.`) ||
    arg.endsWith(`/zino-${name}.cjs`) ||
    arg.endsWith(`/zino-${name}.mjs`)
  );
}
