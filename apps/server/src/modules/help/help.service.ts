import type { AdminFeedbackView, FeedbackCategory, FeedbackInput, FeedbackView, NotificationPreferences, TourState, TourStatus } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Actor, MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./help.repo.ts";

const present = (row: repo.FeedbackRow): FeedbackView => ({
  id: row.id,
  category: row.category as FeedbackCategory,
  details: row.details,
  has_screenshot: row.screenshotFileId !== null,
  created_at: row.createdAt.toISOString(),
});

/** Feedback from the help menu, kept with the sender's company; a screenshot must be an image of that company. */
export async function sendFeedback(ctx: AppContext, actor: MemberActor, input: FeedbackInput): Promise<FeedbackView> {
  if (input.screenshot_file_id) {
    const file = (await repo.findFile(ctx.db, actor.companyId, input.screenshot_file_id)) ?? fail("file_not_found", { screenshot_file_id: "file_not_found" });
    if (!file.mime.startsWith("image/")) fail("invalid_parameters", { screenshot_file_id: "invalid_parameters" });
  }
  const row = await repo.insertFeedback(ctx.db, {
    companyId: actor.companyId,
    userId: actor.userId,
    category: input.category,
    details: input.details,
    screenshotFileId: input.screenshot_file_id,
  });
  return present(row);
}

export async function listFeedbackForPlatform(ctx: AppContext, page: number, pageSize: number): Promise<{ items: AdminFeedbackView[]; total: number }> {
  const [rows, total] = await Promise.all([repo.listAllFeedback(ctx.db, pageSize, (page - 1) * pageSize), repo.countAllFeedback(ctx.db)]);
  return {
    items: rows.map((row) => ({
      ...present(row.feedback),
      company: { id: row.feedback.companyId, name: row.companyName },
      user: row.feedback.userId ? { id: row.feedback.userId, name: fullName(row.userFirst, row.userLast), email: row.userEmail ?? "" } : null,
    })),
    total,
  };
}

export async function feedbackScreenshot(ctx: AppContext, feedbackId: number) {
  return (await repo.findFeedbackScreenshot(ctx.db, feedbackId)) ?? fail("file_not_found");
}

/** No stored choice means both alerts on. */
export async function preferences(ctx: AppContext, actor: Actor): Promise<NotificationPreferences> {
  const row = await repo.findPreferences(ctx.db, actor.userId);
  return { sound: row?.sound ?? true, browser: row?.browser ?? true };
}

export async function savePreferences(ctx: AppContext, actor: Actor, input: NotificationPreferences): Promise<NotificationPreferences> {
  await repo.upsertPreferences(ctx.db, actor.userId, input);
  return preferences(ctx, actor);
}

/** No row: the tour has not been offered yet (the web app offers it once the person belongs to a company). */
export async function tour(ctx: AppContext, actor: Actor): Promise<TourState> {
  const row = await repo.findTour(ctx.db, actor.userId);
  return row ? { status: row.status as TourStatus, step: row.step } : { status: "new", step: 0 };
}

/** Started, paused at a step, declined or finished; going back to `new` would offer it again, so it is refused. */
export async function saveTour(ctx: AppContext, actor: Actor, input: TourState): Promise<TourState> {
  if (input.status === "new") fail("invalid_parameters", { status: "invalid_parameters" });
  await repo.upsertTour(ctx.db, actor.userId, input);
  return tour(ctx, actor);
}
