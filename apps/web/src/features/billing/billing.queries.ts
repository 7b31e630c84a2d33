import type { PurchaseInput, SubscriptionView } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "../../lib/api.ts";
import { billingKeys } from "./billing.keys.ts";

export const useSubscription = () => useQuery({ queryKey: billingKeys.subscription(), queryFn: () => api.get("/api/billing/subscription") });
export const useBillingStatus = (enabled: boolean) =>
  useQuery({ queryKey: billingKeys.status(), queryFn: () => api.get("/api/billing/status"), enabled, refetchInterval: 5 * 60_000 });
export const useInvoices = () => useQuery({ queryKey: billingKeys.invoices(), queryFn: () => api.get("/api/billing/invoices") });
export const useInvoice = (id: number) =>
  useQuery({ queryKey: billingKeys.invoice(id), queryFn: () => api.get("/api/billing/invoices/:id", { params: { id } }), enabled: id > 0, retry: false });
/** Where to pay by bank transfer (every member reads it, also while access is closed). */
export const usePaymentDetails = () => useQuery({ queryKey: billingKeys.paymentDetails(), queryFn: () => api.get("/api/billing/payment-details") });
/** The installation's terms of service, readable by anyone (the purchase links to them). */
export const useTerms = () => useQuery({ queryKey: billingKeys.terms(), queryFn: () => api.get("/api/billing/terms") });

/** Every billing write answers the new subscription; the status, banner and invoices follow. */
function useBillingWrite<Input>(write: (input: Input) => Promise<SubscriptionView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (view) => {
      client.setQueryData(billingKeys.subscription(), view);
      void client.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}

export const usePurchase = () => useBillingWrite((input: PurchaseInput) => api.post("/api/billing/purchase", { body: input }));
export const useExtend = () => useBillingWrite((term: "month" | "year") => api.post("/api/billing/extend", { body: { term } }));
export const useAutoExtend = () => useBillingWrite((autoExtend: boolean) => api.put("/api/billing/auto-extend", { body: { auto_extend: autoExtend } }));

export const invoicePdfUrl = (id: number) => apiUrl("/api/billing/invoices/:id/pdf", { params: { id } });

/** The QPay checkout (QR and bank links) of an unpaid invoice; made once on the server, so asking again is safe. */
export const useQPayCheckout = (invoiceId: number | null) =>
  useQuery({
    queryKey: billingKeys.qpay(invoiceId),
    queryFn: () => api.post("/api/billing/invoices/:id/qpay", { params: { id: invoiceId } }),
    enabled: invoiceId !== null,
    staleTime: Infinity,
    retry: false,
  });

/** "I paid": the server asks QPay now; once paid, the plan and status reload. */
export function useQPayCheck(invoiceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/billing/invoices/:id/qpay/check", { params: { id: invoiceId } }),
    onSuccess: (result) => {
      if (result.state !== "open") void client.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
