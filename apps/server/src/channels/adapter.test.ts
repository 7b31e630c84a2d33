import type { DeadJobView, InteractionEventView, MessageView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { companyAdmin, platformAdmin, unique } from "../../test/factories.ts";
import { deadJobs, makeWaitingJobsDue } from "../../test/jobs.ts";
import { until } from "../../test/sockets.ts";
import { insertChannel } from "./channels.repo.ts";
import { insertContact, insertIdentity } from "../modules/contacts/contacts.repo.ts";
import { insertInteraction } from "../modules/interactions/interactions.repo.ts";
import { registerAdapter, type ChannelAdapter, type DeliveryResult, type OutboundDelivery } from "./adapter.ts";

/**
 * A provider channel (Messenger's type) whose adapter answers as the test scripts it: the inbox's side of
 * the adapter contract (delivery jobs, statuses, retries) is what is under test, not a provider.
 */
const deliveries: OutboundDelivery[] = [];
const script = new Map<string, DeliveryResult[]>();
const scripted: ChannelAdapter = {
  type: "messenger",
  live: false,
  deliver: async (delivery) => {
    deliveries.push(delivery);
    const answer = script.get(delivery.text)?.shift();
    if (!answer) throw new Error("provider unreachable");
    return answer;
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // After the app's own channels, so this file's "messenger" is the scripted adapter, not the real one.
  registerAdapter(scripted);
});
afterAll(() => t.close());

async function providerConversation() {
  const admin = await companyAdmin(t);
  const companyId = admin.me.company_id;
  const db = t.database.db;
  const channel = await insertChannel(db, { companyId, type: "messenger", name: "Page", description: "Facebook page", number: unique("page-"), active: true });
  const contact = await insertContact(db, { companyId, firstName: "Болд", createdBy: "system" });
  const identity = await insertIdentity(db, { companyId, contactId: contact.id, channelId: channel.id, externalId: unique("psid-") });
  const interaction = await insertInteraction(db, {
    companyId,
    channelId: channel.id,
    contactId: contact.id,
    identityId: identity.id,
    title: "Захиалга",
    ownerType: "user",
    assigneeUserId: admin.me.ID,
  });
  const statuses = async (messageId: number) =>
    (await admin.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${interaction.id}/events?after=0`)).body.items
      .filter((e) => e.type === "message.status" && (e.payload.message_ids as number[]).includes(messageId))
      .map((e) => e.payload.status);
  const send = (text: string, clientId = unique("r-")) =>
    admin.client.post<MessageView>(`/api/interactions/${interaction.id}/messages`, { client_id: clientId, text });
  return { admin, interaction, identity, statuses, send };
}

describe("outbound delivery through a channel adapter, as a job", () => {
  it("a reply is sending until the provider takes it; a temporary failure is retried and then sent, the provider's id kept", async () => {
    const { identity, statuses, send } = await providerConversation();
    const text = `Таны захиалга замдаа ${unique()}`;
    script.set(text, [
      { ok: false, retryable: true, error: "(#2) temporarily unavailable" },
      { ok: true, providerMessageId: "m_mid.1" },
    ]);
    const sent = await send(text);
    expect(sent.body.status).toBe("sending");
    await until(() => deliveries.filter((d) => d.text === text).length === 1);
    // The backoff would wait seconds; the test's clock makes the retry due now.
    await until(async () => (await makeWaitingJobsDue(t)) > 0 || deliveries.filter((d) => d.text === text).length > 1);
    await until(async () => (await statuses(sent.body.id)).includes("sent"));
    expect(deliveries.filter((d) => d.text === text)).toHaveLength(2);
    expect(deliveries.find((d) => d.text === text)).toMatchObject({ externalId: identity.externalId, messageId: sent.body.id });
    expect(await statuses(sent.body.id)).toEqual(["sent"]);
  });

  it("a refusal makes it retry at once and keeps the job as dead; the person's Retry hands the same message over again, stored once", async () => {
    const { admin, interaction, statuses, send } = await providerConversation();
    const text = `Төлбөр ${unique()}`;
    const clientId = unique("r-");
    script.set(text, [
      { ok: false, retryable: false, error: "(#551) This person isn't available right now" },
      { ok: true, providerMessageId: "m_mid.2" },
    ]);
    const first = await send(text, clientId);
    await until(async () => (await statuses(first.body.id)).includes("retry"));
    expect((await deadJobs(t, "channel.deliver")).some((job) => job.last_error?.includes("#551"))).toBe(true);

    const retried = await send(text, clientId);
    expect(retried.body).toMatchObject({ id: first.body.id, status: "sending" });
    await until(async () => (await statuses(first.body.id)).at(-1) === "sent");
    expect(await statuses(first.body.id)).toEqual(["retry", "sending", "sent"]);
    expect(deliveries.filter((d) => d.messageId === first.body.id)).toHaveLength(2);

    // A repeat of a sent message is only a repeat: nothing goes to the provider again.
    await send(text, clientId);
    const messages = (await admin.client.get<{ items: MessageView[] }>(`/api/interactions/${interaction.id}/messages`)).body.items;
    expect(messages.filter((m) => m.client_id === clientId)).toMatchObject([{ status: "sent" }]);
    expect(deliveries.filter((d) => d.messageId === first.body.id)).toHaveLength(2);
  });

  it("an adapter that keeps throwing ends as retry after its last attempt, and a private note never reaches the provider", async () => {
    const { admin, interaction, statuses, send } = await providerConversation();
    const text = `Сайн байна уу ${unique()}`;
    const failed = await send(text);
    await until(async () => {
      await makeWaitingJobsDue(t);
      return (await statuses(failed.body.id)).includes("retry");
    }, 20_000);
    expect(deliveries.filter((d) => d.text === text)).toHaveLength(6);
    const note = await admin.client.post<MessageView>(`/api/interactions/${interaction.id}/messages`, {
      client_id: unique("n-"),
      text: "Дотоод",
      is_private: true,
    });
    expect(note.body.status).toBe("sent");
    expect(deliveries.some((d) => d.text === "Дотоод")).toBe(false);
  });
});

describe("dead jobs in the platform admin panel", () => {
  it("lists a delivery that was refused for good to the platform admin only, who can give it another try", async () => {
    const { admin, statuses, send } = await providerConversation();
    const text = `Хаягаа илгээнэ үү ${unique()}`;
    script.set(text, [
      { ok: false, retryable: false, error: "(#10) outside the allowed window" },
      { ok: true, providerMessageId: "m_mid.3" },
    ]);
    const sent = await send(text);
    await until(async () => (await statuses(sent.body.id)).includes("retry"));

    expect((await admin.client.get("/api/admin/jobs/dead")).status).toBe(403);
    const platform = await platformAdmin(t);
    const dead = await platform.get<{ items: DeadJobView[]; total: number }>("/api/admin/jobs/dead?page_size=100");
    const job = dead.body.items.find((item) => (item.payload as { message_id?: number }).message_id === sent.body.id);
    expect(job).toMatchObject({ kind: "channel.deliver", attempts: 1, queue: expect.stringMatching(/^delivery:/) });
    expect(job?.last_error).toContain("#10");

    expect((await platform.post(`/api/admin/jobs/${job?.id}/retry`)).status).toBe(200);
    // The revived job finds the message at retry, not sending: it does nothing and is done.
    await until(
      async () => !(await platform.get<{ items: DeadJobView[] }>("/api/admin/jobs/dead?page_size=100")).body.items.some((item) => item.id === job?.id),
    );
    expect((await platform.post("/api/admin/jobs/999999999/retry")).status).toBe(404);
  });
});
