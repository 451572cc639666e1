#!/usr/bin/env node
// zino-host: the four ZINO services in one process (runtime/run-host.ts). This file also runs as ctx's worker thread.
import { hostedWorkerData, runHost, runHostedWorker } from "../runtime/run-host.js";

const hosted = hostedWorkerData();
// Not awaited at the top level: the bundle of this file is CommonJS (scripts/bundle-services.mjs); a failure ends the
// process (or the worker thread) either way.
void (hosted === undefined ? runHost(import.meta.url) : runHostedWorker(hosted));
