// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of a build folder, at the
// highest levels (it runs once per build), for the server's static handler to send as they are.
// `node scripts/precompress.mjs <dir>`, or import { precompress }.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/** Every file is precompressed, however small: the server then never compresses a static file itself. */
export function precompress(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    // Dot folders (Vite's .vite/manifest.json) are build records, never served.
    if (
      !entry.isFile() ||
      !TEXT_FILE.test(entry.name) ||
      path
        .relative(dir, entry.parentPath)
        .split(path.sep)
        .some((part) => part.startsWith("."))
    )
      continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    files++;
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node scripts/precompress.mjs <dir>");
  console.log(`precompressed ${precompress(path.resolve(dir))} files in ${dir}`);
}
