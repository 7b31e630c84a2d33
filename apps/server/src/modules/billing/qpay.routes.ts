import { billingEndpoints } from "@holboo/core/endpoints/billing.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import * as billing from "./billing.service.ts";
import { checkQPayInvoice, qpayCallbackValid, qpayCheckout } from "./qpay.service.ts";

const pay = { access: { permission: "plan.extend" }, openWhenAccessClosed: true } as const;

/** Paying an invoice by QPay: the checkout (QR and bank links), "I paid" (asks QPay now), and QPay's callback. */
export function qpayRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/billing/invoices/:id/qpay", { config: pay, schema: billingEndpoints["POST /api/billing/invoices/:id/qpay"] }, (req) =>
    qpayCheckout(ctx, req.member.companyId, req.params.id),
  );
  app.post("/api/billing/invoices/:id/qpay/check", { config: pay, schema: billingEndpoints["POST /api/billing/invoices/:id/qpay/check"] }, async (req) => {
    await billing.findInvoice(ctx, req.member.companyId, req.params.id);
    return { state: await checkQPayInvoice(ctx, req.params.id, req.ip) };
  });
  // QPay calls this when the invoice is paid. The call is unsigned, so it only makes us ask QPay's payment check; the
  // answer is QPay's expected 200 "SUCCESS" whatever the check says (the poll keeps asking while it is unpaid).
  const callback = { config: { access: { public: true } }, schema: billingEndpoints["GET /api/billing/qpay/callback/:id/:mac"] } as const;
  const onCallback = async (req: { params: { id: number; mac: string }; ip: string }) => {
    if (!qpayCallbackValid(ctx, req.params.id, req.params.mac)) fail("invoice_not_found");
    await checkQPayInvoice(ctx, req.params.id, req.ip).catch(() => null);
    return "SUCCESS";
  };
  app.get("/api/billing/qpay/callback/:id/:mac", callback, (req, reply) => onCallback(req).then((body) => reply.type("text/plain").send(body)));
  app.post("/api/billing/qpay/callback/:id/:mac", callback, (req, reply) => onCallback(req).then((body) => reply.type("text/plain").send(body)));
}
