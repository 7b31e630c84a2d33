import type { EmailChannelView, InteractionView, MessageView } from "@holboo/core";
import { expect } from "vitest";
import { companyAdmin } from "./factories.ts";
import type { Client, Served } from "./harness.ts";
import type { MailWorld } from "./mail-world.ts";
import { until } from "./sockets.ts";

/** What the e-mail tests read through the API: a company's connected mailbox, its conversations and their messages. */
export async function connectedMailbox(t: Served, world: MailWorld, admin?: { client: Client }) {
  const owner = admin ?? (await companyAdmin(t));
  const box = await world.mailbox();
  const created = await owner.client.post<EmailChannelView>("/api/email-channels", box.input);
  expect(created.body, JSON.stringify(created.body)).toMatchObject({ type: "email" });
  await until(async () => (await owner.client.get<EmailChannelView>(`/api/email-channels/${created.body.id}`)).body.state === "connected", 10_000);
  return { ...box, client: owner.client, channel: created.body };
}

export async function conversations(client: Client, status = "open") {
  return (await client.get<{ items: InteractionView[] }>(`/api/interactions?status=${status}&page_size=100`)).body.items.filter(
    (i) => i.channel?.type === "email",
  );
}

export const messagesOf = async (client: Client, id: number) => (await client.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages`)).body.items;

export async function waitForConversation(client: Client, text: string, count = 1) {
  let found: InteractionView[] = [];
  await until(async () => {
    found = [];
    for (const item of await conversations(client)) if ((await messagesOf(client, item.id)).some((m) => m.text.includes(text))) found.push(item);
    return found.length >= count;
  }, 10_000);
  return found;
}
