import type { InteractionEventView, MessageView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { companyAdmin, unique } from "../../test/factories.ts";
import { insertChannel } from "../modules/channels/channels.repo.ts";
import { insertContact, insertIdentity } from "../modules/contacts/contacts.repo.ts";
import { insertInteraction } from "../modules/interactions/interactions.repo.ts";
import { registerAdapter, type DeliveryResult, type OutboundDelivery } from "./adapter.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * A provider channel (Messenger's type) whose adapter answers as the test scripts it: the inbox's
 * side of the adapter contract is what is under test, not a provider.
 */
const deliveries: OutboundDelivery[] = [];
const answers: DeliveryResult[] = [];
registerAdapter({
  type: "messenger",
  live: false,
  deliver: async (delivery) => {
    deliveries.push(delivery);
    const answer = answers.shift();
    if (!answer) throw new Error("provider unreachable");
    return answer;
  },
});

async function providerConversation() {
  const admin = await companyAdmin(t);
  const companyId = admin.me.company_id;
  const db = t.database.db;
  const channel = await insertChannel(db, { companyId, type: "messenger", name: "Page", description: "Facebook page", number: unique("page-"), active: true });
  const contact = await insertContact(db, { companyId, firstName: "Болд", createdBy: "system" });
  const identity = await insertIdentity(db, { companyId, contactId: contact.id, channelId: channel.id, externalId: unique("psid-") });
  const interaction = await insertInteraction(db, {
    companyId, channelId: channel.id, contactId: contact.id, identityId: identity.id, title: "Захиалга", ownerType: "user", assigneeUserId: admin.me.ID,
  });
  return { admin, interaction, identity };
}

describe("outbound delivery through a channel adapter", () => {
  it("marks a failed send retry, and the person's retry hands the same message to the provider again, stored once", async () => {
    const { admin, interaction, identity } = await providerConversation();
    const clientId = unique("r-");
    answers.push({ ok: false, retryable: true, error: "(#200) temporarily unavailable" });
    const first = await admin.client.post<MessageView>(`/api/interactions/${interaction.id}/messages`, { client_id: clientId, text: "Таны захиалга замдаа явж байна." });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("retry");
    expect(deliveries.at(-1)).toMatchObject({ externalId: identity.externalId, messageId: first.body.id, text: "Таны захиалга замдаа явж байна." });

    answers.push({ ok: true, providerMessageId: "m_mid.123" });
    const retried = await admin.client.post<MessageView>(`/api/interactions/${interaction.id}/messages`, { client_id: clientId, text: "Таны захиалга замдаа явж байна." });
    expect(retried.body).toMatchObject({ id: first.body.id, status: "sent" });
    expect(deliveries.filter((d) => d.messageId === first.body.id)).toHaveLength(2);

    // A third call with the same id is a plain repeat: nothing goes to the provider again.
    await admin.client.post(`/api/interactions/${interaction.id}/messages`, { client_id: clientId, text: "Таны захиалга замдаа явж байна." });
    expect(deliveries.filter((d) => d.messageId === first.body.id)).toHaveLength(2);

    const messages = (await admin.client.get<{ items: MessageView[] }>(`/api/interactions/${interaction.id}/messages`)).body.items;
    expect(messages.filter((m) => m.client_id === clientId)).toHaveLength(1);
    const events = (await admin.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${interaction.id}/events?after=0`)).body.items;
    expect(events.filter((e) => e.type === "message.status").map((e) => e.payload.status)).toEqual(["retry", "sent"]);
  });

  it("an adapter that throws is a retry too, and a private note never reaches the provider", async () => {
    const { admin, interaction } = await providerConversation();
    const before = deliveries.length;
    const failed = await admin.client.post<MessageView>(`/api/interactions/${interaction.id}/messages`, { client_id: unique("r-"), text: "Сайн байна уу" });
    expect(failed.body.status).toBe("retry");
    const note = await admin.client.post<MessageView>(`/api/interactions/${interaction.id}/messages`, { client_id: unique("n-"), text: "Дотоод", is_private: true });
    expect(note.body.status).toBe("sent");
    expect(deliveries.length).toBe(before + 1);
  });
});
