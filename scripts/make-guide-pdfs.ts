/**
 * `npx tsx scripts/make-guide-pdfs.ts` — writes the PDF guide in each language (apps/web/public/guides/holboo-guide-<lang>.pdf)
 * from the guide section's own texts (i18n/locales/<lang>/guide.json) and the guided tour's steps (help.json), so the PDF
 * says what the screens say. Run it again after changing those texts and commit the PDFs; the app serves them as they are.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { TOUR_STEPS } from "@holboo/core";
import PDFDocument from "pdfkit";
import { root } from "./lib/harness.ts";

const require = createRequire(path.join(root, "apps/server/package.json"));
// DejaVu Sans covers Cyrillic and Latin (the same fonts as the invoices).
const REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
const SECTIONS = ["general", "user", "interactions"] as const;

interface Part {
  h: string;
  p: string;
}
interface Guide {
  title: string;
  intro: string;
  tabs: Record<string, string>;
  pdf: { heading: string; tourHeading: string; tourIntro: string; footer: string };
  general: Part[];
  user: Part[];
  interactions: Part[];
}
interface Help {
  tour: { steps: Record<string, { title: string; text: string }> };
}

const readLocale = <T>(lang: string, namespace: string): T =>
  JSON.parse(readFileSync(path.join(root, `apps/web/src/i18n/locales/${lang}/${namespace}.json`), "utf8")) as T;

function write(lang: "mn" | "en"): Promise<string> {
  const guide = readLocale<Guide>(lang, "guide");
  const help = readLocale<Help>(lang, "help");
  const file = path.join(root, `apps/web/public/guides/holboo-guide-${lang}.pdf`);
  // A fixed date keeps the file the same when the texts are.
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Holboo — ${guide.pdf.heading}`, Author: "Holboo", CreationDate: new Date(Date.UTC(2026, 0, 1)) },
  });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<string>((resolve) =>
    doc.on("end", () => {
      writeFileSync(file, Buffer.concat(chunks));
      resolve(file);
    }),
  );
  const heading = (text: string, size: number) => doc.font("bold").fontSize(size).fillColor("#1c2a4a").text(text).moveDown(0.4);
  const paragraph = (text: string) => doc.font("regular").fontSize(11).fillColor("#222222").text(text, { lineGap: 2 }).moveDown(0.8);

  doc.font("bold").fontSize(26).fillColor("#228be6").text("Holboo");
  heading(guide.pdf.heading, 18);
  paragraph(guide.intro);
  for (const section of SECTIONS) {
    doc.moveDown(0.6);
    heading(guide.tabs[section] ?? section, 16);
    for (const part of guide[section]) {
      heading(part.h, 12.5);
      paragraph(part.p);
    }
  }
  // The tour's steps start a page of their own only when little of this one is left.
  if (doc.y > doc.page.height - 220) doc.addPage();
  else doc.moveDown(1);
  heading(guide.pdf.tourHeading, 16);
  paragraph(guide.pdf.tourIntro);
  TOUR_STEPS.forEach((step, index) => {
    const text = help.tour.steps[step];
    if (!text) throw new Error(`help.json (${lang}) has no tour step ${step}`);
    heading(`${index + 1}. ${text.title}`, 12.5);
    paragraph(text.text);
  });
  doc.moveDown(1).font("regular").fontSize(9).fillColor("#777777").text(guide.pdf.footer);
  doc.end();
  return done;
}

for (const lang of ["mn", "en"] as const) console.log(path.relative(root, await write(lang)));
