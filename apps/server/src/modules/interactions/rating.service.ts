import type { ServiceRatingInput, ServiceRatingView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { hashToken } from "../../platform/auth/tokens.ts";
import { fail } from "../../platform/http/errors.ts";
import { appendEvent } from "./events.repo.ts";
import { updateInteraction } from "./interactions.repo.ts";
import { publish } from "./publisher.ts";
import { findByRatingToken } from "./rating.repo.ts";

export async function ratingPage(ctx: AppContext, token: string): Promise<ServiceRatingView> {
  const found = (await findByRatingToken(ctx.db, hashToken(token))) ?? fail("rating_link_invalid");
  return {
    company_name: found.companyName,
    title: found.interaction.title,
    rated: found.interaction.ratedAt !== null,
    rating: found.interaction.customerRating,
  };
}

/** The customer rates once (1–5 stars and a comment), beside the closer's own rating, which stays. */
export async function rate(ctx: AppContext, token: string, input: ServiceRatingInput): Promise<ServiceRatingView> {
  const result = await ctx.db.transaction(async (tx) => {
    const found = (await findByRatingToken(tx, hashToken(token))) ?? fail("rating_link_invalid");
    const before = found.interaction;
    if (before.ratedAt) fail("rating_already_given");
    const row =
      (await updateInteraction(tx, before.companyId, before.id, { customerRating: input.rating, ratingComment: input.comment || null, ratedAt: new Date() })) ??
      before;
    const event = await appendEvent(tx, before.companyId, before.id, {
      type: "rating.received",
      visibleToContact: true,
      payload: { rating: input.rating, comment: input.comment },
    });
    return { before, row, event, companyName: found.companyName };
  });
  publish(ctx, [result.before, result.row], [result.event]);
  return { company_name: result.companyName, title: result.row.title, rated: true, rating: result.row.customerRating };
}
