import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { webchatCompany } from "../../../test/factories.ts";

const dist = mkdtempSync(path.join(os.tmpdir(), "holboo-headers-"));
function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), text);
}
write("web/index.html", `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body></body></html>`);
write("web/assets/index-AbC123.js", "export {};\n");
write("web/guides/holboo-guide-mn.pdf", "%PDF-1.3\n%%EOF\n");
write("widget/loader.js", "void 0;\n");
write("widget/manifest.json", JSON.stringify({ loader: "loader.js", app: "app.js" }));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST_DIR: path.join(dist, "web"), WIDGET_DIST_DIR: path.join(dist, "widget") });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: string | null) =>
  new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );

describe("security headers", () => {
  it("the staff app: a CSP without inline script, never framed, no sniffing, a strict referrer policy", async () => {
    const client = new Client(t.url);
    for (const url of ["/", "/inbox", "/assets/index-AbC123.js", "/api/me"]) {
      const response = await client.get(url);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp.get("script-src"), url).toEqual(["'self'"]);
      expect(csp.get("default-src"), url).toEqual(["'self'"]);
      expect(csp.get("frame-ancestors"), url).toEqual(["'none'"]);
      expect(csp.get("object-src"), url).toEqual(["'none'"]);
      expect(response.headers.get("x-frame-options"), url).toBe("DENY");
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), url).toBe("same-origin");
    }
  });

  it("lets the app's own guide page frame the guide's PDFs, and no other site", async () => {
    const response = await new Client(t.url).get("/guides/holboo-guide-mn.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(directives(response.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'self'"]);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect((await new Client(t.url).get("/guides/missing.pdf")).status).toBe(404);
  });

  it("keeps the web-chat page's own policy (framed by the channel's site) and lets other sites load the widget", async () => {
    const { channel } = await webchatCompany(t);
    const page = await new Client(t.url).get(`/webchat?key=${channel.public_key}`);
    const csp = directives(page.headers.get("content-security-policy"));
    expect(csp.get("frame-ancestors")).toContain(`https://${channel.domain}`);
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const loader = await new Client(t.url).get("/widget/loader.js");
    expect(loader.status).toBe(200);
    expect(loader.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });
});
