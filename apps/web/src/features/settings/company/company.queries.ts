import type { CompanyView, ListResponse, MailDomainView } from "@holboo/core";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { http } from "../../../lib/http.ts";
import { meKeys } from "../../../lib/session.ts";

export const companyKey = ["company"] as const;
export const mailDomainsKey = ["company", "mail-domains"] as const;

export const useCompany = () => useQuery({ queryKey: companyKey, queryFn: () => http.get<CompanyView>("/api/company") });

export const useMailDomains = () => useQuery({ queryKey: mailDomainsKey, queryFn: () => http.get<ListResponse<MailDomainView>>("/api/company/mail-domains") });

/** A changed company replaces the cached one; /api/me carries its name and logo for the header. */
export function storeCompany(client: QueryClient, company: CompanyView) {
  client.setQueryData(companyKey, company);
  void client.invalidateQueries({ queryKey: meKeys.all });
}
