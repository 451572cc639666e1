#!/usr/bin/env node
// The zino-daemon process: the daemon service on the instance's daemon socket.
import { runService } from "../runtime/run-service.js";
import { createDaemonService } from "./index.js";

await runService("daemon", createDaemonService);
