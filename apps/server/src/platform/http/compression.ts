import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Text that shrinks when compressed; images, archives and uploads are already compressed or binary. */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+]json(?:;|$)|javascript|[/+]xml(?:;|$)/u;

/** API responses under this size go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses responses on the fly (brotli at quality 4, else gzip). Built assets come precompressed
 * from the static handler with their content-encoding set, which @fastify/compress leaves alone, so
 * nothing is compressed twice. Every compressible response says it varies on Accept-Encoding, also
 * when it went out uncompressed, so a shared cache never hands one client's encoding to another.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && COMPRESSIBLE_TYPES.test(type))
      addVary(reply.getHeader("vary"), (value) => {
        reply.header("vary", value);
      });
    return payload;
  });
  await app.register(compress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
  });
}

function addVary(current: unknown, set: (value: string) => void) {
  const values = (Array.isArray(current) ? current.join(",") : typeof current === "string" ? current : "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === "*" || v.toLowerCase() === "accept-encoding")) return;
  set([...values, "accept-encoding"].join(", "));
}
