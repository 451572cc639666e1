#!/usr/bin/env node
// The `zelinqa` process: wires the process streams into the CLI.
import { runCli } from "./run-cli.js";

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
// Every command closes what it opened; should a handle survive a failure anyway, the process still ends.
setTimeout(() => process.exit(code), 3000).unref();
