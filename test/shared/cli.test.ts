// The CLI convention both commands share: exit codes, the error's machine-readable code, and its one stderr line.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CommanderError } from "commander";
import { CliError, commanderExitCode, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, formatCliError, usageError } from "../../src/shared/cli.js";

void describe("the shared CLI convention", () => {
  void it("prints what happened, then what to do next when there is a hint", () => {
    assert.equal(formatCliError("zino", new CliError("zino-ctx does not answer on /s")), "zino: zino-ctx does not answer on /s\n");
    const unavailable = new CliError("zino-ctx does not answer on /s", {
      code: "service_unavailable",
      hint: "start the services with `zino up`",
    });
    assert.equal(formatCliError("zino", unavailable), "zino: zino-ctx does not answer on /s; start the services with `zino up`\n");
  });

  void it("gives every error a stable code and the exit code that goes with it", () => {
    const usage = usageError("--scopes needs at least one scope");
    assert.deepEqual([usage.code, usage.exitCode], ["usage", EXIT_USAGE]);
    const failure = new CliError("the operation failed");
    assert.deepEqual([failure.code, failure.exitCode], ["failure", EXIT_FAILURE]);
    const config = new CliError("bad ZINO.toml", { code: "config_invalid", exitCode: EXIT_USAGE });
    assert.deepEqual([config.code, config.exitCode], ["config_invalid", EXIT_USAGE]);
    assert.deepEqual([new CliError("x", { exitCode: EXIT_USAGE }).code], ["usage"]);
  });

  void it("maps commander's own exits: help and version succeed, anything else is a usage error", () => {
    assert.equal(commanderExitCode(new CommanderError(0, "commander.helpDisplayed", "")), EXIT_OK);
    assert.equal(commanderExitCode(new CommanderError(0, "commander.version", "")), EXIT_OK);
    assert.equal(commanderExitCode(new CommanderError(1, "commander.unknownCommand", "")), EXIT_USAGE);
    assert.equal(commanderExitCode(new CommanderError(1, "commander.help", "")), EXIT_USAGE);
    assert.equal(commanderExitCode(new CommanderError(1, "commander.help", ""), ["commander.help"]), EXIT_OK);
  });
});
