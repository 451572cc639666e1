// Builds dist/ only when a source changed since the last build (`npm start`, `npm run zino`, and `prepare` on
// install): a second `npm start` costs a directory walk instead of a compilation. When a build is needed, tsc runs
// incrementally (tsBuildInfo in dist/), with a line when it starts, every 15 s while it runs, and when it ends.
// The studio (studio/, a Vite app) is built into dist/studio the same way, when its own sources changed.
// After tsc, the ZINO services are bundled (scripts/bundle-services.mjs, esbuild: dist/bundle/zino-<svc>.cjs) when a
// source, the lockfile or the bundling script is newer than the bundles, or when tsc ran since (its stamp is newer).
// The native spawn addon (scripts/build-native.mjs) is compiled when its source or script changed; without a C
// compiler that step only says so.
// Plain JavaScript so that it runs before anything is compiled and without a TypeScript loader.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CACHED_BUNDLES, LAUNCHER_BUNDLE, LOADER } from "./bundle-names.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stamp = join(root, "dist", ".tsbuildinfo");
const quiet = process.argv.includes("--quiet");
const say = (line) => process.stderr.write(`build: ${line}\n`);

/** Whether `version` (e.g. "20.18.1") satisfies an engines range made of `^X.Y.Z` and `>=X[.Y.Z]` parts joined by `||`. */
function satisfies(version, range) {
  const numbers = (text) => text.split(".").map((n) => Number.parseInt(n, 10) || 0);
  const [major, minor, patch] = numbers(version);
  const atLeast = ([a, b = 0, c = 0]) => major * 1e6 + minor * 1e3 + patch >= a * 1e6 + b * 1e3 + c;
  return range.split("||").some((part) => {
    const caret = /^\s*\^(\d+(?:\.\d+){0,2})\s*$/.exec(part);
    if (caret) return numbers(caret[1])[0] === major && atLeast(numbers(caret[1]));
    const floor = /^\s*>=\s*(\d+(?:\.\d+){0,2})\s*$/.exec(part);
    if (floor) return atLeast(numbers(floor[1]));
    return true; // a form this check does not read: npm's own engine warning covers it
  });
}

// Before anything runs on it: an unsupported Node fails later with errors that do not say why (npm only warns).
const engines = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines?.node;
if (typeof engines === "string" && !satisfies(process.versions.node, engines)) {
  process.stderr.write(
    `zino: this checkout needs Node.js ${engines} (package.json engines), and this is Node.js ${process.versions.node} (${process.execPath}): install a supported version (for example \`nvm install 22\`), then run \`npm ci\` again\n`,
  );
  process.exit(1);
}

/** The newest modification time among the files of `dir` whose name ends with one of `endings`. */
function newestSource(dir, endings, newest = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(path, endings, newest);
    else if (endings.some((ending) => entry.name.endsWith(ending))) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const mtimes = (files) =>
  files
    .map((f) => join(root, f))
    .filter(existsSync)
    .map((f) => statSync(f).mtimeMs);

function serverStale() {
  if (!existsSync(stamp) || !existsSync(join(root, "dist", "src", "zino", "cli", "main.js"))) return true;
  const built = statSync(stamp).mtimeMs;
  return Math.max(newestSource(join(root, "src"), [".ts"]), ...mtimes(["tsconfig.json", "tsconfig.build.json", "package.json"])) > built;
}

const studioRoot = join(root, "studio");
const studioStamp = join(root, "dist", "studio", "index.html");

/** The studio's own sources, and the contracts whose types it imports. */
function studioStale() {
  if (!existsSync(studioRoot)) return false;
  if (!existsSync(studioStamp)) return true;
  const newest = Math.max(
    newestSource(studioRoot, [".ts", ".tsx", ".css", ".html", ".json"]),
    newestSource(join(root, "src", "zelinqa", "contracts"), [".ts"]),
    ...mtimes(["package.json", "package-lock.json"]),
  );
  return newest > statSync(studioStamp).mtimeMs;
}

const bundleDir = join(root, "dist", "bundle");
const bundleScript = join(root, "scripts", "bundle-services.mjs");
// Each bundle's entry and code (its code cache, zino-<name>.v8cache, is made with them when it can be, and is optional).
const BUNDLES = [
  ...Object.keys(CACHED_BUNDLES).flatMap((name) => [`${name}.cjs`, `${name}.code.cjs`]),
  ...Object.keys(LAUNCHER_BUNDLE).map((name) => `${name}.cjs`),
  LOADER,
].map((file) => join(bundleDir, file));

/** The service bundles: missing, or older than a source, the dependencies, the bundling script or the last tsc. */
function bundlesStale() {
  if (!existsSync(bundleScript) || !existsSync(join(root, "src"))) return false;
  if (!BUNDLES.every(existsSync)) return true;
  const oldest = Math.min(...BUNDLES.map((file) => statSync(file).mtimeMs));
  const newest = Math.max(
    newestSource(join(root, "src"), [".ts"]),
    ...mtimes([
      "package.json",
      "package-lock.json",
      "scripts/bundle-services.mjs",
      "scripts/bundle-names.mjs",
      "scripts/bundle-loader.cjs",
      "dist/.tsbuildinfo",
    ]),
  );
  return newest > oldest;
}

/** Runs one build step; resolves to its exit code, with a line every 15 s while it runs. */
function run(label, args) {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"], cwd: root });
    const beat = setInterval(() => say(`${label}: still building (${seconds()})`), 15_000);
    child.on("exit", (code, signal) => {
      clearInterval(beat);
      if (code === 0) say(`${label}: built in ${seconds()}`);
      else say(`${label} failed (${signal ?? `exit ${code}`}) after ${seconds()}`);
      resolve(code ?? 1);
    });
  });
}

async function buildServer() {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  if (!existsSync(tsc)) {
    // An install without dev dependencies: use the dist/ that came with the package, if any.
    if (existsSync(join(root, "dist", "src"))) return 0;
    say("TypeScript is not installed and there is no dist/: run `npm install` (with dev dependencies) first");
    return 1;
  }
  say(
    existsSync(stamp)
      ? "sources changed: compiling what changed (tsc, incremental)…"
      : "compiling dist/ (tsc; the first build takes a minute, later ones only what changed)…",
  );
  const code = await run("tsc", [tsc, "-p", join(root, "tsconfig.build.json")]);
  // tsc leaves its build info untouched when a touched file did not really change: the stamp moves anyway.
  if (code === 0 && existsSync(stamp)) utimesSync(stamp, new Date(), new Date());
  return code;
}

async function buildBundles() {
  if (!existsSync(join(root, "node_modules", "esbuild"))) {
    // Without dev dependencies: the services run from main.js (src/zino/runtime/service-entry.ts ignores bundles
    // older than the compilation).
    say("esbuild is not installed: the services run from dist/src/zino/<svc>/main.js, unbundled");
    return 0;
  }
  return run("bundle", [bundleScript]);
}

const nativeScript = join(root, "scripts", "build-native.mjs");
const NATIVE_INPUTS = ["native/zino-spawn.c", "native/zino-zygote.c", "scripts/build-native.mjs"];
const NATIVE_RESULTS = ["dist/native/zino-spawn.node", "dist/native/UNAVAILABLE"];

/** The native spawn addon: neither built nor found unavailable since its source or its build script last changed. */
function nativeStale() {
  const inputs = mtimes(NATIVE_INPUTS);
  if (inputs.length < NATIVE_INPUTS.length) return false;
  const results = mtimes(NATIVE_RESULTS);
  return results.length === 0 || Math.max(...inputs) > Math.max(...results);
}

async function buildStudio() {
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");
  if (!existsSync(vite)) {
    if (existsSync(studioStamp)) return 0;
    say("Vite is not installed and there is no dist/studio: run `npm install` (with dev dependencies) first");
    return 1;
  }
  say("building the studio into dist/studio (vite)…");
  return run("studio", [vite, "build", "--config", join(studioRoot, "vite.config.ts"), "--logLevel", "warn"]);
}

const server = serverStale();
const studio = studioStale();
if (!server && !studio && !bundlesStale() && !nativeStale() && !quiet) say("dist/ is up to date");
// The bundles are checked again after tsc, since a compilation makes them stale.
const steps = [
  server ? buildServer : null,
  () => (bundlesStale() ? buildBundles() : 0),
  () => (nativeStale() ? run("native", [nativeScript]) : 0),
  studio ? buildStudio : null,
].filter(Boolean);
let status = 0;
for (const step of steps) {
  status = await step();
  if (status !== 0) break;
}
process.exit(status);
