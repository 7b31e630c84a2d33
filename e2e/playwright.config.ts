import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file too: make the data directory once, in the runner, and pass it on.
process.env.HOLBOO_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "holboo-e2e-"));

export const PLATFORM_ADMIN_EMAIL = "platform-admin@holboo.test";
/** The installation's Meta app in the journeys (the fake Graph API checks it). */
export const META_APP = { id: "700000000000001", secret: "e2e-meta-app-secret" };

export default defineConfig({
  testDir: ".",
  outputDir: path.join(root, "test-results"),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "mn-MN",
    viewport: { width: 1366, height: 850 },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node scripts/start.mjs",
    cwd: root,
    url: `http://127.0.0.1:${port}/pub/version`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.HOLBOO_E2E_DATA_DIR,
      DATABASE_URL: "",
      PLATFORM_ADMIN_EMAILS: PLATFORM_ADMIN_EMAIL,
      // The billing journey moves the billing clock through the platform admin's test-only endpoint (never in production).
      NODE_ENV: "test",
      BILLING_TEST_CLOCK: "true",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // The flows journey's order API listens on this machine.
      CUSTOM_API_PRIVATE_ADDRESSES: "127.0.0.1",
      // The e-mail journey's Dovecot and SMTP server listen on this machine too.
      EMAIL_ALLOW_PRIVATE: "true",

      // The call-center journey's fake Asterisk listens on this machine, as an on-premises PBX would on its network.
      PBX_ALLOW_PRIVATE: "true",
      WEBCHAT_NEW_VISITORS_PER_IP_PER_HOUR: "1000",
      // The social journeys start a fake Viber API and a fake Graph API (with Facebook Login's dialog) on these
      // ports (e2e/social.spec.ts), far from the next helpers' E2E_PORTs.
      VIBER_API_URL: `http://127.0.0.1:${port + 1001}/pa`,
      GRAPH_API_URL: `http://127.0.0.1:${port + 1002}/v23.0`,
      FACEBOOK_DIALOG_URL: `http://127.0.0.1:${port + 1002}/v23.0/dialog/oauth`,
      META_APP_ID: META_APP.id,
      META_APP_SECRET: META_APP.secret,
      META_VERIFY_TOKEN: "e2e-verify",
    },
  },
});
