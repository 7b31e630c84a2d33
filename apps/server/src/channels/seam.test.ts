import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { companyAdmin, unique } from "../../test/factories.ts";
import { describeChannelConformance } from "../../test/channel-conformance.ts";
import { findChannel, insertChannel, updateChannel } from "./channels.repo.ts";
import { registerAdapter, type ChannelAdapter, type DeliveryResult } from "./adapter.ts";
import { countEvents } from "./provider-events.repo.ts";
import { channelSecrets, saveChannelSecrets } from "./secrets.ts";

/**
 * A signed-webhook provider in the shape every provider channel has (a per-channel webhook key, an HMAC
 * of the raw body with the channel's secret token, events with ids, a send API), so the seam itself runs
 * the conformance suite; each real provider runs it again with a fake of its own documented protocol.
 */
interface TestEvent {
  id: string;
  sender: { id: string; name: string };
  text: string;
}
const handedOver: string[] = [];
const failures: Array<"temporary" | "permanent"> = [];
const sign = (body: string, token: string) => createHmac("sha256", token).update(body).digest("hex");

const testProvider: ChannelAdapter = {
  type: "messenger",
  live: false,
  webhook: {
    async authenticate(ctx, request) {
      const channels = await ctx.db.query.channels.findMany({ where: (c, { sql }) => sql`${c.config}->>'webhook_key' = ${request.key}` });
      const channel = channels[0];
      const secrets = channel ? channelSecrets<{ token: string }>(ctx.secrets, channel) : null;
      const signature = request.headers["x-test-signature"];
      return channel && secrets && signature === sign(request.rawBody.toString("utf8"), secrets.token) ? channel : null;
    },
    events: (body) => ({
      events: ((body as { events?: TestEvent[] }).events ?? []).map((event) => ({ providerEventId: event.id, orderingKey: event.sender.id, payload: event })),
      skipped: [],
    }),
    normalise: (payload, channel) => {
      const event = payload as TestEvent;
      const [firstName = "", lastName = ""] = event.sender.name.split(" ");
      return [
        {
          channelId: channel.id,
          externalId: event.sender.id,
          providerMessageId: event.id,
          text: event.text,
          attachments: [],
          profile: { firstName, lastName },
        },
      ];
    },
  },
  async deliver(delivery): Promise<DeliveryResult> {
    const failure = failures.shift();
    if (failure) return { ok: false, retryable: failure === "temporary", error: `provider said no (${failure})` };
    handedOver.push(delivery.text);
    return { ok: true, providerMessageId: `mid.${delivery.messageId}` };
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Registered after the app's own channels, so this file's "messenger" is the test provider, not the real adapter.
  registerAdapter(testProvider);
});
afterAll(() => t.close());

async function connectTestProvider(app: TestApp) {
  const admin = await companyAdmin(app);
  const key = unique("hook-");
  const token = unique("token-");
  const channel = await insertChannel(app.database.db, {
    companyId: admin.me.company_id,
    type: "messenger",
    name: "Page",
    description: "Test provider",
    number: unique("page-"),
    active: true,
    config: { webhook_key: key },
  });
  await saveChannelSecrets(app.secrets, app.database.db, channel, { token });
  const post = (body: string, signature: string) =>
    new Client(app.url).request("POST", `/webhooks/messenger/${key}`, undefined, {
      raw: body,
      headers: { "content-type": "application/json", "x-test-signature": signature },
    });
  const senderId = unique("psid-");
  const body = (text: string, eventId: string) => JSON.stringify({ events: [{ id: eventId, sender: { id: senderId, name: "Болд Бат" }, text }] });
  return { admin, channel, token, key, post, body };
}

describeChannelConformance(
  {
    name: "signed-webhook provider",
    live: false,
    async connect(app) {
      const connected = await connectTestProvider(app);
      return {
        staff: connected.admin.client,
        customerSends: (text, eventId) => {
          const body = connected.body(text, eventId);
          return connected.post(body, sign(body, connected.token));
        },
        forged: (text) => {
          const body = connected.body(text, unique("ev-"));
          return connected.post(body, sign(body, "someone-elses-token"));
        },
        handedOver: () => handedOver,
        failNext: (kind) => void failures.push(kind),
      };
    },
  },
  () => t,
);

describe("the channel seam", () => {
  it("keeps a channel's secrets sealed in the database and never in the channel list", async () => {
    const { admin, channel, token } = await connectTestProvider(t);
    const stored = await findChannel(t.database.db, admin.me.company_id, channel.id);
    expect(stored?.secrets?.toString("utf8")).not.toContain(token);
    const list = await admin.client.get<{ items: unknown[] }>(`/api/company/${admin.me.company_id}/channel`);
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(JSON.stringify(list.body)).not.toContain("secrets");
  });

  it("stores nothing for a bad signature, an unknown key or an inactive channel", async () => {
    const { admin, channel, body, post, token } = await connectTestProvider(t);
    const text = body("Сайн уу", unique("ev-"));
    expect((await post(text, "0".repeat(64))).status).toBe(401);
    expect(
      (
        await new Client(t.url).request("POST", `/webhooks/messenger/${unique("nokey-")}`, undefined, {
          raw: text,
          headers: { "content-type": "application/json", "x-test-signature": sign(text, token) },
        })
      ).status,
    ).toBe(401);
    await updateChannel(t.database.db, admin.me.company_id, channel.id, { active: false });
    expect((await post(text, sign(text, token))).status).toBe(401);
    expect(await countEvents(t.database.db, admin.me.company_id, channel.id)).toBe(0);
  });

  it("answers a redelivery 200 and stores the event once", async () => {
    const { admin, channel, body, post, token } = await connectTestProvider(t);
    const text = body("Үнэ хэд вэ", unique("ev-"));
    const first = await post(text, sign(text, token));
    const again = await post(text, sign(text, token));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect([(first.body as { stored: number }).stored, (again.body as { stored: number }).stored]).toEqual([1, 0]);
    expect(await countEvents(t.database.db, admin.me.company_id, channel.id)).toBe(1);
  });
});
