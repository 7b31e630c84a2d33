import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { SESSION_COOKIE } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin } from "../../../test/factories.ts";
import { CACHE } from "./cache.ts";

/** A small build output: the web app's and the widget's, each text file with its .br and .gz. */
const dist = mkdtempSync(path.join(os.tmpdir(), "holboo-dist-"));
const SCRIPT = `export const answer = ${JSON.stringify("хариулт ".repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;
function write(file: string, text: string, precompressed = true) {
  const full = path.join(dist, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  if (!precompressed) return;
  writeFileSync(`${full}.br`, brotliCompressSync(text));
  writeFileSync(`${full}.gz`, gzipSync(text));
}
write("web/index.html", INDEX);
write("web/assets/index-AbC123.js", SCRIPT);
write("web/favicon.svg", `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`);
write("widget/loader.js", SCRIPT);
write("widget/app.OLD12345.js", SCRIPT);
write("widget/app.NEW67890.js", SCRIPT);
write("widget/manifest.json", JSON.stringify({ loader: "loader.js", app: "app.NEW67890.js" }));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET without fetch's automatic decoding, to see exactly what went over the wire. */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
const vary = (raw: Raw) => String(raw.headers.vary ?? "").toLowerCase();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST_DIR: path.join(dist, "web"), WIDGET_DIST_DIR: path.join(dist, "widget") });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("built files", () => {
  it("sends the precompressed file the client prefers, brotli before gzip, once compressed, and says it varies", async () => {
    const br = await get(`${t.url}/assets/index-AbC123.js`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(vary(br)).toContain("accept-encoding");

    const gz = await get(`${t.url}/assets/index-AbC123.js`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get(`${t.url}/assets/index-AbC123.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(vary(plain)).toContain("accept-encoding");

    const svg = await get(`${t.url}/favicon.svg`, { "accept-encoding": "br" });
    expect(svg.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(svg.body).toString()).toMatch(/^<svg/);
    expect(svg.headers["cache-control"]).toBe(CACHE.publicFile);
  });

  it("keeps hashed assets a year and revalidates index.html, also when it answers an app route", async () => {
    const asset = await get(`${t.url}/assets/index-AbC123.js`, { "accept-encoding": "br" });
    expect(asset.headers["cache-control"]).toBe(CACHE.immutable);

    for (const url of ["/", "/interacts", "/settings/user"]) {
      const page = await get(`${t.url}${url}`, { "accept-encoding": "br" });
      expect(page.status, url).toBe(200);
      expect(page.headers["cache-control"], url).toBe(CACHE.revalidate);
      expect(page.headers["content-encoding"], url).toBe("br");
      expect(brotliDecompressSync(page.body).toString(), url).toBe(INDEX);
      const etag = String(page.headers.etag ?? "");
      expect(etag, url).not.toBe("");
      expect(page.headers["last-modified"], url).toBeDefined();
      const again = await get(`${t.url}${url}`, { "accept-encoding": "br", "if-none-match": etag });
      expect(again.status, url).toBe(304);
      expect(again.body.length, url).toBe(0);
    }
  });

  it("answers a missing asset with 404, not the app's page", async () => {
    expect((await get(`${t.url}/assets/index-Gone000.js`)).status).toBe(404);
    expect((await get(`${t.url}/widget/app.GONE0000.js`)).status).toBe(404);
  });
});

describe("the web-chat widget's files", () => {
  it("keeps the loader five minutes, then revalidates; the hashed app a year", async () => {
    const loader = await get(`${t.url}/widget/loader.js`, { "accept-encoding": "gzip, br" });
    expect(loader.status).toBe(200);
    expect(loader.headers["cache-control"]).toBe(CACHE.shortLived);
    expect(loader.headers["content-encoding"]).toBe("br");
    expect(loader.headers["access-control-allow-origin"]).toBe("*");
    expect(vary(loader)).toContain("accept-encoding");
    const etag = String(loader.headers.etag ?? "");
    expect((await get(`${t.url}/widget/loader.js`, { "accept-encoding": "gzip, br", "if-none-match": etag })).status).toBe(304);

    const app = await get(`${t.url}/widget/app.NEW67890.js`, { "accept-encoding": "gzip" });
    expect(app.headers["cache-control"]).toBe(CACHE.immutable);
    expect(gunzipSync(app.body).toString()).toBe(SCRIPT);
    expect((await get(`${t.url}/widget/manifest.json`)).status).toBe(404);
  });

  it("names the app the loader was built with while it is still there, else the current one", async () => {
    const page = async (query: string) => (await get(`${t.url}/webchat${query}`)).body.toString();
    expect(await page("?v=OLD12345")).toContain('src="/widget/app.OLD12345.js"');
    expect(await page("?v=GONE0000")).toContain('src="/widget/app.NEW67890.js"');
    expect(await page("?v=../../x")).toContain('src="/widget/app.NEW67890.js"');
    expect(await page("")).toContain('src="/widget/app.NEW67890.js"');
  });
});

describe("API responses", () => {
  it("are compressed on the fly above 1 KB, left alone below, and vary on Accept-Encoding either way", async () => {
    const { client } = await companyAdmin(t);
    for (let i = 0; i < 12; i++) expect((await client.post("/api/contacts", { first_name: `Харилцагч ${i}`, email: `c${i}@example.mn` })).status).toBe(200);
    const cookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE) ?? ""}`;
    const plain = await get(`${t.url}/api/contacts`, { cookie });
    expect(plain.body.length).toBeGreaterThan(1024);
    const big = await get(`${t.url}/api/contacts`, { cookie, "accept-encoding": "br, gzip" });
    expect(big.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(big.body).toString()).toBe(plain.body.toString());
    expect(vary(big)).toContain("accept-encoding");
    expect(vary(plain)).toContain("accept-encoding");

    const small = await get(`${t.url}/pub/version`, { "accept-encoding": "br, gzip" });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toHaveProperty("version");
  });
});
