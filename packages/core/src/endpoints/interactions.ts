/** The HTTP endpoints of modules/interactions/interactions.routes.ts, modules/interactions/rating.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  AiReplyView,
  AssignInput,
  AttachmentView,
  CloseInteractionInput,
  ContactPresenceView,
  EventsQuery,
  InteractionEventView,
  InteractionListQuery,
  InteractionView,
  MessageView,
  MessagesPageQuery,
  SeenInput,
  SendMessageInput,
  ServiceRatingInput,
  ServiceRatingView,
  SetTagsInput,
  StartInteractionInput,
  UnreadSummary,
  idParamSchema,
  listResponse,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

const serviceRateToken = z.object({ token: z.string().min(20).max(100) });
const oneInteraction = { params: idParamSchema, response: { 200: InteractionView } };

export const interactionsEndpoints = {
  "GET /api/interactions": { querystring: InteractionListQuery, response: { 200: listResponse(InteractionView) } },
  "GET /api/interactions/unread": { response: { 200: UnreadSummary } },
  "POST /api/interactions": { body: StartInteractionInput, response: { 200: InteractionView } },
  "GET /api/interactions/:id": { params: idParamSchema, response: { 200: InteractionView } },
  "GET /api/interactions/:id/presence": { params: idParamSchema, response: { 200: ContactPresenceView } },
  "GET /api/interactions/:id/events": {
    params: idParamSchema,
    querystring: EventsQuery,
    response: { 200: z.object({ items: z.array(InteractionEventView) }) },
  },
  "GET /api/interactions/:id/messages": { params: idParamSchema, querystring: MessagesPageQuery, response: { 200: z.object({ items: z.array(MessageView) }) } },
  "POST /api/interactions/:id/messages": { params: idParamSchema, body: SendMessageInput, response: { 200: MessageView } },
  "POST /api/interactions/:id/seen": { params: idParamSchema, body: SeenInput, response: { 200: okResponse } },
  "POST /api/interactions/:id/assign": { params: idParamSchema, body: AssignInput },
  "POST /api/interactions/:id/take-over": oneInteraction,
  "POST /api/interactions/:id/hand-back": oneInteraction,
  "POST /api/interactions/:id/escalate": oneInteraction,
  "POST /api/interactions/:id/close": { params: idParamSchema, body: CloseInteractionInput, response: { 200: InteractionView } },
  "PUT /api/interactions/:id/tags": { params: idParamSchema, body: SetTagsInput, response: { 200: InteractionView } },
  "POST /api/interactions/:id/ai-draft": { params: idParamSchema, response: { 200: AiReplyView } },
  "POST /api/interactions/:id/rating-request": { params: idParamSchema, response: { 200: z.object({ url: z.string() }) } },
  "POST /api/attachments": { response: { 200: AttachmentView } },
  "GET /api/public/servicerate/:token": { params: serviceRateToken, response: { 200: ServiceRatingView } },
  "POST /api/public/servicerate/:token": { params: serviceRateToken, body: ServiceRatingInput, response: { 200: ServiceRatingView } },
} as const satisfies EndpointTable;
