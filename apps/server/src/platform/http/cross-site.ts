import type { FastifyRequest } from "fastify";
import { fail } from "./errors.ts";

/**
 * Browsers say where a request comes from in `Sec-Fetch-Site`; a link or image on another site ("cross-site",
 * "same-site") must not act for the user. Without the header (old browsers, scripts) the request is let through:
 * the session cookie is SameSite=Lax, and writes need the CSRF header anyway.
 */
export function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") fail("cross_site_refused");
}
