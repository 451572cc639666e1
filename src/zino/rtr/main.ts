#!/usr/bin/env node
// The zino-rtr process: `zino-rtr [--config ZINO.toml]`.
import { ranBundleInstead } from "../runtime/service-entry.js";

// From dist/, the service's bundle when the build made a current one (runtime/service-entry.ts); else its modules,
// imported only then. Not awaited at the top level: the bundle of this file is CommonJS (scripts/bundle-services.mjs).
// A failure ends the process either way.
void ranBundleInstead("rtr", import.meta.url).then(async (ran) => {
  if (ran) return;
  const [{ runService }, { createRtrService }] = await Promise.all([import("../runtime/run-service.js"), import("./index.js")]);
  await runService("rtr", createRtrService);
});
