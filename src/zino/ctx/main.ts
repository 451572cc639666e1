#!/usr/bin/env node
// The zino-ctx process: `zino-ctx [--config ZINO.toml]`.
import { runService } from "../runtime/run-service.js";
import { createCtxService } from "./index.js";

// Not awaited at the top level: the bundle of this file is CommonJS (scripts/bundle-services.mjs). A failure ends
// the process either way.
void runService("ctx", createCtxService);
