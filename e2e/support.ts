import type { APIRequestContext, Page } from "@playwright/test";
import { Document, Packer, type Paragraph } from "docx";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the journeys save their screenshots of key screens. */
export const shotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "screenshots");
mkdirSync(shotsDir, { recursive: true });
export const shotPath = (name: string) => path.join(shotsDir, `${name}.png`);
// From the top, so the fixed header and menu are drawn where they belong on a long page, and with animations
// finished, so a popover or dialog is not caught mid-fade.
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shotPath(name), fullPage: true, animations: "disabled" });
}

/** The CSRF header a signed-in request context sends on writes, from its own cookie. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { "x-csrf-token": (await request.storageState()).cookies.find((c) => c.name === "hb_csrf")?.value ?? "" };
}

/** Signs a new user up and onboards their company through the API, as the first screens would. */
export async function newCompany(request: APIRequestContext, who: { first: string; last: string; email: string; company: string; agent: string }) {
  await request.post("/api/signup", { data: { first_name: who.first, last_name: who.last, email: who.email, password: "correct-horse-42" } });
  await request.post("/api/onboarding", {
    headers: await csrfHeaders(request),
    data: { company_name: who.company, sector: "commerce", employee_range: "1-10", agent_name: who.agent },
  });
}

/** A real .docx of these paragraphs, built in memory. */
export const docx = (children: Paragraph[]): Promise<Buffer> => Packer.toBuffer(new Document({ sections: [{ children }] }));

/** Imports a .docx through the knowledge tree's file input. */
export async function importDocx(page: Page, name: string, content: Promise<Buffer>) {
  await page
    .locator("input[type=file]")
    .setInputFiles({ name, mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: await content });
}
