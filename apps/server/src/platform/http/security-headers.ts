import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers on every response (@fastify/helmet). The staff app runs no inline script (Vite emits module
 * files), is never framed, and talks only to its own origin (HTTP and Socket.IO). Inline styles stay allowed:
 * Mantine sets style attributes. The web-chat page is framed on customers' sites and sets its own policy
 * (`helmet: false` on that route); the widget's files say `cross-origin` so customers' pages may load them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    // Only where the installation is served over HTTPS: over plain HTTP browsers ignore it anyway.
    strictTransportSecurity: new URL(publicUrl).protocol === "https:" ? { maxAge: 180 * 24 * 3600 } : false,
  });
}
