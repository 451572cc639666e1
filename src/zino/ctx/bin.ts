#!/usr/bin/env node
// The zino-ctx command (package.json bin; its systemd unit runs it): the service from its bundle when the build made
// one, else from main.js (runtime/service-entry.ts). `node dist/src/zino/ctx/main.js` does the same.
import { runServiceMain } from "../runtime/service-entry.js";

await runServiceMain("ctx", import.meta.url);
