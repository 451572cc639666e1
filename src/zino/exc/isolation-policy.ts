// Which isolation an execution gets: bubblewrap when it was probed usable (and the runner's self-test passed),
// else none when the ctxkey's rules allow unsandboxed runs, else a refusal that says how to fix it.
import type { ExecConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { bwrapFix } from "./bwrap-advice.js";
import { probeBwrap, type Isolation, type SandboxUser } from "./sandbox.js";

export interface IsolationPolicyOptions {
  logger: Logger;
  bwrapPath: string;
  user: SandboxUser | undefined;
}

export interface IsolationPolicy {
  /** bubblewrap runs here (probed, and not failed since). */
  readonly bwrapOk: boolean;
  /** Why bubblewrap is not usable, or "" when it is. */
  readonly bwrapProblem: string;
  /** The probe found that bwrap must not unshare a user namespace (it runs setuid, or they are off). */
  readonly disableUserns: boolean;
  /** Probes bubblewrap once; until then it counts as unusable. */
  probe(): Promise<void>;
  /** bubblewrap runs but does not work (the self-test failed): executions are treated as without it. */
  fail(reason: string): void;
  /** Logs whether executions run in bubblewrap, once the probe and self-test are done. */
  announce(): void;
  isolationFor(exec: ExecConfig): Isolation;
  /** The message of a refused execution (isolation "refused") under these rules. */
  refusal(exec: ExecConfig, ctxkey: string): string;
}

export function createIsolationPolicy(options: IsolationPolicyOptions): IsolationPolicy {
  const { logger, bwrapPath, user } = options;
  let bwrapOk = false;
  let bwrapProblem = "not probed yet";
  let disableUserns = false;

  return {
    get bwrapOk() {
      return bwrapOk;
    },
    get bwrapProblem() {
      return bwrapProblem;
    },
    get disableUserns() {
      return disableUserns;
    },
    async probe() {
      const probe = await probeBwrap(bwrapPath, user);
      bwrapOk = probe.ok;
      bwrapProblem = probe.reason;
      disableUserns = probe.disableUserns;
    },
    fail(reason) {
      bwrapOk = false;
      bwrapProblem = reason;
    },
    announce() {
      if (bwrapOk) logger.info({ bwrapPath, user: user?.uid }, "bubblewrap sandbox available");
      else
        logger.warn(
          { bwrapPath, reason: bwrapProblem },
          "bubblewrap sandbox NOT available; executions are refused unless exec.allow_unsandboxed",
        );
    },
    isolationFor(exec) {
      if (exec.sandbox === "bwrap" && bwrapOk) return "bwrap";
      return exec.allow_unsandboxed ? "none" : "refused";
    },
    refusal(exec, ctxkey) {
      if (exec.sandbox === "none") {
        return (
          `execution refused: exec.sandbox is "none" for ctxkey ${ctxkey} but exec.allow_unsandboxed is false; ` +
          "set exec.allow_unsandboxed = true to run tools without a sandbox"
        );
      }
      return (
        `execution refused: no sandbox is available (${bwrapProblem}) and exec.allow_unsandboxed is false for ctxkey ` +
        `${ctxkey}; ${bwrapFix({ bwrapPath, problem: bwrapProblem })}, or set exec.allow_unsandboxed = true`
      );
    },
  };
}
