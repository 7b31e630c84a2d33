/** The HTTP endpoints of channels/webchat/pages.routes.ts, channels/webchat/setup.routes.ts, channels/webchat/webchat.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  AttachmentView,
  InteractionEventView,
  MessageView,
  VisitorEventsQuery,
  VisitorMessageInput,
  VisitorSeenInput,
  WebchatChannelInput,
  WebchatChannelView,
  WebchatSessionInput,
  WebchatSessionView,
  idParamSchema,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const channelWebchatEndpoints = {
  "POST /api/webchat-channels": { body: WebchatChannelInput, response: { 200: WebchatChannelView } },
  "GET /api/webchat-channels/:id": { params: idParamSchema, response: { 200: WebchatChannelView } },
  "PUT /api/webchat-channels/:id": { params: idParamSchema, body: WebchatChannelInput, response: { 200: WebchatChannelView } },
  "POST /api/webchat-channels/:id/logo": { params: idParamSchema, response: { 200: WebchatChannelView } },
  "DELETE /api/webchat-channels/:id/logo": { params: idParamSchema, response: { 200: WebchatChannelView } },
  "GET /api/webchat/logo/:key": { params: z.object({ key: z.string().max(64) }) },
  "POST /api/webchat/session": { body: WebchatSessionInput, response: { 200: WebchatSessionView } },
  "POST /api/webchat/messages": { body: VisitorMessageInput, response: { 200: MessageView } },
  "GET /api/webchat/events": { querystring: VisitorEventsQuery, response: { 200: z.object({ items: z.array(InteractionEventView) }) } },
  "POST /api/webchat/seen": { body: VisitorSeenInput, response: { 200: okResponse } },
  "POST /api/webchat/attachments": { response: { 200: AttachmentView } },
  "GET /api/webchat/files/:id": { params: z.object({ id: z.uuid({ error: "file_not_found" }) }) },
} as const satisfies EndpointTable;
