// [ext] The addresses of the proxies in front of `zelinqa serve` (ZELINQA_PROXY_ADDRESSES, docs/zelinqa-api.md §2.2):
// each of their connections carries many clients' requests, so the per-address connection cap does not count them.
// The server never reads X-Forwarded-For: a connection's address is its peer's, which a client cannot choose.
import { BlockList, isIP } from "node:net";
import type { Socket } from "node:net";

/** Whether an address (as `peerAddress` gives it) is one of the proxies'. */
export type AddressMatcher = (address: string) => boolean;

/** The default: a proxy on the same host (the server listens on 127.0.0.1 by default). */
export const DEFAULT_PROXY_ADDRESSES = ["127.0.0.1", "::1"] as const;

/** The peer's address, an IPv4 one mapped into IPv6 (`::ffff:10.0.0.1`) as IPv4; undefined for a Unix socket peer. */
export function peerAddress(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  if (address === undefined || address === "") return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * [ext] The client an address stands for in the per-address cap: an IPv4 address itself, an IPv6 address's /64 network
 * (its first four groups, written in full). An IPv6 client is usually given a whole /64 and may pick any address in it,
 * so counting single addresses would let one client hold every place from addresses of its own.
 */
export function clientOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const bare = address.split("%")[0] ?? address; // a zone ("fe80::1%eth0") is no part of the network
  const [head = "", tail] = bare.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const before = groups(head);
  // An IPv4 address written at the end stands for two groups; the /64 is in the first four, which it never reaches.
  const after = tail === undefined ? [] : groups(tail).flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const full =
    tail === undefined ? before : [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill("0"), ...after];
  return `${full
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Why an entry is not an address or an `address/prefix` range, or undefined when it is one. */
export function proxyAddressIssue(entry: string): string | undefined {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `"${entry}" is not an IP address or an address/prefix range`;
  if (prefix === undefined) return undefined;
  const bits = Number(prefix);
  const most = family === 4 ? 32 : 128;
  return /^\d+$/.test(prefix) && bits <= most ? undefined : `"${entry}": the prefix must be a whole number from 0 to ${most}`;
}

/** A matcher of addresses and ranges already checked with `proxyAddressIssue`. */
export function proxyMatcher(entries: readonly string[]): AddressMatcher {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
  };
}
