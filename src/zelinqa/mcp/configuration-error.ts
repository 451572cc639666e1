// Failures of the server's own configuration (environment, SDK loading), translated by code (docs/zelinqa-mcp.md §7.2, §9).
export class McpConfigurationError extends Error {
  readonly code: "invalid_request" | "unauthorized" | "sdk_unavailable";

  constructor(code: McpConfigurationError["code"], message: string) {
    super(message);
    this.name = "McpConfigurationError";
    this.code = code;
  }
}

export const MISSING_KEY_TEXT =
  "unauthorized: the Zelinqa API key is missing, invalid, revoked, expired, or does not carry the `runtime` scope (check ZELINQA_API_KEY)";
