#!/usr/bin/env node
// zino-host: the four ZINO services in one process (runtime/run-host.ts). This file also runs as ctx's worker thread.
import { hostedWorkerData, runHost, runHostedWorker } from "../runtime/run-host.js";

const hosted = hostedWorkerData();
await (hosted === undefined ? runHost(import.meta.url) : runHostedWorker(hosted));
