import type { Executor } from "../../platform/db/client.ts";
import { files } from "../../platform/db/schema.ts";

/** Stores one attachment's bytes; the service has already decided its name, type and size. */
export async function insertAttachmentFile(db: Executor, file: { companyId: number; mime: string; name: string; data: Buffer }): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({ ...file, size: file.data.length })
    .returning({ id: files.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}
