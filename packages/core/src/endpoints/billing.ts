/** The HTTP endpoints of modules/billing/billing.routes.ts, modules/billing/qpay.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  AdminBillingSettingsView,
  AdminCompanyBillingView,
  AutoExtendInput,
  BillingClockInput,
  ExtendInput,
  InvoiceView,
  PayeeInput,
  PaymentDetailsView,
  PlanCodeParams,
  PlanInput,
  PlanView,
  PurchaseInput,
  QPayCheckoutView,
  RecordPaymentInput,
  SubscriptionView,
  SuspendInput,
  TermsInput,
  TermsView,
  idParamSchema,
  listResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

/** QPay calls back by GET or POST; the answer is plain text, so no response schema. */
const qpayCallback = { params: z.object({ id: z.coerce.number().int().positive({ error: "invoice_not_found" }), mac: z.string().max(128) }) };

export const billingEndpoints = {
  "GET /api/billing/subscription": { response: { 200: SubscriptionView } },
  "GET /api/billing/status": { response: { 200: SubscriptionView.pick({ status: true, suspended_reason: true, notice: true }) } },
  "POST /api/billing/purchase": { body: PurchaseInput, response: { 200: SubscriptionView } },
  "POST /api/billing/extend": { body: ExtendInput, response: { 200: SubscriptionView } },
  "PUT /api/billing/auto-extend": { body: AutoExtendInput, response: { 200: SubscriptionView } },
  "GET /api/billing/invoices": { response: { 200: listResponse(InvoiceView) } },
  "GET /api/billing/invoices/:id": { params: idParamSchema, response: { 200: InvoiceView } },
  "GET /api/billing/invoices/:id/pdf": { params: idParamSchema },
  "GET /api/billing/payment-details": { response: { 200: PaymentDetailsView } },
  "GET /api/billing/terms": { response: { 200: TermsView } },
  "GET /api/admin/billing/settings": { response: { 200: AdminBillingSettingsView } },
  "PUT /api/admin/billing/payee": { body: PayeeInput, response: { 200: PaymentDetailsView } },
  "DELETE /api/admin/billing/payee": { response: { 200: PaymentDetailsView } },
  "PUT /api/admin/billing/terms": { body: TermsInput, response: { 200: TermsView } },
  "DELETE /api/admin/billing/terms": { response: { 200: TermsView } },
  "POST /api/admin/invoices/:id/cancel": { params: idParamSchema, response: { 200: InvoiceView } },
  "GET /api/admin/plans": { response: { 200: listResponse(PlanView) } },
  "PUT /api/admin/plans/:code": { params: PlanCodeParams, body: PlanInput, response: { 200: PlanView } },
  "GET /api/admin/companies/:id/billing": { params: idParamSchema, response: { 200: AdminCompanyBillingView } },
  "PUT /api/admin/companies/:id/suspension": { params: idParamSchema, body: SuspendInput, response: { 200: SubscriptionView } },
  "POST /api/admin/invoices/:id/payment": { params: idParamSchema, body: RecordPaymentInput, response: { 200: InvoiceView } },
  "POST /api/admin/test/billing-cycle": {
    body: BillingClockInput,
    response: { 200: z.object({ reviewed: z.number().int(), invoicesRaised: z.number().int(), remindersSent: z.number().int() }) },
  },
  "POST /api/billing/invoices/:id/qpay": { params: idParamSchema, response: { 200: QPayCheckoutView } },
  "POST /api/billing/invoices/:id/qpay/check": { params: idParamSchema, response: { 200: z.object({ state: z.enum(["paid", "open", "closed"]) }) } },
  "GET /api/billing/qpay/callback/:id/:mac": qpayCallback,
  "POST /api/billing/qpay/callback/:id/:mac": qpayCallback,
} as const satisfies EndpointTable;
