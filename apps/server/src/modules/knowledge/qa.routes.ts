import {
  QaBulkActiveInput,
  QaInput,
  QaListQuery,
  QaView,
  QuestionListQuery,
  QuestionView,
  ResolveQuestionInput,
  idParamSchema,
  listResponse,
  okResponse,
} from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as qa from "./qa.service.ts";

/** Q&A pairs and the question log. Reading: any member; changing: `settings.edit` (as the rest of the knowledge base). */
const read = { access: { member: true as const } };
const write = { access: { permission: "settings.edit" as const } };

export function qaRoutes(app: TypedApp, ctx: AppContext) {
  const p = "/api/knowledge/qa";
  app.get(p, { config: read, schema: { querystring: QaListQuery, response: { 200: listResponse(QaView) } } }, (req) =>
    qa.list(ctx, requireMember(req.actor), req.query),
  );
  app.post(p, { config: write, schema: { body: QaInput, response: { 200: QaView } } }, (req) => qa.create(ctx, requireMember(req.actor), req.body));
  app.put(`${p}/:id`, { config: write, schema: { params: idParamSchema, body: QaInput, response: { 200: QaView } } }, (req) =>
    qa.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.post(`${p}/:id/approve`, { config: write, schema: { params: idParamSchema, response: { 200: QaView } } }, (req) =>
    qa.approve(ctx, requireMember(req.actor), req.params.id),
  );
  app.post(`${p}/active`, { config: write, schema: { body: QaBulkActiveInput, response: { 200: z.object({ updated: z.number().int() }) } } }, (req) =>
    qa.setActive(ctx, requireMember(req.actor), req.body),
  );
  app.delete(`${p}/:id`, { config: write, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    qa.remove(ctx, requireMember(req.actor), req.params.id),
  );

  const q = "/api/knowledge/questions";
  app.get(q, { config: read, schema: { querystring: QuestionListQuery, response: { 200: listResponse(QuestionView) } } }, (req) =>
    qa.questions(ctx, requireMember(req.actor), req.query),
  );
  app.post(`${q}/:id/resolve`, { config: write, schema: { params: idParamSchema, body: ResolveQuestionInput, response: { 200: QaView } } }, (req) =>
    qa.resolve(ctx, requireMember(req.actor), req.params.id, req.body),
  );
}
