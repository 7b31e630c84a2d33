/**
 * How an invoice gets paid. Every provider confirms a payment for an invoice's number and amount and returns the
 * reference that is stored with it (null: not paid, nothing changes). The platform admin's record of a bank transfer
 * confirms what the admin saw; QPay (`qpay.provider.ts`) asks its payment check for the reference, QPay's invoice id.
 */
export interface PaymentProvider {
  readonly method: string;
  confirm(payment: { invoiceNumber: string; amount: number; reference: string }): Promise<{ reference: string } | null>;
}

/** A transfer to the platform's bank account, seen by the platform admin, who records its reference. */
export const bankTransfer: PaymentProvider = {
  method: "bank_transfer",
  confirm: async ({ reference }) => ({ reference }),
};
