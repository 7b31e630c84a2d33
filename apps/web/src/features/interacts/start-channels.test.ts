import type { ChannelView, ContactView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { startChannels } from "./start-channels.ts";

const channel = (id: number, type: ChannelView["type"], active = true): ChannelView => ({
  id,
  type,
  name: `${type} ${id}`,
  number: null,
  description: "",
  active,
  agent_id: null,
  agent_active: false,
  created_at: "2026-11-21T08:00:00.000Z",
});
const company = [channel(1, "webchat"), channel(2, "voice"), channel(3, "email"), channel(4, "viber", false)];
const account = (c: ChannelView) => ({ id: c.id * 10, channel: { id: c.id, type: c.type, name: c.name }, external_id: "x", verified: true });
const contact = (fields: Partial<Pick<ContactView, "email" | "phone" | "social_accounts">>) => ({ email: null, phone: null, social_accounts: [], ...fields });

describe("where a conversation can start", () => {
  it("offers the contact's active channels and, with an e-mail address, the e-mail channels, never a phone line", () => {
    const chatter = contact({
      phone: "+97699112233",
      social_accounts: [account(channel(1, "webchat")), account(channel(2, "voice")), account(channel(4, "viber"))],
    });
    expect(startChannels(chatter, company)).toEqual({ channels: [{ id: 1, type: "webchat", name: "webchat 1" }], reason: null });
    expect(startChannels(contact({ email: "bold@shop.mn" }), company).channels.map((c) => c.id)).toEqual([3]);
  });

  it("says why when none can: only a phone, an address without an e-mail channel, or no account at all", () => {
    const caller = contact({ phone: "+97699112233", social_accounts: [account(channel(2, "voice"))] });
    expect(startChannels(caller, company)).toEqual({ channels: [], reason: "phone_only" });
    expect(startChannels(contact({ email: "bold@shop.mn" }), [channel(1, "webchat")]).reason).toBe("email_without_channel");
    expect(startChannels(contact({}), company).reason).toBe("no_account");
  });
});
