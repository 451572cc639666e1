// The body of a compile thread (compile-pool.ts): one task at a time, stored draft content in, its issues and artefact JSON
// out (or a change batch on the draft's text, change-batch.ts); a task that throws is answered with its message, and the thread stays up for the next one.
import { parentPort } from "node:worker_threads";
import { CompileTaskMessageSchema, runThreadWork } from "./draft-compiler.js";

const port = parentPort;
if (!port) throw new Error("compile-thread runs in a worker thread");
port.on("message", (message: unknown) => {
  const parsed = CompileTaskMessageSchema.safeParse(message);
  if (!parsed.success) return;
  const { id, work } = parsed.data;
  try {
    port.postMessage({ id, ok: true, result: runThreadWork(work) });
  } catch (error) {
    port.postMessage({ id, ok: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
});
