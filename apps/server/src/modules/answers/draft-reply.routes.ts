import { interactionsEndpoints } from "@holboo/core/endpoints/interactions.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { draftReply } from "./draft-reply.service.ts";

/** The AI's suggested reply in a conversation: the answers feature's, under the conversation's address. */
export function draftReplyRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    "/api/interactions/:id/ai-draft",
    { config: { access: { permission: "interaction.edit" } }, schema: interactionsEndpoints["POST /api/interactions/:id/ai-draft"] },
    (req) => draftReply(ctx, req.member, req.params.id),
  );
}
