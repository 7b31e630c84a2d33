import type { CompanyView, MailDomainInput, UpdateCompanyInput } from "@holboo/core";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { MutationReactions } from "../../../lib/mutation.ts";
import { meKeys } from "../../../lib/session.ts";
import { userKeys } from "../users/users.keys.ts";
import { companyKeys } from "./company.keys.ts";

export const useCompany = () => useQuery({ queryKey: companyKeys.details(), queryFn: () => api.get("/api/company") });

export const useMailDomains = () => useQuery({ queryKey: companyKeys.mailDomains(), queryFn: () => api.get("/api/company/mail-domains") });

/** A changed company replaces the cached one; /api/me carries its name and logo for the header. */
export function storeCompany(client: QueryClient, company: CompanyView) {
  client.setQueryData(companyKeys.details(), company);
  void client.invalidateQueries({ queryKey: meKeys.all });
}

const saveCompany = (body: UpdateCompanyInput) => api.put("/api/company", { body });

export function useSaveCompany(reactions: MutationReactions<typeof saveCompany>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: saveCompany,
    onSuccess: (updated, ...rest) => {
      storeCompany(client, updated);
      return reactions.onSuccess?.(updated, ...rest);
    },
  });
}

/** The logo picker's upload; its answer is the stored company. */
export const uploadCompanyLogo = (form: FormData) => api.upload("/api/company/logo", form);

const deleteCompany = (confirmName: string) => api.del("/api/company", { body: { confirm_name: confirmName } });

/** Deletes the company (its name typed as the confirmation); every cache goes with it. */
export function useDeleteCompany(reactions: MutationReactions<typeof deleteCompany>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: deleteCompany,
    onSuccess: (...args) => {
      client.clear();
      return reactions.onSuccess?.(...args);
    },
  });
}

const saveMailDomain = ({ id, input }: { id: number | null; input: MailDomainInput }) =>
  id === null ? api.post("/api/company/mail-domains", { body: input }) : api.put("/api/company/mail-domains/:id", { params: { id }, body: input });

/** Adds a mail domain (`id` null) or edits one; the list refreshes. */
export function useSaveMailDomain(reactions: MutationReactions<typeof saveMailDomain>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: saveMailDomain,
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: companyKeys.mailDomains() });
      return reactions.onSuccess?.(...args);
    },
  });
}

const deleteMailDomain = (id: number) => api.del("/api/company/mail-domains/:id", { params: { id } });

export function useDeleteMailDomain(reactions: MutationReactions<typeof deleteMailDomain>) {
  const client = useQueryClient();
  return useMutation({ ...reactions, mutationFn: deleteMailDomain, onSuccess: () => client.invalidateQueries({ queryKey: companyKeys.mailDomains() }) });
}

/** The active admins the owner may hand the company to. */
export const useTransferTargets = () =>
  useQuery({
    queryKey: userKeys.transferTargets(),
    queryFn: () => api.get("/api/users", { query: { role: "admin", user_status: "active", user_type: "human", page_size: 100 } }),
  });

const transferOwnership = (userId: number) => api.post("/api/company/transfer-ownership", { body: { user_id: userId, confirm: true } });

/** Hands the company to another admin, for good; the company and the people (their roles) refresh. */
export function useTransferOwnership(reactions: MutationReactions<typeof transferOwnership>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: transferOwnership,
    onSuccess: (updated) => {
      storeCompany(client, updated);
      void client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
