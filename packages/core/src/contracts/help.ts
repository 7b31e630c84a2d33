import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { TOUR_STATUSES, TOUR_STEPS } from "./constants.ts";

/** Feedback categories (spec §3). */
export const FEEDBACK_CATEGORIES = ["technical", "appreciation", "complaint", "other"] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FeedbackInput = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: "required" }),
  details: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.feedbackDetailsMaxChars, { error: "text_too_long" }),
  /** An image uploaded first through /api/attachments (its size limit applies). */
  screenshot_file_id: z.uuid({ error: "file_not_found" }).nullable().default(null),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

export const FeedbackView = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  details: z.string(),
  has_screenshot: z.boolean(),
  created_at: z.string(),
});
export type FeedbackView = z.infer<typeof FeedbackView>;

/** What platform admins read: every company's feedback with who sent it. */
export const AdminFeedbackView = FeedbackView.extend({
  company: z.object({ id: z.number().int(), name: z.string() }),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminFeedbackView = z.infer<typeof AdminFeedbackView>;

/** A person's alerts for new conversations and messages. */
export const NotificationPreferences = z.object({ sound: z.boolean({ error: "invalid_parameters" }), browser: z.boolean({ error: "invalid_parameters" }) });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** Open conversations this person may see that hold customer messages they have not read (their own read position). */
export const UnreadSummary = z.object({ conversations: z.number().int(), messages: z.number().int() });
export type UnreadSummary = z.infer<typeof UnreadSummary>;

/** A person's place in the guided tour, kept on the server so it is offered once and resumes on any device. */
export const TourState = z.object({
  status: z.enum(TOUR_STATUSES, { error: "invalid_parameters" }),
  step: z
    .number({ error: "invalid_parameters" })
    .int({ error: "invalid_parameters" })
    .min(0, { error: "invalid_parameters" })
    .max(TOUR_STEPS.length - 1, { error: "invalid_parameters" }),
});
export type TourState = z.infer<typeof TourState>;
