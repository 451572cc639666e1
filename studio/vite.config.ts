// Builds the studio into dist/studio, served by `zelinqa serve` at /studio (same origin as the API, strict CSP:
// no inline script, nothing from another host). `npx vite --config studio/vite.config.ts` serves it for
// development with /v1 proxied to a local `zelinqa serve` (ZELINQA_URL, default http://127.0.0.1:8080).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "/studio/",
  publicDir: false,
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: fileURLToPath(new URL("../dist/studio", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: { proxy: { "/v1": process.env.ZELINQA_URL ?? "http://127.0.0.1:8080" } },
});
