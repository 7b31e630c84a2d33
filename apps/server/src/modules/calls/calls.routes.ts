import { callsEndpoints } from "@holboo/core/endpoints/calls.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as contacts from "../contacts/contacts.service.ts";
import * as interactions from "../interactions/interactions.service.ts";
import * as calls from "./calls.service.ts";
import { openRecording } from "./recording.service.ts";

export function callsRoutes(app: TypedApp, ctx: AppContext) {
  const edit = { access: { permission: "settings.edit" as const } };
  app.get("/api/call-center", { config: { access: { permission: "settings.view" } }, schema: callsEndpoints["GET /api/call-center"] }, (req) =>
    calls.settings(ctx, req.member),
  );
  app.put("/api/call-center/connection", { config: edit, schema: callsEndpoints["PUT /api/call-center/connection"] }, (req) =>
    calls.saveConnection(ctx, req.member, req.body),
  );
  app.delete("/api/call-center/connection", { config: edit, schema: callsEndpoints["DELETE /api/call-center/connection"] }, (req) =>
    calls.removeConnection(ctx, req.member),
  );
  app.put("/api/call-center/settings", { config: edit, schema: callsEndpoints["PUT /api/call-center/settings"] }, (req) =>
    calls.saveSettings(ctx, req.member, req.body),
  );
  app.post("/api/call-center/lines", { config: edit, schema: callsEndpoints["POST /api/call-center/lines"] }, (req) =>
    calls.addLine(ctx, req.member, req.body),
  );
  app.delete("/api/call-center/lines/:id", { config: edit, schema: callsEndpoints["DELETE /api/call-center/lines/:id"] }, (req) =>
    calls.removeLine(ctx, req.member, req.params.id),
  );
  app.post("/api/call-center/extensions", { config: edit, schema: callsEndpoints["POST /api/call-center/extensions"] }, (req) =>
    calls.addExtension(ctx, req.member, req.body),
  );
  app.delete("/api/call-center/extensions/:id", { config: edit, schema: callsEndpoints["DELETE /api/call-center/extensions/:id"] }, (req) =>
    calls.removeExtension(ctx, req.member, req.params.id),
  );
  app.get("/api/call-center/enabled", { config: { access: { member: true } }, schema: callsEndpoints["GET /api/call-center/enabled"] }, async (req) => ({
    enabled: await calls.hasCallCenter(ctx, req.member.companyId),
  }));
  app.get("/api/call-center/monitor", { config: { access: { member: true } }, schema: callsEndpoints["GET /api/call-center/monitor"] }, (req) =>
    calls.monitor(ctx, req.member, req.query.line_id),
  );
  app.get("/api/call-center/monitor/minutes", { config: { access: { member: true } }, schema: callsEndpoints["GET /api/call-center/monitor/minutes"] }, (req) =>
    calls.minutes(ctx, req.member, req.query.line_id),
  );
  app.get("/api/interactions/:id/calls", { config: { access: { member: true } }, schema: callsEndpoints["GET /api/interactions/:id/calls"] }, async (req) => {
    const actor = req.member;
    await interactions.get(ctx, actor, req.params.id);
    return calls.callsOfInteraction(ctx, actor.companyId, req.params.id);
  });
  app.get("/api/contacts/:id/calls", { config: { access: { member: true } }, schema: callsEndpoints["GET /api/contacts/:id/calls"] }, async (req) => {
    const actor = req.member;
    await contacts.get(ctx, actor, req.params.id);
    return calls.callsOfContact(ctx, actor.companyId, req.params.id);
  });
  // Streamed from the PBX through Holboo, so the player stays under the CSP's media-src 'self'.
  app.get("/api/calls/:id/recording", { config: { access: { member: true } }, schema: callsEndpoints["GET /api/calls/:id/recording"] }, async (req, reply) => {
    const recording = await openRecording(ctx, req.member, req.params.id, req.headers.range);
    return reply.code(recording.status).headers(recording.headers).send(recording.body);
  });
  app.post("/api/calls", { config: { access: { permission: "call.make" } }, schema: callsEndpoints["POST /api/calls"] }, (req) =>
    calls.clickToCall(ctx, req.member, req.body),
  );
}
