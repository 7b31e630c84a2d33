import type { PbxDriver } from "../../modules/calls/pbx-driver.ts";
import { AriConnections, wakeAriConnections } from "./ari.runner.ts";
import { originateToExtension, outboundLegId, testAri } from "./asterisk.service.ts";

/** Asterisk through ARI: Holboo drives the calls (queue, ringing, the call operator) and places click-to-calls. */
export const asteriskDriver: PbxDriver = {
  kind: "asterisk_ari",
  register(app, ctx) {
    // Each company's Asterisk is driven by one worker process (an advisory lock per connection).
    if (ctx.config.HOLBOO_ROLE === "web" || !ctx.config.ARI_CONNECTIONS) return;
    const ari = new AriConnections(ctx, { scanMs: ctx.config.ARI_SCAN_SECONDS * 1000, backoffMs: 500, maxBackoffMs: 60_000, pollMs: 1000 });
    app.addHook("onReady", () => ari.start());
    app.addHook("onClose", () => ari.stop());
  },
  testConnection: (ctx, login) => testAri(login, ctx.config.PBX_ALLOW_PRIVATE),
  connectionsChanged: wakeAriConnections,
  outboundCallId: outboundLegId,
  placeCall(ctx, connection, call) {
    const secrets = connection.secrets ? ctx.secrets.open<{ password?: string }>(connection.secrets) : null;
    const login = { url: connection.url, username: connection.username, password: secrets?.password ?? "", app: connection.appName };
    return originateToExtension(login, ctx.config.PBX_ALLOW_PRIVATE, { extension: call.extension, number: call.number, channelId: call.callId });
  },
};
