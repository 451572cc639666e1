#!/usr/bin/env node
// The `zelinqa` process: wires the real engine and process streams into the CLI.
import { defaultEngine } from "../api/engine-binding.js";
import { runCli } from "./run-cli.js";

const code = await runCli(process.argv.slice(2), {
  engine: defaultEngine,
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
