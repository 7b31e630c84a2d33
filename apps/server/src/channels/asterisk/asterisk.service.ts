import { fail } from "../../platform/http/errors.ts";
import { AriAuthError, AriClient, type AriLogin } from "./ari.client.ts";
import { OUTBOUND_PREFIX } from "./ari.events.ts";

/**
 * Settings are tested before they are saved: GET /asterisk/info with the user and password. A refused address, no
 * answer, a redirect or an answer that is not ARI's are one and the same error, so the test tells an admin nothing
 * about what else is reachable from the server.
 */
export async function testAri(login: AriLogin, allowPrivate: boolean): Promise<void> {
  await new AriClient(login, allowPrivate).info().catch((error: unknown) => {
    if (error instanceof AriAuthError) fail("pbx_credentials_invalid", { password: "pbx_credentials_invalid" });
    fail("pbx_unreachable", { url: "pbx_unreachable" });
  });
}

/** Click-to-call legs are ours: `holboo-o-{extension}-{token}` (an extension has no "-"). */
export const outboundLegId = (extension: string, token: string) => `${OUTBOUND_PREFIX}${extension}-${token}`;

/**
 * Click-to-call: the person's extension rings first (PJSIP/{extension}); when they pick up, the dialplan's
 * `holboo-outbound` context dials the customer's number (README, "Call center"). That channel runs in the
 * dialplan, not in the Stasis app, so the app subscribes to it: the connection's session then hears its
 * `Dial` and `ChannelDestroyed` events and follows the call. A channel that cannot be followed is hung up
 * (a call nobody records the end of would stay "waiting").
 */
export async function originateToExtension(login: AriLogin, allowPrivate: boolean, input: { extension: string; number: string; channelId: string }) {
  const client = new AriClient(login, allowPrivate);
  await client
    .request("POST", "/channels", {
      endpoint: `PJSIP/${input.extension}`,
      extension: input.number,
      context: "holboo-outbound",
      priority: 1,
      callerId: input.number,
      channelId: input.channelId,
      timeout: 30,
    })
    .catch(() => fail("call_failed"));
  await client.subscribe(`channel:${input.channelId}`).catch(async () => {
    await client.hangup(input.channelId).catch(() => undefined);
    fail("call_failed");
  });
}
