import type { QPayBankLink } from "@holboo/core";
import type { Config } from "../../platform/config.ts";
import { fail } from "../../platform/http/errors.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/**
 * QPay merchant API v2 (developer.qpay.mn): `POST /auth/token` with Basic auth gives a bearer token; `POST /invoice`
 * makes QPay's invoice for ours (QR text and image, bank app links); `POST /payment/check` with object_type INVOICE
 * lists the payments made to it. QPay's callback carries no signature, so a payment is believed only from
 * payment/check, asked by us.
 */
export interface QPayCheckout {
  qpayInvoiceId: string;
  qrText: string;
  qrImage: string;
  shortUrl: string | null;
  urls: QPayBankLink[];
}

interface TokenState {
  accessToken: string;
  expiresAt: number;
}

const TIMEOUT_MS = 10_000;
/** A token is renewed this long before QPay says it ends. */
const TOKEN_MARGIN_MS = 60_000;

type QPayConfig = Pick<Config, "QPAY_API_URL" | "QPAY_USERNAME" | "QPAY_PASSWORD" | "QPAY_INVOICE_CODE">;

export const qpayConfigured = (config: QPayConfig) => !!(config.QPAY_USERNAME && config.QPAY_PASSWORD && config.QPAY_INVOICE_CODE);

const text = (value: unknown) => (typeof value === "string" ? value : "");

export class QPayClient implements PaymentProvider {
  readonly method = "qpay";
  private token: TokenState | null = null;
  private pendingToken: Promise<TokenState> | null = null;

  constructor(private readonly config: QPayConfig) {}

  /** Our invoice on QPay: the payer scans its QR or opens a bank app's link; QPay calls `callbackUrl` when paid. */
  async createInvoice(invoice: { number: string; amount: number; companyId: number; description: string; callbackUrl: string }): Promise<QPayCheckout> {
    const body = await this.call("POST", "/invoice", {
      invoice_code: this.config.QPAY_INVOICE_CODE,
      sender_invoice_no: invoice.number,
      invoice_receiver_code: `company-${invoice.companyId}`,
      invoice_description: invoice.description,
      amount: invoice.amount,
      callback_url: invoice.callbackUrl,
    });
    const qpayInvoiceId = text(body.invoice_id);
    if (!qpayInvoiceId) fail("payment_gateway_unavailable");
    const urls = Array.isArray(body.urls) ? (body.urls as Array<Record<string, unknown>>) : [];
    return {
      qpayInvoiceId,
      qrText: text(body.qr_text),
      qrImage: text(body.qr_image),
      shortUrl: text(body.qPay_shortUrl) || null,
      urls: urls
        .map((url) => ({ name: text(url.name), description: text(url.description), logo: text(url.logo), link: text(url.link) }))
        .filter((url) => /^[a-z][a-z0-9+.-]*:/i.test(url.link) && !/^(javascript|data|vbscript):/i.test(url.link)),
    };
  }

  /**
   * The payments QPay holds for its invoice, when what was paid (status PAID) covers the amount: their payment_id is the
   * reference stored with ours. Null while nothing (or too little) is paid.
   */
  async confirm(payment: { invoiceNumber: string; amount: number; reference: string }): Promise<{ reference: string } | null> {
    const body = await this.call("POST", "/payment/check", {
      object_type: "INVOICE",
      object_id: payment.reference,
      offset: { page_number: 1, page_limit: 100 },
    });
    const rows = Array.isArray(body.rows) ? (body.rows as Array<Record<string, unknown>>) : [];
    const paid = rows.filter((row) => row.payment_status === "PAID");
    const total = paid.reduce((sum, row) => sum + Number(row.payment_amount ?? 0), 0);
    // Several payments may make up the amount: every one's payment_id is the reference.
    const ids = paid.map((row) => String(row.payment_id ?? "")).filter(Boolean);
    return ids.length && total >= payment.amount ? { reference: ids.join(",").slice(0, 500) } : null;
  }

  private async call(method: "POST" | "GET", path: string, body: Record<string, unknown>, retried = false): Promise<Record<string, unknown>> {
    const token = await this.accessToken();
    const response = await this.request(method, path, { authorization: `Bearer ${token}`, "content-type": "application/json" }, JSON.stringify(body));
    if (response.status === 401 && !retried) {
      this.token = null;
      return this.call(method, path, body, true);
    }
    if (!response.ok) fail("payment_gateway_unavailable");
    return (await response.json().catch(() => fail("payment_gateway_unavailable"))) as Record<string, unknown>;
  }

  private async request(method: string, path: string, headers: Record<string, string>, body?: string) {
    try {
      return await fetch(`${this.config.QPAY_API_URL}${path}`, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      return fail("payment_gateway_unavailable");
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return this.token.accessToken;
    // Concurrent calls share one sign-in.
    this.pendingToken ??= this.signIn().finally(() => {
      this.pendingToken = null;
    });
    this.token = await this.pendingToken;
    return this.token.accessToken;
  }

  private async signIn(): Promise<TokenState> {
    const basic = Buffer.from(`${this.config.QPAY_USERNAME ?? ""}:${this.config.QPAY_PASSWORD ?? ""}`).toString("base64");
    const response = await this.request("POST", "/auth/token", { authorization: `Basic ${basic}` });
    if (!response.ok) fail("payment_gateway_unavailable");
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const accessToken = text(body.access_token);
    if (!accessToken) fail("payment_gateway_unavailable");
    // QPay gives expires_in as the Unix time (seconds) the token ends; a small number is read as seconds from now.
    const expires = Number(body.expires_in ?? 0);
    const expiresAt = expires > 1e9 ? expires * 1000 : Date.now() + Math.max(expires, 60) * 1000;
    return { accessToken, expiresAt };
  }
}
