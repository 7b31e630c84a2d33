import { fail } from "../../platform/http/errors.ts";
import { AriAuthError, AriClient, AriUnreachable, type AriLogin } from "./ari.client.ts";

export { wakeAriConnections } from "./ari.runner.ts";

/** Settings are tested before they are saved: GET /asterisk/info with the user and password. */
export async function testAri(login: AriLogin): Promise<void> {
  await new AriClient(login).info().catch((error: unknown) => {
    if (error instanceof AriAuthError) fail("pbx_credentials_invalid", { password: "pbx_credentials_invalid" });
    if (error instanceof AriUnreachable) fail("pbx_unreachable", { url: "pbx_unreachable" });
    fail("pbx_unreachable");
  });
}

/**
 * Click-to-call: the person's extension rings first (PJSIP/{extension}); when they pick up, the dialplan's
 * `holboo-outbound` context dials the customer's number (README, "Call center").
 */
export async function originateToExtension(login: AriLogin, input: { extension: string; number: string; channelId: string }) {
  await new AriClient(login)
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
}
