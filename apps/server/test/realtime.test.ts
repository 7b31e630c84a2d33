import type { InteractionEventView, MessageView, VisitorSendAck } from "@holboo/core";
import { LIMITS, SESSION_COOKIE, VISITOR_MESSAGES_PER_MINUTE } from "@holboo/core";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "./harness.ts";
import { colleague, PASSWORD, unique, visitor, webchatCompany, withheldLink } from "./factories.ts";
import { collect, connected, staffSocket, unmapped, until, visitorSocket } from "./sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const texts = (events: InteractionEventView[]) => events.filter((e) => e.type === "message.created").map((e) => (e.payload.message as MessageView).text);

describe("socket authentication", () => {
  it("refuses staff sockets without a session or from a foreign origin, and visitors without a token", async () => {
    const company = await webchatCompany(t);
    const anonymous = io(t.url, { transports: ["websocket"], forceNew: true, reconnection: false });
    await expect(connected(anonymous)).rejects.toThrow(/unauthorized/);
    const foreign = io(t.url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${company.client.cookie(SESSION_COOKIE)}`, origin: "https://evil.example" },
    });
    await expect(connected(foreign)).rejects.toThrow(/origin_not_allowed/);
    const badVisitor = visitorSocket(t, "forged-token");
    await expect(connected(badVisitor)).rejects.toThrow(/unauthorized/);
    for (const s of [anonymous, foreign, badVisitor]) s.close();
  });
});

describe("the address the app was served from", () => {
  const withOrigin = (client: Client, origin: string, host?: string) =>
    io(t.url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`, origin, ...(host ? { host } : {}) },
    });

  it("accepts a page served from another address of this server than PUBLIC_URL, and still refuses another site's page", async () => {
    const company = await webchatCompany(t);
    // PUBLIC_URL is http://localhost:0 here; the browser opened the app at 127.0.0.1:<port>, so its page's origin names the host it asked for.
    expect(new URL(t.config.PUBLIC_URL).origin).not.toBe(new URL(t.url).origin);
    const sameAddress = withOrigin(company.client, new URL(t.url).origin);
    await connected(sameAddress);
    // A LAN address or another name of the machine: the Host the browser sent is the page's own.
    const lanName = withOrigin(company.client, "http://192.168.1.20:3000", "192.168.1.20:3000");
    await connected(lanName);
    const events = collect<InteractionEventView>(lanName, "interaction.event");
    const chat = await visitor(t, company.channel);
    await chat.send("Сайн байна уу");
    await until(() => events.length > 0);

    // Another site's page aimed at this server: its origin is not the host it reached.
    const otherSite = withOrigin(company.client, "http://evil.example:3000");
    await expect(connected(otherSite)).rejects.toThrow(/origin_not_allowed/);
    const otherPort = withOrigin(company.client, `http://127.0.0.1:${Number(new URL(t.url).port) + 1}`);
    await expect(connected(otherPort)).rejects.toThrow(/origin_not_allowed/);
    for (const s of [sameAddress, lanName, otherSite, otherPort]) s.close();
  });
});

describe("a session's end ends its sockets", () => {
  const closed = (socket: ReturnType<typeof staffSocket>) =>
    new Promise<void>((resolve) => (socket.connected ? socket.once("disconnect", () => resolve()) : resolve()));

  it("logout ends that sign-in's sockets only; deactivation and a password reset end all of them, and none come back", async () => {
    const company = await webchatCompany(t);
    const agent = await colleague(t, company.client, "agent");
    const secondSignIn = new Client(t.url);
    expect((await secondSignIn.post("/api/login", { email: agent.email, password: PASSWORD })).status).toBe(200);
    const first = staffSocket(t, agent.client);
    const second = staffSocket(t, secondSignIn);
    await Promise.all([connected(first), connected(second)]);

    expect((await agent.client.get("/api/logout")).status).toBe(200);
    await closed(first);
    expect(second.connected).toBe(true);
    // Reconnecting with the ended session's cookie is refused at the handshake.
    const again = io(t.url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${agent.client.cookie(SESSION_COOKIE) ?? "ended"}` },
    });
    await expect(connected(again)).rejects.toThrow(/unauthorized/);

    const events = collect<InteractionEventView>(second, "interaction.event");
    expect((await company.client.put(`/api/users/${agent.me.ID}/status`, { user_status: "inactive" })).status).toBe(200);
    await closed(second);
    const customer = await visitor(t, company.channel);
    await customer.send(`Сайн байна уу ${unique()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
    for (const s of [first, second, again]) s.close();
  });

  it("a password reset ends every socket of the account", async () => {
    const company = await webchatCompany(t);
    const socket = staffSocket(t, company.client);
    await connected(socket);
    await new Client(t.url).post("/api/password/forgot", { email: company.me.email });
    const token = withheldLink(t, company.me.email).searchParams.get("token");
    expect((await new Client(t.url).post("/api/password/reset", { token, password: "another-password-9" })).status).toBe(200);
    await closed(socket);
    socket.close();
  });
});

describe("tenant isolation over sockets", () => {
  it("company B's staff and other visitors receive none of company A's events", async () => {
    const a = await webchatCompany(t);
    const b = await webchatCompany(t);
    const aSocket = staffSocket(t, a.client);
    const bSocket = staffSocket(t, b.client);
    await Promise.all([connected(aSocket), connected(bSocket)]);
    const aEvents = collect<InteractionEventView>(aSocket, "interaction.event");
    const bEvents = collect<InteractionEventView>(bSocket, "interaction.event");
    const bTyping = collect(bSocket, "typing");

    const aVisitor = await visitor(t, a.channel);
    const bystander = await visitor(t, a.channel);
    const bystanderSocket = visitorSocket(t, bystander.token);
    const aVisitorSocket = visitorSocket(t, aVisitor.token);
    await Promise.all([connected(bystanderSocket), connected(aVisitorSocket)]);
    const bystanderEvents = collect(bystanderSocket, "event");
    const visitorEvents = collect<InteractionEventView>(aVisitorSocket, "event");

    const sent = await aVisitor.send("Сайн уу");
    await a.client.post(`/api/interactions/${sent.body.interaction_id}/messages`, { client_id: unique("n-"), text: "нууц тэмдэглэл", is_private: true });
    await a.client.post(`/api/interactions/${sent.body.interaction_id}/messages`, { client_id: unique("r-"), text: "Сайн байна уу" });
    aVisitorSocket.emit("typing");
    await until(() => texts(aEvents).length === 3 && texts(visitorEvents).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bEvents).toEqual([]);
    expect(bTyping).toEqual([]);
    expect(bystanderEvents).toEqual([]);
    expect(texts(visitorEvents)).toEqual(["Сайн уу", "Сайн байна уу"]);
    for (const s of [aSocket, bSocket, bystanderSocket, aVisitorSocket]) s.close();
  });
});

describe("typing", () => {
  it("travels from the visitor to the staff and back", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const id = (await v.send("Сайн уу")).body.interaction_id;
    const staff = staffSocket(t, company.client);
    const visitorLive = visitorSocket(t, v.token);
    await Promise.all([connected(staff), connected(visitorLive)]);
    const staffTyping = collect<{ interaction_id: number; who: string }>(staff, "typing");
    const visitorTyping = collect<{ name: string }>(visitorLive, "typing");
    visitorLive.emit("typing");
    staff.emit("typing", { interaction_id: id });
    await until(() => staffTyping.length > 0 && visitorTyping.length > 0);
    expect(staffTyping[0]).toMatchObject({ interaction_id: id, who: "contact" });
    expect(visitorTyping[0]?.name).toBe("Батбаяр Дорж");
    staff.close();
    visitorLive.close();
  });
});

describe("gap-free resync", () => {
  it("a staff client that lost its socket converges on the exact thread after reconnecting", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const id = (await v.send("Эхний мессеж")).body.interaction_id;
    const held = new Map<number, InteractionEventView>();
    const hold = (event: InteractionEventView) => {
      if (event.interaction_id === id) held.set(event.seq, event);
    };
    for (const event of (await company.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${id}/events`)).body.items) hold(event);

    const first = staffSocket(t, company.client);
    await connected(first);
    first.on("interaction.event", hold);
    await v.send("Хоёр дахь");
    await until(() => held.size >= 2);
    first.close();

    // While the socket is down, both sides keep writing.
    const meanwhile: string[] = [];
    for (let i = 1; i <= 5; i++) {
      meanwhile.push(`Тасарсан үед ${i}`);
      await v.send(`Тасарсан үед ${i}`);
    }
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("r-"), text: "Хариу" });

    const second = staffSocket(t, company.client);
    second.on("interaction.event", hold);
    await connected(second);
    const lastHeld = Math.max(...held.keys());
    for (const event of (await company.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${id}/events?after=${lastHeld}`)).body.items)
      hold(event);
    await v.send("Дахин холбогдсоны дараа");
    await until(() => texts([...held.values()]).includes("Дахин холбогдсоны дараа"));

    const server = (await company.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${id}/events`)).body.items;
    const seqs = [...held.keys()].sort((x, y) => x - y);
    expect(seqs).toEqual(server.map((e) => e.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const thread = seqs.map((seq) => held.get(seq)!);
    expect(texts(thread)).toEqual(["Эхний мессеж", "Хоёр дахь", ...meanwhile, "Хариу", "Дахин холбогдсоны дараа"]);
    second.close();
  });

  it("a visitor converges the same way, seeing only what is theirs to see", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const id = (await v.send("Сайн уу")).body.interaction_id;
    const held = new Map<number, InteractionEventView>();
    const live = visitorSocket(t, v.token);
    await connected(live);
    live.on("event", (event: InteractionEventView) => held.set(event.seq, event));
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("a-"), text: "Нэг" });
    await until(() => held.size >= 1);
    live.close();
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("b-"), text: "Хоёр" });
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("n-"), text: "нууц", is_private: true });
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("c-"), text: "Гурав" });
    const missed = (await v.events(id, Math.max(...held.keys()))).body.items;
    for (const event of missed) held.set(event.seq, event);
    const thread = [...held.entries()].sort(([x], [y]) => x - y).map(([, e]) => e);
    expect(texts(thread)).toEqual(["Нэг", "Хоёр", "Гурав"]);
    expect(new Set(thread.map((e) => e.seq)).size).toBe(thread.length);
  });
});

describe("contact presence and typing in the inbox", () => {
  it("tells the company's staff when the customer opens and leaves the chat and while they type, and answers the current state", async () => {
    const company = await webchatCompany(t);
    const other = await webchatCompany(t);
    const staff = staffSocket(t, company.client);
    const outsider = staffSocket(t, other.client);
    await Promise.all([connected(staff), connected(outsider)]);
    const presence = collect<{ interaction_id: number; online: boolean }>(staff, "contact.presence");
    const typing = collect<{ interaction_id: number; who: string }>(staff, "typing");
    const leaked = collect(outsider, "contact.presence");

    const customer = await visitor(t, company.channel);
    const id = (await customer.send("Сайн байна уу")).body.interaction_id;
    const presenceOf = async () => (await company.client.get<{ contact_online: boolean }>(`/api/interactions/${id}/presence`)).body.contact_online;
    expect(await presenceOf()).toBe(false);

    const socket = visitorSocket(t, customer.token);
    await connected(socket);
    await until(() => presence.some((p) => p.interaction_id === id && p.online));
    expect(await presenceOf()).toBe(true);
    socket.emit("typing");
    await until(() => typing.some((e) => e.interaction_id === id && e.who === "contact"));

    socket.close();
    await until(() => presence.some((p) => p.interaction_id === id && !p.online));
    expect(await presenceOf()).toBe(false);
    expect(leaked).toEqual([]);
    expect((await other.client.get(`/api/interactions/${id}/presence`)).status).toBe(404);
    for (const s of [staff, outsider]) s.close();
  });
});

describe("visitor sends over the socket", () => {
  const sendOver = (socket: ReturnType<typeof visitorSocket>, payload: unknown) =>
    unmapped(socket).timeout(5000).emitWithAck("message", payload) as Promise<VisitorSendAck>;

  it("stores the message once, acknowledges it and pushes it to the staff, whatever the retries", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const staff = staffSocket(t, company.client);
    const live = visitorSocket(t, v.token);
    await Promise.all([connected(staff), connected(live)]);
    const staffEvents = collect<InteractionEventView>(staff, "interaction.event");

    const clientId = unique("sock-");
    const first = await sendOver(live, { client_id: clientId, text: "Сокетоор :)" });
    const again = await sendOver(live, { client_id: clientId, text: "Сокетоор :)" });
    const overHttp = await v.send("Сокетоор :)", clientId);
    if (!("message" in first) || !("message" in again)) throw new Error(JSON.stringify([first, again]));
    expect(again.message.id).toBe(first.message.id);
    expect(overHttp.body.id).toBe(first.message.id);
    await until(() => texts(staffEvents).length === 1);
    const stored = (await company.client.get<{ items: MessageView[] }>(`/api/interactions/${first.message.interaction_id}/messages`)).body.items;
    expect(stored.map((m) => m.text)).toEqual(["Сокетоор :)"]);
    expect(stored[0]?.sender.name).toBe(first.message.sender.name);
    for (const s of [staff, live]) s.close();
  });

  it("answers bad input with the catalogue's error in the visitor's language and stores nothing", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const live = io(`${t.url}/webchat`, { transports: ["websocket"], forceNew: true, reconnection: false, auth: { token: v.token, locale: "en" } });
    await connected(live);
    const empty = await sendOver(live, { client_id: unique("e-"), text: "   " });
    expect(empty).toEqual({ error: { code: "message_empty", message: "The message is empty.", fields: { text: "message_empty" } } });
    const tooLong = await sendOver(live, { client_id: unique("l-"), text: "я".repeat(LIMITS.messageMaxChars + 1) });
    expect("error" in tooLong && tooLong.error.code).toBe("text_too_long");
    const noClientId = await sendOver(live, { text: "сайн уу" });
    expect("error" in noClientId && noClientId.error.code).toBe("invalid_parameters");
    expect((await company.client.get<{ items: unknown[] }>("/api/interactions")).body.items).toEqual([]);
    live.close();
  });

  it("holds a visitor to one message budget per minute across the socket and HTTP", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const live = visitorSocket(t, v.token);
    await connected(live);
    const acks: VisitorSendAck[] = [];
    for (let i = 0; i < VISITOR_MESSAGES_PER_MINUTE - 1; i++) acks.push(await sendOver(live, { client_id: unique("r-"), text: `№${i}` }));
    expect(acks.every((ack) => "message" in ack)).toBe(true);
    expect((await v.send("сүүлийнх")).status).toBe(200);
    const over = await sendOver(live, { client_id: unique("r-"), text: "хэт олон" });
    expect("error" in over && over.error.code).toBe("rate_limited");
    expect((await v.send("бас хэт олон")).status).toBe(429);
    live.close();
  });
});
