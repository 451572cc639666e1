// Runs a ZINO bundle of dist/bundle/ with V8's code cache (issue 14). scripts/bundle-services.mjs copies this file
// there and writes each bundle as three files:
//   zino-<name>.cjs        the entry every launcher runs (`node dist/bundle/zino-ctx.cjs`, the bins, `zino up`): one
//                          line that hands its own module to runBundle below;
//   zino-<name>.code.cjs   the bundle's code, one CommonJS file made by esbuild;
//   zino-<name>.v8cache    the SHA-256 of that code, then V8's code cache for it, written at build time by running the
//                          entry once (`--version`) with ZINO_WRITE_CODE_CACHE=1; a service's bundle has a second one,
//                          made under its node flags and named after them (see bundleFiles).
// With the cache, V8 does not parse and compile the ~0.5–1.2 MB of code again at each start: it takes the bytecode of
// every function the build's run compiled. A cache that does not match (another build's code, another Node version or
// V8 flags it was not made under) is not used, and the code is compiled as without one.
// The code is compiled under a name that does not depend on where dist/ is, `dist/bundle/zino-<name>.code.cjs` (the
// path in the package), which stack traces show: V8 keeps the name a cache was made under, so a full path would be
// the build's, and the package installed elsewhere (npm, the systemd units) takes the build's cache all the same.
// The code holds no import(): V8's cache in Node 20 loses the link between a cached script and its loader, and an
// import() in it fails (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING); esbuild makes require() of them.
// The code runs as the entry's own module: its require, __filename and import.meta.url (esbuild's define) are the
// entry's, so what a bundle finds beside itself it finds beside the entry.
// Under --enable-source-maps the code is required as a file instead, without the cache: Node 20 maps the stack traces
// of a required file to the TypeScript sources (the .map beside it), not those of code compiled here.
// ZINO_NO_CODE_CACHE=1 compiles the code without its cache (comparisons: bench/zino-cold-start.ts; debugging).
// Plain CommonJS with node: built-ins only: it runs before any ZINO code.
"use strict";
const { createHash } = require("node:crypto");
const { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { createRequire, wrap } = require("node:module");
const { basename, dirname, join } = require("node:path");
const vm = require("node:vm");

const DIGEST_BYTES = 32;
/** Set by the build in the one process that writes a bundle's cache; removed before the bundle's code runs. */
const WRITE_ENV = "ZINO_WRITE_CODE_CACHE";
/** Set to 1 by whoever wants the code compiled without its cache; left for the processes it starts. */
const NO_CACHE_ENV = "ZINO_NO_CODE_CACHE";

/**
 * The node flags of this process (its command line's and NODE_OPTIONS's), sorted: V8 takes a cache only under the
 * flags it was made with, so a cache made under flags names them in its file.
 */
function processFlags() {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return given.filter((arg) => arg.startsWith("--")).sort();
}

const CACHE_SUFFIX = ".v8cache";

/**
 * The code file of the bundle whose entry is `entryFile` (`…/zino-<name>.cjs`), and the file of its cache made under
 * `flags` (by default this process's): zino-<name>.v8cache under node's defaults, else zino-<name>.<the flags without
 * their dashes, sorted, joined by commas>.v8cache, such as zino-ctx.max-semi-space-size=4.v8cache. The build makes a
 * service's bundle one under the services' flags (`zino up`, the systemd units) and one under node's defaults (its bin
 * started by hand or by another supervisor).
 */
function bundleFiles(entryFile, flags = processFlags()) {
  const tag = [...flags]
    .sort()
    .map((flag) => flag.replace(/^--/, ""))
    .join(",");
  const cacheFile = entryFile.replace(/\.cjs$/, tag === "" ? CACHE_SUFFIX : `.${tag}${CACHE_SUFFIX}`);
  return { codeFile: entryFile.replace(/\.cjs$/, ".code.cjs"), cacheFile };
}

/**
 * The cache to read for the bundle whose entry is `entryFile`: of those beside it, the one made under the most of
 * this process's flags and under no other. A process with more flags than the build's (a node option such as
 * --trace-warnings, which V8 does not count) takes the cache made under the rest; V8 refuses it if an extra flag is
 * one of its own, and the code is then compiled as without a cache. Undefined when none fits.
 */
function cacheToRead(entryFile, flags = processFlags()) {
  const dir = dirname(entryFile);
  const stem = basename(entryFile).replace(/\.cjs$/, "");
  const given = new Set(flags);
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  let best;
  let most = -1;
  for (const name of names) {
    if (!name.startsWith(`${stem}.`) || !name.endsWith(CACHE_SUFFIX)) continue;
    const tag = name.slice(stem.length + 1, -CACHE_SUFFIX.length);
    const madeUnder = name === `${stem}${CACHE_SUFFIX}` ? [] : tag.split(",").map((flag) => `--${flag}`);
    if (madeUnder.length > most && madeUnder.every((flag) => given.has(flag))) {
      best = join(dir, name);
      most = madeUnder.length;
    }
  }
  return best;
}

/**
 * The code, the cache file this process writes (ZINO_WRITE_CODE_CACHE: the one for its own flags) and the compiled
 * script of the bundle whose entry is `entryFile`.
 */
function compileBundle(entryFile) {
  const flags = processFlags();
  const { codeFile, cacheFile } = bundleFiles(entryFile, flags);
  const code = readFileSync(codeFile);
  const digest = createHash("sha256").update(code).digest();
  const readFrom = process.env[NO_CACHE_ENV] === "1" ? undefined : cacheToRead(entryFile, flags);
  const cachedData = readFrom === undefined ? undefined : cacheFor(readFrom, digest);
  const script = new vm.Script(wrap(withoutHashbang(code.toString("utf8"))), {
    filename: `dist/bundle/${basename(codeFile)}`,
    ...(cachedData ? { cachedData } : {}),
  });
  return { script, cacheFile, digest, cacheUsed: cachedData !== undefined && !script.cachedDataRejected };
}

/** The code with its `#!` line (an entry's, kept by esbuild) made a comment: inside the wrapper it is a syntax error. */
function withoutHashbang(source) {
  return source.startsWith("#!") ? `//${source.slice(2)}` : source;
}

/** The cache in `cacheFile` when it was made from the code whose digest is `digest`; else undefined. */
function cacheFor(cacheFile, digest) {
  let bytes;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  return bytes.length > DIGEST_BYTES && bytes.subarray(0, DIGEST_BYTES).equals(digest) ? bytes.subarray(DIGEST_BYTES) : undefined;
}

/** Writes the script's cache (the bytecode of every function compiled so far) beside its entry, atomically. */
function writeCache({ script, cacheFile, digest }) {
  const scratch = `${cacheFile}.tmp-${process.pid}`;
  try {
    writeFileSync(scratch, Buffer.concat([digest, script.createCachedData()]));
    renameSync(scratch, cacheFile);
  } catch (err) {
    rmSync(scratch, { force: true });
    process.stderr.write(`bundle-loader: cannot write ${cacheFile}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}

/** Runs the bundle whose entry module is `entry` (the entry passes its own `module`). */
function runBundle(entry) {
  const writeAsked = process.env[WRITE_ENV] === "1";
  delete process.env[WRITE_ENV];
  if (process.sourceMapsEnabled) {
    entry.require(bundleFiles(entry.filename).codeFile);
    return;
  }
  const compiled = compileBundle(entry.filename);
  // At exit: the cache then holds what the whole run compiled, not only the code's first evaluation.
  if (writeAsked) process.once("exit", () => writeCache(compiled));
  const run = compiled.script.runInThisContext();
  run.call(entry.exports, entry.exports, createRequire(entry.filename), entry, entry.filename, dirname(entry.filename));
}

module.exports = { runBundle, compileBundle, bundleFiles };
