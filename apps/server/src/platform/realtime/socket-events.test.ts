import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { IssueNotification, StaffClientEvents, VisitorSendAck, VisitorTypingSignal } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin } from "../../../test/factories.ts";
import { connected, staffSocket, visitorSocket } from "../../../test/sockets.ts";
import { Realtime, type VisitorIdentity } from "./realtime.ts";

/**
 * The one event map in packages/core carries every socket event: a push made by its name reaches a client typed by the
 * same map with its payload, and a name or payload outside the map fails typecheck (`npm run typecheck`).
 */
let t: TestApp;
let http: HttpServer;
let realtime: Realtime;
let url: string;
const visitorIdentity: VisitorIdentity = { companyId: 1, channelId: 1, identityId: 4242, contactId: null, contactName: "Зочин" };
const staffTyping: Array<Parameters<StaffClientEvents["typing"]>[0]> = [];

beforeAll(async () => {
  t = await startTestApp();
  // A Realtime of its own on a bare HTTP server, so nothing but this test pushes to its sockets.
  realtime = new Realtime({ db: t.database.db, platformAdminEmails: [], allowedOrigins: [] });
  realtime.setVisitorAuthenticator(async (token) => (token === "visitor-token" ? visitorIdentity : null));
  realtime.onStaffConnection((socket) => socket.on("typing", (input) => staffTyping.push(input)));
  realtime.onVisitorConnection((socket) =>
    socket.on("message", (input, ack) => ack({ error: { code: "message_empty", message: `empty: ${input.client_id}` } })),
  );
  http = createServer();
  realtime.attach(http);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await new Promise((resolve) => http.close(resolve));
  await t.close();
});

describe("the socket event map", () => {
  it("delivers a staff push by its map name with its typed payload, and takes the staff's typed signals", async () => {
    const admin = await companyAdmin(t);
    const socket = staffSocket({ url }, admin.client);
    await connected(socket);
    const received = new Promise<IssueNotification>((resolve) => socket.once("issue.notify", resolve));
    const note: IssueNotification = { reason: "assigned", issue_id: 7, number: 3, name: "Буцаалт", by: "Бат Дорж" };
    realtime.toStaff([`u${admin.me.ID}`], "issue.notify", note);
    expect(await received).toEqual(note);

    socket.emit("typing", { interaction_id: 11 });
    await expect.poll(() => staffTyping).toEqual([{ interaction_id: 11 }]);
    socket.close();
  });

  it("delivers a visitor push by its map name, and answers a visitor's send on its typed acknowledgement", async () => {
    const socket = visitorSocket({ url }, "visitor-token");
    await connected(socket);
    const received = new Promise<VisitorTypingSignal>((resolve) => socket.once("typing", resolve));
    realtime.toVisitor(visitorIdentity.identityId, "typing", { interaction_id: 5, name: "Сараа Бат" });
    expect(await received).toEqual({ interaction_id: 5, name: "Сараа Бат" });

    const ack: VisitorSendAck = await socket.timeout(5000).emitWithAck("message", { client_id: "client-0001", text: "" });
    expect(ack).toEqual({ error: { code: "message_empty", message: "empty: client-0001" } });
    socket.close();
  });
});

/** Never called: each line must fail typecheck, so a name or payload that drifts from the map is caught before a test runs. */
export function wrongUsesFailTypecheck(socket: ReturnType<typeof staffSocket>, note: IssueNotification) {
  // @ts-expect-error a name that is not in the staff map
  realtime.toStaff(["c1"], "issue.notified", note);
  // @ts-expect-error the payload of another event
  realtime.toStaff(["c1"], "presence", note);
  // @ts-expect-error a staff event pushed to a visitor
  realtime.toVisitor(1, "issue.notify", note);
  // @ts-expect-error a client listening for a name the server never sends
  socket.on("issue.notified", () => undefined);
  // @ts-expect-error a client signal without its payload
  socket.emit("typing");
}
