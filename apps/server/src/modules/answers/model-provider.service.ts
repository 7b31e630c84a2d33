import type { ModelProviderInput, ModelProviderView } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/client.ts";
import type { AppContext } from "../../context.ts";
import { isIP } from "node:net";
import { fail } from "../../platform/http/errors.ts";
import { providerFetchPolicy, type ProviderConfig } from "./provider/openai-client.ts";
import * as repo from "./model-provider.repo.ts";
import { recordAudit } from "../audit/audit.service.ts";

export { providerFetchPolicy };

type Row = NonNullable<Awaited<ReturnType<typeof repo.findModelProvider>>>;

/** Only the key's last four characters leave the server, and only for a key long enough to hide the rest. */
const keyHint = (key: string) => (key === "" ? null : key.length > 8 ? `…${key.slice(-4)}` : "…");

/** The key, opened from its sealed form (keys are never kept plain: `sealPlainKeys` seals older rows at start). */
const openKey = (secrets: SecretBox, row: Row) => (row.apiKeySealed ? secrets.open<string>(row.apiKeySealed) : "");

const present = (secrets: SecretBox, row: Row | null): ModelProviderView =>
  row
    ? {
        configured: true,
        base_url: row.baseUrl,
        api_key_hint: keyHint(openKey(secrets, row)),
        chat_model: row.chatModel,
        embedding_model: row.embeddingModel,
        updated_at: row.updatedAt.toISOString(),
      }
    : { configured: false, base_url: "", api_key_hint: null, chat_model: "", embedding_model: "", updated_at: null };

export async function get(ctx: AppContext, actor: MemberActor) {
  return present(ctx.secrets, await repo.findModelProvider(ctx.db, actor.companyId));
}

/**
 * Told at once when the address is one the server will not call (the check is made again on every call, against
 * the address then resolved). A name that does not resolve now is kept: the model server may be down.
 */
async function refuseBlockedAddress(ctx: AppContext, baseUrl: string) {
  const policy = providerFetchPolicy(ctx.config.MODEL_PROVIDER_ALLOW_PRIVATE);
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : await policy.resolve(host).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  if (addresses.some((address) => !policy.isAllowed(address))) fail("model_provider_url_blocked", { base_url: "model_provider_url_blocked" });
}

export async function save(ctx: AppContext, actor: MemberActor, input: ModelProviderInput) {
  await refuseBlockedAddress(ctx, input.base_url);
  const current = await repo.findModelProvider(ctx.db, actor.companyId);
  await ctx.db.transaction(async (tx) => {
    await repo.upsertModelProvider(tx, {
      companyId: actor.companyId,
      baseUrl: input.base_url,
      apiKeySealed: input.api_key !== undefined ? (input.api_key ? ctx.secrets.seal(input.api_key) : null) : (current?.apiKeySealed ?? null),
      chatModel: input.chat_model,
      embeddingModel: input.embedding_model,
      updatedByUserId: actor.userId,
    });
    // The key itself is never written down; only whether it changed.
    await recordAudit(tx, actor, {
      action: "model_provider.update",
      targetType: "model_provider",
      before: current ? { base_url: current.baseUrl, chat_model: current.chatModel, embedding_model: current.embeddingModel } : null,
      after: { base_url: input.base_url, chat_model: input.chat_model, embedding_model: input.embedding_model, new_key: input.api_key !== undefined },
    });
  });
  return get(ctx, actor);
}

export async function remove(ctx: AppContext, actor: MemberActor) {
  const current = await repo.findModelProvider(ctx.db, actor.companyId);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteModelProvider(tx, actor.companyId);
    if (current) await recordAudit(tx, actor, { action: "model_provider.remove", targetType: "model_provider", before: { base_url: current.baseUrl } });
  });
  return { ok: true as const };
}

/** What the answer engine calls a company's provider with (EngineOptions.provider). */
export async function providerConfig(db: Database, secrets: SecretBox, companyId: number): Promise<ProviderConfig | null> {
  const row = await repo.findModelProvider(db, companyId);
  return row ? { baseUrl: row.baseUrl, apiKey: openKey(secrets, row), chatModel: row.chatModel, embeddingModel: row.embeddingModel } : null;
}

/**
 * The start-up data step for keys saved before they were sealed (a migration's SQL has no app key): every process
 * runs it once when it starts; each row is sealed by one UPDATE that only matches the plain key it read, so processes
 * starting together seal it once. Returns how many it sealed.
 */
export async function sealPlainKeys(db: Database, secrets: SecretBox): Promise<number> {
  const rows = await repo.plainKeys(db);
  for (const row of rows) await repo.sealKey(db, row.companyId, row.apiKey, secrets.seal(row.apiKey));
  return rows.length;
}
