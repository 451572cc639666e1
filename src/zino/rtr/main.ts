#!/usr/bin/env node
// The zino-rtr process: `zino-rtr [--config ZINO.toml]`.
import { runService } from "../runtime/run-service.js";
import { createRtrService } from "./index.js";

await runService("rtr", createRtrService);
