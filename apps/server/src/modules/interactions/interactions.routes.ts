import { interactionsEndpoints } from "@holboo/core/endpoints/interactions.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import * as interactions from "./interactions.service.ts";
import { sendAsStaff } from "./reply.service.ts";
import * as reads from "./reads.service.ts";
import * as ownership from "./ownership.service.ts";
import { storeAttachment } from "./attachments.service.ts";

export function interactionsRoutes(app: TypedApp, ctx: AppContext) {
  const member = { access: { member: true } } as const;
  const edit = { access: { permission: "interaction.edit" } } as const;

  app.get("/api/interactions", { config: member, schema: interactionsEndpoints["GET /api/interactions"] }, (req) =>
    interactions.list(ctx, req.member, req.query),
  );
  app.get("/api/interactions/unread", { config: member, schema: interactionsEndpoints["GET /api/interactions/unread"] }, (req) =>
    reads.unreadSummary(ctx, req.member),
  );
  app.post("/api/interactions", { config: { access: { permission: "interaction.start" } }, schema: interactionsEndpoints["POST /api/interactions"] }, (req) =>
    interactions.start(ctx, req.member, req.body),
  );
  app.get("/api/interactions/:id", { config: member, schema: interactionsEndpoints["GET /api/interactions/:id"] }, (req) =>
    interactions.get(ctx, req.member, req.params.id),
  );
  app.get("/api/interactions/:id/presence", { config: member, schema: interactionsEndpoints["GET /api/interactions/:id/presence"] }, (req) =>
    interactions.contactPresence(ctx, req.member, req.params.id),
  );
  app.get("/api/interactions/:id/events", { config: member, schema: interactionsEndpoints["GET /api/interactions/:id/events"] }, (req) =>
    interactions.events(ctx, req.member, req.params.id, req.query),
  );
  app.get("/api/interactions/:id/messages", { config: member, schema: interactionsEndpoints["GET /api/interactions/:id/messages"] }, (req) =>
    interactions.history(ctx, req.member, req.params.id, req.query),
  );
  app.post("/api/interactions/:id/messages", { config: edit, schema: interactionsEndpoints["POST /api/interactions/:id/messages"] }, (req) =>
    sendAsStaff(ctx, req.member, req.params.id, req.body),
  );
  app.post("/api/interactions/:id/seen", { config: member, schema: interactionsEndpoints["POST /api/interactions/:id/seen"] }, (req) =>
    reads.readAsStaff(ctx, req.member, req.params.id, req.body.up_to_seq),
  );

  app.post("/api/interactions/:id/assign", { config: edit, schema: interactionsEndpoints["POST /api/interactions/:id/assign"] }, async (req) => {
    await ownership.assign(ctx, req.member, req.params.id, req.body.user_id);
    return interactions.get(ctx, req.member, req.params.id).catch(() => ({ ok: true }));
  });
  for (const [path, action] of [
    ["take-over", ownership.takeOver],
    ["hand-back", ownership.handBack],
    ["escalate", ownership.escalate],
  ] as const) {
    app.post(`/api/interactions/:id/${path}`, { config: edit, schema: interactionsEndpoints[`POST /api/interactions/:id/${path}`] }, async (req) => {
      await action(ctx, req.member, req.params.id);
      return interactions.get(ctx, req.member, req.params.id);
    });
  }
  app.post("/api/interactions/:id/close", { config: edit, schema: interactionsEndpoints["POST /api/interactions/:id/close"] }, (req) =>
    interactions.close(ctx, req.member, req.params.id, req.body),
  );
  app.put("/api/interactions/:id/tags", { config: edit, schema: interactionsEndpoints["PUT /api/interactions/:id/tags"] }, (req) =>
    interactions.setTags(ctx, req.member, req.params.id, req.body.tag_ids),
  );
  app.post("/api/interactions/:id/rating-request", { config: edit, schema: interactionsEndpoints["POST /api/interactions/:id/rating-request"] }, (req) =>
    interactions.requestRating(ctx, req.member, req.params.id),
  );

  app.post("/api/attachments", { config: member, schema: interactionsEndpoints["POST /api/attachments"] }, async (req) => {
    const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
    const data = await file.toBuffer();
    return storeAttachment(ctx, req.member.companyId, file.filename, data, file.file.truncated);
  });
}
