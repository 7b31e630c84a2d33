import type { InteractionView, MessageView, VisitorSendAck } from "@holboo/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { unique, visitor, webchatCompany } from "../../../test/factories.ts";
import { connected, visitorSocket } from "../../../test/sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const contacts = async (companyId: number) =>
  (await t.database.db.execute<{ id: number; created_by: string }>(sql`SELECT id, created_by FROM contacts WHERE company_id = ${companyId} ORDER BY id`)).rows;
const identityContact = async (identityToken: string, companyId: number) =>
  (
    await t.database.db.execute<{ contact_id: number | null }>(
      sql`SELECT contact_id FROM contact_identities WHERE company_id = ${companyId} AND visitor_token_hash = encode(sha256(convert_to(${identityToken}, 'UTF8')), 'hex')`,
    )
  ).rows[0]?.contact_id;

describe("a web-chat visitor becomes a contact with their first message", () => {
  it("opening the widget makes no contact; the first message makes exactly one, which later messages and sessions keep", async () => {
    const company = await webchatCompany(t);
    const companyId = company.me.company_id;
    const customer = await visitor(t, company.channel);
    const again = await visitor(t, company.channel, { visitor_token: customer.token });
    expect(again.token).toBe(customer.token);
    expect(await contacts(companyId)).toEqual([]);

    const first = await customer.send("Сайн байна уу");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const made = await contacts(companyId);
    expect(made).toHaveLength(1);
    expect(made[0]?.created_by).toBe("unregistered");
    expect((await customer.send("Хүргэлт хэзээ ирэх вэ?")).status).toBe(200);
    expect(await contacts(companyId)).toHaveLength(1);

    // The staff see the conversation with that contact; the visitor's next session finds it again.
    const interaction = await company.client.get<InteractionView>(`/api/interactions/${first.body.interaction_id}`);
    expect(interaction.body.contact.id).toBe(made[0]?.id);
    const returning = await visitor(t, company.channel, { visitor_token: customer.token });
    expect(returning.session.interaction?.id).toBe(first.body.interaction_id);
    expect(await contacts(companyId)).toHaveLength(1);
  });

  it("two first messages at once (socket and HTTP) make one contact and one conversation", async () => {
    const company = await webchatCompany(t);
    const customer = await visitor(t, company.channel);
    const socket = visitorSocket(t, customer.token);
    await connected(socket);
    const [overSocket, overHttp, overHttpToo] = await Promise.all([
      socket.timeout(5000).emitWithAck("message", { client_id: unique("s-"), text: "Нэг" }) as Promise<VisitorSendAck>,
      customer.send("Хоёр"),
      customer.send("Гурав"),
    ]);
    socket.close();
    expect("message" in overSocket, JSON.stringify(overSocket)).toBe(true);
    const viaSocket = (overSocket as { message: MessageView }).message;
    expect([overHttp.status, overHttpToo.status]).toEqual([200, 200]);
    const made = await contacts(company.me.company_id);
    expect(made).toHaveLength(1);
    expect(new Set([viaSocket.interaction_id, overHttp.body.interaction_id, overHttpToo.body.interaction_id]).size).toBe(1);
    expect(await identityContact(customer.token, company.me.company_id)).toBe(made[0]?.id);
  });
});
