// Bundles each ZINO service (and zino-exc's process launcher, and the `zino` CLI) into one CommonJS file with esbuild:
// a service then loads one file instead of ~300 modules (zod alone is ~95), which is most of its cold start (issue
// 14). Run by scripts/build-if-stale.mjs after tsc; `node dist/src/zino/<svc>/main.js` keeps working.
// Each bundle but the launcher's is three files (scripts/bundle-loader.cjs, copied beside them, says how they run):
// the entry dist/bundle/zino-<name>.cjs that launchers run, the code zino-<name>.code.cjs, and V8's code cache for
// that code, zino-<name>.v8cache, written here by running each entry once with `--version`. The launcher's bundle is
// one file, zino-exc-launcher.cjs: it runs with --jitless, under which V8 takes no code cache.
// CommonJS rather than an ES module, and the cache, measured on the 2-core VM (rtr's bundle, `--version` with the
// services' flags, 61 interleaved runs, CPU p50 [p25]): ES module 292 [252] ms, CommonJS with its cache 240 [216].
// Node 20 takes no code cache for an ES module, and its ES module loader alone costs more than the CommonJS one.
// The entries therefore await nothing at their top level (esbuild cannot make CommonJS of a top-level await).
// Measured on the shared 2-core machine (load 7–11), interleaved, main.js → bundle: CPU to load a service (`--version`,
// less a bare node's ~60 ms) ctx 190 → 114, rtr 287 → 155, exc 213 → 94, daemon 209 → 75 ms; the four idle after
// start 258 → 234 MiB RSS, 104 → 88 MiB PSS; after 1,920 turns the same (333 → 334 MiB); cold start to a first turn
// (bench zino-cold-start, 7 rounds) 1351 [809–1789] → 1188 [921–2312] ms.
// The `zino` CLI (run by src/zino/cli/main.ts) the same way: `zino --version` 0.33 → 0.23 s (bare node 0.08), so every
// command, `zino up` included, starts 0.1 s sooner. What is left is mostly zod: V8 compiling ~0.9 MB of bundle (46 ms)
// and its schemas built at load.
// Which file a launcher starts: src/zino/runtime/service-entry.ts.
//
// Kept outside the bundles:
//   better-sqlite3               native: finds its .node binary from its own directory;
//   pg-native                    pg's optional native client, which we do not use;
//   @modelcontextprotocol/sdk    exc imports it lazily, on the first MCP server only: an external dynamic import stays one.
// pg is bundled: an external package imported by a bundled module becomes a top-level import of the bundle, loaded at
// start (measured: ctx's start +30 ms CPU, +6 MiB RSS), whereas ctx loads its PostgreSQL store (and so pg) only for a
// PostgreSQL database. Bundled, pg is CommonJS wrapped in a function that runs on the store's first use.
// Code of a dependency that finds files from its own directory (__dirname) does not work bundled: only pino's worker
// transports do so, and src/shared/stderr-logger.ts writes to fd 2 synchronously without them.
// Whitespace and syntax minified, identifiers kept (function names stay in stack traces; positions are columns of long
// lines, which the source maps give back). Measured after a fixed load of 1,920 turns, 3 interleaved runs: ctx 80 → 75
// MiB RSS, daemon 97–98 → 94 MiB against unminified bundles (main.js: 74 and 90–91); full minification (identifiers
// mangled) measured no better. Loading CPU within the noise (±5%) of unminified bundles.
// Source maps are written next to each bundle (dist/bundle/*.cjs.map) for `node --enable-source-maps`, not on by
// default: Node then parses each bundle's map at load, about 10 ms of CPU and 2–4 MiB per service.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CACHED_BUNDLES, LAUNCHER_BUNDLE, LOADER } from "./bundle-names.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE_DIR = join(root, "dist", "bundle");

// V8 takes a code cache only under the flags it was made with (--max-semi-space-size among them): each cache is made
// with the flags its bundle runs with, the services' SERVICE_NODE_FLAGS (compiled by tsc before this script runs) and
// none for the `zino` command; a service's bundle gets one under none too, for its bin started without the flags
// (measured: the four bins started at once on node's defaults, cold start to a first turn, 4 alternated pairs, 547 /
// 511 / 610 / 634 ms with it against 585 / 661 / 641 / 718 without).
const { SERVICE_NODE_FLAGS } = await import(pathToFileURL(join(root, "dist", "src", "zino", "runtime", "service-node-flags.js")).href);

/** Where a bundle's code and cache sit beside its entry: the loader's own answer. */
const { bundleFiles } = createRequire(import.meta.url)(`./${LOADER}`);

// The sources are ES modules: in CommonJS, import.meta.url is the entry's file (bundle-loader.cjs runs the code as the
// entry's module) and import.meta.resolve (only called from the TypeScript sources, to find tsx) resolves from it.
const BANNER =
  'const __zinoImportMetaUrl = require("node:url").pathToFileURL(__filename).href;\n' +
  'const __zinoImportMetaResolve = (specifier) => require("node:url").pathToFileURL(require.resolve(specifier)).href;';
const IMPORT_META = { "import.meta.url": "__zinoImportMetaUrl", "import.meta.resolve": "__zinoImportMetaResolve" };

/** The entry of a cached bundle: its module, handed to the loader. */
const entrySource = (name) =>
  `// ${name}: runs ${name}.code.cjs with its code cache (${LOADER}; made by scripts/bundle-services.mjs).\n` +
  `require("./${LOADER}").runBundle(module);\n`;

// zod's `z` namespace re-exports every error-message locale (`z.locales`: 290 KB of the 570 KB of zod in each bundle),
// and a namespace import keeps them all. ZINO never changes zod's locale; zod registers English itself, from
// locales/en.js. So the bundles get a locales index that holds English only: each bundle ~290 KB smaller (daemon
// 800 → 506 KB); a service alone, spawn to listening, median of 8 interleaved on a busy machine: CPU daemon 320 → 290,
// ctx 320 → 290, exc 300 → 290 ms; RSS −0.5 MiB each.
const ZOD_LOCALES_INDEX = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onLoad({ filter: ZOD_LOCALES_INDEX }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      loader: "js",
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Runs a bundle's entry once (`--version`: the code's whole first evaluation, and no service started) so that it writes
 * its code cache. A bundle that cannot print its version is broken, and the build fails; a cache that could not be
 * written only costs start time, and the build says so. NODE_OPTIONS is left out: the cache must match the flags the
 * bundle runs with, not the ones this build happens to run under (--enable-source-maps would even skip the cache).
 */
function writeCodeCache(entry, flags) {
  const run = spawnSync(process.execPath, [...flags, entry, "--version"], {
    env: { ...process.env, NODE_OPTIONS: "", ZINO_WRITE_CODE_CACHE: "1" },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (run.status !== 0) {
    const why = run.error?.message ?? (run.stderr.trim() || `exit ${run.status ?? run.signal}`);
    throw new Error(`${entry} --version failed: ${why}`);
  }
  if (!existsSync(bundleFiles(entry, flags).cacheFile)) {
    process.stderr.write(`bundle: no code cache for ${basename(entry)}, which will start slower: ${run.stderr.trim()}\n`);
  }
}

const esbuild = await import("esbuild");
// Written to a scratch directory, then moved into place: a failed build leaves the previous bundles.
const scratch = `${BUNDLE_DIR}.tmp-${process.pid}`;
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
try {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      ...Object.entries(CACHED_BUNDLES).map(([name, { entry }]) => ({ out: `${name}.code`, in: entry })),
      ...Object.entries(LAUNCHER_BUNDLE).map(([name, entry]) => ({ out: name, in: entry })),
    ],
    outdir: scratch,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["better-sqlite3", "pg-native", "@modelcontextprotocol/sdk"],
    banner: { js: BANNER },
    define: IMPORT_META,
    // import() becomes require() (the MCP SDK that exc loads lazily has a CommonJS build): V8's code cache in Node 20
    // keeps no link to the loader of an import() in the cached code, which then fails (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
    supported: { "dynamic-import": false },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    plugins: [zodEnglishOnly],
  });
  copyFileSync(join(root, "scripts", LOADER), join(scratch, LOADER));
  for (const [name, { serviceFlags }] of Object.entries(CACHED_BUNDLES)) {
    const flags = serviceFlags ? SERVICE_NODE_FLAGS : [];
    writeFileSync(join(scratch, `${name}.cjs`), entrySource(name));
    writeCodeCache(join(scratch, `${name}.cjs`), flags);
    // And one under node's defaults, for a service's bin started without those flags (`zino-ctx --config …` by hand).
    if (flags.length > 0) writeCodeCache(join(scratch, `${name}.cjs`), []);
  }
  // File by file, each rename atomic: a service starting meanwhile (tests, another build) sees an old or a new bundle.
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const made = readdirSync(scratch);
  for (const file of made) renameSync(join(scratch, file), join(BUNDLE_DIR, file));
  for (const file of readdirSync(BUNDLE_DIR)) if (!made.includes(file)) rmSync(join(BUNDLE_DIR, file), { force: true });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
