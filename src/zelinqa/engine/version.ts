// Build constants reported in VersionInfo and by the health endpoint (docs/zelinqa-api.md §2.2, §8.6).
export const ENGINE_VERSION = "1.0.0";
export const API_VERSION = "1.0";
