import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { webchatCompany } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("web-chat pages", () => {
  it("lets only the channel's site frame the chat", async () => {
    const { channel } = await webchatCompany(t);
    const page = await new Client(t.url).get<string>(`/webchat?key=${channel.public_key}`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-ancestors 'self' https://${channel.domain} https://*.${channel.domain}`);
    expect(page.body).toContain('src="/widget/app.js"');
    const unknown = await new Client(t.url).get(`/webchat?key=unknown-key-1`);
    expect(unknown.headers.get("content-security-policy")).toMatch(/^frame-ancestors 'self';/);
  });

  it("serves a test page that embeds the loader with the key, escaped", async () => {
    const page = await new Client(t.url).get<string>(`/webchat/test?key=${encodeURIComponent('abc"><script>x')}`);
    expect(page.body).toContain('data-holboo-key="abc&#34;&#62;&#60;script&#62;x"');
    expect(page.body).not.toContain('"><script>x');
  });

  it("serves only the widget's own files", async () => {
    expect((await new Client(t.url).get("/widget/../../package.json")).status).toBe(404);
    expect((await new Client(t.url).get("/widget/secret.js")).status).toBe(404);
    expect((await new Client(t.url).get("/widget/manifest.json")).status).toBe(404);
  });
});
