/** The company's plan caches: the subscription, its status for the banner, the invoices and each invoice's QPay checkout. */
export const billingKeys = {
  all: ["billing"] as const,
  subscription: () => [...billingKeys.all, "subscription"] as const,
  status: () => [...billingKeys.all, "status"] as const,
  invoices: () => [...billingKeys.all, "invoices"] as const,
  qpay: (invoiceId: number | null) => [...billingKeys.all, "qpay", invoiceId] as const,
};
