import type { ArticleSource, TiptapNode } from "@holboo/core";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { fail } from "../../../platform/http/errors.ts";
import { docText, textToDoc } from "../knowledge.text.ts";
import { htmlToDoc } from "./html-to-doc.ts";
import { assertSafeZip } from "./zip-guard.ts";

export interface Extracted {
  name: string;
  doc: TiptapNode;
  source: ArticleSource;
}

/** The type by magic bytes, never by the name or the browser's word: %PDF- or a zip holding word/document.xml. */
export function sniff(data: Buffer): "pdf" | "zip" | null {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (data.readUInt32LE(0) === 0x04034b50) return "zip";
  return null;
}

const nonEmpty = (extracted: Extracted): Extracted => (docText(extracted.doc).trim() ? extracted : fail("document_unreadable"));

const baseName = (fileName: string) =>
  fileName
    .replace(/\.[^.]+$/, "")
    .trim()
    .slice(0, 200) || "Document";

export async function extractFile(data: Buffer, fileName: string): Promise<Extracted> {
  if (data.length < 5) return fail("unsupported_file_type");
  const kind = sniff(data);
  if (kind === "zip") {
    if (!assertSafeZip(data).includes("word/document.xml")) fail("unsupported_file_type");
    let html: string;
    try {
      html = (await mammoth.convertToHtml({ buffer: data })).value;
    } catch {
      return fail("document_unreadable");
    }
    return nonEmpty({ name: baseName(fileName), doc: htmlToDoc(html), source: "docx" });
  }
  if (kind === "pdf") {
    let pages: string[];
    try {
      const pdf = await getDocumentProxy(new Uint8Array(data));
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch {
      return fail("document_unreadable");
    }
    return nonEmpty({ name: baseName(fileName), doc: textToDoc(pages.join("\n\n")), source: "pdf" });
  }
  return fail("unsupported_file_type");
}

/** The readable part of a web page (Readability on a linkedom document), as an article. */
export function extractPage(html: string, url: string, contentType: string): Extracted {
  if (/^text\/plain/i.test(contentType)) return nonEmpty({ name: new URL(url).hostname, doc: textToDoc(html), source: "url" });
  if (contentType && !/html/i.test(contentType)) fail("unsupported_file_type");
  const { document } = parseHTML(html);
  const fallback = String(document.body?.innerHTML ?? "");
  const article = new Readability(document).parse();
  const title = (article?.title ?? "").trim() || new URL(url).hostname;
  // Readability gives up on short pages; then the body's own structure is used (scripts and navigation dropped).
  const content = article?.content && article.textContent?.trim() ? article.content : fallback;
  return nonEmpty({ name: title.slice(0, 200), doc: htmlToDoc(content), source: "url" });
}
