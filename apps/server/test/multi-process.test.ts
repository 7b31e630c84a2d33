import type { InteractionEventView, MessageView, QaView, VirtualAgentView, VisitorSendAck, WebchatChannelView } from "@holboo/core";
import { SESSION_COOKIE, VISITOR_MESSAGES_PER_MINUTE } from "@holboo/core";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode } from "./harness.ts";
import { unique, visitor, webchatCompany, webchatInput } from "./factories.ts";
import { startServerProcess, type ServerProcess } from "./processes.ts";
import { collect, connected, staffSocket, until, visitorSocket } from "./sockets.ts";

/** Two real server processes on the run's database, with no load balancer: each test picks which one it talks to. */
let a: ServerProcess;
let b: ServerProcess;
const sockets: Socket[] = [];
const AUTH_LIMIT = 6;

beforeAll(async () => {
  const env = { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT), TRUST_PROXY: "true" };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

const live = <T extends Socket>(socket: T) => (sockets.push(socket), socket);
/** The same signed-in person, talking to the other process. */
function sameSession(client: Client, on: ServerProcess) {
  const other = new Client(on.url);
  for (const name of [SESSION_COOKIE, "hb_csrf"]) {
    const value = client.cookie(name);
    if (value) other.setCookie(name, value);
  }
  return other;
}
const sendOver = (socket: Socket, text: string) => socket.timeout(20_000).emitWithAck("message", { client_id: unique("m-"), text }) as Promise<VisitorSendAck>;
const texts = (events: InteractionEventView[]) => events.filter((e) => e.type === "message.created").map((e) => (e.payload.message as MessageView).text);

describe("two server processes on one database", () => {
  it("a visitor on one process, the staff on the other: the message and the customer's presence arrive live", async () => {
    const company = await webchatCompany(a);
    const staff = live(staffSocket(b, company.client));
    await connected(staff);
    const events = collect<InteractionEventView>(staff, "interaction.event");
    const presence = collect<{ online: boolean }>(staff, "contact.presence");
    const v = await visitor(a, company.channel);
    const chat = live(visitorSocket(a, v.token));
    await connected(chat);
    const ack = await sendOver(chat, "Сайн байна уу, нөгөө процесс");
    expect("message" in ack, JSON.stringify(ack)).toBe(true);
    await until(() => texts(events).includes("Сайн байна уу, нөгөө процесс"), 20_000);
    // The staff's reply on B reaches the visitor's socket on A.
    const visitorEvents = collect<InteractionEventView>(chat, "event");
    const id = "message" in ack ? ack.message.interaction_id : 0;
    const reply = await sameSession(company.client, b).post(`/api/interactions/${id}/messages`, { client_id: unique("r-"), text: "Сайн байна уу" });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await until(() => texts(visitorEvents).includes("Сайн байна уу"), 20_000);
    // Leaving on A is seen on B: A asks B whether the visitor has another socket there (fetchSockets).
    chat.close();
    await until(() => presence.some((signal) => !signal.online), 20_000);
  }, 90_000);

  it("a knowledge edit on one process is answered on the other", async () => {
    const company = await webchatCompany(a);
    await company.client.put("/api/me/presence", { presence: "away" });
    const [agent] = (await company.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    await company.client.put<WebchatChannelView>(`/api/webchat-channels/${company.channel.id}`, {
      ...webchatInput(company.domain),
      agent_id: agent?.id,
      agent_active: true,
    });
    const pair = { question: "Хүргэлт хэдэн хоногт ирэх вэ?", variants: ["Хүргэлт хэр удаан вэ"], answer: "Хоёр хоногт хүргэнэ." };
    const created = await company.client.post<QaView>("/api/knowledge/qa", pair);
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const v = await visitor(b, company.channel);
    const ask = async (text: string) => {
      const sent = await v.send(text);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      let replies: MessageView[] = [];
      await until(async () => {
        const events = (await v.events(sent.body.interaction_id, sent.body.seq)).body.items;
        replies = events.filter((e) => e.type === "message.created").map((e) => e.payload.message as MessageView);
        return replies.length > 0;
      }, 30_000);
      return replies[0]?.text;
    };
    // B builds its index of the agent on this first question.
    expect(await ask("хүргэлт хэдэн хоногт ирдэг вэ")).toBe(pair.answer);
    const edited = await company.client.put<QaView>(`/api/knowledge/qa/${created.body.id}`, { ...pair, answer: "Маргааш нь хүргэнэ." });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await until(async () => (await ask("хүргэлт хэдэн хоногт ирдэг вэ")) === "Маргааш нь хүргэнэ.", 30_000);
  }, 120_000);

  it("a sign-in rate limit holds across both processes", async () => {
    const from = { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.9` };
    const attempt = (on: ServerProcess) =>
      new Client(on.url).request("POST", "/api/login", { email: `${unique("nobody")}@example.mn`, password: "wrong-password-1" }, { headers: from });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT; i++) statuses.push((await attempt(i % 2 ? b : a)).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const overA = await attempt(a);
    const overB = await attempt(b);
    expect([overA.status, errorCode(overA)]).toEqual([429, "rate_limited"]);
    expect([overB.status, errorCode(overB)]).toEqual([429, "rate_limited"]);
  }, 90_000);

  it("a visitor's message budget holds across both processes, within one flush interval's tolerance", async () => {
    const company = await webchatCompany(a);
    const v = await visitor(a, company.channel);
    const [onA, onB] = [live(visitorSocket(a, v.token)), live(visitorSocket(b, v.token))];
    await Promise.all([connected(onA), connected(onB)]);
    const half = VISITOR_MESSAGES_PER_MINUTE / 2;
    const flushed = () => new Promise((resolve) => setTimeout(resolve, 1200));
    const acks: VisitorSendAck[] = [];
    for (let i = 0; i < half; i++) acks.push(await sendOver(onA, `A ${i}`));
    await flushed();
    for (let i = 0; i < half; i++) acks.push(await sendOver(onB, `B ${i}`));
    await flushed();
    expect(acks.every((ack) => "message" in ack)).toBe(true);
    // The tolerance: A last heard the total before B's messages, so it may admit what comes within its
    // next flush interval; after that, both refuse.
    const tolerated = await Promise.all([sendOver(onA, "хэт олон"), sendOver(onB, "хэт олон")]);
    expect(tolerated.filter((ack) => "message" in ack).length).toBeLessThanOrEqual(1);
    await flushed();
    for (const socket of [onA, onB]) {
      const over = await sendOver(socket, "хэт олон");
      expect("error" in over && over.error.code).toBe("rate_limited");
    }
  }, 90_000);
});
