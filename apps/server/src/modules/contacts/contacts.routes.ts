import { contactsEndpoints } from "@holboo/core/endpoints/contacts.ts";
import { ImportMapping, LIMITS } from "@holboo/core";
import type { FastifyRequest } from "fastify";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
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

  app.get("/api/contacts", { config: member, schema: contactsEndpoints["GET /api/contacts"] }, (req) => contacts.list(ctx, req.member, req.query));
  app.post("/api/contacts", { config: edit, schema: contactsEndpoints["POST /api/contacts"] }, (req) => contacts.create(ctx, req.member, req.body));
  app.post("/api/contacts/merge", { config: edit, schema: contactsEndpoints["POST /api/contacts/merge"] }, (req) => merge(ctx, req.member, req.body));
  app.get("/api/contacts/export", { config: transfer, schema: contactsEndpoints["GET /api/contacts/export"] }, async (req, reply) => {
    const file = await exportContacts(ctx, req.member, req.query, requestLocale(req));
    return reply.type(file.mime).header("content-disposition", `attachment; filename="${file.filename}"`).send(file.body);
  });
  app.post("/api/contacts/import/inspect", { config: transfer, schema: contactsEndpoints["POST /api/contacts/import/inspect"] }, async (req) =>
    importer.inspect((await readUpload(req)).data),
  );
  app.post("/api/contacts/import/preview", { config: transfer, schema: contactsEndpoints["POST /api/contacts/import/preview"] }, async (req) => {
    const { data, mapping } = await readUpload(req);
    return importer.preview(ctx, req.member, data, mapping);
  });
  app.post("/api/contacts/import", { config: transfer, schema: contactsEndpoints["POST /api/contacts/import"] }, async (req) => {
    const { data, mapping } = await readUpload(req);
    return importer.commit(ctx, req.member, data, mapping, requestLocale(req));
  });
  app.get("/api/contacts/:id", { config: member, schema: contactsEndpoints["GET /api/contacts/:id"] }, (req) => contacts.get(ctx, req.member, req.params.id));
  app.put("/api/contacts/:id", { config: edit, schema: contactsEndpoints["PUT /api/contacts/:id"] }, (req) =>
    contacts.update(ctx, req.member, req.params.id, req.body),
  );
  app.delete("/api/contacts/:id", { config: { access: { permission: "contact.delete" } }, schema: contactsEndpoints["DELETE /api/contacts/:id"] }, (req) =>
    contacts.remove(ctx, req.member, req.params.id),
  );
  app.get("/api/contacts/:id/interactions", { config: member, schema: contactsEndpoints["GET /api/contacts/:id/interactions"] }, (req) =>
    contacts.interactions(ctx, req.member, req.params.id),
  );
}
