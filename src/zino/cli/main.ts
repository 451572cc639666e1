#!/usr/bin/env node
// The `zino` process: parses the command line and exits with the command's status (0 ok, 1 failure, 2 usage).
import { processIo } from "./cli-io.js";
import { runCli } from "./program.js";

const code = await runCli(process.argv.slice(2), processIo(), { handleSignals: true });
process.exit(code);
