/**
 * How an invoice gets paid. Every provider confirms a payment for an invoice's number and amount and returns the
 * reference that is stored with it. The platform admin's record of a bank transfer is the one provider today; a
 * gateway (QPay) would create its invoice and QR, and confirm from its check or callback behind the same interface.
 */
export interface PaymentProvider {
  readonly method: string;
  confirm(payment: { invoiceNumber: string; amount: number; reference: string }): Promise<{ reference: string }>;
}

/** A transfer to the platform's bank account, seen by the platform admin, who records its reference. */
export const bankTransfer: PaymentProvider = {
  method: "bank_transfer",
  confirm: async ({ reference }) => ({ reference }),
};
