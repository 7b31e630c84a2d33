/** The HTTP endpoints of modules/companies/companies.routes.ts, modules/companies/mail-domains.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  CompanyView,
  DeleteCompanyInput,
  MailDomainInput,
  MailDomainView,
  TransferOwnershipInput,
  UpdateCompanyInput,
  VirtualAgentView,
  idParamSchema,
  listResponse,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const companiesEndpoints = {
  "GET /api/company": { response: { 200: CompanyView } },
  "PUT /api/company": { body: UpdateCompanyInput, response: { 200: CompanyView } },
  "DELETE /api/company": { body: DeleteCompanyInput, response: { 200: okResponse } },
  "POST /api/company/transfer-ownership": { body: TransferOwnershipInput, response: { 200: CompanyView } },
  "POST /api/company/logo": { response: { 200: CompanyView } },
  "GET /api/company/logo": {},
  "GET /api/files/:id": { params: z.object({ id: z.uuid({ error: "file_not_found" }) }) },
  "GET /api/company/virtual-agents": { response: { 200: z.object({ items: z.array(VirtualAgentView) }) } },
  "GET /api/company/mail-domains": { response: { 200: listResponse(MailDomainView) } },
  "POST /api/company/mail-domains": { body: MailDomainInput, response: { 200: MailDomainView } },
  "PUT /api/company/mail-domains/:id": { params: idParamSchema, body: MailDomainInput, response: { 200: MailDomainView } },
  "DELETE /api/company/mail-domains/:id": { params: idParamSchema, response: { 200: okResponse } },
} as const satisfies EndpointTable;
