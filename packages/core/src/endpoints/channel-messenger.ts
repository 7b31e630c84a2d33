/** The HTTP endpoints of channels/messenger/setup.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  MessengerChannelInput,
  MessengerChannelUpdate,
  MessengerChannelView,
  MessengerLoginView,
  MessengerPagesView,
  MessengerSessionInput,
  MessengerThreadView,
  idParamSchema,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const channelMessengerEndpoints = {
  "GET /api/messenger/login": { response: { 200: MessengerLoginView } },
  "GET /api/messenger/oauth/callback": {
    querystring: z.object({ code: z.string().max(2000).optional(), state: z.string().max(300).optional(), error: z.string().max(300).optional() }),
  },
  "POST /api/messenger/pages": { body: MessengerSessionInput, response: { 200: MessengerPagesView } },
  "POST /api/messenger-channels": { body: MessengerChannelInput, response: { 200: MessengerChannelView } },
  "GET /api/messenger-channels/:id": { params: idParamSchema, response: { 200: MessengerChannelView } },
  "PUT /api/messenger-channels/:id": { params: idParamSchema, body: MessengerChannelUpdate, response: { 200: MessengerChannelView } },
  "GET /api/interactions/:id/messenger-thread": { params: idParamSchema, response: { 200: MessengerThreadView } },
  "POST /api/interactions/:id/messenger-thread/pass": { params: idParamSchema, response: { 200: MessengerThreadView } },
  "POST /api/interactions/:id/messenger-thread/take": { params: idParamSchema, response: { 200: MessengerThreadView } },
} as const satisfies EndpointTable;
