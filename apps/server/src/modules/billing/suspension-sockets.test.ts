import type { SubscriptionView } from "@holboo/core";
import { SESSION_COOKIE } from "@holboo/core";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, platformAdmin } from "../../../test/factories.ts";
import { collect, connected, staffSocket } from "../../../test/sockets.ts";

/** Two apps on one database, each with its own Socket.IO server and fan-out: what two processes are to each other. */
let one: TestApp;
let two: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  [one, two] = await Promise.all([startTestApp({ BILLING_TEST_CLOCK: "true" }), startTestApp()]);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([one.close(), two.close()]);
});

const live = (socket: Socket) => (sockets.push(socket), socket);
const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.connected ? socket.once("disconnect", () => resolve()) : resolve()));
function onOther(client: Client) {
  const other = new Client(two.url);
  other.setCookie(SESSION_COOKIE, client.cookie(SESSION_COOKIE) ?? "");
  return other;
}

describe("closed access ends the company's staff sockets", () => {
  it("the platform admin's suspension disconnects them on every process with company_suspended; none reconnect until restored", async () => {
    const root = await platformAdmin(one);
    const company = await companyAdmin(one);
    const bystander = await companyAdmin(one);
    const here = live(staffSocket(one, company.client));
    const there = live(staffSocket(two, onOther(company.client)));
    const other = live(staffSocket(two, onOther(bystander.client)));
    await Promise.all([connected(here), connected(there), connected(other)]);
    const endedHere = collect<{ reason: string }>(here, "session.ended");
    const endedThere = collect<{ reason: string }>(there, "session.ended");

    const suspended = await root.put<SubscriptionView>(`/api/admin/companies/${company.me.company_id}/suspension`, { suspended: true });
    expect(suspended.body.suspended_reason).toBe("admin");
    await Promise.all([closed(here), closed(there)]);
    expect(endedHere).toEqual([{ reason: "company_suspended" }]);
    expect(endedThere).toEqual([{ reason: "company_suspended" }]);
    expect(other.connected).toBe(true);

    const refused = live(staffSocket(one, company.client));
    await expect(connected(refused)).rejects.toThrow(/unauthorized/);
    const refusedThere = live(staffSocket(two, onOther(company.client)));
    await expect(connected(refusedThere)).rejects.toThrow(/unauthorized/);

    await root.put(`/api/admin/companies/${company.me.company_id}/suspension`, { suspended: false });
    const back = live(staffSocket(two, onOther(company.client)));
    await connected(back);
  }, 60_000);

  it("an invoice unpaid past its due day closes the sockets when the billing cycle closes access", async () => {
    const root = await platformAdmin(one);
    const company = await companyAdmin(one);
    const bought = await company.client.post<SubscriptionView>("/api/billing/purchase", {
      plan: "business",
      term: "month",
      auto_extend: true,
      agree_terms: true,
    });
    const due = bought.body.unpaid_invoice?.due_at ?? "";
    const socket = live(staffSocket(one, company.client));
    await connected(socket);
    const ended = collect<{ reason: string }>(socket, "session.ended");
    const early = await root.post("/api/admin/test/billing-cycle", {
      now: new Date(Date.parse(due) - 60_000).toISOString(),
      company_id: company.me.company_id,
    });
    expect(early.status).toBe(200);
    expect(socket.connected).toBe(true);
    await root.post("/api/admin/test/billing-cycle", { now: new Date(Date.parse(due) + 60_000).toISOString(), company_id: company.me.company_id });
    await closed(socket);
    expect(ended).toEqual([{ reason: "company_suspended" }]);
    await expect(connected(live(staffSocket(one, company.client)))).rejects.toThrow(/unauthorized/);
  });
});
