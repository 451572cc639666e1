#!/usr/bin/env node
// The zino-exc process.
import { runService } from "../runtime/run-service.js";
import { createExcService } from "./index.js";

// Not awaited at the top level: the bundle of this file is CommonJS (scripts/bundle-services.mjs). A failure ends
// the process either way.
void runService("exc", createExcService);
