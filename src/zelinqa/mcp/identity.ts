// Server identity (docs/zelinqa-mcp.md §4): the name and the implemented behaviour level, also printed by --version.
export const SERVER_NAME = "zelinqa";
export const SERVER_VERSION = "1.0.1";
