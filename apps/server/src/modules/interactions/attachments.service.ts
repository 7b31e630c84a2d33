import type { AttachmentView } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import { sniffAttachmentType } from "./file-type.ts";
import { guardInput } from "../../platform/http/input-guard.ts";
import { insertAttachmentFile } from "./attachments.repo.ts";

// eslint-disable-next-line no-control-regex -- control characters are exactly what a stored file name must not carry
const safeName = (name: string) => name.replace(/[\\/\u0000-\u001f]/g, "_").slice(0, 200) || "file";

/** Stores an attachment (at most 1 MB, type decided by its content) for a later message to reference. */
export async function storeAttachment(ctx: AppContext, companyId: number, name: string, data: Buffer, truncated: boolean): Promise<AttachmentView> {
  guardInput(name, "file");
  if (truncated || data.length > LIMITS.attachmentBytes) fail("attachment_too_large");
  if (!data.length) fail("message_empty");
  const mime = sniffAttachmentType(data) ?? fail("attachment_type_not_allowed");
  const fileId = await insertAttachmentFile(ctx.db, { companyId, mime, name: safeName(name), data });
  return { file_id: fileId, name: safeName(name), mime, size: data.length };
}
