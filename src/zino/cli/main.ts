#!/usr/bin/env node
// The `zino` command (package.json bin, `npm run zino`, `npm start`): from dist/, the CLI's bundle
// (dist/bundle/zino-cli.cjs, scripts/bundle-services.mjs) when the build made a current one, else run-zino.js; from
// the sources (tsx), run-zino.ts. The bundle loads one file instead of ~300 modules: `zino --version` 0.33 → 0.23 s.
import { runCliMain } from "../runtime/service-entry.js";

await runCliMain(import.meta.url);
