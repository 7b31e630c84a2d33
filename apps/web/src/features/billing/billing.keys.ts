/**
 * The company's plan caches: the subscription, its status for the banner, the invoices, one invoice, each invoice's QPay
 * checkout, where to pay, and the installation's terms of service (public).
 */
export const billingKeys = {
  all: ["billing"] as const,
  subscription: () => [...billingKeys.all, "subscription"] as const,
  status: () => [...billingKeys.all, "status"] as const,
  invoices: () => [...billingKeys.all, "invoices"] as const,
  invoice: (id: number) => [...billingKeys.invoices(), id] as const,
  paymentDetails: () => [...billingKeys.all, "payment-details"] as const,
  terms: () => [...billingKeys.all, "terms"] as const,
  qpay: (invoiceId: number | null) => [...billingKeys.all, "qpay", invoiceId] as const,
};
