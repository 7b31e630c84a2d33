/**
 * `npm run bench:web [-- --runs N --port N]` (after `npm run build`)
 * Starts the built product on a fresh database (DATABASE_URL, default the local server), signs up and
 * onboards a company through the API, and opens /interacts signed in, in chromium: cold (empty cache)
 * and warm (a second visit in the same browser profile), N times each. Prints bytes transferred over
 * the network (headers included), requests and LCP; the last line is one JSON object (medians).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext } from "@playwright/test";
import { arg, createDatabase, root, run, setUpCompany, startServer, tearDown } from "./lib/harness.ts";

const runs = arg("runs", 3);
const port = arg("port", 3930);
const base = `http://127.0.0.1:${port}`;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** What a page is made of; API calls and the realtime socket are the rest. */
const ASSET_TYPES = new Set(["Document", "Script", "Stylesheet", "Image", "Font", "Manifest"]);

interface Visit {
  kb: number;
  assetKb: number;
  jsKb: number;
  requests: number;
  networkRequests: number;
  lcpMs: number;
}

/** One navigation to /interacts in a new tab of `context`, measured through the DevTools protocol. */
async function visit(context: BrowserContext): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const types = new Map<string, string>();
  let bytes = 0,
    assetBytes = 0,
    jsBytes = 0,
    requests = 0,
    networkRequests = 0;
  cdp.on("Network.requestWillBeSent", () => requests++);
  cdp.on("Network.responseReceived", (event) => {
    types.set(event.requestId, event.type);
    if (!event.response.fromDiskCache && !event.response.fromPrefetchCache && !event.response.fromServiceWorker) networkRequests++;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const type = types.get(event.requestId) ?? "Other";
    bytes += event.encodedDataLength;
    if (ASSET_TYPES.has(type)) assetBytes += event.encodedDataLength;
    if (type === "Script") jsBytes += event.encodedDataLength;
  });
  await cdp.send("Network.enable");
  await page.goto(`${base}/interacts`, { waitUntil: "networkidle" });
  await page.getByTestId("tab-open").waitFor();
  const lcp = await page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve) => {
        let last = { ms: 0, element: "" };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const node = (entry as PerformanceEntry & { element?: Element | null }).element;
            last = { ms: entry.startTime, element: node ? `${node.tagName.toLowerCase()} "${(node.textContent ?? "").slice(0, 30)}"` : "" };
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(last), 500);
      }),
  );
  if (process.env.BENCH_DEBUG) {
    const timing = await page.evaluate(() =>
      JSON.stringify(
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => [
          e.name.replace(location.origin, ""),
          Math.round(e.startTime),
          Math.round(e.responseEnd),
        ]),
      ),
    );
    console.error(`LCP ${Math.round(lcp.ms)} ms on ${lcp.element}; resources ${timing}`);
  }
  const lcpMs = lcp.ms;
  await page.close();
  const kb = (n: number) => +(n / 1024).toFixed(1);
  return { kb: kb(bytes), assetKb: kb(assetBytes), jsKb: kb(jsBytes), requests, networkRequests, lcpMs: Math.round(lcpMs) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const summary = (label: string, v: Visit) =>
  `${label}: ${v.kb} KB transferred (assets ${v.assetKb} KB, of which JavaScript ${v.jsKb} KB), ${v.requests} requests (${v.networkRequests} over the network), LCP ${v.lcpMs} ms`;

async function main() {
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) throw new Error("run `npm run build` first: apps/web/dist/index.html is missing");
  const database = await createDatabase();
  const server = await startServer(database.url, port).catch(async (error: unknown) => {
    await tearDown(null, database.name);
    throw error;
  });
  const browser = await chromium
    .launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS })
    .catch(async (error: unknown) => {
      await tearDown(server, database.name);
      throw error;
    });
  try {
    const { admin } = await setUpCompany(base);
    const cookies = [...admin.cookies].map(([name, value]) => ({ name, value, url: base }));
    const cold: Visit[] = [];
    const warm: Visit[] = [];
    for (let i = 0; i < runs; i++) {
      // A fresh context has an empty HTTP cache; its second tab is a returning visitor.
      const context = await browser.newContext({ locale: "mn-MN", viewport: { width: 1366, height: 850 } });
      await context.addCookies(cookies);
      cold.push(await visit(context));
      warm.push(await visit(context));
      await context.close();
      console.log(summary(`run ${i + 1} cold`, cold[i] as Visit));
      console.log(summary(`run ${i + 1} warm`, warm[i] as Visit));
    }
    const pick = (visits: Visit[], key: keyof Visit) => median(visits.map((v) => v[key]));
    console.log(
      JSON.stringify({
        first_load_kb: pick(cold, "kb"),
        first_load_js_kb: pick(cold, "jsKb"),
        first_load_requests: pick(cold, "requests"),
        repeat_load_kb: pick(warm, "kb"),
        repeat_assets_kb: pick(warm, "assetKb"),
        repeat_network_requests: pick(warm, "networkRequests"),
        lcp_ms: pick(cold, "lcpMs"),
        repeat_lcp_ms: pick(warm, "lcpMs"),
      }),
    );
  } finally {
    await browser.close();
    await tearDown(server, database.name);
  }
}

run(main);
