import type { InteractionEventView, InteractionView, MessageView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import type { Client, TestApp } from "./harness.ts";
import { unique } from "./factories.ts";
import { makeWaitingJobsDue } from "./jobs.ts";
import { until } from "./sockets.ts";

/** A company with a connected channel of the adapter under test, driven the way its provider drives it. */
export interface ConnectedChannel {
  /** A person of the company who answers (signed in, CSRF handled). */
  staff: Client;
  /**
   * A customer's message as the provider delivers it; the same `eventId` is a redelivery. `status` is 200 when the
   * provider's hand-over was taken: a webhook's answer, or for a channel Holboo reads itself (e-mail over IMAP) the
   * provider's acceptance of the mail into the mailbox Holboo reads.
   */
  customerSends(text: string, eventId: string): Promise<{ status: number }>;
  /**
   * The same delivery with a signature (or token) that does not match. Null for a channel Holboo reads itself with
   * its own login (e-mail): nobody can push it an event, so there is nothing to forge.
   */
  forged: ((text: string) => Promise<{ status: number }>) | null;
  /** The texts of the replies the provider was handed (null for live channels, whose commit is the delivery). */
  handedOver: (() => string[] | Promise<string[]>) | null;
  /**
   * Waits until every event handed over so far has been taken in, for a channel whose hand-over is not answered on
   * receipt (mail waits in the mailbox for Holboo's reader); without it a short pause stands for that.
   */
  settled?(): Promise<void>;
  /** Makes the provider fail the next hand-over, for a while or for good. */
  failNext?(kind: "temporary" | "permanent"): void;
}

export interface ConformanceDriver {
  name: string;
  /** Live channels (web chat) are delivered by the commit; the others by the delivery job. */
  live: boolean;
  /** Holboo reads the channel's inbound itself with its own login (e-mail over IMAP) instead of being pushed events. */
  pulled?: boolean;
  connect(t: TestApp): Promise<ConnectedChannel>;
}

async function conversationWith(channel: ConnectedChannel, text: string): Promise<InteractionView | undefined> {
  const list = await channel.staff.get<{ items: InteractionView[] }>("/api/interactions?status=open&limit=100");
  return list.body.items.find((item) => item.last_message_preview === text);
}

async function messagesOf(channel: ConnectedChannel, interactionId: number) {
  return (await channel.staff.get<{ items: MessageView[] }>(`/api/interactions/${interactionId}/messages`)).body.items;
}

async function statusOf(channel: ConnectedChannel, interactionId: number, messageId: number) {
  const events = (await channel.staff.get<{ items: InteractionEventView[] }>(`/api/interactions/${interactionId}/events?after=0`)).body.items;
  const changes = events.filter((e) => e.type === "message.status" && (e.payload.message_ids as number[]).includes(messageId));
  return (changes.at(-1)?.payload.status as string | undefined) ?? (await messagesOf(channel, interactionId)).find((m) => m.id === messageId)?.status;
}

/** What every channel adapter must do for the inbox; each adapter's tests run it with its own driver. */
export function describeChannelConformance(driver: ConformanceDriver, app: () => TestApp) {
  describe(`channel conformance: ${driver.name}`, () => {
    it("normalises a customer's message into a conversation with its contact", async () => {
      const channel = await driver.connect(app());
      const text = `Захиалга хаана явна ${unique()}`;
      expect((await channel.customerSends(text, unique("ev-"))).status).toBe(200);
      let found: InteractionView | undefined;
      await until(async () => Boolean((found = await conversationWith(channel, text))));
      expect(found?.contact.id).toBeGreaterThan(0);
      expect((await messagesOf(channel, found?.id ?? 0)).filter((m) => m.text === text)).toMatchObject([{ direction: "in", sender_type: "contact" }]);
    });

    it("stores a redelivered event once", async () => {
      const channel = await driver.connect(app());
      const text = `Дахин ирсэн ${unique()}`;
      const eventId = unique("ev-");
      expect((await channel.customerSends(text, eventId)).status).toBe(200);
      expect((await channel.customerSends(text, eventId)).status).toBe(200);
      let found: InteractionView | undefined;
      await until(async () => Boolean((found = await conversationWith(channel, text))));
      await channel.settled?.();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await messagesOf(channel, found?.id ?? 0)).filter((m) => m.text === text)).toHaveLength(1);
    });

    // A channel Holboo reads itself with its own login (e-mail) is pushed no events, so there is nothing to forge.
    if (!driver.pulled) {
      it("refuses a delivery whose signature does not match, with 401, and stores nothing", async () => {
        const channel = await driver.connect(app());
        const text = `Хуурамч ${unique()}`;
        expect(channel.forged, `${driver.name} is pushed its events, so it must say what a forged one is`).not.toBeNull();
        expect((await channel.forged?.(text))?.status).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await conversationWith(channel, text)).toBeUndefined();
      });
    }

    it("delivers a person's reply", async () => {
      const channel = await driver.connect(app());
      const text = `Асуулт ${unique()}`;
      await channel.customerSends(text, unique("ev-"));
      let found: InteractionView | undefined;
      await until(async () => Boolean((found = await conversationWith(channel, text))));
      const reply = `Хариу ${unique()}`;
      const sent = await channel.staff.post<MessageView>(`/api/interactions/${found?.id}/messages`, { client_id: unique("r-"), text: reply });
      expect(sent.status).toBe(200);
      if (driver.live) {
        expect(sent.body.status).toBe("sent");
      } else {
        await until(async () => (await statusOf(channel, found?.id ?? 0, sent.body.id)) === "sent");
        expect((await channel.handedOver?.())?.filter((t) => t === reply)).toHaveLength(1);
      }
    });

    if (!driver.live) {
      it("tries a temporary failure again until the provider takes the reply", async () => {
        const channel = await driver.connect(app());
        const text = `Асуулт ${unique()}`;
        await channel.customerSends(text, unique("ev-"));
        let found: InteractionView | undefined;
        await until(async () => Boolean((found = await conversationWith(channel, text))));
        channel.failNext?.("temporary");
        const reply = `Хариу ${unique()}`;
        const sent = await channel.staff.post<MessageView>(`/api/interactions/${found?.id}/messages`, { client_id: unique("r-"), text: reply });
        expect(sent.body.status).toBe("sending");
        await until(async () => {
          await makeWaitingJobsDue(app());
          return (await statusOf(channel, found?.id ?? 0, sent.body.id)) === "sent";
        }, 15_000);
        expect((await channel.handedOver?.())?.filter((t) => t === reply)).toHaveLength(1);
      });

      it("shows a permanent refusal as retry on the bubble", async () => {
        const channel = await driver.connect(app());
        const text = `Асуулт ${unique()}`;
        await channel.customerSends(text, unique("ev-"));
        let found: InteractionView | undefined;
        await until(async () => Boolean((found = await conversationWith(channel, text))));
        channel.failNext?.("permanent");
        const sent = await channel.staff.post<MessageView>(`/api/interactions/${found?.id}/messages`, { client_id: unique("r-"), text: `Хариу ${unique()}` });
        await until(async () => (await statusOf(channel, found?.id ?? 0, sent.body.id)) === "retry");
      });
    }
  });
}

/** What a provider's webhook answers: how many events were new, how many items were ignored or fit no shape. */
interface WebhookAnswer {
  status: number;
  body: unknown;
}

/**
 * One example from a provider's documentation, sent as the provider sends it. `handled`: it shows in the
 * inbox (`effect` waits for that); `ignored`: the provider is answered 200 and the item is logged and
 * skipped, changing nothing. No documented example may be refused (a non-200 answer, or an item taken
 * for one that fits no documented shape).
 */
export interface DocumentedCase {
  label: string;
  /** Where the provider documents it. */
  source: string;
  outcome: "handled" | "ignored";
  run(): Promise<{ answer: WebhookAnswer; effect?: () => Promise<void> }>;
}

/** Each documented example as a test named `[handled]` or `[ignored]`, so a run's output counts them. */
export function describeDocumentedCases(provider: string, cases: () => DocumentedCase[]) {
  describe(`documented ${provider} webhook examples`, () => {
    for (const example of cases()) {
      it(`[${example.outcome}] ${example.label}`, async () => {
        const { answer, effect } = await example.run();
        expect(answer.status, example.source).toBe(200);
        const counts = (answer.body ?? {}) as { invalid?: number; ignored?: number };
        expect(counts.invalid ?? 0, `${example.source}: taken for a shape it does not fit`).toBe(0);
        if (example.outcome === "ignored") expect(counts.ignored, example.source).toBeGreaterThan(0);
        else {
          expect(counts.ignored ?? 0, example.source).toBe(0);
          expect(effect, "a handled case shows what it changed").toBeDefined();
          await effect?.();
        }
      });
    }
  });
}
