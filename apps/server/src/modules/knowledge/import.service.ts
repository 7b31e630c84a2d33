import type { UrlImportInput } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import * as articles from "./articles.service.ts";
import { extractFile, extractPage, type Extracted } from "./import/extract.ts";
import { DEFAULT_FETCH_POLICY, fetchPublicPage, type FetchPolicy } from "./import/safe-fetch.ts";
import { guardInput } from "../../platform/http/input-guard.ts";

/** The SSRF-safe request, for the other feature that calls an address a company chose (the model provider). */
export { DEFAULT_FETCH_POLICY, safeRequest, type FetchPolicy } from "./import/safe-fetch.ts";

/** Imported articles start as drafts in the chosen folder, with their source recorded. */
function save(ctx: AppContext, actor: MemberActor, folderId: number, extracted: Extracted, sourceUrl: string | null) {
  return articles.create(ctx, actor, { folder_id: folderId, name: extracted.name, content: extracted.doc }, { source: extracted.source, sourceUrl });
}

export async function fromFile(ctx: AppContext, actor: MemberActor, folderId: number, data: Buffer, fileName: string) {
  guardInput(fileName, "file");
  return save(ctx, actor, folderId, await extractFile(data, fileName), null);
}

/** Reads the readable text of a public web page; `policy` is replaced only by tests (the default refuses private addresses). */
export async function readUrl(url: string, policy: FetchPolicy = DEFAULT_FETCH_POLICY): Promise<Extracted & { url: string }> {
  const page = await fetchPublicPage(url, policy);
  return { ...extractPage(page.body.toString("utf8"), page.url, page.contentType), url: page.url };
}

export async function fromUrl(ctx: AppContext, actor: MemberActor, input: UrlImportInput) {
  const extracted = await readUrl(input.url);
  return save(ctx, actor, input.folder_id, extracted, extracted.url);
}
