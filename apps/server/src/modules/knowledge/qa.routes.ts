import { knowledgeEndpoints } from "@holboo/core/endpoints/knowledge.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as qa from "./qa.service.ts";

/** Q&A pairs and the question log. Reading: any member; changing: `settings.edit` (as the rest of the knowledge base). */
const read = { access: { member: true as const } };
const write = { access: { permission: "settings.edit" as const } };

export function qaRoutes(app: TypedApp, ctx: AppContext) {
  const p = "/api/knowledge/qa";
  app.get(p, { config: read, schema: knowledgeEndpoints["GET /api/knowledge/qa"] }, (req) => qa.list(ctx, req.member, req.query));
  app.post(p, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/qa"] }, (req) => qa.create(ctx, req.member, req.body));
  app.put(`${p}/:id`, { config: write, schema: knowledgeEndpoints["PUT /api/knowledge/qa/:id"] }, (req) => qa.update(ctx, req.member, req.params.id, req.body));
  app.post(`${p}/:id/approve`, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/qa/:id/approve"] }, (req) =>
    qa.approve(ctx, req.member, req.params.id),
  );
  app.post(`${p}/active`, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/qa/active"] }, (req) => qa.setActive(ctx, req.member, req.body));
  app.delete(`${p}/:id`, { config: write, schema: knowledgeEndpoints["DELETE /api/knowledge/qa/:id"] }, (req) => qa.remove(ctx, req.member, req.params.id));

  const q = "/api/knowledge/questions";
  app.get(q, { config: read, schema: knowledgeEndpoints["GET /api/knowledge/questions"] }, (req) => qa.questions(ctx, req.member, req.query));
  app.post(`${q}/:id/resolve`, { config: write, schema: knowledgeEndpoints["POST /api/knowledge/questions/:id/resolve"] }, (req) =>
    qa.resolve(ctx, req.member, req.params.id, req.body),
  );
}
