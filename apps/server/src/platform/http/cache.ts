/**
 * Cache lifetimes for what the server hands to browsers. A file whose name carries its content hash
 * never changes, so it is kept for a year without asking again; a file whose name stays the same
 * across releases (index.html, the widget's loader) is kept briefly or revalidated (ETag /
 * Last-Modified), so a release reaches everyone within minutes.
 */
export const CACHE = {
  immutable: "public, max-age=31536000, immutable",
  /** Always asks first; a 304 costs a round trip and a few hundred bytes. */
  revalidate: "no-cache",
  /** The loader on customers' pages: one request per five minutes per visitor, then a 304. */
  shortLived: "public, max-age=300",
  /** Unhashed files that rarely change (icons, flags): an hour, then a 304. */
  publicFile: "public, max-age=3600",
} as const;
