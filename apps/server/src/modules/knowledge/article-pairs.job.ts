import type { ArticlePairsJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { addModelPairs, articlePairs } from "./articles.service.ts";

/** The company's chat model writes Q&A pairs from a published article; a later edit replaces a waiting run. */
export const articlePairsJob = defineJob<ArticlePairsJobPayload, AppContext>({
  ...articlePairs,
  handler: (ctx, payload) => addModelPairs(ctx, payload.company_id, payload.article_id),
});
