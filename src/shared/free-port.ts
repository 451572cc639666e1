// A TCP port nobody listens on right now, for a child process told to listen on it (the OS picks it).
import { createServer } from "node:net";

/** A port free on `host` at the time of the call (another process may still take it before the caller does). */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
