/** The HTTP endpoints of modules/contacts/contact-types.routes.ts, modules/contacts/contacts.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  ContactExportQuery,
  ContactInput,
  ContactInteractionView,
  ContactListItem,
  ContactListQuery,
  ContactTypeInput,
  ContactTypeView,
  ContactView,
  CreateContactInput,
  ImportInspectView,
  ImportPreviewView,
  ImportResultView,
  MergeContactsInput,
  idParamSchema,
  listResponse,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const contactsEndpoints = {
  "GET /api/contact-types": { response: { 200: z.object({ items: z.array(ContactTypeView) }) } },
  "POST /api/contact-types": { body: ContactTypeInput, response: { 200: ContactTypeView } },
  "PUT /api/contact-types/:id": { params: idParamSchema, body: ContactTypeInput, response: { 200: ContactTypeView } },
  "DELETE /api/contact-types/:id": { params: idParamSchema, response: { 200: okResponse } },
  "GET /api/contacts": { querystring: ContactListQuery, response: { 200: listResponse(ContactListItem) } },
  "POST /api/contacts": { body: CreateContactInput, response: { 200: ContactView } },
  "POST /api/contacts/merge": { body: MergeContactsInput, response: { 200: ContactView } },
  "GET /api/contacts/export": { querystring: ContactExportQuery },
  "POST /api/contacts/import/inspect": { response: { 200: ImportInspectView } },
  "POST /api/contacts/import/preview": { response: { 200: ImportPreviewView } },
  "POST /api/contacts/import": { response: { 200: ImportResultView } },
  "GET /api/contacts/:id": { params: idParamSchema, response: { 200: ContactView } },
  "PUT /api/contacts/:id": { params: idParamSchema, body: ContactInput, response: { 200: ContactView } },
  "DELETE /api/contacts/:id": { params: idParamSchema, response: { 200: okResponse } },
  "GET /api/contacts/:id/interactions": { params: idParamSchema, response: { 200: z.object({ items: z.array(ContactInteractionView) }) } },
} as const satisfies EndpointTable;
