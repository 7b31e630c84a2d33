import type { InteractionView, MessageView, WebchatSessionView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { unique, visitor, webchatCompany } from "../../../test/factories.ts";
import { visitorSignature } from "./webchat.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("web-chat sessions", () => {
  it("accepts the channel's domain, its subdomains and Holboo's own test page only", async () => {
    const { channel, domain } = await webchatCompany(t);
    const session = (origin: string) => new Client(t.url).post("/api/webchat/session", { public_key: channel.public_key, host_origin: origin });
    expect((await session(`https://${domain}`)).status).toBe(200);
    expect((await session(`http://www.${domain}:8080`)).status).toBe(200);
    expect((await session(t.config.PUBLIC_URL)).status).toBe(200);
    expect(errorCode(await session(`https://evil-${domain}`))).toBe("domain_connect_failed");
    expect(errorCode(await session("not a url"))).toBe("domain_connect_failed");
    expect(errorCode(await new Client(t.url).post("/api/webchat/session", { public_key: "unknown-key-123", host_origin: `https://${domain}` }))).toBe(
      "channel_not_found",
    );
  });

  it("returns the channel's look and greeting, and nobody online means the away message", async () => {
    const { channel } = await webchatCompany(t);
    const { session } = await visitor(t, channel);
    expect(session.config).toMatchObject({ name_mn: "Номин туслах", greeting_en: "Hello! How can we help?", brand_color: "#3B5BDB", language: "mn" });
    expect(session.interaction).toBeNull();
  });

  it("keeps an anonymous visitor with a durable token across sessions", async () => {
    const { channel } = await webchatCompany(t);
    const first = await visitor(t, channel);
    const sent = await first.send("Сайн байна уу");
    const again = await new Client(t.url).post<WebchatSessionView>("/api/webchat/session", {
      public_key: channel.public_key,
      host_origin: `https://${channel.domain}`,
      visitor_token: first.token,
    });
    expect(again.body.visitor_token).toBe(first.token);
    expect(again.body.interaction?.id).toBe(sent.body.interaction_id);
  });

  it("identifies a site's user only with a valid HMAC of the user id", async () => {
    const { channel } = await webchatCompany(t);
    const bad = await new Client(t.url).post("/api/webchat/session", {
      public_key: channel.public_key,
      host_origin: `https://${channel.domain}`,
      user_id: "42",
      user_hash: "00".repeat(32),
    });
    expect(errorCode(bad)).toBe("visitor_signature_invalid");
    const hash = visitorSignature(channel.hmac_secret, "42");
    const one = await visitor(t, channel, { user_id: "42", user_hash: hash, name: "Болд Бат" });
    const message = await one.send("Захиалга маань хаана явна?");
    const two = await visitor(t, channel, { user_id: "42", user_hash: hash });
    expect(two.token).not.toBe(one.token);
    expect(two.session.interaction?.id).toBe(message.body.interaction_id);
  });

  it("refuses calls without a valid visitor token", async () => {
    const response = await new Client(t.url).request(
      "POST",
      "/api/webchat/messages",
      { client_id: unique("c-"), text: "hi" },
      { headers: { "x-visitor-token": "forged" } },
    );
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe("visitor_token_invalid");
  });
});

describe("visitor messages", () => {
  it("opens an interaction that waits in the queue when no agent is online, and continues it", async () => {
    const company = await webchatCompany(t);
    await company.client.put("/api/me/presence", { presence: "away" });
    const v = await visitor(t, company.channel);
    const first = await v.send("<b>Сайн</b> байна уу");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ direction: "in", sender_type: "contact", status: "sent", seq: 1, text: "<b>Сайн</b> байна уу" });
    const second = await v.send("Хүргэлт хэзээ ирэх вэ?");
    expect(second.body.interaction_id).toBe(first.body.interaction_id);
    const interaction = await company.client.get<InteractionView>(`/api/interactions/${first.body.interaction_id}`);
    expect(interaction.body).toMatchObject({
      status: "open",
      owner_type: "queue",
      assignee: null,
      channel: { type: "webchat" },
      last_message_preview: "Хүргэлт хэзээ ирэх вэ?",
    });
  });

  it("a retried send with the same client id is stored once", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const [a, b] = await Promise.all([v.send("Нэг удаа", "same-client-id-1"), v.send("Нэг удаа", "same-client-id-1")]);
    expect(a.body.id).toBe(b.body.id);
    const events = await v.events(a.body.interaction_id);
    expect(events.body.items.filter((e) => e.type === "message.created")).toHaveLength(1);
  });

  it("rejects empty and over-long messages", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    expect(errorCode(await v.send("   "))).toBe("message_empty");
    expect(errorCode(await v.send("а".repeat(4001)))).toBe("text_too_long");
  });

  it("a visitor reads only their own interaction's events, without private notes", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const other = await visitor(t, company.channel);
    const sent = await v.send("Тусламж хэрэгтэй");
    const id = sent.body.interaction_id;
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("n-"), text: "Дотоод тэмдэглэл", is_private: true });
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("r-"), text: "Сайн байна уу, туслая" });
    const events = await v.events(id);
    const texts = events.body.items.filter((e) => e.type === "message.created").map((e) => (e.payload.message as MessageView).text);
    expect(texts).toEqual(["Тусламж хэрэгтэй", "Сайн байна уу, туслая"]);
    expect(errorCode(await other.events(id))).toBe("interaction_not_found");
  });
});
