import type { DeadJobView, PayeeInput, PlanInput, TermsInput } from "@holboo/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { billingKeys } from "../billing/billing.keys.ts";
import { adminKeys } from "./admin.keys.ts";

export const ADMIN_PAGE_SIZE = 20;
export type Approval = "pending" | "approved";

export const useAdminCompanies = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.companies(search, page),
    queryFn: () => api.get("/api/admin/companies", { query: { search, page, page_size: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (approval: Approval | null, search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.users(approval, search, page),
    queryFn: () => api.get("/api/admin/users", { query: { approval, search, page, page_size: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminSettings = () => useQuery({ queryKey: adminKeys.settings(), queryFn: () => api.get("/api/admin/settings") });

export const useDeadJobs = (page: number) =>
  useQuery({
    queryKey: adminKeys.deadJobs(page),
    queryFn: () => api.get("/api/admin/jobs/dead", { query: { page, page_size: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

// --- The platform users list (AdminUsers) ---

/** Approves a pending sign-up; every admin list refreshes (the user's company may appear). */
export function useApproveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post("/api/admin/users/:id/approve", { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** One more try of a job that used all its attempts; the dead jobs reload before the button settles. */
export function useRetryDeadJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: DeadJobView) => api.post("/api/admin/jobs/:id/retry", { params: { id: job.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}

/** A support sign-in link as this user, to copy. */
export const useHandoffLink = (userId: number) => useMutation({ mutationFn: () => api.post("/api/admin/users/:id/handoff", { params: { id: userId } }) });

// --- The plans on sale (AdminPlans) ---

export const useAdminPlans = () => useQuery({ queryKey: adminKeys.plans(), queryFn: () => api.get("/api/admin/plans") });

export function useSavePlan(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: PlanInput) => api.put("/api/admin/plans/:code", { params: { code }, body: values }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

// --- Payee and terms (AdminBillingSettings) ---

export const useAdminBillingSettings = () => useQuery({ queryKey: adminKeys.billingSettings(), queryFn: () => api.get("/api/admin/billing/settings") });

/** After a save the admin's view and every billing screen of this browser read the new settings. */
function useBillingSettingsWrite<Input>(write: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.billingSettings() });
      void client.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}

export const useSavePayee = () => useBillingSettingsWrite((payee: PayeeInput) => api.put("/api/admin/billing/payee", { body: payee }));
export const useClearPayee = () => useBillingSettingsWrite(() => api.del("/api/admin/billing/payee"));
export const useSaveTerms = () => useBillingSettingsWrite((terms: TermsInput) => api.put("/api/admin/billing/terms", { body: terms }));
export const useResetTerms = () => useBillingSettingsWrite(() => api.del("/api/admin/billing/terms"));

// --- One company's billing (AdminCompanyBilling) ---

export const useAdminCompanyBilling = (companyId: number) =>
  useQuery({ queryKey: adminKeys.companyBilling(companyId), queryFn: () => api.get("/api/admin/companies/:id/billing", { params: { id: companyId } }) });

/** A change to a company's billing refreshes every admin list, since their rows show its plan and status. */
function useCompanyBillingWrite<Input>(write: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.all }) });
}

/** Records a bank transfer (its reference) as this invoice's payment. */
export const useRecordInvoicePayment = (invoiceId: number) =>
  useCompanyBillingWrite((reference: string) => api.post("/api/admin/invoices/:id/payment", { params: { id: invoiceId }, body: { reference } }));
export const useCancelInvoice = (invoiceId: number) => useCompanyBillingWrite(() => api.post("/api/admin/invoices/:id/cancel", { params: { id: invoiceId } }));
export const useSuspendCompany = (companyId: number) =>
  useCompanyBillingWrite((suspended: boolean) => api.put("/api/admin/companies/:id/suspension", { params: { id: companyId }, body: { suspended } }));
