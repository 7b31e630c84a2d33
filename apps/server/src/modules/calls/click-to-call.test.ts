import type { CallCenterView, CallMonitorView, CallView, ContactView, InteractionView, MessageView } from "@holboo/core";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorCode, type Client } from "../../../test/harness.ts";
import { ariCompany, callCenterTests, callOf, LINE, randomPhone } from "../../../test/call-center.ts";
import { colleague } from "../../../test/factories.ts";
import type { FakeAri } from "../../../test/fake-ari/server.ts";
import { collect, connected, staffSocket, until } from "../../../test/sockets.ts";
import { calls } from "../../platform/db/schema.ts";

const suite = callCenterTests();
const callsOfCompany = (companyId: number) => suite.t.database.db.select().from(calls).where(eq(calls.companyId, companyId));

/** A company on `pbx` (ARI), its admin's staff socket connected and the `call.updated` pushes it gets. */
async function callCenter(pbx: FakeAri = suite.ari) {
  const admin = await ariCompany(suite.t, pbx);
  const socket = staffSocket(suite.t, admin.client);
  await connected(socket);
  return { ...admin, socket, pushes: collect<CallView>(socket, "call.updated") };
}

/** The click's call once its thread job has put it into the customer's conversation. */
async function placedCall(pushes: CallView[], number: string) {
  await until(() => pushes.some((c) => c.number === number && c.interaction_id !== null), 15_000);
  return pushes.find((c) => c.number === number && c.interaction_id !== null)!;
}

const statusIs = (client: Client, interactionId: number, status: CallView["status"]) =>
  until(async () => (await callOf(client, interactionId)).status === status, 10_000);

describe("click-to-call", () => {
  it("is recorded as an outbound call: the person's phone rings, the customer answers, the talk ends with its time in the thread", async () => {
    const admin = await callCenter();
    const number = randomPhone();
    const placed = await admin.client.post("/api/calls", { number });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const leg = await suite.ari.outboundLeg("101");
    expect(leg.id.startsWith("holboo-o-101-")).toBe(true);
    const originate = suite.ari.requests.find((r) => r.method === "POST" && r.path === "/ari/channels");
    expect(originate?.query).toMatchObject({ endpoint: "PJSIP/101", extension: number, context: "holboo-outbound", channelId: leg.id });
    expect(suite.ari.requests.find((r) => r.path === `/ari/applications/${suite.ari.app}/subscription`)?.query).toEqual({ eventSource: `channel:${leg.id}` });

    const waiting = await placedCall(admin.pushes, number);
    expect(waiting).toMatchObject({ direction: "out", status: "waiting", extension: "101", line: { number: LINE }, answered_by: { id: admin.me.ID } });
    const interaction = await admin.client.get<InteractionView>(`/api/interactions/${waiting.interaction_id}`);
    expect(interaction.body.assignee?.id).toBe(admin.me.ID);
    expect(interaction.body.owner_type).toBe("user");
    const contact = await admin.client.get<ContactView>(`/api/contacts/${waiting.contact_id}`);
    expect(contact.body.phone).toBe(number);
    // The monitoring queue is callers waiting for people: the person's own phone ringing is not one.
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.waiting).toEqual([]);

    suite.ari.pickUp(leg);
    suite.ari.customerAnswers(leg);
    await statusIs(admin.client, waiting.interaction_id!, "talking");
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.talking.map((c) => c.number)).toContain(number);
    await new Promise((r) => setTimeout(r, 1100));
    suite.ari.hangup(leg.id);
    await statusIs(admin.client, waiting.interaction_id!, "ended");
    const ended = await callOf(admin.client, waiting.interaction_id!);
    expect(ended.talk_seconds).toBeGreaterThanOrEqual(1);
    expect(ended.answered_at).not.toBeNull();
    expect(ended.message_id).not.toBeNull();
    const messages = await admin.client.get<{ items: MessageView[] }>(`/api/interactions/${waiting.interaction_id}/messages`);
    expect(messages.body.items.map((m) => m.id)).toContain(ended.message_id);
    expect((await admin.client.get<CallView[]>(`/api/contacts/${ended.contact_id}/calls`)).body.map((c) => [c.direction, c.status])).toEqual([
      ["out", "ended"],
    ]);
    // Today's figures are about callers: an outbound call is neither answered nor missed there.
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.today).toMatchObject({ answered: 0, missed: 0 });
    expect(admin.pushes.filter((c) => c.number === number).map((c) => c.status)).toEqual(expect.arrayContaining(["waiting", "talking", "ended"]));
    admin.socket.close();
  });

  it("the customer not answering or busy is a missed call, not a missed inbound call", async () => {
    const admin = await callCenter();
    const number = randomPhone();
    expect((await admin.client.post("/api/calls", { number })).status).toBe(200);
    const leg = await suite.ari.outboundLeg("101");
    const waiting = await placedCall(admin.pushes, number);
    suite.ari.pickUp(leg);
    suite.ari.customerDoesNotAnswer(leg, "BUSY");
    await statusIs(admin.client, waiting.interaction_id!, "missed");
    expect((await callOf(admin.client, waiting.interaction_id!)).talk_seconds).toBeNull();
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.today).toMatchObject({ missed: 0 });
    admin.socket.close();
  });

  it("the person not picking up is a cancelled call; their extension is not offered to callers while it rings", async () => {
    const admin = await callCenter();
    const number = randomPhone();
    expect((await admin.client.post("/api/calls", { number })).status).toBe(200);
    const leg = await suite.ari.outboundLeg("101");
    const waiting = await placedCall(admin.pushes, number);
    const caller = suite.ari.incoming(randomPhone(), LINE);
    await until(async () => (await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.waiting.length === 1, 10_000);
    await until(() => suite.ari.channels.get(caller)?.moh === true, 5000);
    const ringOut = suite.ari.requests.length;
    suite.ari.noAnswer(leg);
    await statusIs(admin.client, waiting.interaction_id!, "cancelled");
    // Free again: the waiting caller is offered to 101 now, and only now.
    const agentLeg = await suite.ari.ringingLeg("101");
    expect(agentLeg.appArgs).toEqual(["agent", caller, "101"]);
    const offers = suite.ari.requests
      .map((r, i) => ({ ...r, i }))
      .filter((r) => r.method === "POST" && r.path === "/ari/channels" && r.query.app === suite.ari.app);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.i).toBeGreaterThanOrEqual(ringOut);
    suite.ari.hangup(caller);
    admin.socket.close();
  });

  it("a failed originate leaves a cancelled call and answers call_failed", async () => {
    const admin = await callCenter();
    suite.ari.unreachable.add("101");
    const number = randomPhone();
    const failed = await admin.client.post("/api/calls", { number });
    expect(failed.status).toBe(502);
    expect(errorCode(failed)).toBe("call_failed");
    const [call] = await callsOfCompany(admin.me.company_id);
    expect(call).toMatchObject({ direction: "out", status: "cancelled", number });
    expect(call!.endedAt).not.toBeNull();
    admin.socket.close();
  });

  it("a call whose leg ended while the events socket was down is closed on reconnect", async () => {
    const admin = await callCenter();
    const number = randomPhone();
    expect((await admin.client.post("/api/calls", { number })).status).toBe(200);
    const leg = await suite.ari.outboundLeg("101");
    const waiting = await placedCall(admin.pushes, number);
    suite.ari.dropSockets(true);
    suite.ari.vanish(leg.id);
    await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connecting", 10_000);
    suite.ari.allowSockets();
    await statusIs(admin.client, waiting.interaction_id!, "cancelled");
    admin.socket.close();
  });

  it("needs call.make: refused without it, nothing recorded, nothing rung", async () => {
    const admin = await callCenter();
    const agent = await colleague(suite.t, admin.client, "agent");
    await admin.client.post("/api/call-center/extensions", { extension: "102", user_id: agent.me.ID });
    const roles = await admin.client.put("/api/roles/agent", { permissions: ["interaction.start", "interaction.edit"] });
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);
    expect((await agent.client.post("/api/calls", { number: randomPhone() })).status).toBe(403);
    expect(await callsOfCompany(admin.me.company_id)).toEqual([]);
    expect(suite.ari.requests.some((r) => r.method === "POST" && r.path === "/ari/channels")).toBe(false);
    admin.socket.close();
  });

  it("stays in its company: another company's line is refused, its calls are not visible there", async () => {
    const a = await callCenter();
    const number = randomPhone();
    expect((await a.client.post("/api/calls", { number })).status).toBe(200);
    const waiting = await placedCall(a.pushes, number);
    const other = await suite.anotherAri();
    const b = await callCenter(other);
    const foreign = await b.client.post("/api/calls", { number: randomPhone(), line_id: a.line.id });
    expect(errorCode(foreign)).toBe("call_line_not_found");
    expect(await callsOfCompany(b.me.company_id)).toEqual([]);
    expect(other.requests.some((r) => r.method === "POST" && r.path === "/ari/channels")).toBe(false);
    expect((await b.client.get(`/api/interactions/${waiting.interaction_id}/calls`)).status).toBe(404);
    expect((await b.client.get(`/api/contacts/${waiting.contact_id}/calls`)).status).toBe(404);
    expect(b.pushes.some((c) => c.number === number)).toBe(false);
    a.socket.close();
    b.socket.close();
  });
});
