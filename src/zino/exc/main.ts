#!/usr/bin/env node
// The zino-exc process.
import { runService } from "../runtime/run-service.js";
import { createExcService } from "./index.js";

await runService("exc", createExcService);
