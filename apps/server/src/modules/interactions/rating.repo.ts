import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { companies, interactions } from "../../platform/db/schema.ts";

/** Public lookup by the rating link's token: the page knows no company, the token is the key. */
export async function findByRatingToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ interaction: interactions, companyName: companies.name })
    .from(interactions)
    .innerJoin(companies, eq(companies.id, interactions.companyId))
    .where(eq(interactions.ratingTokenHash, tokenHash))
    .for("update", { of: interactions });
  return row ?? null;
}
