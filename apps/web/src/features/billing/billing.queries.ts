import type { InvoiceView, ListResponse, PurchaseInput, QPayCheckoutView, SubscriptionView } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const billingKeys = {
  all: ["billing"] as const,
  subscription: () => [...billingKeys.all, "subscription"] as const,
  status: () => [...billingKeys.all, "status"] as const,
  invoices: () => [...billingKeys.all, "invoices"] as const,
};

export type BillingStatus = Pick<SubscriptionView, "status" | "suspended_reason" | "notice">;

export const useSubscription = () => useQuery({ queryKey: billingKeys.subscription(), queryFn: () => http.get<SubscriptionView>("/api/billing/subscription") });
export const useBillingStatus = (enabled: boolean) =>
  useQuery({ queryKey: billingKeys.status(), queryFn: () => http.get<BillingStatus>("/api/billing/status"), enabled, refetchInterval: 5 * 60_000 });
export const useInvoices = () => useQuery({ queryKey: billingKeys.invoices(), queryFn: () => http.get<ListResponse<InvoiceView>>("/api/billing/invoices") });

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

export const usePurchase = () => useBillingWrite((input: PurchaseInput) => http.post<SubscriptionView>("/api/billing/purchase", input));
export const useExtend = () => useBillingWrite((term: "month" | "year") => http.post<SubscriptionView>("/api/billing/extend", { term }));
export const useAutoExtend = () =>
  useBillingWrite((autoExtend: boolean) => http.put<SubscriptionView>("/api/billing/auto-extend", { auto_extend: autoExtend }));

export const invoicePdfUrl = (id: number) => `/api/billing/invoices/${id}/pdf`;

/** The QPay checkout (QR and bank links) of an unpaid invoice; made once on the server, so asking again is safe. */
export const useQPayCheckout = (invoiceId: number | null) =>
  useQuery({
    queryKey: [...billingKeys.all, "qpay", invoiceId] as const,
    queryFn: () => http.post<QPayCheckoutView>(`/api/billing/invoices/${invoiceId ?? 0}/qpay`),
    enabled: invoiceId !== null,
    staleTime: Infinity,
    retry: false,
  });

/** "I paid": the server asks QPay now; once paid, the plan and status reload. */
export function useQPayCheck(invoiceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ state: "paid" | "open" | "closed" }>(`/api/billing/invoices/${invoiceId}/qpay/check`),
    onSuccess: (result) => {
      if (result.state !== "open") void client.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
