import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * QPay's merchant API v2 on localhost, checking each request as developer.qpay.mn documents it:
 * `POST /v2/auth/token` with HTTP Basic (merchant username:password) gives access and refresh tokens;
 * `POST /v2/invoice` (Bearer) takes invoice_code, sender_invoice_no, invoice_receiver_code, invoice_description,
 * amount and callback_url and answers invoice_id, qr_text, qr_image (base64 PNG), qPay_shortUrl and urls (bank deep
 * links); `GET /v2/invoice/{id}`; `POST /v2/payment/check` with object_type INVOICE, object_id and offset answers
 * count, paid_amount and rows. Anything else is listed in `violations`, which every test expects empty. `pay` makes a
 * payment as a bank app would; `callback` calls the invoice's callback_url as QPay does (GET, unsigned).
 */
export interface FakeQPayInvoice {
  id: string;
  body: Record<string, unknown>;
  payments: Array<{ payment_id: string; payment_status: "PAID" | "FAILED"; payment_amount: string }>;
}

export const QPAY_USERNAME = "HOLBOO_MERCHANT";
export const QPAY_PASSWORD = "merchant-secret";
export const QPAY_INVOICE_CODE = "HOLBOO_INVOICE";
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

export async function startFakeQPay() {
  const invoices = new Map<string, FakeQPayInvoice>();
  const tokens = new Set<string>();
  const violations: string[] = [];
  const calls: string[] = [];
  let publicOrigin: string | null = null;
  let appOrigin: string | null = null;
  let failing = false;

  const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const refuse = (res: ServerResponse, status: number, violation: string) => {
    violations.push(violation);
    send(res, status, { error: violation, message: violation });
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = "";
      req.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      req.on("end", () => resolve(data));
    });

  const bearer = (req: IncomingMessage) => {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    return match?.[1] && tokens.has(match[1]) ? match[1] : null;
  };

  const isText = (value: unknown) => typeof value === "string" && value.trim().length > 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://qpay.local");
    const raw = await readBody(req);
    calls.push(`${req.method} ${url.pathname}`);
    if (failing) return send(res, 503, { error: "SERVICE_UNAVAILABLE" });

    if (req.method === "POST" && url.pathname === "/v2/auth/token") {
      const expected = `Basic ${Buffer.from(`${QPAY_USERNAME}:${QPAY_PASSWORD}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return refuse(res, 401, "auth/token: Basic auth is not the merchant's username:password");
      const token = randomBytes(16).toString("hex");
      tokens.add(token);
      return send(res, 200, {
        token_type: "bearer",
        access_token: token,
        refresh_token: randomBytes(16).toString("hex"),
        // QPay gives the Unix time (seconds) the token ends.
        expires_in: Math.floor(Date.now() / 1000) + 86_400,
        refresh_expires_in: Math.floor(Date.now() / 1000) + 172_800,
        scope: "profile email",
        "not-before-policy": "0",
        session_state: randomUUID(),
      });
    }

    if (!bearer(req)) return send(res, 401, { error: "NO_CREDENTIALS", message: "NO_CREDENTIALS" });
    const json = (() => {
      try {
        return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return null;
      }
    })();

    if (req.method === "POST" && url.pathname === "/v2/invoice") {
      if (!json || !/^application\/json/.test(req.headers["content-type"] ?? "")) return refuse(res, 400, "invoice: body is not JSON");
      if (json.invoice_code !== QPAY_INVOICE_CODE) return refuse(res, 400, `invoice: invoice_code ${String(json.invoice_code)}`);
      for (const field of ["sender_invoice_no", "invoice_receiver_code", "invoice_description", "callback_url"])
        if (!isText(json[field])) return refuse(res, 400, `invoice: ${field} missing`);
      if (typeof json.amount !== "number" || !(json.amount > 0)) return refuse(res, 400, "invoice: amount must be a positive number");
      if (!/^https?:\/\//.test(String(json.callback_url))) return refuse(res, 400, "invoice: callback_url must be an http(s) URL");
      const id = randomUUID();
      invoices.set(id, { id, body: json, payments: [] });
      return send(res, 200, {
        invoice_id: id,
        qr_text: `0002010102121531${id.replace(/-/g, "")}`,
        qr_image: PNG,
        qPay_shortUrl: `https://s.qpay.mn/${id.slice(0, 8)}`,
        urls: [
          { name: "Khan bank", description: "Хаан банк", logo: "https://qpay.mn/q/logo/khanbank.png", link: `khanbank://q?qPay_QRcode=${id}` },
          { name: "Golomt bank", description: "Голомт банк", logo: "https://qpay.mn/q/logo/golomtbank.png", link: `golomtbank://q?qPay_QRcode=${id}` },
          { name: "Bad", description: "not a link", logo: "", link: `javascript:alert(1)` },
        ],
      });
    }

    const invoiceMatch = /^\/v2\/invoice\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && invoiceMatch) {
      const invoice = invoices.get(invoiceMatch[1] ?? "");
      if (!invoice) return refuse(res, 404, "invoice/{id}: unknown invoice");
      const paid = invoice.payments.some((payment) => payment.payment_status === "PAID");
      return send(res, 200, { invoice_id: invoice.id, invoice_status: paid ? "CLOSED" : "OPEN", ...invoice.body });
    }

    if (req.method === "POST" && url.pathname === "/v2/payment/check") {
      if (!json) return refuse(res, 400, "payment/check: body is not JSON");
      if (json.object_type !== "INVOICE") return refuse(res, 400, `payment/check: object_type ${String(json.object_type)}`);
      const offset = json.offset as { page_number?: unknown; page_limit?: unknown } | undefined;
      if (!offset || typeof offset.page_number !== "number" || typeof offset.page_limit !== "number" || offset.page_limit > 100)
        return refuse(res, 400, "payment/check: offset.page_number and page_limit (≤ 100) required");
      const invoice = invoices.get(String(json.object_id));
      if (!invoice) return refuse(res, 404, `payment/check: unknown object_id ${String(json.object_id)}`);
      const paidAmount = invoice.payments.filter((p) => p.payment_status === "PAID").reduce((sum, p) => sum + Number(p.payment_amount), 0);
      return send(res, 200, {
        count: invoice.payments.length,
        paid_amount: paidAmount,
        rows: invoice.payments.map((payment) => ({ ...payment, trx_fee: "0.00", payment_currency: "MNT", payment_wallet: "0", payment_type: "P2P" })),
      });
    }
    refuse(res, 404, `${req.method} ${url.pathname}: not a QPay v2 endpoint`);
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const toApp = (url: string) => (publicOrigin && appOrigin && url.startsWith(publicOrigin) ? appOrigin + url.slice(publicOrigin.length) : url);

  return {
    url: `http://127.0.0.1:${port}/v2`,
    invoices,
    violations,
    calls,
    /** The QPay invoice made for our invoice number. */
    invoiceFor(number: string) {
      return [...invoices.values()].find((invoice) => invoice.body.sender_invoice_no === number) ?? null;
    },
    /** A bank app pays (PAID) or fails (FAILED) the invoice; the amount defaults to the invoice's. */
    pay(invoice: FakeQPayInvoice, options: { amount?: number; status?: "PAID" | "FAILED" } = {}) {
      const payment = {
        payment_id: String(Math.floor(Math.random() * 1e12)),
        payment_status: options.status ?? "PAID",
        payment_amount: (options.amount ?? Number(invoice.body.amount)).toFixed(2),
      };
      invoice.payments.push(payment);
      return payment;
    },
    /** QPay's callback: a GET of the callback_url with the payment id added, unsigned. */
    async callback(invoice: FakeQPayInvoice, paymentId: string) {
      const url = new URL(toApp(String(invoice.body.callback_url)));
      url.searchParams.set("qpay_payment_id", paymentId);
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    },
    /** Tokens QPay stops accepting (they expired early): the next call must sign in again. */
    expireTokens() {
      tokens.clear();
    },
    failAll(on: boolean) {
      failing = on;
    },
    routeTo(configuredPublicUrl: string, actualUrl: string) {
      publicOrigin = configuredPublicUrl.replace(/\/$/, "");
      appOrigin = actualUrl.replace(/\/$/, "");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeQPay = Awaited<ReturnType<typeof startFakeQPay>>;
