#!/usr/bin/env node
// The zino-host command (package.json bin): main.js, which runs the host from its bundle when the build made a
// current one, else from its modules (runtime/service-entry.ts ranBundleInstead).
import "./main.js";
