// The API server process: `zelinqa serve` with the environment of §2.2 and no flags.
import { defaultEngine } from "./engine-binding.js";
import { runCli } from "../cli/run-cli.js";

process.exitCode = await runCli(["serve"], {
  engine: defaultEngine,
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
