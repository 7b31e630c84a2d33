/**
 * `npx tsx scripts/record-guides.ts [-- --port N]` (after `npm run build`; needs Debian's chromium and ffmpeg:
 * `apt-get install -y chromium ffmpeg`). Records the guide's videos from the real product: starts the built app on a
 * fresh database (DATABASE_URL's server, default the local one), sets up a company with a web chat and a waiting
 * customer, and films each journey in chromium with Playwright's `recordVideo`, in Mongolian and in English. Each
 * recording is re-encoded (VP9, no sound) to apps/web/public/guides/<name>-<lang>.webm, small enough to commit.
 * Run it again when the screens change, look at the videos, and commit them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LOCALE_COOKIE, VISITOR_TOKEN_HEADER } from "@holboo/core";
import type * as PlaywrightModule from "@playwright/test";
import type { BrowserContext } from "@playwright/test";
import { arg, createDatabase, root, run, sleep, startServer, tearDown, type ServerProcess } from "./lib/harness.ts";

const port = arg("port", 3205);
const base = `http://127.0.0.1:${port}`;
const out = path.join(root, "apps/web/public/guides");
const SIZE = { width: 1280, height: 720 };
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const FFMPEG = "/usr/bin/ffmpeg";

/**
 * Playwright's recorder runs the ffmpeg of its own browser downloads, which we do not fetch: point a private
 * browsers folder's ffmpeg at Debian's (same command line, it has VP8) before Playwright is loaded.
 */
function useDebianFfmpeg() {
  if (!existsSync(FFMPEG)) throw new Error(`${FFMPEG} is missing: apt-get install -y ffmpeg`);
  const browsers = JSON.parse(readFileSync(path.join(root, "node_modules/playwright-core/browsers.json"), "utf8")) as {
    browsers: Array<{ name: string; revision: string }>;
  };
  const revision = browsers.browsers.find((entry) => entry.name === "ffmpeg")?.revision;
  if (!revision) throw new Error("playwright-core names no ffmpeg revision");
  const folder = mkdtempSync(path.join(os.tmpdir(), "holboo-record-"));
  mkdirSync(path.join(folder, `ffmpeg-${revision}`));
  symlinkSync(FFMPEG, path.join(folder, `ffmpeg-${revision}`, "ffmpeg-linux"));
  process.env.PLAYWRIGHT_BROWSERS_PATH = folder;
  return folder;
}

/** VP9 at a constant quality: screens are mostly still, so a recording of half a minute stays well under 2 MB. */
function encode(recording: string, name: string, skipSeconds: number) {
  const target = path.join(out, name);
  execFileSync(FFMPEG, [
    "-loglevel",
    "error",
    "-y",
    "-ss",
    skipSeconds.toFixed(2),
    "-i",
    recording,
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-crf",
    "40",
    "-b:v",
    "0",
    "-row-mt",
    "1",
    "-cpu-used",
    "4",
    target,
  ]);
  console.log(`${path.relative(root, target)}: ${(statSync(target).size / 1024).toFixed(0)} KB`);
}

// Types only: Playwright itself is loaded after useDebianFfmpeg().
type Playwright = typeof PlaywrightModule;

const TEXT = {
  mn: {
    admin: { first: "Номин", last: "Бат", company: ["Номин дэлгүүр", "Номин маркет"], agent: "Номин туслах" },
    question: "Сайн байна уу, захиалга маань хэзээ хүргэгдэх вэ?",
    reply: "Сайн байна уу! Таны захиалга өнөөдөр 18 цагаас өмнө хүргэгдэнэ.",
  },
  en: {
    admin: { first: "Nomin", last: "Bat", company: ["Nomin Store", "Nomin Market"], agent: "Nomin Assistant" },
    question: "Hello, when will my order be delivered?",
    reply: "Hello! Your order will be delivered today before 6 pm.",
  },
} as const;
type Lang = keyof typeof TEXT;

async function csrf(context: BrowserContext) {
  const cookie = (await context.cookies(base)).find((entry) => entry.name === "hb_csrf");
  return { "x-csrf-token": cookie?.value ?? "" };
}

async function call<T>(context: BrowserContext, method: "POST" | "PUT", route: string, data: unknown): Promise<T> {
  const response = await context.request.fetch(`${base}${route}`, { method, data, headers: await csrf(context) });
  if (!response.ok()) throw new Error(`${method} ${route}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A customer writing from the company's site, through the web chat's own API. */
async function customerWrites(channel: { public_key: string; domain: string }, text: string) {
  const session = await fetch(`${base}/api/webchat/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ public_key: channel.public_key, host_origin: `https://${channel.domain}` }),
  });
  const { visitor_token: token } = (await session.json()) as { visitor_token: string };
  const sent = await fetch(`${base}/api/webchat/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", [VISITOR_TOKEN_HEADER]: token },
    body: JSON.stringify({ client_id: `guide-${Date.now()}`, text }),
  });
  if (!sent.ok) throw new Error(`visitor message: ${sent.status} ${await sent.text()}`);
}

/** A signed-in company admin in `lang`, with a web chat; a fresh context records from its first page. */
async function signedIn(playwright: Playwright, lang: Lang, index: number) {
  const browser = await playwright.chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const folder = mkdtempSync(path.join(os.tmpdir(), "holboo-video-"));
  const context = await browser.newContext({
    baseURL: base,
    viewport: SIZE,
    recordVideo: { dir: folder, size: SIZE },
    locale: lang === "mn" ? "mn-MN" : "en-US",
  });
  await context.addCookies([{ name: LOCALE_COOKIE, value: lang, url: base }]);
  const who = TEXT[lang].admin;
  const email = `guide-${lang}-${index}-${Date.now().toString(36)}@holboo.test`;
  const signup = await context.request.post(`${base}/api/signup`, {
    data: { first_name: who.first, last_name: who.last, email, password: "guide-password-42" },
  });
  if (!signup.ok()) throw new Error(`signup: ${signup.status()} ${await signup.text()}`);
  await call(context, "POST", "/api/onboarding", { company_name: who.company[index - 1], sector: "commerce", employee_range: "1-10", agent_name: who.agent });
  const channel = await call<{ public_key: string; domain: string }>(context, "POST", "/api/webchat-channels", {
    name: "Site",
    description: "Website chat",
    domain: `shop-${lang}-${index}.holboo.test`,
    name_mn: who.company[0],
  });
  const page = await context.newPage();
  const opened = Date.now();
  // The film starts once the first screen is drawn, not with the blank page before it.
  let skip = 0;
  const ready = async () => {
    await page.getByTestId("tab-open").waitFor();
    skip = Math.max(0, (Date.now() - opened) / 1000 - 0.3);
  };
  const finish = async (name: string) => {
    const video = page.video();
    await context.close();
    await browser.close();
    if (!video) throw new Error("no video was recorded");
    encode(await video.path(), `${name}-${lang}.webm`, skip);
    rmSync(folder, { recursive: true, force: true });
  };
  return { context, page, channel, ready, finish };
}

/** The guided tour, as a new person sees it after onboarding: the offer, then the eight steps. */
async function recordTour(playwright: Playwright, lang: Lang) {
  const { page, channel, ready, finish } = await signedIn(playwright, lang, 1);
  await customerWrites(channel, TEXT[lang].question);
  await page.goto("/interacts");
  await ready();
  await page.getByTestId("tour-offer").waitFor();
  await sleep(1800);
  await page.getByTestId("tour-offer-start").click();
  for (const step of ["menu", "inbox", "conversation", "composer", "contacts", "knowledge", "settings", "help"]) {
    await page.getByTestId(`tour-step-${step}`).waitFor({ timeout: 15_000 });
    await sleep(2600);
    await page.locator(".driver-popover-next-btn").click();
  }
  await sleep(1500);
  await finish("tour");
}

/** A customer's question arrives live with its unread count; the person opens it, replies and sends. */
async function recordAnswer(playwright: Playwright, lang: Lang) {
  const { context, page, channel, ready, finish } = await signedIn(playwright, lang, 2);
  await call(context, "PUT", "/api/me/tour", { status: "dismissed", step: 0 });
  await page.goto("/interacts");
  await ready();
  await sleep(1500);
  await customerWrites(channel, TEXT[lang].question);
  const item = page.locator("[data-testid^=inbox-item-]").first();
  await item.locator("[data-testid^=unread-]").waitFor({ timeout: 15_000 });
  await sleep(2000);
  await item.click();
  await page.getByTestId("thread").waitFor();
  await sleep(1500);
  await page.getByTestId("composer").click();
  await page.getByTestId("composer").pressSequentially(TEXT[lang].reply, { delay: 45 });
  await sleep(800);
  await page.getByTestId("send").click();
  await page.getByTestId("thread").getByText(TEXT[lang].reply).waitFor();
  await sleep(2500);
  await finish("answer");
}

run(async () => {
  const browsers = useDebianFfmpeg();
  const playwright = await import("@playwright/test");
  const database = await createDatabase();
  let server: ServerProcess | null = null;
  try {
    server = await startServer(database.url, port);
    mkdirSync(out, { recursive: true });
    for (const lang of ["mn", "en"] as const) {
      await recordTour(playwright, lang);
      await recordAnswer(playwright, lang);
    }
  } finally {
    await tearDown(server, database.name);
    rmSync(browsers, { recursive: true, force: true });
  }
});
