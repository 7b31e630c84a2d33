import {
  ContactExportQuery,
  ContactInput,
  ContactInteractionView,
  ContactListItem,
  ContactListQuery,
  ContactView,
  CreateContactInput,
  ImportInspectView,
  ImportMapping,
  ImportPreviewView,
  ImportResultView,
  LIMITS,
  MergeContactsInput,
  idParamSchema,
  listResponse,
  okResponse,
} from "@holboo/core";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import { requestLocale } from "../../platform/i18n.ts";
import * as contacts from "./contacts.service.ts";
import { exportContacts } from "./export.service.ts";
import * as importer from "./import.service.ts";
import { merge } from "./merge.service.ts";

/** The uploaded file and the optional `mapping` field (JSON) of a multipart import request. */
async function readUpload(req: FastifyRequest) {
  let data: Buffer | null = null;
  let mappingText = "{}";
  for await (const part of req.parts({ limits: { fileSize: LIMITS.contactImportBytes, files: 1, fields: 2 } })) {
    if (part.type === "file") {
      data = await part
        .toBuffer()
        .catch((error: unknown) => fail((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" ? "import_file_too_large" : "import_file_invalid"));
    } else if (part.fieldname === "mapping" && typeof part.value === "string") mappingText = part.value;
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(mappingText);
  } catch {
    fail("import_mapping_invalid");
  }
  const mapping = ImportMapping.safeParse(parsed);
  if (!mapping.success) return fail("import_mapping_invalid");
  return { data: data ?? fail("file_not_found"), mapping: mapping.data };
}

export function contactsRoutes(app: TypedApp, ctx: AppContext) {
  const member = { access: { member: true } } as const;
  const edit = { access: { permission: "contact.edit" } } as const;
  const transfer = { access: { permission: "contact.export_import" } } as const;
  const one = { params: idParamSchema, response: { 200: ContactView } };

  app.get("/api/contacts", { config: member, schema: { querystring: ContactListQuery, response: { 200: listResponse(ContactListItem) } } }, (req) =>
    contacts.list(ctx, requireMember(req.actor), req.query),
  );
  app.post("/api/contacts", { config: edit, schema: { body: CreateContactInput, response: { 200: ContactView } } }, (req) =>
    contacts.create(ctx, requireMember(req.actor), req.body),
  );
  app.post("/api/contacts/merge", { config: edit, schema: { body: MergeContactsInput, response: { 200: ContactView } } }, (req) =>
    merge(ctx, requireMember(req.actor), req.body),
  );
  app.get("/api/contacts/export", { config: transfer, schema: { querystring: ContactExportQuery } }, async (req, reply) => {
    const file = await exportContacts(ctx, requireMember(req.actor), req.query);
    return reply.type(file.mime).header("content-disposition", `attachment; filename="${file.filename}"`).send(file.body);
  });
  app.post("/api/contacts/import/inspect", { config: transfer, schema: { response: { 200: ImportInspectView } } }, async (req) =>
    importer.inspect((await readUpload(req)).data),
  );
  app.post("/api/contacts/import/preview", { config: transfer, schema: { response: { 200: ImportPreviewView } } }, async (req) => {
    const { data, mapping } = await readUpload(req);
    return importer.preview(ctx, requireMember(req.actor), data, mapping);
  });
  app.post("/api/contacts/import", { config: transfer, schema: { response: { 200: ImportResultView } } }, async (req) => {
    const { data, mapping } = await readUpload(req);
    return importer.commit(ctx, requireMember(req.actor), data, mapping, requestLocale(req));
  });
  app.get("/api/contacts/:id", { config: member, schema: one }, (req) => contacts.get(ctx, requireMember(req.actor), req.params.id));
  app.put("/api/contacts/:id", { config: edit, schema: { params: idParamSchema, body: ContactInput, response: { 200: ContactView } } }, (req) =>
    contacts.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.delete(
    "/api/contacts/:id",
    { config: { access: { permission: "contact.delete" } }, schema: { params: idParamSchema, response: { 200: okResponse } } },
    (req) => contacts.remove(ctx, requireMember(req.actor), req.params.id),
  );
  app.get(
    "/api/contacts/:id/interactions",
    { config: member, schema: { params: idParamSchema, response: { 200: z.object({ items: z.array(ContactInteractionView) }) } } },
    (req) => contacts.interactions(ctx, requireMember(req.actor), req.params.id),
  );
}
