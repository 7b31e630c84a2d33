import { billingEndpoints } from "@holboo/core/endpoints/billing.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as billing from "./billing.service.ts";
import { applyPayment } from "./billing-payments.service.ts";
import { runBillingCycle } from "./billing-cycle.service.ts";
import { invoicePdfFor } from "./invoice-pdf.service.ts";
import { bankTransfer } from "./payment-provider.ts";
import { qpayRoutes } from "./qpay.routes.ts";
import { billingSettingsRoutes } from "./billing-settings.routes.ts";
import { cancelInvoice } from "./invoice-cancel.service.ts";
import { setTestClock, testClockEnabled } from "./billing-clock.service.ts";

const view = { access: { permission: "plan.view" }, openWhenAccessClosed: true } as const;
const extend = { access: { permission: "plan.extend" }, openWhenAccessClosed: true } as const;
const admin = { access: { platformAdmin: true } } as const;

export function billingRoutes(app: TypedApp, ctx: AppContext) {
  app.get("/api/billing/subscription", { config: view, schema: billingEndpoints["GET /api/billing/subscription"] }, (req) =>
    billing.subscriptionView(ctx, req.member.companyId),
  );
  /** What every member's app needs: whether access is closed and the reminder to show. */
  app.get(
    "/api/billing/status",
    {
      config: { access: { member: true }, openWhenAccessClosed: true },
      schema: billingEndpoints["GET /api/billing/status"],
    },
    (req) => billing.billingStatus(ctx, req.member.companyId),
  );
  app.post("/api/billing/purchase", { config: extend, schema: billingEndpoints["POST /api/billing/purchase"] }, (req) =>
    billing.purchase(ctx, req.member, req.body),
  );
  app.post("/api/billing/extend", { config: extend, schema: billingEndpoints["POST /api/billing/extend"] }, (req) => billing.extend(ctx, req.member, req.body));
  app.put("/api/billing/auto-extend", { config: extend, schema: billingEndpoints["PUT /api/billing/auto-extend"] }, (req) =>
    billing.setAutoExtend(ctx, req.member, req.body.auto_extend),
  );
  app.get("/api/billing/invoices", { config: view, schema: billingEndpoints["GET /api/billing/invoices"] }, (req) =>
    billing.listInvoices(ctx, req.member.companyId),
  );
  app.get("/api/billing/invoices/:id", { config: view, schema: billingEndpoints["GET /api/billing/invoices/:id"] }, (req) =>
    billing.invoiceView(ctx, req.member.companyId, req.params.id),
  );
  app.get("/api/billing/invoices/:id/pdf", { config: view, schema: billingEndpoints["GET /api/billing/invoices/:id/pdf"] }, async (req, reply) => {
    const actor = req.member;
    const file = await invoicePdfFor(ctx, actor.companyId, req.params.id, actor.locale);
    return reply.type("application/pdf").header("content-disposition", `attachment; filename="${file.filename}"`).send(file.data);
  });
  qpayRoutes(app, ctx);
  billingSettingsRoutes(app, ctx);

  app.get("/api/admin/plans", { config: admin, schema: billingEndpoints["GET /api/admin/plans"] }, () => billing.listPlans(ctx));
  app.put("/api/admin/plans/:code", { config: admin, schema: billingEndpoints["PUT /api/admin/plans/:code"] }, (req) =>
    billing.updatePlan(ctx, req.params.code, req.body),
  );
  app.get("/api/admin/companies/:id/billing", { config: admin, schema: billingEndpoints["GET /api/admin/companies/:id/billing"] }, (req) =>
    billing.adminCompanyBilling(ctx, req.params.id),
  );
  app.put("/api/admin/companies/:id/suspension", { config: admin, schema: billingEndpoints["PUT /api/admin/companies/:id/suspension"] }, (req) =>
    billing.setSuspendedByAdmin(ctx, req.params.id, req.body.suspended),
  );
  app.post("/api/admin/invoices/:id/payment", { config: admin, schema: billingEndpoints["POST /api/admin/invoices/:id/payment"] }, (req) =>
    applyPayment(ctx, { userId: req.actor?.userId ?? 0, ip: req.ip }, req.params.id, bankTransfer, req.body.reference),
  );
  app.post("/api/admin/invoices/:id/cancel", { config: admin, schema: billingEndpoints["POST /api/admin/invoices/:id/cancel"] }, (req) =>
    cancelInvoice(ctx, { userId: req.actor?.userId ?? 0, ip: req.ip }, req.params.id),
  );

  // Test installations only (BILLING_TEST_CLOCK needs NODE_ENV=test): the company's billing clock is set to the chosen
  // time, which every later billing write of the company reads, and the billing rules run at it.
  if (testClockEnabled(ctx.config)) {
    app.post("/api/admin/test/billing-cycle", { config: admin, schema: billingEndpoints["POST /api/admin/test/billing-cycle"] }, async (req) => {
      const now = new Date(req.body.now);
      await setTestClock(ctx, req.body.company_id, now);
      return runBillingCycle(ctx, now, { only: req.body.company_id });
    });
  }
}
