import { knowledgeEndpoints } from "@holboo/core/endpoints/knowledge.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as articles from "./articles.service.ts";
import * as folders from "./folders.service.ts";

/**
 * Knowledge base: folders and articles. Permissions: every member reads (agents look things up while
 * answering); changing anything needs `settings.edit` (spec §4 puts the knowledge base under settings).
 */
const read = { access: { member: true as const } };
const write = { access: { permission: "settings.edit" as const } };

export function knowledgeRoutes(app: TypedApp, ctx: AppContext) {
  const f = "/api/knowledge/folders";
  app.get(f, { config: read, schema: knowledgeEndpoints["GET /api/knowledge/folders"] }, (req) => folders.list(ctx, req.member));
  app.post(f, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/folders"] }, (req) => folders.create(ctx, req.member, req.body));
  app.put(`${f}/:id`, { config: write, schema: knowledgeEndpoints["PUT /api/knowledge/folders/:id"] }, (req) =>
    folders.update(ctx, req.member, req.params.id, req.body),
  );
  app.delete(`${f}/:id`, { config: write, schema: knowledgeEndpoints["DELETE /api/knowledge/folders/:id"] }, (req) =>
    folders.remove(ctx, req.member, req.params.id, req.body.confirm_word),
  );

  const a = "/api/knowledge/articles";
  app.get(a, { config: read, schema: knowledgeEndpoints["GET /api/knowledge/articles"] }, (req) => articles.list(ctx, req.member, req.query));
  app.get(`${a}/:id`, { config: read, schema: knowledgeEndpoints["GET /api/knowledge/articles/:id"] }, (req) => articles.get(ctx, req.member, req.params.id));
  app.post(a, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/articles"] }, (req) => articles.create(ctx, req.member, req.body));
  app.put(`${a}/:id`, { config: write, schema: knowledgeEndpoints["PUT /api/knowledge/articles/:id"] }, (req) =>
    articles.update(ctx, req.member, req.params.id, req.body),
  );
  app.post(`${a}/:id/publish`, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/articles/:id/publish"] }, (req) =>
    articles.setStatus(ctx, req.member, req.params.id, "published"),
  );
  app.post(`${a}/:id/unpublish`, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/articles/:id/unpublish"] }, (req) =>
    articles.setStatus(ctx, req.member, req.params.id, "draft"),
  );
  app.delete(`${a}/:id`, { config: write, schema: knowledgeEndpoints["DELETE /api/knowledge/articles/:id"] }, (req) =>
    articles.remove(ctx, req.member, req.params.id),
  );
}
