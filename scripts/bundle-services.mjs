// Bundles each ZINO service (and zino-exc's process launcher) into one ES module file, dist/bundle/zino-<name>.mjs,
// with esbuild: a service then loads one file instead of ~300 modules (zod alone is ~95), which is most of its cold
// start (issue 14). Run by scripts/build-if-stale.mjs after tsc; `node dist/src/zino/<svc>/main.js` keeps working.
// Which file a launcher starts: src/zino/runtime/service-entry.ts.
//
// Kept outside the bundles:
//   better-sqlite3               native: finds its .node binary from its own directory;
//   pg-native                    pg's optional native client, which we do not use;
//   @modelcontextprotocol/sdk    exc imports it lazily, on the first MCP server only: an external dynamic import stays one.
// pg is bundled: an external package imported by a bundled module becomes a top-level import of the bundle, loaded at
// start, whereas ctx loads its PostgreSQL store (and so pg) only for a PostgreSQL database. Bundled, pg is CommonJS
// wrapped in a function that runs on the store's first use.
// Not minified: names and line structure stay readable in stack traces; the measured gain was within the noise.
// Source maps are written next to each bundle (dist/bundle/*.mjs.map) for `node --enable-source-maps` (not on by
// default: Node then parses the map of each bundle at load, several MiB per service).
import { mkdirSync, renameSync, rmSync } from "node:fs";
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
  "zino-exc-launcher": "src/zino/exc/process-launcher-main.ts",
};

// CommonJS dependencies bundled into an ES module still call require() for Node's built-ins.
const BANNER = 'import { createRequire as __zinoCreateRequire } from "node:module";\nconst require = __zinoCreateRequire(import.meta.url);';

const esbuild = await import("esbuild");
// Written to a scratch directory, then moved into place: a failed build leaves the previous bundles or none, never a mix.
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
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
  });
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  renameSync(scratch, BUNDLE_DIR);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
