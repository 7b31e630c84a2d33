import { ContactTypeInput, ContactTypeView, idParamSchema, okResponse } from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as contactTypes from "./contact-types.service.ts";

export function contactTypesRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/contact-types";
  const edit = { access: { permission: "settings.edit" } } as const;
  // Every member reads them: the contact form and filters offer them.
  app.get(path, { config: { access: { member: true } }, schema: { response: { 200: z.object({ items: z.array(ContactTypeView) }) } } }, (req) =>
    contactTypes.list(ctx, requireMember(req.actor)),
  );
  app.post(path, { config: edit, schema: { body: ContactTypeInput, response: { 200: ContactTypeView } } }, (req) =>
    contactTypes.create(ctx, requireMember(req.actor), req.body),
  );
  app.put(`${path}/:id`, { config: edit, schema: { params: idParamSchema, body: ContactTypeInput, response: { 200: ContactTypeView } } }, (req) =>
    contactTypes.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.delete(`${path}/:id`, { config: edit, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    contactTypes.remove(ctx, requireMember(req.actor), req.params.id),
  );
}
