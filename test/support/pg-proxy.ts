// A TCP relay in front of a PostgreSQL server, for the ctx tests of a database that goes away or stops answering.
import { createServer, connect, type Server, type Socket } from "node:net";

export interface PgProxy {
  port: number;
  /** Drops every connection and refuses new ones until resume(). */
  pause(): Promise<void>;
  resume(): void;
  /** Stops forwarding on the connections open now (those of `application_name` only, if given), without closing them. */
  freeze(applicationName?: string): void;
  close(): Promise<void>;
}

/** A TCP relay in front of PostgreSQL that can drop every connection and refuse new ones, or freeze those it has. */
export async function startProxy(target: URL): Promise<PgProxy> {
  const sockets = new Set<Socket>();
  const pairs = new Set<{ client: Socket; upstream: Socket; startup: string }>();
  let paused = false;
  const server: Server = createServer((client) => {
    if (paused) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    const pair = { client, upstream, startup: "" };
    pairs.add(pair);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => {
        sockets.delete(socket);
        pairs.delete(pair);
      });
      socket.on("error", () => undefined);
    }
    // The client's first message (the startup packet) names its application.
    client.once("data", (chunk: Buffer) => (pair.startup = chunk.toString("latin1")));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    port: address.port,
    async pause() {
      paused = true;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    resume: () => {
      paused = false;
    },
    freeze(applicationName) {
      for (const pair of pairs) {
        if (applicationName !== undefined && !pair.startup.includes(`application_name\u0000${applicationName}\u0000`)) continue;
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
        pair.client.pause();
        pair.upstream.pause();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
