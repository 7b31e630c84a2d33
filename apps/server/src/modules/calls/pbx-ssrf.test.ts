import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { callRecordingPath, type CallCenterView, type CallView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ctiCompany, LINE, randomPhone, waitingCall } from "../../../test/call-center.ts";
import { companyAdmin, unique } from "../../../test/factories.ts";
import { startTestApp, type ApiResponse, type TestApp } from "../../../test/harness.ts";
import { until } from "../../../test/sockets.ts";
import * as repo from "./calls.repo.ts";
import { pbxAddressAllowed } from "./pbx-network.service.ts";

/**
 * Issue 28: the call center's URLs (the ARI address an admin types, its events socket, a CTI recording link) are
 * SSRF-safe. The app here runs as an installation without PBX_ALLOW_PRIVATE: nothing private, loopback or of this
 * machine's own may be reached, in any spelling, and every refusal looks the same. A listener on every local
 * address counts what reaches it, which must stay nothing.
 */
let t: TestApp;
let trap: Server;
let trapPort: number;
let reached = 0;

beforeAll(async () => {
  t = await startTestApp({ ARI_CONNECTIONS: "true", ARI_SCAN_SECONDS: "0.3", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  trap = createServer((_req, res) => res.writeHead(401, { "www-authenticate": "Basic" }).end());
  trap.on("connection", () => (reached += 1));
  await new Promise<void>((resolve) => trap.listen(0, "::", resolve));
  trapPort = (trap.address() as AddressInfo).port;
});
afterAll(async () => {
  trap.closeAllConnections();
  await new Promise((resolve) => trap.close(resolve));
  await t.close();
});

/** This machine's own addresses, as URL hosts. */
const ownHosts = () =>
  Object.values(os.networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.address.startsWith("fe80:"))
    .map((entry) => (entry.family === "IPv6" ? `[${entry.address}]` : entry.address));

const connect = (client: Awaited<ReturnType<typeof companyAdmin>>["client"], url: string) =>
  client.put<CallCenterView>("/api/call-center/connection", { kind: "asterisk_ari", url, username: "holboo", password: "typed-secret", app_name: "holboo" });
const errorOf = (response: ApiResponse<unknown>) => ({ status: response.status, body: response.body });

describe("the PBX address an admin types (PBX_ALLOW_PRIVATE off)", () => {
  it("is refused in every spelling of loopback and this machine's addresses, with one error, and no request leaves", async () => {
    const admin = await companyAdmin(t);
    const hosts = [
      "127.0.0.1",
      "127.1",
      "2130706433",
      "0x7f000001",
      "0177.0.0.1",
      "0177.1",
      "0x7f.1",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::1]",
      "[0:0:0:0:0:0:0:1]",
      "localhost",
      "0.0.0.0",
      ...ownHosts(),
    ];
    // A name that resolves nowhere: the plainest failure, which every refusal must look like.
    const reference = errorOf(await connect(admin.client, "http://pbx.invalid:8088"));
    expect(reference).toMatchObject({ status: 502, body: { error: { code: "pbx_unreachable", fields: { url: "pbx_unreachable" } } } });
    for (const host of hosts) expect(errorOf(await connect(admin.client, `http://${host}:${trapPort}`)), host).toEqual(reference);
    // The cloud metadata service and private networks: the same answer, nothing telling what is there.
    for (const url of ["http://169.254.169.254/latest/meta-data", "http://[fd00:ec2::254]/", "http://10.0.0.1:8088", "http://192.168.1.10:8088"])
      expect(errorOf(await connect(admin.client, url)), url).toEqual(reference);
    expect(reached).toBe(0);
    expect((await admin.client.get<CallCenterView>("/api/call-center")).body.connection).toBeNull();
  });

  it("a connection stored on a loopback address opens no events socket and sends no request", async () => {
    const admin = await companyAdmin(t);
    const before = reached;
    // As if saved while the installation allowed private addresses, or by a name that now resolves to loopback.
    const saved = await repo.upsertConnection(t.database.db, {
      companyId: admin.me.company_id,
      kind: "asterisk_ari",
      url: `http://127.0.0.1:${trapPort}`,
      username: "holboo",
      appName: "holboo",
      webhookKey: unique("key-"),
      secrets: t.secrets.seal({ password: "typed-secret" }),
      state: "connecting",
      lastError: null,
    });
    await until(async () => (await repo.findConnectionById(t.database.db, saved.id))?.state === "failed", 15_000);
    expect((await repo.findConnectionById(t.database.db, saved.id))?.lastError).toBe("pbx_unreachable");
    // Its calls' recordings are refused alike.
    const call = await repo.insertCall(t.database.db, {
      companyId: admin.me.company_id,
      connectionId: saved.id,
      providerCallId: unique("ssrf-call-"),
      number: randomPhone(),
      direction: "in",
      status: "ended",
      startedAt: new Date(),
      recordingUrl: "recording:inside",
    });
    const contact = await admin.client.post<{ id: number }>("/api/contacts", { first_name: "Дуудлага", phone: call!.number });
    await t.database.pool.query("UPDATE calls SET contact_id = $1 WHERE id = $2", [contact.body.id, call!.id]);
    const recording = await admin.client.get(callRecordingPath(call!.id));
    expect(errorOf(recording)).toMatchObject({ status: 502, body: { error: { code: "recording_unavailable" } } });
    expect(reached).toBe(before);
  });

  it("a CTI recording URL on a private address is not fetched, and answers as any unavailable recording", async () => {
    const { admin, send } = await ctiCompany(t);
    const number = randomPhone();
    const id = unique("call-");
    await send({ event_id: `${id}-1`, event: "new_call", call_id: id, from: number, to: LINE });
    const waiting = await waitingCall(admin.client, number);
    await send({ event_id: `${id}-2`, event: "answered", call_id: id, from: number, to: LINE, extension: "300" });
    const inside = `http://[::ffff:127.0.0.1]:${trapPort}/recordings/inside.wav`;
    await send({ event_id: `${id}-3`, event: "hangup", call_id: id, from: number, to: LINE, cause: "normalClearing", recording_url: inside });
    const callsOf = async () => (await admin.client.get<CallView[]>(`/api/interactions/${waiting.interaction_id}/calls`)).body;
    await until(async () => (await callsOf())[0]?.recording_url !== null, 15_000);
    const before = reached;
    const blocked = await admin.client.get(callRecordingPath((await callsOf())[0]!.id));
    expect(errorOf(blocked)).toMatchObject({ status: 502, body: { error: { code: "recording_unavailable" } } });
    expect(reached).toBe(before);
  });
});

describe("the address rule", () => {
  const publicOwn = { eth9: [{ address: "8.8.4.4", netmask: "255.255.255.0", family: "IPv4", mac: "", internal: false, cidr: null }] } as ReturnType<
    typeof os.networkInterfaces
  >;

  it("off: only public addresses that are not this machine's; IPv6 forms are judged by the IPv4 address they carry", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "10.1.2.3",
      "fd00::2",
      "169.254.169.254",
    ])
      expect(pbxAddressAllowed(address, false, publicOwn), address).toBe(false);
    expect(pbxAddressAllowed("8.8.4.4", false, publicOwn)).toBe(false);
    expect(pbxAddressAllowed("::ffff:8.8.4.4", false, publicOwn)).toBe(false);
    expect(pbxAddressAllowed("8.8.8.8", false, publicOwn)).toBe(true);
  });

  it("on (an on-premises PBX): private and own addresses, but never link-local, metadata, unspecified or multicast", () => {
    for (const address of ["127.0.0.1", "::1", "10.1.2.3", "192.168.0.5", "fd00::2", "8.8.4.4"])
      expect(pbxAddressAllowed(address, true, publicOwn), address).toBe(true);
    for (const address of ["169.254.169.254", "::ffff:169.254.169.254", "fe80::1", "0.0.0.0", "::", "224.0.0.1", "ff02::1", "255.255.255.255"])
      expect(pbxAddressAllowed(address, true, publicOwn), address).toBe(false);
  });
});

describe("with PBX_ALLOW_PRIVATE on", () => {
  it("a redirect is not followed, and the metadata address stays refused with the same error", async () => {
    const onPremises = await startTestApp({ PBX_ALLOW_PRIVATE: "true", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    const redirect = createServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/ari/asterisk/info` }).end());
    await new Promise<void>((resolve) => redirect.listen(0, "127.0.0.1", resolve));
    try {
      const admin = await companyAdmin(onPremises);
      const before = reached;
      const redirected = errorOf(await connect(admin.client, `http://127.0.0.1:${(redirect.address() as AddressInfo).port}`));
      expect(redirected).toMatchObject({ status: 502, body: { error: { code: "pbx_unreachable", fields: { url: "pbx_unreachable" } } } });
      expect(errorOf(await connect(admin.client, "http://169.254.169.254"))).toEqual(redirected);
      expect(reached).toBe(before);
    } finally {
      redirect.closeAllConnections();
      await new Promise((resolve) => redirect.close(resolve));
      await onPremises.close();
    }
  });
});
