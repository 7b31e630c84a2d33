import type { TiptapNode } from "@holboo/core";
import { parseHTML } from "linkedom";
import { paragraph } from "../knowledge.text.ts";

/**
 * HTML (from mammoth or a readable web page) to the article's Tiptap JSON, keeping structure:
 * headings, paragraphs, lists, quotes, code, and tables as one text line per row. Everything else
 * (scripts, styles, images, unknown elements) is dropped or flattened to its text.
 */
type Mark = NonNullable<TiptapNode["marks"]>[number];

/** The part of the DOM this walk uses (the server has no DOM types; linkedom provides the objects). */
interface Node {
  nodeType: number;
  textContent: string | null;
  childNodes: Iterable<Node>;
}
interface Element extends Node {
  tagName: string;
  children: Iterable<Element>;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element>;
}

const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "IFRAME", "OBJECT", "SVG", "IMG", "BUTTON", "FORM", "INPUT", "SELECT", "NAV"]);
const BLOCK = new Set([
  "P",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "UL",
  "OL",
  "LI",
  "TABLE",
  "BLOCKQUOTE",
  "PRE",
  "DIV",
  "SECTION",
  "ARTICLE",
  "MAIN",
  "HEADER",
  "FOOTER",
  "ASIDE",
  "FIGURE",
  "FIGCAPTION",
  "DL",
  "DT",
  "DD",
  "HR",
]);

function inline(node: Node, marks: Mark[]): TiptapNode[] {
  if (node.nodeType === 3) {
    const text = (node.textContent ?? "").replace(/\s+/g, " ");
    return text ? [{ type: "text", text, ...(marks.length ? { marks } : {}) }] : [];
  }
  if (node.nodeType !== 1) return [];
  const el = node as Element;
  if (SKIP.has(el.tagName)) return [];
  if (el.tagName === "BR") return [{ type: "hardBreak" }];
  const extra: Mark[] = [];
  if (el.tagName === "STRONG" || el.tagName === "B") extra.push({ type: "bold" });
  if (el.tagName === "EM" || el.tagName === "I") extra.push({ type: "italic" });
  const next = [...marks, ...extra.filter((m) => !marks.some((x) => x.type === m.type))];
  return [...el.childNodes].flatMap((child) => inline(child, next));
}

/** Trims the run and merges neighbouring text nodes with the same marks. */
function tidy(nodes: TiptapNode[]): TiptapNode[] {
  const out: TiptapNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === "text" && last?.type === "text" && JSON.stringify(last.marks) === JSON.stringify(node.marks))
      last.text = `${last.text ?? ""}${node.text ?? ""}`;
    else out.push({ ...node });
  }
  const first = out[0];
  if (first?.type === "text") first.text = (first.text ?? "").trimStart();
  const end = out[out.length - 1];
  if (end?.type === "text") end.text = (end.text ?? "").trimEnd();
  return out.filter((n) => n.type !== "text" || n.text);
}

const textBlock = (type: "paragraph" | "heading" | "figcaption", el: Element, attrs?: TiptapNode["attrs"]): TiptapNode | null => {
  const content = tidy(inline(el, []));
  if (!content.some((n) => n.type === "text")) return null;
  return { type, ...(attrs ? { attrs } : {}), content };
};

function blocks(parent: Element): TiptapNode[] {
  const out: TiptapNode[] = [];
  let run: Node[] = [];
  const flushRun = () => {
    const content = tidy(run.flatMap((n) => inline(n, [])));
    if (content.some((n) => n.type === "text")) out.push({ type: "paragraph", content });
    run = [];
  };
  for (const child of [...parent.childNodes]) {
    const el = child.nodeType === 1 ? (child as Element) : null;
    if (!el || !BLOCK.has(el.tagName)) {
      if (!el || !SKIP.has(el.tagName)) run.push(child);
      continue;
    }
    flushRun();
    out.push(...block(el));
  }
  flushRun();
  return out;
}

function block(el: Element): TiptapNode[] {
  const tag = el.tagName;
  const heading = /^H([1-6])$/.exec(tag);
  if (heading) {
    const node = textBlock("heading", el, { level: Math.min(Number(heading[1]), 4) });
    return node ? [node] : [];
  }
  if (tag === "P" || tag === "DT" || tag === "DD") {
    const node = textBlock("paragraph", el);
    return node ? [node] : [];
  }
  if (tag === "UL" || tag === "OL") {
    const items = [...el.children]
      .filter((li) => li.tagName === "LI")
      .map((li): TiptapNode => {
        const content = blocks(li);
        return { type: "listItem", content: content.length ? content : [{ type: "paragraph" }] };
      })
      .filter((li) => li.content?.some((n) => n.content?.length));
    return items.length ? [{ type: tag === "UL" ? "bulletList" : "orderedList", content: items }] : [];
  }
  if (tag === "TABLE") {
    return [...el.querySelectorAll("tr")]
      .map((row) =>
        [...row.children]
          .map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim())
          .filter(Boolean)
          .join(" | "),
      )
      .filter(Boolean)
      .map(paragraph);
  }
  if (tag === "BLOCKQUOTE") {
    const content = blocks(el);
    return content.length ? [{ type: "blockquote", content }] : [];
  }
  if (tag === "PRE") {
    const text = (el.textContent ?? "").trim();
    return text ? [{ type: "codeBlock", content: [{ type: "text", text }] }] : [];
  }
  if (tag === "HR") return [{ type: "horizontalRule" }];
  if (tag === "FIGURE") {
    const caption = el.querySelector("figcaption");
    const inner = blocks(el).filter((n) => n.type !== "figcaption");
    const captionNode = caption ? textBlock("figcaption", caption) : null;
    if (captionNode && inner.length === 1 && inner[0]) return [{ type: "figure", content: [inner[0], captionNode] }];
    return captionNode ? [...inner, { type: "paragraph", content: captionNode.content ?? [] }] : inner;
  }
  if (tag === "FIGCAPTION") {
    const node = textBlock("figcaption", el);
    return node ? [node] : [];
  }
  return blocks(el);
}

export function htmlToDoc(html: string): TiptapNode {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const content = blocks(document.body as unknown as Element);
  return { type: "doc", content: content.length ? content : [{ type: "paragraph" }] };
}
