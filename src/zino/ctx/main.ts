#!/usr/bin/env node
// The zino-ctx process: `zino-ctx [--config ZINO.toml]`.
import { runService } from "../runtime/run-service.js";
import { createCtxService } from "./index.js";

await runService("ctx", createCtxService);
