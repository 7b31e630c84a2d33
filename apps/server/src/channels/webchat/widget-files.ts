import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { CACHE } from "../../platform/http/cache.ts";

export const DEFAULT_WIDGET_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../widget/dist");

const APP_VERSION = /^[A-Z0-9]{4,16}$/;
const APP_FILE = /^app\.([A-Z0-9]{4,16})\.js$/;
const FALLBACK_APP = "app.js";

/**
 * The widget's files under /widget/: loader.js (its name is in customers' pages, so it is kept five
 * minutes, then revalidated) and app.<hash>.js (named by the loader and the /webchat page, kept a
 * year). Precompressed siblings are sent when accepted; nothing else in the folder is served.
 */
export const widgetFiles = (dir: string) => async (app: FastifyInstance) => {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: "/widget/",
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathname) => pathname === "/loader.js" || APP_FILE.test(pathname.slice(1)),
    setHeaders: (reply, file) => {
      reply.header("cache-control", path.basename(file).startsWith("app.") ? CACHE.immutable : CACHE.shortLived);
      reply.header("access-control-allow-origin", "*");
      // Loaded by customers' pages: the app's same-origin resource policy would block them.
      reply.header("cross-origin-resource-policy", "cross-origin");
    },
  });
};

interface Built {
  stamp: number;
  current: string;
  apps: Set<string>;
}

/** Which app files the build left, re-read only when the build's manifest changes. */
export function widgetApps(dir: string) {
  const manifest = path.join(dir, "manifest.json");
  let built: Built | null = null;
  const read = (): Built | null => {
    let stamp: number;
    try {
      stamp = statSync(manifest).mtimeMs;
    } catch {
      return null;
    }
    if (built?.stamp === stamp) return built;
    const { app } = JSON.parse(readFileSync(manifest, "utf8")) as { app: string };
    built = { stamp, current: app, apps: new Set(readdirSync(dir).filter((file) => APP_FILE.test(file))) };
    return built;
  };
  /** The app a loader of version `requested` was built with while it is still here, else the current one. */
  return (requested: string | undefined): string => {
    const found = read();
    if (!found) return FALLBACK_APP;
    const wanted = requested && APP_VERSION.test(requested) ? `app.${requested}.js` : null;
    return wanted && found.apps.has(wanted) ? wanted : found.current;
  };
}
