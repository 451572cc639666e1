// Node's error codes for a server that cannot be reached (refused, no such host, no route, timed out, reset), shared
// by everything that explains a database it cannot use (zino-ctx's store errors, the zelinqa CLI).
export const UNREACHABLE_NETWORK_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNRESET",
]);
