import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { errorBody } from "./errors.ts";
import { requestLocale } from "../i18n.ts";
import { CACHE } from "./cache.ts";

/** Vite writes every built file whose name carries its content hash under assets/. */
function cacheFor(file: string): string {
  if (file.split(path.sep).includes("assets")) return CACHE.immutable;
  return file.endsWith(".html") ? CACHE.revalidate : CACHE.publicFile;
}

/** Addresses that name a file: when it is missing they answer 404, never the app's HTML. */
const FILE_PREFIXES = ["/assets/", "/widget/", "/guides/"];

/** The guide's PDFs are shown inside the app's own guide page (an iframe), so they may be framed by this origin only. */
function allowSameOriginFrame(reply: FastifyReply) {
  reply.header("x-frame-options", "SAMEORIGIN");
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string") reply.header("content-security-policy", policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
}

/**
 * Serves the built web app: each file from disk with its precompressed .br or .gz sibling when the
 * client accepts one (the build writes them), hashed assets cached for a year, index.html always
 * revalidated, other files an hour; any other GET outside the API gets index.html, so the router decides.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz"],
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header("cache-control", cacheFor(path.relative(webDist, file).replace(/\.(br|gz)$/, "")));
        if (file.endsWith(".pdf")) allowSameOriginFrame(reply);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith("/api") || request.url.startsWith("/pub/version");
    const isFile = FILE_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (!isApi && !isFile && request.method === "GET" && hasWeb) return reply.type("text/html").sendFile("index.html");
    return reply.status(404).send(errorBody("not_found", requestLocale(request)));
  });
}
