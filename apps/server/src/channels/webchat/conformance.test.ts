import { VISITOR_TOKEN_HEADER, type MessageView } from "@holboo/core";
import { afterAll, beforeAll } from "vitest";
import { Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { visitor, webchatCompany } from "../../../test/factories.ts";
import { describeChannelConformance } from "../../../test/channel-conformance.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Web chat through the conformance suite: the visitor's send is its inbound, the visitor token its signature. */
describeChannelConformance(
  {
    name: "web chat",
    live: true,
    async connect(app) {
      const company = await webchatCompany(app);
      const customer = await visitor(app, company.channel);
      return {
        staff: company.client,
        customerSends: (text, eventId) => customer.send(text, eventId),
        forged: (text) =>
          new Client(app.url).request<MessageView>(
            "POST",
            "/api/webchat/messages",
            { client_id: "forged-1", text },
            { headers: { [VISITOR_TOKEN_HEADER]: "not-a-visitor-token" } },
          ),
        handedOver: null,
      };
    },
  },
  () => t,
);
