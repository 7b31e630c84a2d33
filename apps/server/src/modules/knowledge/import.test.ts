import type { ArticleView, FolderView, TiptapNode } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { companyAdmin } from "../../../test/factories.ts";
import { readUrl } from "./import.service.ts";
import { isPublicAddress } from "./import/ip-policy.ts";
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from "./import/safe-fetch.ts";
import { buildDocx, buildPdf, buildZip } from "./import/test-documents.ts";
import { assertSafeZip } from "./import/zip-guard.ts";
import { docText } from "./knowledge.text.ts";

let t: TestApp;
let site: Server;
let port = 0;
const hits: { url: string; host: string }[] = [];
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/article": (_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html><head><title>Буцаалтын журам</title><script>alert(1)</script></head><body>
      <nav><a href="/">Нүүр</a><a href="/shop">Дэлгүүр</a></nav>
      <article><h1>Буцаалтын журам</h1>
      <p>Худалдан авснаас хойш 14 хоногийн дотор барааг буцааж болно. Бараа гэмтээгүй, шошго нь бүтэн байх ёстой. Буцаалтыг манай салбар бүрт хүлээн авна.</p>
      <h2>Мөнгө буцаах</h2><p>Мөнгийг 3 ажлын өдөрт таны картад буцааж шилжүүлнэ. Бэлнээр төлсөн бол салбар дээр бэлнээр олгоно.</p>
      <ul><li>Баримтаа авчирна уу</li><li>Иргэний үнэмлэх</li></ul></article></body></html>`);
  },
  "/huge": (_req, res) => {
    res.setHeader("content-type", "text/html");
    res.write("<p>");
    res.end("x".repeat(2048));
  },
  "/slow": (_req, res) => {
    res.setHeader("content-type", "text/html");
    res.write("<p>started");
  },
  "/elsewhere": (_req, res) => {
    res.statusCode = 302;
    res.setHeader("location", `http://127.0.0.2:${port}/article`);
    res.end();
  },
};

beforeAll(async () => {
  t = await startTestApp();
  site = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    hits.push({ url: url.pathname + url.search, host: req.headers.host ?? "" });
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      res.statusCode = 301;
      res.setHeader("location", left > 0 ? `/hop/${left - 1}` : "/article");
      return res.end();
    }
    const handler = routes[url.pathname];
    if (handler) return handler(req, res);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await t.close();
});

type Upload = { request: Client["request"] };
function upload(client: Upload, folderId: number, data: Buffer, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return client.request<ArticleView>("POST", `/api/knowledge/import/file?folder_id=${folderId}`, undefined, { raw: form });
}

async function adminWithFolder() {
  const admin = await companyAdmin(t);
  const folder = (await admin.client.post<FolderView>("/api/knowledge/folders", { name: "Импорт" })).body;
  return { ...admin, folder };
}

const types = (doc: TiptapNode) => (doc.content ?? []).map((n) => (n.type === "heading" ? `h${String(n.attrs?.level)}` : n.type));

describe("address policy", () => {
  it("refuses private, loopback, link-local, CGNAT, multicast, reserved and unspecified addresses, also inside IPv6", () => {
    const refused = [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "240.0.0.1",
      "255.255.255.255",
      "198.18.0.1",
      "::",
      "::1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::a00:1",
      "2002:7f00:1::1",
      "2001:db8::1",
      "::127.0.0.1",
      "not-an-ip",
    ];
    expect(refused.filter(isPublicAddress)).toEqual([]);
    expect(["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"].every(isPublicAddress)).toBe(true);
  });
});

describe("URL import", () => {
  it("refuses local and private targets for real, before any request reaches them", async () => {
    const { client, folder } = await adminWithFolder();
    const before = hits.length;
    const blocked = [
      `http://127.0.0.1:${port}/article`,
      `http://localhost:${port}/article`,
      `http://[::1]:${port}/article`,
      `http://[::ffff:127.0.0.1]:${port}/article`,
      `http://2130706433:${port}/article`,
      `http://0.0.0.0:${port}/article`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://100.64.0.1/",
    ];
    for (const url of blocked) {
      const response = await client.post("/api/knowledge/import/url", { folder_id: folder.id, url });
      expect([url, fieldCode(response, "url")]).toEqual([url, "url_blocked"]);
    }
    for (const url of ["ftp://example.com/file", "file:///etc/passwd", "not a url"]) {
      expect([url, fieldCode(await client.post("/api/knowledge/import/url", { folder_id: folder.id, url }), "url")]).toEqual([url, "url_invalid"]);
    }
    expect(hits.length).toBe(before);
    expect((await client.get<{ total: number }>("/api/knowledge/articles")).body.total).toBe(0);
  });

  // The production policy refuses loopback; this test alone resolves a made-up name to the local server.
  const testPolicy = (allowed = ["127.0.0.1"]): FetchPolicy => ({
    ...DEFAULT_FETCH_POLICY,
    resolve: async (host) => (host === "kb.example" ? [{ address: "127.0.0.1", family: 4 }] : DEFAULT_FETCH_POLICY.resolve(host)),
    isAllowed: (address) => allowed.includes(address),
  });

  it("imports the readable text of a page: our resolver's address is the one connected to, structure kept, scripts and menus dropped", async () => {
    const page = await readUrl(`http://kb.example:${port}/hop/4`, testPolicy());
    expect(hits.at(-1)).toEqual({ url: "/article", host: `kb.example:${port}` });
    expect(page).toMatchObject({ name: "Буцаалтын журам", source: "url", url: `http://kb.example:${port}/article` });
    const text = docText(page.doc);
    expect(text).toContain("14 хоногийн дотор");
    expect(text).toContain("• Баримтаа авчирна уу");
    expect(text).not.toContain("alert");
    expect(text).not.toContain("Дэлгүүр");
    expect(types(page.doc)).toContain("h2");
  });

  it("follows at most 5 redirects, re-checks every hop, and limits size and time", async () => {
    await expect(readUrl(`http://kb.example:${port}/hop/5`, testPolicy())).rejects.toMatchObject({ code: "url_too_many_redirects" });
    await expect(readUrl(`http://kb.example:${port}/elsewhere`, testPolicy())).rejects.toMatchObject({ code: "url_blocked" });
    await expect(readUrl(`http://kb.example:${port}/huge`, { ...testPolicy(), maxBytes: 1024 })).rejects.toMatchObject({ code: "payload_too_large" });
    await expect(readUrl(`http://kb.example:${port}/slow`, { ...testPolicy(), timeoutMs: 300 })).rejects.toMatchObject({ code: "timeout" });
  });
});

describe("file import", () => {
  it("imports a .docx as a draft keeping headings, lists and tables as text", async () => {
    const { client, folder } = await adminWithFolder();
    const response = await upload(client, folder.id, await buildDocx(), "Хүргэлт.docx");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ name: "Хүргэлт", status: "draft", source: "docx", folder_id: folder.id });
    expect(types(response.body.content)).toEqual(["h1", "paragraph", "h2", "bulletList", "paragraph", "paragraph"]);
    const text = docText(response.body.content);
    expect(text).toContain("• Картаар");
    expect(text).toContain("Бүс | Үнэ\nТөв | 5000₮");
  });

  it("imports a .pdf's text as a draft", async () => {
    const { client, folder } = await adminWithFolder();
    const response = await upload(client, folder.id, buildPdf(["Delivery takes three days.", "Returns within 14 days."]), "policy.pdf");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ name: "policy", status: "draft", source: "pdf" });
    expect(docText(response.body.content)).toMatch(/Delivery takes three days\.[\s\S]*Returns within 14 days\./);
  });

  it("checks the type by magic bytes, the size limit and the zip's expansion before unpacking", async () => {
    const { client, folder } = await adminWithFolder();
    expect(errorCode(await upload(client, folder.id, Buffer.from("just text, not a document"), "fake.docx"))).toBe("unsupported_file_type");
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex");
    expect((await upload(client, folder.id, png, "image.pdf")).status).toBe(415);
    const notWord = buildZip([{ name: "hello.txt", data: Buffer.from("hi") }]);
    expect(errorCode(await upload(client, folder.id, notWord, "x.docx"))).toBe("unsupported_file_type");
    const bomb = buildZip([{ name: "word/document.xml", data: Buffer.alloc(60 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(LIMITS.knowledgeUploadBytes);
    const bombResponse = await upload(client, folder.id, bomb, "bomb.docx");
    expect([bombResponse.status, errorCode(bombResponse)]).toEqual([413, "document_archive_unsafe"]);
    const tooLarge = await upload(client, folder.id, Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(LIMITS.knowledgeUploadBytes)]), "big.pdf");
    expect([tooLarge.status, errorCode(tooLarge)]).toEqual([413, "payload_too_large"]);
    expect((await client.get<{ total: number }>("/api/knowledge/articles")).body.total).toBe(0);
  });

  it("refuses zips that lie about their sizes or hold too many entries, without trusting the directory", () => {
    const liar = buildZip([{ name: "word/document.xml", data: Buffer.alloc(5 * 1024 * 1024, 65), declared: 2000 }]);
    expect(() => assertSafeZip(liar)).toThrow(expect.objectContaining({ code: "document_archive_unsafe" }));
    const many = buildZip(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.xml`, data: Buffer.from("x") })));
    expect(() => assertSafeZip(many, { maxEntries: 20, maxUncompressedBytes: 1e6, maxRatio: 100 })).toThrow(
      expect.objectContaining({ code: "document_archive_unsafe" }),
    );
    expect(assertSafeZip(many, { maxEntries: 30, maxUncompressedBytes: 1e6, maxRatio: 100 })).toHaveLength(30);
  });

  it("another company's folder answers 404 and nothing is created", async () => {
    const { folder } = await adminWithFolder();
    const other = await companyAdmin(t);
    expect((await upload(other.client, folder.id, buildPdf(["Secret"]), "x.pdf")).status).toBe(404);
    expect((await other.client.get<{ total: number }>("/api/knowledge/articles")).body.total).toBe(0);
  });
});
