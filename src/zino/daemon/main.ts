#!/usr/bin/env node
// The zino-daemon process: the daemon service on the instance's daemon socket.
import { runService } from "../runtime/run-service.js";
import { createDaemonService } from "./index.js";

// Not awaited at the top level: the bundle of this file is CommonJS (scripts/bundle-services.mjs). A failure ends
// the process either way.
void runService("daemon", createDaemonService);
