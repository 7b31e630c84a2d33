/** Help for staff: the feedback people send from the app, and each person's notification choices. */
import { boolean, index, integer, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { companies, files, users } from "./accounts.ts";

/** Feedback from the app's dialog, per company; platform admins read it in the admin panel. */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** technical, appreciation, complaint or other */
    category: text("category").notNull(),
    details: text("details").notNull(),
    screenshotFileId: uuid("screenshot_file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_company_idx").on(t.companyId, t.id)],
);

/** What alerts a person wants for new conversations and messages; no row means both on. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sound: boolean("sound").notNull().default(true),
  browser: boolean("browser").notNull().default(true),
  updatedAt: updatedAt(),
});

/** Where a person is in the guided tour; no row means it has not been offered yet. */
export const tourProgress = pgTable("tour_progress", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** running (stopped or paused at `step`), dismissed (declined the offer) or finished */
  status: text("status").notNull(),
  step: integer("step").notNull().default(0),
  updatedAt: updatedAt(),
});
