import type { WebchatChannelView, WebchatSessionView } from "@holboo/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { webchatCompany } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true", WEBCHAT_NEW_VISITORS_PER_IP_PER_HOUR: "3", WEBCHAT_NEW_VISITORS_PER_CHANNEL_PER_HOUR: "5" });
});
afterAll(() => t.close());

const open = (channel: WebchatChannelView, ip: string, token?: string) =>
  new Client(t.url).request<WebchatSessionView>(
    "POST",
    "/api/webchat/session",
    { public_key: channel.public_key, host_origin: `https://${channel.domain}`, ...(token ? { visitor_token: token } : {}) },
    { headers: { "x-forwarded-for": ip } },
  );
const count = async (table: "contacts" | "contact_identities", companyId: number) =>
  (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE company_id = ${companyId}`)).rows[0]?.n;

describe("new web-chat visitors", () => {
  it("are limited per address and per channel; a returning visitor is not counted; a refusal creates no identity, and none is a contact before writing", async () => {
    const { channel, me } = await webchatCompany(t);
    const first = await open(channel, "198.51.100.1");
    expect(first.status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await open(channel, "198.51.100.1")).status).toBe(200);
    const fourth = await open(channel, "198.51.100.1");
    expect(fourth.status).toBe(429);
    expect(errorCode(fourth)).toBe("visitor_limit_reached");
    expect((await open(channel, "198.51.100.1", first.body.visitor_token)).status).toBe(200);
    expect(await count("contact_identities", me.company_id)).toBe(3);
    // Attempts count, refused ones too: another address takes the channel's fifth; then nobody new gets in.
    expect((await open(channel, "198.51.100.2")).status).toBe(200);
    expect(errorCode(await open(channel, "198.51.100.3"))).toBe("visitor_limit_reached");
    expect(await count("contact_identities", me.company_id)).toBe(4);
    expect(await count("contacts", me.company_id)).toBe(0);
  });
});

describe("web-chat sessions from one address", () => {
  const sessions = async (app: TestApp, channel: WebchatChannelView, count: number) => {
    const statuses: number[] = [];
    let token: string | undefined;
    for (let i = 0; i < count; i++) {
      // A returning visitor (a page view after the first) is still a session start, so it counts.
      const answer = await new Client(app.url).request<WebchatSessionView>(
        "POST",
        "/api/webchat/session",
        { public_key: channel.public_key, host_origin: `https://${channel.domain}`, ...(token ? { visitor_token: token } : {}) },
        { headers: { "x-forwarded-for": "203.0.113.77" } },
      );
      token ??= answer.body.visitor_token;
      statuses.push(answer.status);
    }
    return statuses;
  };

  it("are 60 a minute by default, and WEBCHAT_SESSIONS_PER_IP_PER_MINUTE raises it", async () => {
    const byDefault = await startTestApp({ TRUST_PROXY: "true" });
    const raised = await startTestApp({ TRUST_PROXY: "true", WEBCHAT_SESSIONS_PER_IP_PER_MINUTE: "90" });
    try {
      const limited = await sessions(byDefault, (await webchatCompany(byDefault)).channel, 61);
      expect(limited.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(limited[60]).toBe(429);
      expect((await sessions(raised, (await webchatCompany(raised)).channel, 80)).every((status) => status === 200)).toBe(true);
    } finally {
      await Promise.all([byDefault.close(), raised.close()]);
    }
  });
});
