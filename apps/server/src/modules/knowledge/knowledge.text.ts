import type { TiptapNode } from "@holboo/core";

/** Text of an article for search, the character limit and the answer engine, derived from its Tiptap JSON. */

const TEXT_BLOCKS = new Set<TiptapNode["type"]>(["paragraph", "heading", "codeBlock", "figcaption"]);

function inlineText(node: TiptapNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hardBreak") return "\n";
  return (node.content ?? []).map(inlineText).join("");
}

/** One line per block, blank blocks dropped. */
export function blockLines(node: TiptapNode): string[] {
  if (TEXT_BLOCKS.has(node.type)) {
    const text = inlineText(node).trim();
    return text ? [text] : [];
  }
  if (node.type === "listItem") {
    const lines = (node.content ?? []).flatMap(blockLines);
    return lines.map((line, i) => (i === 0 ? `• ${line}` : line));
  }
  return (node.content ?? []).flatMap(blockLines);
}

export const docText = (doc: TiptapNode): string => blockLines(doc).join("\n");

/** A heading and the text below it up to the next heading of the same or a higher level. */
export interface Section {
  /** The heading path from the top, e.g. ["Хүргэлт", "Хөдөө орон нутаг"]; empty before the first heading. */
  path: string[];
  /** The section's blocks, one line each. */
  lines: string[];
}

export function docSections(doc: TiptapNode): Section[] {
  const sections: Section[] = [];
  const path: { level: number; text: string }[] = [];
  let current: Section = { path: [], lines: [] };
  for (const block of doc.content ?? []) {
    if (block.type === "heading") {
      if (current.lines.length || current.path.length) sections.push(current);
      const level = Number(block.attrs?.level ?? 1);
      while (path.length && (path[path.length - 1]?.level ?? 0) >= level) path.pop();
      path.push({ level, text: inlineText(block).trim() });
      current = { path: path.map((p) => p.text).filter(Boolean), lines: [] };
    } else {
      current.lines.push(...blockLines(block));
    }
  }
  if (current.lines.length || current.path.length) sections.push(current);
  return sections;
}

/** Passages of a few hundred characters: paragraphs are joined up to the target and a long one is split at sentences. */
const PASSAGE_TARGET_CHARS = 500;

function splitLong(line: string): string[] {
  if (line.length <= PASSAGE_TARGET_CHARS) return [line];
  const parts: string[] = [];
  let rest = line;
  while (rest.length > PASSAGE_TARGET_CHARS) {
    const window = rest.slice(0, PASSAGE_TARGET_CHARS);
    const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf("? "), window.lastIndexOf("! "), window.lastIndexOf("\n"));
    const at = cut > PASSAGE_TARGET_CHARS / 3 ? cut + 1 : window.lastIndexOf(" ") > 0 ? window.lastIndexOf(" ") : PASSAGE_TARGET_CHARS;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

export function docPassages(doc: TiptapNode): { path: string[]; text: string }[] {
  const passages: { path: string[]; text: string }[] = [];
  for (const section of docSections(doc)) {
    let buffer = "";
    for (const piece of section.lines.flatMap(splitLong)) {
      if (buffer && buffer.length + piece.length + 1 > PASSAGE_TARGET_CHARS) {
        passages.push({ path: section.path, text: buffer });
        buffer = "";
      }
      buffer = buffer ? `${buffer}\n${piece}` : piece;
    }
    if (buffer) passages.push({ path: section.path, text: buffer });
  }
  return passages;
}

/** A document of plain paragraphs (PDF text): blank lines separate paragraphs. */
export function textToDoc(text: string): TiptapNode {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
  return { type: "doc", content: paragraphs.length ? paragraphs.map(paragraph) : [{ type: "paragraph" }] };
}

export const paragraph = (text: string): TiptapNode => ({ type: "paragraph", content: text ? [{ type: "text", text }] : [] });
