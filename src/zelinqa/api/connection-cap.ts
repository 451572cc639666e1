// The connection caps of `zelinqa serve` (ZELINQA_MAX_CONNECTIONS, docs/zelinqa-api.md §2.2). Node's own
// `server.maxConnections` closes every connection past the cap as it arrives, even when most of those within it are
// idle keep-alive connections that a client left open after its last answer (Fastify keeps them 72 s, for load
// balancers): one client that opens many connections and keeps them could then lock everyone else out for a minute.
// Here a connection past the cap takes the place of the connection idle the longest (answered, no request under way),
// which is closed, as a keep-alive timeout would; only when none is idle is the new connection closed as it arrives.
// A connection that has not finished a request yet (its first request's headers still coming), or that has received
// bytes since its last answer (the next request on its way), is never closed for another: the request and headers
// timeouts bound those. [ext] One address holds at most `maxPerAddress` connections (ZELINQA_MAX_CONNECTIONS_PER_ADDRESS),
// so that slow clients from one address (an IPv6 /64: one client's usual share) cannot take every place: past it, that address's own connection idle the
// longest makes room, else the new one is answered 429 and closed. A proxy's address carries many clients: exempt.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { clientOf, peerAddress, type AddressMatcher } from "./proxy-addresses.js";

export interface ConnectionCapOptions {
  max: number;
  /** Connections one address may hold at once; the addresses `exempt` matches are not bounded by it. */
  maxPerAddress: number;
  exempt: AddressMatcher;
}

export interface ConnectionCapEvents {
  /** A connection was closed as it arrived: the cap is reached and none of the open ones is idle. */
  dropped(): void;
  /** An idle keep-alive connection was closed to serve a new one. */
  evicted(): void;
  /** A connection was answered 429 and closed as it arrived: its address holds its share, none of them idle. */
  refusedForAddress(): void;
}

/** The answer to a connection refused for its address, gateway-style (docs/zelinqa-api.md §5.3). */
const TOO_MANY_FROM_ADDRESS_BODY = '{"message":"Too Many Requests"}';
const TOO_MANY_FROM_ADDRESS = Buffer.from(
  "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 1\r\n" +
    `Connection: close\r\nContent-Length: ${Buffer.byteLength(TOO_MANY_FROM_ADDRESS_BODY)}\r\n\r\n${TOO_MANY_FROM_ADDRESS_BODY}`,
);

/** Serves at most `max` connections on `server` at once, `maxPerAddress` per address, closing an idle one for a new one where it can. */
export function capConnections(server: Server, options: ConnectionCapOptions, events: ConnectionCapEvents): void {
  const { max, maxPerAddress, exempt } = options;
  const open = new Set<Socket>();
  // The open connections of each bounded address (exempt ones, and Unix socket peers, are not counted).
  const byAddress = new Map<string, Set<Socket>>();
  // Idle connections in the order they became idle (the first is the one idle the longest), each with the bytes it had
  // read when its last answer was done: more since means that its next request has started.
  const idle = new Map<Socket, number>();
  // Requests under way per connection (HTTP/1.1 lets a client send the next before the answer to the first).
  const underWay = new Map<Socket, number>();

  const forget = (socket: Socket, address: string | undefined) => {
    open.delete(socket);
    idle.delete(socket);
    if (address === undefined) return;
    const sockets = byAddress.get(address);
    sockets?.delete(socket);
    if (sockets?.size === 0) byAddress.delete(address);
  };
  /** Closes the connection idle the longest among `among` (all when undefined); false when none is idle. */
  const evictIdle = (among: Set<Socket> | undefined, address: (socket: Socket) => string | undefined): boolean => {
    for (const [candidate, bytesRead] of idle) {
      if (among !== undefined && !among.has(candidate)) continue;
      idle.delete(candidate);
      if (candidate.bytesRead !== bytesRead) continue;
      // Counted out now, not at its close event: a connection arriving before that finds the room already taken.
      forget(candidate, address(candidate));
      candidate.destroy();
      events.evicted();
      return true;
    }
    return false;
  };
  const addresses = new WeakMap<Socket, string>();
  const addressOf = (socket: Socket) => addresses.get(socket);

  server.on("connection", (socket: Socket) => {
    const peer = peerAddress(socket);
    // Counted by client: an IPv6 address by its /64 (clientOf).
    const bounded = peer !== undefined && !exempt(peer) ? clientOf(peer) : undefined;
    open.add(socket);
    if (bounded !== undefined) {
      addresses.set(socket, bounded);
      const sockets = byAddress.get(bounded) ?? new Set<Socket>();
      byAddress.set(bounded, sockets.add(socket));
    }
    socket.once("close", () => {
      forget(socket, bounded);
      underWay.delete(socket);
    });
    const own = bounded === undefined ? undefined : byAddress.get(bounded);
    if (own !== undefined && own.size > maxPerAddress && !evictIdle(own, addressOf)) {
      forget(socket, bounded);
      // Closed in this same turn, before the HTTP parser reads a byte, so no request of it ever runs. The answer is
      // written at once (a small write on a fresh socket goes straight to the system), best effort: a client whose
      // request had already arrived may see the connection reset instead.
      socket.on("error", () => undefined);
      socket.write(TOO_MANY_FROM_ADDRESS);
      socket.destroy();
      events.refusedForAddress();
      return;
    }
    if (open.size <= max) return;
    if (evictIdle(undefined, addressOf)) return;
    forget(socket, bounded);
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
