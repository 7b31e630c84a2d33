import { createHash } from "node:crypto";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { knowledgeSentenceVectors as vectors } from "../../platform/db/schema.ts";
import type { StoredVectors } from "./engine/sentence-encoder.ts";

const CHUNK = 1000;
const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url");
const toBytes = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
/** A copy: the driver's Buffer may share a pool, and Float32Array needs 4-byte alignment. */
const fromBytes = (bytes: Buffer) => new Float32Array(Uint8Array.from(bytes).buffer);

/** One agent's stored sentence vectors for one encoder. */
export function storedVectors(db: Executor, companyId: number, agentId: number, encoder: string): StoredVectors {
  const scope = and(eq(vectors.companyId, companyId), eq(vectors.agentId, agentId), eq(vectors.encoder, encoder));
  return {
    async load(texts) {
      const byHash = new Map(texts.map((text) => [hashOf(text), text]));
      const hashes = [...byHash.keys()];
      const found = new Map<string, Float32Array>();
      for (let i = 0; i < hashes.length; i += CHUNK) {
        const rows = await db
          .select({ textHash: vectors.textHash, vector: vectors.vector })
          .from(vectors)
          .where(and(scope, inArray(vectors.textHash, hashes.slice(i, i + CHUNK))));
        for (const row of rows) {
          const text = byHash.get(row.textHash);
          if (text !== undefined) found.set(text, fromBytes(row.vector));
        }
      }
      return found;
    },
    async save(batch) {
      const rows = [...batch].map(([text, vector]) => ({ companyId, agentId, encoder, textHash: hashOf(text), vector: toBytes(vector) }));
      for (let i = 0; i < rows.length; i += CHUNK)
        await db
          .insert(vectors)
          .values(rows.slice(i, i + CHUNK))
          .onConflictDoNothing();
    },
    async keepOnly(texts) {
      // One text parameter however many texts (base64url has no commas), not one parameter each.
      const keep = texts.map(hashOf).join(",");
      await db
        .delete(vectors)
        .where(
          and(
            eq(vectors.companyId, companyId),
            eq(vectors.agentId, agentId),
            or(ne(vectors.encoder, encoder), sql`${vectors.textHash} <> all(string_to_array(${keep}, ','))`),
          ),
        );
    },
  };
}
