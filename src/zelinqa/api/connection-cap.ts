// The connection cap of `zelinqa serve` (ZELINQA_MAX_CONNECTIONS, docs/zelinqa-api.md §2.2). Node's own
// `server.maxConnections` closes every connection past the cap as it arrives, even when most of those within it are
// idle keep-alive connections that a client left open after its last answer (Fastify keeps them 72 s, for load
// balancers): one client that opens many connections and keeps them could then lock everyone else out for a minute.
// Here a connection past the cap takes the place of the connection idle the longest (answered, no request under way),
// which is closed, as a keep-alive timeout would; only when none is idle is the new connection closed as it arrives.
// A connection that has not finished a request yet (its first request's headers still coming), or that has received
// bytes since its last answer (the next request on its way), is never closed for another: the request and headers
// timeouts bound those.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionCapEvents {
  /** A connection was closed as it arrived: the cap is reached and none of the open ones is idle. */
  dropped(): void;
  /** An idle keep-alive connection was closed to serve a new one. */
  evicted(): void;
}

/** Serves at most `max` connections on `server` at once, closing an idle one for a new one where it can. */
export function capConnections(server: Server, max: number, events: ConnectionCapEvents): void {
  const open = new Set<Socket>();
  // Idle connections in the order they became idle (the first is the one idle the longest), each with the bytes it had
  // read when its last answer was done: more since means that its next request has started.
  const idle = new Map<Socket, number>();
  // Requests under way per connection (HTTP/1.1 lets a client send the next before the answer to the first).
  const underWay = new Map<Socket, number>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      idle.delete(socket);
      underWay.delete(socket);
    });
    if (open.size <= max) return;
    for (const [candidate, bytesRead] of idle) {
      idle.delete(candidate);
      if (candidate.bytesRead !== bytesRead) continue;
      // Counted out now, not at its close event: a connection arriving before that finds the room already taken.
      open.delete(candidate);
      candidate.destroy();
      events.evicted();
      return;
    }
    open.delete(socket);
    socket.destroy();
    events.dropped();
  });
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    if (!open.has(socket)) return;
    idle.delete(socket);
    underWay.set(socket, (underWay.get(socket) ?? 0) + 1);
    response.once("close", () => {
      const left = (underWay.get(socket) ?? 1) - 1;
      if (left > 0) return void underWay.set(socket, left);
      underWay.delete(socket);
      if (!socket.destroyed && open.has(socket)) idle.set(socket, socket.bytesRead);
    });
  });
}
