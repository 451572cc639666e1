// The process launcher's own program (see process-launcher.ts): started by zino-exc with an IPC channel, it starts
// children with run-process.ts as exc asks, runs them to their outcome, and answers over the channel. Logs, if
// any, go to stderr; it has no stdout. When the channel closes (exc stopped or died), it kills every process group
// it started and exits.
import { closeInheritedDescriptors, ipcChannelDescriptor } from "./inherited-descriptors.js";
import type { LauncherEvent, LauncherRequest } from "./process-launcher.js";
import { outcomeWithoutRun, startProcess, type StartedProcess } from "./run-process.js";

// Nothing this process got from exc's own parent passes on to a sandbox.
closeInheritedDescriptors(ipcChannelDescriptor());

interface Running {
  process: StartedProcess;
  released: boolean;
  abort: AbortController;
}

const running = new Map<number, Running>();

function reply(event: LauncherEvent): void {
  if (process.connected) process.send?.(event);
}

function handle(request: LauncherRequest): void {
  switch (request.op) {
    case "start": {
      let started: StartedProcess;
      try {
        started = startProcess(request.spawn);
      } catch (err) {
        // Opening its input files failed (spawn itself reports failures as an exit): an outcome saying why.
        const message = err instanceof Error ? err.message : String(err);
        reply({ id: request.id, event: "outcome", outcome: outcomeWithoutRun(126, `cannot start ${request.spawn.command}: ${message}\n`) });
        return;
      }
      const entry: Running = { process: started, released: false, abort: new AbortController() };
      running.set(request.id, entry);
      void started.exited.then((exitCode) => {
        if (!entry.released && running.get(request.id) === entry) reply({ id: request.id, event: "exited", exitCode });
      });
      return;
    }
    case "release": {
      const entry = running.get(request.id);
      if (!entry || entry.released) return;
      entry.released = true;
      void entry.process.release({ ...request.run, signal: entry.abort.signal }).then((outcome) => {
        running.delete(request.id);
        reply({ id: request.id, event: "outcome", outcome });
      });
      return;
    }
    case "abort":
      running.get(request.id)?.abort.abort();
      return;
    case "discard": {
      const entry = running.get(request.id);
      if (!entry) {
        reply({ id: request.id, event: "discarded" });
        return;
      }
      entry.released = true;
      void entry.process.discard().then(() => {
        running.delete(request.id);
        reply({ id: request.id, event: "discarded" });
      });
      return;
    }
  }
}

process.on("message", (message: LauncherRequest) => handle(message));
// Listening: exc counts an exit before this as a launcher that cannot run here (process-launcher.ts).
reply({ event: "ready" });
process.once("disconnect", () => {
  void Promise.all([...running.values()].map((entry) => entry.process.discard())).finally(() => process.exit(0));
});
