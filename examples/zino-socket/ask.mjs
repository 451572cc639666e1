// A raw client of the ZINO daemon's Unix socket, written from docs/zino-protocol.md alone (no import of this repo).
//
//   node examples/zino-socket/ask.mjs <runtime_dir>/daemon.sock my-ctxkey "Hello"
//
// `zino status` prints the daemon's socket path. The client sends the ready handshake, then one turn, and prints the
// streamed text to stdout as it comes; the other frames go to stderr. Exit 0 on `done`, 1 on an `error` frame.
import { connect } from "node:net";

const [socketPath, ctxkey, message] = process.argv.slice(2);
if (!socketPath || !ctxkey || !message) {
  console.error("usage: node ask.mjs DAEMON_SOCKET CTXKEY MESSAGE");
  process.exit(2);
}

/** A frame: its length as 4 bytes, big-endian, then that many bytes of UTF-8 JSON (one object). No newline. */
function encodeFrame(object) {
  const body = Buffer.from(JSON.stringify(object), "utf8");
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length);
  return Buffer.concat([header, body]);
}

/**
 * One request per connection: write one frame, read frames until the service closes. Ending (half-closing) the
 * socket after writing is fine; destroying it cancels the request.
 */
function request(frame, onFrame) {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let pending = Buffer.alloc(0);
    let last;
    socket.on("connect", () => socket.write(encodeFrame(frame)));
    socket.on("data", (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
        const length = pending.readUInt32BE(0);
        last = JSON.parse(pending.subarray(4, 4 + length).toString("utf8"));
        pending = pending.subarray(4 + length);
        onFrame(last);
      }
    });
    socket.on("error", reject);
    // A stream ends with `done` or `error`; the service then closes the connection.
    socket.on("close", () => (last ? resolve(last) : reject(new Error("the service closed the connection without answering"))));
  });
}

// 1. The ready handshake (`message: null`): the daemon readies ctx, rtr and exc for this ctxkey. Optional before a
//    turn (a turn readies them too); it tells early which service is missing.
const ready = await request({ message: null, ctxkey }, () => {});
console.error(`ready: ${JSON.stringify(ready)}`);
if (ready.type !== "ready") process.exit(1);

// 2. One turn. `turn_id` makes a retry after a lost connection safe (answered again, not run twice); `events: "all"`
//    adds `status` frames. Without `ctxkey` the turn runs on the ctxkey "default".
const turnId = `ask-${process.pid}-${Date.now()}`;
const last = await request({ message, ctxkey, turn_id: turnId, events: "all" }, (frame) => {
  if (frame.type === "chunk") process.stdout.write(frame.delta);
  else if (frame.type !== "done") console.error(`${frame.type}: ${JSON.stringify(frame)}`);
});
process.stdout.write("\n");
if (last.type === "done") console.error(`done: ${last.iterations} model call(s), stored: ${last.stored}`);
else console.error(`failed: ${last.code}: ${last.message}`);
process.exitCode = last.type === "done" ? 0 : 1;
