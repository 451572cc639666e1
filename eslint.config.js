// Lint rules: typescript-eslint type-checked rules, plus the dependency directions of ARCHITECTURE.md.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const noImports = (patterns, message) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }],
});

// The bridge between the products (src/guide/): only the zino CLI imports it. A later block replaces the rule's options
// for its files, so every block of zino/, zelinqa/, wire/ and shared/ forbids the bridge too.
const BRIDGE = "**/guide/**";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "eslint.config.js", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          // node:test's describe/it return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            {
              from: "package",
              package: "node:test",
              name: ["describe", "it", "test", "suite", "before", "after", "beforeEach", "afterEach"],
            },
          ],
        },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  {
    // A function fits on a screen (ARCHITECTURE.md): factories are split by concern rather than grown.
    files: ["src/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Plain JavaScript (node's test runner loads reporters before any TypeScript loader): linted without types.
    files: ["scripts/**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: { process: "readonly", setInterval: "readonly", clearInterval: "readonly" },
    },
  },
  {
    // The integrator's examples, run as a user would (test/e2e/integrator-examples.test.ts, which also typechecks the
    // TypeScript one against the built declarations it imports by the package's name): linted without types.
    files: ["examples/**/*.mjs", "examples/**/*.ts"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: { process: "readonly", console: "readonly", Buffer: "readonly" },
    },
  },
  {
    // The bundles' loader, copied into dist/bundle/: plain CommonJS, linted without types.
    files: ["scripts/**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      sourceType: "commonjs",
      parserOptions: { projectService: false, project: null },
      globals: { process: "readonly", Buffer: "readonly", require: "readonly", module: "writable" },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The studio (browser code, its own tsconfig): it talks to the server over HTTP only, and shares nothing but
    // the contracts' types with it.
    files: ["studio/src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^node:|/src/(?!zelinqa/contracts/)",
              message: "the studio uses the public API over HTTP: it imports only types from src/zelinqa/contracts",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/zino/**/*.ts", "src/zelinqa/**/*.ts"],
    ignores: ["src/zino/cli/**"],
    rules: noImports([BRIDGE], "zino/ and zelinqa/ never import the bridge (src/guide): only the zino CLI registers it"),
  },
  {
    files: ["src/guide/**/*.ts"],
    rules: noImports(
      [
        "**/zino/cli/**",
        "**/zino/daemon/**",
        "**/zino/ctx/**",
        "**/zino/rtr/**",
        "**/zino/exc/**",
        "**/zino/runtime/**",
        "**/zelinqa/engine/**",
        "**/zelinqa/store/**",
        "**/zelinqa/api/**",
        "**/zelinqa/mcp/**",
        "**/zelinqa/understand/**",
        "**/zelinqa/cli/**",
      ],
      "the bridge uses public surfaces only: the Zelinqa SDK and contracts, ZINO's config, wire and shared; the zino CLI passes it a GuideHost",
    ),
  },
  {
    files: ["src/zelinqa/engine/**/*.ts"],
    rules: {
      ...noImports(
        ["node:*", "fs", "path", "pg", "better-sqlite3", "fastify*", "undici", "**/store/**", "**/api/**", "**/operations/**", BRIDGE],
        "the engine is pure: no I/O, no database, no HTTP",
      ),
      "no-restricted-properties": [
        "error",
        { object: "Date", property: "now", message: "time comes in as an argument" },
        { object: "Math", property: "random", message: "randomness comes in as an argument" },
      ],
      "no-restricted-globals": ["error", { name: "process", message: "no environment in the engine" }],
    },
  },
  {
    files: ["src/zelinqa/operations/**/*.ts"],
    rules: noImports(
      [
        "fastify*",
        "@fastify/*",
        "commander",
        "**/api/**",
        "**/cli/**",
        "**/mcp/**",
        "**/sdk/**",
        "**/understand/**",
        "**/store/sqlite/**",
        "**/store/postgres/**",
        "**/zino/**",
      ],
      "operations use the engine, the store port and the contracts; the API and the CLI call them, never the reverse",
    ),
  },
  {
    files: ["src/zelinqa/api/**/*.ts"],
    rules: noImports(["**/cli/**", "**/mcp/**", "commander"], "the API is called by the CLI, never the reverse"),
  },
  {
    files: ["src/zelinqa/sdk/**/*.ts"],
    rules: noImports(
      ["**/engine/**", "**/store/**", "**/api/**", "**/mcp/**", "**/understand/**", "**/zino/**", BRIDGE],
      "the SDK imports only zelinqa/contracts (and src/shared, which imports nothing of ours)",
    ),
  },
  {
    files: ["src/zelinqa/mcp/**/*.ts"],
    rules: noImports(
      ["**/engine/**", "**/store/**", "**/api/**", "**/understand/**", "**/zino/**", BRIDGE],
      "the MCP server talks to the API only through the SDK",
    ),
  },
  {
    files: ["src/zino/ctx/**/*.ts"],
    rules: noImports(["**/daemon/**", "**/rtr/**", "**/exc/**", "**/zelinqa/**", BRIDGE], "ZINO services talk over the wire"),
  },
  {
    files: ["src/zino/rtr/**/*.ts"],
    rules: noImports(["**/daemon/**", "**/ctx/**", "**/exc/**", "**/zelinqa/**", BRIDGE], "ZINO services talk over the wire"),
  },
  {
    files: ["src/zino/exc/**/*.ts"],
    rules: noImports(["**/daemon/**", "**/ctx/**", "**/rtr/**", "**/zelinqa/**", BRIDGE], "ZINO services talk over the wire"),
  },
  {
    files: ["src/zino/daemon/**/*.ts"],
    rules: noImports(["**/ctx/**", "**/rtr/**", "**/exc/**", "**/zelinqa/**", BRIDGE], "ZINO services talk over the wire"),
  },
  {
    // protocol/ is what the four services share: it may import zod, src/wire and src/shared, nothing else of the project.
    files: ["src/zino/protocol/**/*.ts"],
    rules: noImports(
      [
        "node:*",
        "**/daemon/**",
        "**/ctx/**",
        "**/rtr/**",
        "**/exc/**",
        "**/cli/**",
        "**/config/**",
        "**/runtime/**",
        "**/guide/**",
        "**/zelinqa/**",
      ],
      "protocol imports only zod, src/wire and src/shared",
    ),
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: noImports(["**/zino/**", "**/zelinqa/**", "**/wire/**", BRIDGE], "shared helpers depend on no subsystem"),
  },
  {
    files: ["src/wire/**/*.ts"],
    rules: noImports(["**/zino/**", "**/zelinqa/**", BRIDGE], "wire is shared and depends on no service"),
  },
);
