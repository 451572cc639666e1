// What the CLI says when a request to a service fails before an answer: one line, the right exit code, no stack.
import { RequestEncodeError, RequestTimeoutError, ServiceUnavailableError } from "../../wire/frame-client.js";
import { CliError, EXIT_USAGE } from "../../shared/cli.js";

/** The CliError for `err` from a request to `zino-<service>` on `socket`, or undefined for an unexpected failure. */
export function serviceRequestError(service: string, socket: string, err: unknown): CliError | undefined {
  if (err instanceof ServiceUnavailableError && err.connected) {
    return new CliError(`zino-${service} on ${socket}: ${err.reason}`, {
      code: "service_unavailable",
      hint: "check `zino status` and the service's log (<runtime_dir>/logs), then try again",
    });
  }
  if (err instanceof ServiceUnavailableError) {
    return new CliError(`zino-${service} does not answer on ${socket}`, {
      code: "service_unavailable",
      hint: "start the services with `zino up`",
    });
  }
  if (err instanceof RequestTimeoutError)
    return new CliError(`zino-${service} did not answer: ${err.message}`, { code: "service_unavailable" });
  if (err instanceof RequestEncodeError) return new CliError(err.message, { exitCode: EXIT_USAGE });
  return undefined;
}
