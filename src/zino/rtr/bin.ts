#!/usr/bin/env node
// The zino-rtr command (package.json bin; its systemd unit runs it): main.js, which runs the service from its
// bundle when the build made a current one, else from its modules (runtime/service-entry.ts ranBundleInstead).
import "./main.js";
