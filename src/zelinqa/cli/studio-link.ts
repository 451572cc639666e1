// [ext] The studio's local sign-in link (issue 15): `zelinqa serve` prints it on stderr when it listens on a
// loopback address, and `zelinqa studio-link` mints a fresh one for a server's database. A link for another
// host carries no code: whoever reaches a public address must sign in with an API key.
import { createIdGenerator, mintSignInCode, studioDomain } from "../operations/index.js";
import type { ZelinqaStore } from "../store/index.js";

const LOOPBACK_HOSTS = new Set(["localhost", "::1", "[::1]"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** `http://host:port` as a browser types it (IPv6 in brackets). */
export function baseUrlOf(host: string, port: number): string {
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
}

/** A fresh one-time link for the oldest domain (or `domainId`), stored hashed in the server's database. */
export async function mintStudioLink(store: ZelinqaStore, input: { baseUrl: string; domainId?: string | undefined }): Promise<string> {
  const ids = createIdGenerator();
  const now = new Date();
  const domainId = input.domainId ?? (await studioDomain({ store, ids }, now)).id;
  const code = await mintSignInCode({ store, ids }, { domainId, now });
  return `${input.baseUrl.replace(/\/+$/, "")}/studio/#code=${code}`;
}

/** The line `zelinqa serve` prints on stderr once it listens on `host:port`. */
export async function serveStudioLine(store: ZelinqaStore, input: { host: string; port: number }): Promise<string> {
  const base = baseUrlOf(input.host, input.port);
  if (!isLoopbackHost(input.host)) {
    return `Studio: ${base}/studio/ (not a loopback address: no sign-in link is printed; sign in with an API key)\n`;
  }
  return `Studio: ${await mintStudioLink(store, { baseUrl: base })} (one-time link, valid 10 minutes; \`zelinqa studio-link\` prints a new one)\n`;
}
