// The bundles scripts/bundle-services.mjs makes in dist/bundle/, named once: the bundling script builds them from
// this list, and build-if-stale.mjs checks the same files for staleness.

/**
 * Bundle name → its entry source, and whether it runs under the services' node flags (SERVICE_NODE_FLAGS; else
 * node's defaults), for the bundles that run through bundle-loader.cjs with a code cache: `<name>.cjs` (the entry),
 * `<name>.code.cjs` and `<name>.v8cache`.
 */
export const CACHED_BUNDLES = {
  "zino-ctx": { entry: "src/zino/ctx/main.ts", serviceFlags: true },
  "zino-rtr": { entry: "src/zino/rtr/main.ts", serviceFlags: true },
  "zino-exc": { entry: "src/zino/exc/main.ts", serviceFlags: true },
  "zino-daemon": { entry: "src/zino/daemon/main.ts", serviceFlags: true },
  "zino-host": { entry: "src/zino/host/main.ts", serviceFlags: true },
  "zino-cli": { entry: "src/zino/cli/run-zino.ts", serviceFlags: false },
};

/** The launcher's bundle: one file, `<name>.cjs`, no cache (it runs with --jitless, under which V8 takes none). */
export const LAUNCHER_BUNDLE = { "zino-exc-launcher": "src/zino/exc/process-launcher-main.ts" };

/** The loader every cached bundle's entry requires, copied beside them. */
export const LOADER = "bundle-loader.cjs";
