// [ext] The studio's static files at /studio (issue 15), built by `npm run build` into dist/studio: /studio/ and
// every unknown page path answer index.html (client-side routing), hashed assets are cached for a year, and
// every answer carries a Content-Security-Policy allowing nothing but this origin. Without a build, /studio
// answers a short page saying how to build it.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyReply } from "fastify";
import type { AppFastify } from "./app-hooks.js";

/** No external host, no inline script or style, no framing: the studio holds an API key in its page. */
export const STUDIO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": STUDIO_CSP,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** Vite writes content-hashed file names under assets/: they never change, so they are cached for good. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Zelinqa Studio</title></head>
<body><h1>Zelinqa Studio is not built</h1><p>Run <code>npm run build</code> in the repository, then reload this page.</p></body></html>
`;

/** The package's dist/studio, found from this module whether it runs from src/ (tsx) or from dist/. */
export function defaultStudioDir(fromFile: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(fromFile);
  for (let depth = 0; depth < 8; depth += 1) {
    if (existsSync(join(dir, "package.json"))) return join(dir, "dist", "studio");
    dir = dirname(dir);
  }
  return resolve("dist", "studio");
}

function withSecurityHeaders(reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
  return reply;
}

/** The file of `rel` inside `root`, or null for a directory, a missing file or a path leaving the root. */
function fileUnder(root: string, rel: string): string | null {
  const full = resolve(root, rel);
  if (!full.startsWith(root + sep)) return null;
  try {
    return statSync(full).isFile() ? full.slice(root.length + 1) : null;
  } catch {
    return null;
  }
}

export async function registerStudio(fastify: AppFastify, options: { dir?: string | undefined } = {}): Promise<void> {
  const root = resolve(options.dir ?? defaultStudioDir());
  await fastify.register(async (instance) => {
    await instance.register(fastifyStatic, { root, serve: false, etag: true, lastModified: true, cacheControl: false });
    const index = (reply: FastifyReply) => {
      if (!existsSync(join(root, "index.html"))) {
        return withSecurityHeaders(reply)
          .code(503)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(NOT_BUILT_PAGE);
      }
      return withSecurityHeaders(reply).header("cache-control", "no-cache").sendFile("index.html", root);
    };
    instance.get("/studio", { schema: { hide: true } }, (_request, reply) => reply.redirect("/studio/", 301));
    instance.get<{ Params: { "*": string } }>("/studio/*", { schema: { hide: true } }, (request, reply) => {
      // The router has already decoded the path once: decoding it again would read `%25` as a bad escape (a 500)
      // and `%252e` as a dot, so the file asked for is the parameter as it is.
      const rel = request.params["*"];
      const file = rel === "" || rel.includes("\0") ? null : fileUnder(root, rel);
      if (file !== null) {
        const cache = HASHED_ASSET.test(file.split(sep).join("/")) ? IMMUTABLE : "no-cache";
        return withSecurityHeaders(reply).header("cache-control", cache).sendFile(file, root);
      }
      // A missing asset is a 404 (never an HTML page where a script was expected); page paths are the app's routes.
      if (rel.startsWith("assets/") || /\.[a-z0-9]+$/i.test(rel)) {
        return withSecurityHeaders(reply).code(404).type("text/plain; charset=utf-8").send("Not Found");
      }
      return index(reply);
    });
  });
}
