import { and, eq, inArray, like } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { files } from "../../platform/db/schema.ts";

export async function insertAudioFile(db: Executor, values: { companyId: number; mime: string; name: string; data: Buffer }): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({ ...values, size: values.data.length })
    .returning({ id: files.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Which of `ids` are recordings the company uploaded (another company's id is simply not among them). */
export async function companyAudioFileIds(db: Executor, companyId: number, ids: string[]): Promise<Set<string>> {
  const wanted = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (!wanted.length) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, wanted), like(files.mime, "audio/%")));
  return new Set(rows.map((row) => row.id));
}

export async function findAudioFile(db: Executor, companyId: number, id: string) {
  const [row] = await db
    .select({ mime: files.mime, data: files.data })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id), like(files.mime, "audio/%")));
  return row ?? null;
}
