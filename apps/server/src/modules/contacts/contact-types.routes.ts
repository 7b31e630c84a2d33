import { contactsEndpoints } from "@holboo/core/endpoints/contacts.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as contactTypes from "./contact-types.service.ts";

export function contactTypesRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/contact-types";
  const edit = { access: { permission: "settings.edit" } } as const;
  // Every member reads them: the contact form and filters offer them.
  app.get(path, { config: { access: { member: true } }, schema: contactsEndpoints["GET /api/contact-types"] }, (req) => contactTypes.list(ctx, req.member));
  app.post(path, { config: edit, schema: contactsEndpoints["POST /api/contact-types"] }, (req) => contactTypes.create(ctx, req.member, req.body));
  app.put(`${path}/:id`, { config: edit, schema: contactsEndpoints["PUT /api/contact-types/:id"] }, (req) =>
    contactTypes.update(ctx, req.member, req.params.id, req.body),
  );
  app.delete(`${path}/:id`, { config: edit, schema: contactsEndpoints["DELETE /api/contact-types/:id"] }, (req) =>
    contactTypes.remove(ctx, req.member, req.params.id),
  );
}
