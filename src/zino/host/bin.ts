#!/usr/bin/env node
// The zino-host command (package.json bin): the host from its bundle when the build made one, else from main.js
// (runtime/service-entry.ts). `node dist/src/zino/host/main.js` does the same.
import { runServiceMain } from "../runtime/service-entry.js";

await runServiceMain("host", import.meta.url);
