// The zino-rtr process.
import { runService } from "../runtime/run-service.js";
import { createRtrService } from "./index.js";

await runService("rtr", createRtrService);
