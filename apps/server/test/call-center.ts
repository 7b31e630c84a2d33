import type { CallCenterSettingsInput, CallCenterView, CallMonitorView, CallView } from "@holboo/core";
import { CALL_CENTER_DEFAULTS } from "@holboo/core";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { startFakeAri, type FakeAri } from "./fake-ari/server.ts";
import { companyAdmin } from "./factories.ts";
import { startTestApp, type Client, type Served, type TestApp } from "./harness.ts";
import { connected, staffSocket, until } from "./sockets.ts";
import { ctiSignature } from "../src/channels/cti/cti.service.ts";

/** The number a test company's line answers (each company has lines of its own on a PBX of its own). */
export const LINE = "+97677001100";
export const randomPhone = () => `+9769${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

export interface CallCenterTests {
  /** The file's app, with ARI connections on. */
  readonly t: TestApp;
  /** This test's fake Asterisk. */
  readonly ari: FakeAri;
  /** One more fake Asterisk (another company's), stopped and checked with the others. */
  anotherAri(): Promise<FakeAri>;
}

/**
 * The call-center test files' set-up, registered in the file that calls it: one app for the file with ARI
 * connections on (scanned every 0.3 s) and private PBX addresses allowed (the fake Asterisk listens on
 * 127.0.0.1, as an on-premises PBX would on its network), and a new fake Asterisk for each test, one per company as in life,
 * fetching media from the app's own port (Asterisk would use PUBLIC_URL). After the file the app stops and
 * every PBX must have seen no protocol violation and no extension rung for two calls at once. After-hooks run in reverse order (Vitest's default
 * `sequence.hooks: "stack"`), so a file's own clean-up still finds the app running.
 */
export function callCenterTests(): CallCenterTests {
  let app: TestApp | undefined;
  let current: FakeAri | undefined;
  const pbxs: FakeAri[] = [];
  beforeAll(async () => {
    app = await startTestApp({ ARI_CONNECTIONS: "true", ARI_SCAN_SECONDS: "0.3", PBX_ALLOW_PRIVATE: "true", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  });
  afterEach(() => dropSignedIn());
  afterAll(async () => {
    await app?.close();
    for (const pbx of pbxs) {
      await pbx.close();
      expect(pbx.violations).toEqual([]);
      // Ringing is busy: no extension was ever rung for a second call while a leg of Holboo's was up on it.
      expect(pbx.doubleRings).toEqual([]);
    }
  });
  const startPbx = async () => {
    const pbx = await startFakeAri();
    pbx.media.origin = app?.url ?? null;
    pbxs.push(pbx);
    return pbx;
  };
  beforeEach(async () => {
    current = await startPbx();
  });
  return {
    get t() {
      if (!app) throw new Error("the call-center tests' app starts in beforeAll");
      return app;
    },
    get ari() {
      if (!current) throw new Error("each call-center test's fake Asterisk starts in beforeEach");
      return current;
    },
    anotherAri: startPbx,
  };
}

/** What the settings send to connect `pbx` over ARI. */
export const ariConnectionInput = (pbx: FakeAri, password = pbx.password) => ({
  kind: "asterisk_ari",
  url: pbx.url,
  username: pbx.username,
  password,
  app_name: pbx.app,
});

/** Staff sockets of people signed in for calls by `signedIn`, closed after each test. */
const signedInSockets: Socket[] = [];

/**
 * The person behind `client` signed in as the web app keeps them: a staff socket, so they are online (and stay so,
 * their process's heartbeat extending it) and their extension is rung. Closed after the test, or by the caller.
 */
export async function signedIn(t: Served, client: Client) {
  const socket = staffSocket(t, client);
  signedInSockets.push(socket);
  await connected(socket);
  return socket;
}

/**
 * Closes every `signedIn` socket now, as a stopping process loses them (an in-test app does not close while a staff
 * socket is connected to it, so a restart needs them gone first).
 */
export function dropSignedIn() {
  for (const socket of signedInSockets.splice(0)) socket.close();
}

/**
 * A call center's settings as the tests' companies have them: no after-call work unless a test asks (a person who
 * just finished a call is rung for the next at once), the other settings the defaults.
 */
export async function setCallCenter(client: Client, settings: Partial<CallCenterSettingsInput> = {}) {
  const saved = await client.put<CallCenterView>("/api/call-center/settings", { ...CALL_CENTER_DEFAULTS, after_call_seconds: 0, ...settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.settings;
}

/**
 * A new company whose admin connected `pbx` over ARI, added the line `LINE` and took extension 101, signed in for
 * calls (`signedIn`), with the tests' settings (`setCallCenter`); it returns once the PBX is connected.
 */
export async function ariCompany(t: TestApp, pbx: FakeAri, settings: Partial<CallCenterSettingsInput> = {}) {
  const admin = await companyAdmin(t);
  await signedIn(t, admin.client);
  await setCallCenter(admin.client, settings);
  const saved = await admin.client.put<CallCenterView>("/api/call-center/connection", ariConnectionInput(pbx));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const lines = await admin.client.post<CallCenterView>("/api/call-center/lines", { number: LINE, name: "Үндсэн шугам" });
  expect(lines.status, JSON.stringify(lines.body)).toBe(200);
  const extension = await admin.client.post<CallCenterView>("/api/call-center/extensions", { extension: "101", user_id: admin.me.ID });
  expect(extension.status, JSON.stringify(extension.body)).toBe(200);
  await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connected", 15_000);
  return { ...admin, line: lines.body.lines[0]! };
}

/** The first call shown in a conversation. */
export async function callOf(client: Client, interactionId: number) {
  return (await client.get<CallView[]>(`/api/interactions/${interactionId}/calls`)).body[0]!;
}

/** The caller `number` on the monitor's waiting list, once the call is in a conversation. */
export async function waitingCall(client: Client, number: string) {
  let found: CallView | undefined;
  await until(async () => {
    found = (await client.get<CallMonitorView>("/api/call-center/monitor")).body.waiting.find((c) => c.number === number && c.interaction_id !== null);
    return !!found;
  }, 15_000);
  return found!;
}

/**
 * A new company on the generic CTI webhook (its signing secret shown once), with the line `LINE` and
 * extension 300 its admin's; `send` posts an event as the PBX signs it (or with another secret or timestamp).
 */
export async function ctiCompany(t: TestApp) {
  const admin = await companyAdmin(t);
  const saved = await admin.client.put<CallCenterView>("/api/call-center/connection", { kind: "cti_webhook" });
  expect(saved.status).toBe(200);
  const secret = saved.body.connection!.signing_secret!;
  expect(secret).toBeTruthy();
  expect((await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.signing_secret).toBeNull();
  await admin.client.post("/api/call-center/lines", { number: LINE, name: "CTI" });
  await admin.client.post("/api/call-center/extensions", { extension: "300", user_id: admin.me.ID });
  const path = new URL(saved.body.connection!.webhook_url).pathname;
  /** `raw`: the body's exact text (a JSON number JSON.stringify would round). */
  const send = (event: Record<string, unknown>, options: { secret?: string; timestamp?: number; raw?: string } = {}) => {
    const body = options.raw ?? JSON.stringify(event);
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    return fetch(`${t.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-holboo-timestamp": timestamp,
        "x-holboo-signature": ctiSignature(options.secret ?? secret, timestamp, body),
      },
      body,
    });
  };
  return { admin, send };
}
