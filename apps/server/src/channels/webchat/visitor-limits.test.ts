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
