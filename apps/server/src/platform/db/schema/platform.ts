/** Tables that serve the running processes rather than any company: shared rate-limit counters and the realtime adapter's spill-over. */
import { bigserial, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.ts";

/**
 * Fixed-window counters shared by every process (the key names its window). UNLOGGED in the migration:
 * losing them in a database crash only resets the limits.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Required by @socket.io/postgres-adapter for payloads over NOTIFY's 8000 bytes; it deletes its own rows. */
export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  createdAt: createdAt(),
  payload: bytea("payload"),
});
