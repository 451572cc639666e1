#!/usr/bin/env node
// The zino-rtr process: `zino-rtr [--config ZINO.toml]`.
import { runService } from "../runtime/run-service.js";
import { createRtrService } from "./index.js";

// Not awaited at the top level: the bundle of this file is CommonJS (scripts/bundle-services.mjs). A failure ends
// the process either way.
void runService("rtr", createRtrService);
