// Bundles each ZINO service (and zino-exc's process launcher, and the `zino` CLI) into one ES module file,
// dist/bundle/zino-<name>.mjs, with esbuild: a service then loads one file instead of ~300 modules (zod alone is ~95),
// which is most of its cold start (issue 14). Run by scripts/build-if-stale.mjs after tsc;
// `node dist/src/zino/<svc>/main.js` keeps working.
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
// Source maps are written next to each bundle (dist/bundle/*.mjs.map) for `node --enable-source-maps`, not on by
// default: Node then parses each bundle's map at load, about 10 ms of CPU and 2–4 MiB per service.
import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE_DIR = join(root, "dist", "bundle");

/** Output name → entry source. */
const BUNDLE_ENTRIES = {
  "zino-ctx": "src/zino/ctx/main.ts",
  "zino-rtr": "src/zino/rtr/main.ts",
  "zino-exc": "src/zino/exc/main.ts",
  "zino-daemon": "src/zino/daemon/main.ts",
  "zino-host": "src/zino/host/main.ts",
  "zino-exc-launcher": "src/zino/exc/process-launcher-main.ts",
  "zino-cli": "src/zino/cli/run-zino.ts",
};

// CommonJS dependencies bundled into an ES module still call require() for Node's built-ins.
const BANNER = 'import { createRequire as __zinoCreateRequire } from "node:module";\nconst require = __zinoCreateRequire(import.meta.url);';

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

const esbuild = await import("esbuild");
// Written to a scratch directory, then moved into place: a failed build leaves the previous bundles.
const scratch = `${BUNDLE_DIR}.tmp-${process.pid}`;
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
try {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(BUNDLE_ENTRIES).map(([out, entry]) => ({ out, in: entry })),
    outdir: scratch,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3", "pg-native", "@modelcontextprotocol/sdk"],
    banner: { js: BANNER },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    plugins: [zodEnglishOnly],
  });
  // File by file, each rename atomic: a service starting meanwhile (tests, another build) sees an old or a new bundle.
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const made = readdirSync(scratch);
  for (const file of made) renameSync(join(scratch, file), join(BUNDLE_DIR, file));
  for (const file of readdirSync(BUNDLE_DIR)) if (!made.includes(file)) rmSync(join(BUNDLE_DIR, file), { force: true });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
