import type { ContactInteractionView, ContactListItem, ContactView, ListResponse } from "@holboo/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channels, contactIdentities, contactMerges } from "../../platform/db/schema.ts";
import { errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, unique, visitor, webchatCompany } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A Messenger account of the contact: the adapter does not exist yet, so the identity is written as it would write it. */
async function messengerAccount(companyId: number, contactId: number, psid = unique("psid-"), type: "messenger" | "viber" = "messenger") {
  const [channel] = await t.database.db.insert(channels).values({ companyId, type, name: "Facebook хуудас", description: "" }).returning();
  await t.database.db.insert(contactIdentities).values({ companyId, contactId, channelId: channel?.id ?? 0, externalId: psid, verified: true });
}

describe("merging contacts", () => {
  it("moves every interaction and identity to the kept contact, fills its empty fields and records the merge", async () => {
    const company = await webchatCompany(t);
    const kept = await company.client.post<ContactView>("/api/contacts", { first_name: "Болд", email: "bold@example.mn" });
    await (await visitor(t, company.channel)).send("Сайн уу");
    const visitorContact = (await company.client.get<ListResponse<ContactListItem>>("/api/contacts?created_by=unregistered")).body.items[0];
    const removedId = visitorContact?.id ?? 0;
    await company.client.put(`/api/contacts/${removedId}`, { first_name: "Зочин", phone: "99887766", city: "Дархан", special: true });

    const merged = await company.client.post<ContactView>("/api/contacts/merge", { keep_id: kept.body.id, remove_id: removedId });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toMatchObject({ id: kept.body.id, first_name: "Болд", email: "bold@example.mn", phone: "+97699887766", city: "Дархан", special: true });
    expect(merged.body.social_accounts).toMatchObject([{ channel: { type: "webchat" } }]);
    const history = (await company.client.get<{ items: ContactInteractionView[] }>(`/api/contacts/${kept.body.id}/interactions`)).body.items;
    expect(history).toHaveLength(1);
    expect((await company.client.get(`/api/contacts/${removedId}`)).status).toBe(404);
    const [record] = await t.database.db
      .select()
      .from(contactMerges)
      .where(and(eq(contactMerges.companyId, company.me.company_id), eq(contactMerges.keptContactId, kept.body.id)));
    expect(record).toMatchObject({ removedContactId: removedId, mergedByUserId: company.me.ID, removedSnapshot: { firstName: "Зочин", city: "Дархан" } });
  });

  it("needs two different ids, and contacts with different Facebook accounts cannot be merged", async () => {
    const admin = await companyAdmin(t);
    const a = await admin.client.post<ContactView>("/api/contacts", { first_name: "Анар", phone: "88112233" });
    const b = await admin.client.post<ContactView>("/api/contacts", { first_name: "Батаа", phone: "88112234" });
    const same = await admin.client.post("/api/contacts/merge", { keep_id: a.body.id, remove_id: a.body.id });
    expect(same.status).toBe(400);
    expect(errorCode(same)).toBe("contact_merge_same_ids");

    await messengerAccount(admin.me.company_id, a.body.id);
    await messengerAccount(admin.me.company_id, b.body.id);
    const refused = await admin.client.post("/api/contacts/merge", { keep_id: a.body.id, remove_id: b.body.id });
    expect(refused.status).toBe(409);
    expect(errorCode(refused)).toBe("contact_merge_different_account");
    // Nothing moved: both still exist with their own account.
    expect((await admin.client.get<ContactView>(`/api/contacts/${a.body.id}`)).body.social_accounts).toHaveLength(1);
    expect((await admin.client.get<ContactView>(`/api/contacts/${b.body.id}`)).body.social_accounts).toHaveLength(1);

    // One side with an account and the other without merges fine.
    const c = await admin.client.post<ContactView>("/api/contacts", { first_name: "Цэцэг", phone: "88112235" });
    expect((await admin.client.post("/api/contacts/merge", { keep_id: c.body.id, remove_id: a.body.id })).status).toBe(200);
    const kept = (await admin.client.get<ContactView>(`/api/contacts/${c.body.id}`)).body;
    expect(kept.social_accounts).toMatchObject([{ channel: { type: "messenger" } }]);
    // Its own phone stays first; the other's goes to the extra slot.
    expect(kept).toMatchObject({ first_name: "Цэцэг", phone: "+97688112235", phone2: "+97688112233" });

    // A Facebook account and a Viber account are not two Facebook accounts: the same person may write on both.
    const onViber = await admin.client.post<ContactView>("/api/contacts", { first_name: "Дорж", phone: "88112236" });
    await messengerAccount(admin.me.company_id, onViber.body.id, unique("viber-"), "viber");
    const both = await admin.client.post<ContactView>("/api/contacts/merge", { keep_id: c.body.id, remove_id: onViber.body.id });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.social_accounts.map((a) => a.channel.type).sort()).toEqual(["messenger", "viber"]);
    // Two Viber accounts are two people, like two Facebook accounts.
    const otherViber = await admin.client.post<ContactView>("/api/contacts", { first_name: "Гэрэл", phone: "88112237" });
    await messengerAccount(admin.me.company_id, otherViber.body.id, unique("viber-"), "viber");
    expect(errorCode(await admin.client.post("/api/contacts/merge", { keep_id: c.body.id, remove_id: otherViber.body.id }))).toBe(
      "contact_merge_different_account",
    );
  });
});
