#!/usr/bin/env node
// zino-host: the four ZINO services in one process (runtime/run-host.ts). This file also runs as ctx's worker thread.
import { ranBundleInstead } from "../runtime/service-entry.js";

// From dist/, the host's bundle when the build made a current one (runtime/service-entry.ts); else its modules,
// imported only then. Not awaited at the top level: the bundle of this file is CommonJS (scripts/bundle-services.mjs);
// a failure ends the process (or the worker thread) either way.
void ranBundleInstead("host", import.meta.url).then(async (ran) => {
  if (ran) return;
  const { hostedWorkerData, runHost, runHostedWorker } = await import("../runtime/run-host.js");
  const hosted = hostedWorkerData();
  await (hosted === undefined ? runHost(import.meta.url) : runHostedWorker(hosted));
});
