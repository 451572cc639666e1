// Identity and defaults of the TypeScript SDK (docs/zelinqa-mcp.md §3.1).
export const VERSION = "1.0.1";
export const DEFAULT_BASE_URL = "https://api.zelinqa.ai";
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;
