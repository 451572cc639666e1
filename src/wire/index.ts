// The wire protocol shared by every ZINO service and client (docs/zino-protocol.md §2).
export { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, HEADER_BYTES, encodeFrame, type Decoded, type Frame } from "./frame-codec.js";
export { DEFAULT_CTXKEY, EnvelopeSchema, MessageSchema, parseEnvelope, type WireRequest } from "./envelope.js";
export { WIRE_ERRORS, WireError, errorFrame, type ErrorFrame, type WireErrorCode } from "./wire-errors.js";
export { DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth } from "./json-depth.js";
export {
  SOCKET_IN_USE,
  SOCKET_PATH_TOO_LONG,
  UNSAFE_SOCKET_DIR,
  UnsafeSocketDirError,
  codedError,
  prepareSocketDir,
  type SocketDirReport,
} from "./socket-dir.js";
export {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  createFrameServer,
  type FrameHandler,
  type FrameServer,
  type FrameServerOptions,
  type FrameWriter,
} from "./frame-server.js";
export {
  RequestEncodeError,
  RequestTimeoutError,
  ServiceUnavailableError,
  requestAll,
  requestFrames,
  requestOne,
  type RequestOptions,
} from "./frame-client.js";
export { RETRY_MUX_MS, createFrameChannel, type FrameChannel } from "./frame-channel.js";
export { answerInProcess } from "./in-process.js";
export { CANCEL_TYPE, END_TYPE, HELLO_TYPE, MUX_FEATURE, RID_FIELD, encodeWithRid, helloRequest } from "./mux.js";
export { NOT_SENT, SENT } from "./frame-writer.js";
export { socketAccepts } from "../shared/unix-socket.js";
export { createLogger, silentLogger, type Logger } from "./logger.js";
