/** Contacts, their types, their identities on channels and the record of merges. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { companies, users } from "./accounts.ts";
import { channels } from "./channels.ts";

/** Contact types (/settings/contact_type). Declared before contacts, which reference them. */
export const contactTypes = pgTable(
  "contact_types",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contact_types_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** Lower-case e-mails and E.164 phones (core normalizePhone), so duplicates compare equal. */
    email: text("email"),
    email2: text("email2"),
    phone: text("phone"),
    phone2: text("phone2"),
    companyName: text("company_name").notNull().default(""),
    profession: text("profession").notNull().default(""),
    city: text("city").notNull().default(""),
    district: text("district").notNull().default(""),
    subdistrict: text("subdistrict").notNull().default(""),
    addressDetail: text("address_detail").notNull().default(""),
    note: text("note").notNull().default(""),
    description: text("description").notNull().default(""),
    typeId: integer("type_id").references(() => contactTypes.id, { onDelete: "set null" }),
    special: boolean("special").notNull().default(false),
    /** user, system, ai or unregistered (a visitor who introduced nobody) */
    createdBy: text("created_by").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The client's key of an add, so a retried add returns the first contact instead of a second one. */
    idempotencyKey: text("idempotency_key"),
    /** What search matches (trigram GIN index with company_id, see the contacts migration). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(email2, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(phone2, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contacts_company_idx").on(t.companyId, t.id),
    // The list is newest first: a backward scan of these gives ORDER BY created_at DESC, id DESC with each filter.
    index("contacts_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("contacts_company_creator_idx").on(t.companyId, t.createdByUserId, t.createdAt, t.id),
    index("contacts_company_origin_idx").on(t.companyId, t.createdBy, t.createdAt, t.id),
    index("contacts_company_type_idx").on(t.companyId, t.typeId, t.createdAt, t.id),
    index("contacts_company_special_idx")
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.special}`),
    index("contacts_company_email_idx").on(t.companyId, t.email),
    index("contacts_company_email2_idx").on(t.companyId, t.email2),
    index("contacts_company_phone_idx").on(t.companyId, t.phone),
    index("contacts_company_phone2_idx").on(t.companyId, t.phone2),
    uniqueIndex("contacts_company_idempotency_unique")
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/** A contact's identity on one channel: a web-chat visitor, later a Messenger PSID or an e-mail address. */
export const contactIdentities = pgTable(
  "contact_identities",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Null for a web-chat visitor who has not written yet: the contact is made with their first message. */
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    verified: boolean("verified").notNull().default(false),
    visitorTokenHash: text("visitor_token_hash"),
    /** When the person left the channel (Viber's unsubscribed): nothing is sent until they write again. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /**
     * Messenger's handover protocol: the app that controls this person's thread when it is not Holboo (the
     * Page inbox, 263902037430900); null while Holboo has it (or it is idle). Holboo does not send meanwhile.
     */
    threadOwnerAppId: text("thread_owner_app_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contact_identities_channel_external_unique").on(t.channelId, t.externalId),
    uniqueIndex("contact_identities_token_unique").on(t.visitorTokenHash),
    index("contact_identities_company_contact_idx").on(t.companyId, t.contactId),
  ],
);

/** One merge of two contacts: the kept contact, a snapshot of the removed one, who and when. */
export const contactMerges = pgTable(
  "contact_merges",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    keptContactId: integer("kept_contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    removedContactId: integer("removed_contact_id").notNull(),
    removedSnapshot: jsonb("removed_snapshot").$type<Record<string, unknown>>().notNull(),
    mergedByUserId: integer("merged_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_merges_company_kept_idx").on(t.companyId, t.keptContactId)],
);
