import type { FeedbackInput } from "@holboo/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, apiUrl } from "../../lib/api.ts";
import { uploadAttachment } from "../../lib/attachments.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { adminKeys } from "../admin/admin.keys.ts";

export const FEEDBACK_PAGE_SIZE = 50;

/** What every company sent from the help menu, newest first (the platform admin's feedback tab). */
export const useAdminFeedback = (page: number) =>
  useQuery({ queryKey: adminKeys.feedback(page), queryFn: () => api.get("/api/admin/feedback", { query: { page, page_size: FEEDBACK_PAGE_SIZE } }) });

/** A feedback's screenshot, opened in a new tab. */
export const feedbackScreenshotUrl = (id: number) => apiUrl("/api/admin/feedback/:id/screenshot", { params: { id } });

/** Sends feedback; a screenshot is uploaded first and sent by its file id. */
async function sendFeedback({ input, screenshot }: { input: FeedbackInput; screenshot: File | null }) {
  let screenshotId: string | null = null;
  if (screenshot) screenshotId = (await uploadAttachment(screenshot)).file_id;
  return api.post("/api/feedback", { body: { ...input, screenshot_file_id: screenshotId } });
}

export const useSendFeedback = (reactions: MutationReactions<typeof sendFeedback>) => useMutation({ ...reactions, mutationFn: sendFeedback });
