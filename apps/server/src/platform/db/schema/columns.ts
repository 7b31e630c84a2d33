import { customType, timestamp } from "drizzle-orm/pg-core";

/** Column kinds every part of the schema uses. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
