// The `zino` process, as main.ts starts it (from this file or from its bundle, dist/bundle/zino-cli.cjs): parses the
// command line and exits with the command's status (0 ok, 1 failure, 2 usage).
import { processIo } from "../../shared/cli.js";
import { runCli } from "./program.js";

// A reader that stops early (`zino ask ... | head -1`) ends the command like SIGPIPE would, without a stack trace;
// exiting closes the daemon connection, which cancels the turn.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  process.exit(err.code === "EPIPE" ? 141 : 1);
});

// A promise chain, not a top-level await: the bundle of this file is CommonJS (scripts/bundle-services.mjs).
void runCli(process.argv.slice(2), processIo(), { handleSignals: true }).then((code) => process.exit(code));
