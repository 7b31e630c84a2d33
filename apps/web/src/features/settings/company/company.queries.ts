import type { CompanyView } from "@holboo/core";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { meKeys } from "../../../lib/session.ts";
import { companyKeys } from "./company.keys.ts";

export const useCompany = () => useQuery({ queryKey: companyKeys.details(), queryFn: () => api.get("/api/company") });

export const useMailDomains = () => useQuery({ queryKey: companyKeys.mailDomains(), queryFn: () => api.get("/api/company/mail-domains") });

/** A changed company replaces the cached one; /api/me carries its name and logo for the header. */
export function storeCompany(client: QueryClient, company: CompanyView) {
  client.setQueryData(companyKeys.details(), company);
  void client.invalidateQueries({ queryKey: meKeys.all });
}
