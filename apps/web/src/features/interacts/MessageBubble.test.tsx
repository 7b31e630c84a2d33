import type { MessageView } from "@holboo/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../components/shared/test-utils.tsx";
import { MessageBubble } from "./MessageBubble.tsx";

const reply = (over: Partial<MessageView>): MessageView => ({
  id: 1,
  interaction_id: 7,
  seq: 1,
  direction: "out",
  sender_type: "user",
  sender: { id: null, name: "" },
  text: "Маргааш хүргэнэ",
  attachments: [],
  status: "sent",
  is_bot: false,
  is_private: false,
  client_id: null,
  sent_via: null,
  created_at: "2026-11-23T10:00:00.000Z",
  ...over,
});

describe("who a reply's bubble names", () => {
  it("names a reply from Messenger's Page inbox or another app as that, never the AI agent", () => {
    renderWithProviders(
      <>
        <MessageBubble message={reply({ id: 1, sent_via: { kind: "page_inbox", app_id: null } })} />
        <MessageBubble message={reply({ id: 2, sent_via: { kind: "other_app", app_id: "1517776481860111" } })} />
        <MessageBubble message={reply({ id: 3, sender_type: "ai", is_bot: true, sender: { id: 5, name: "" } })} />
      </>,
    );
    expect(screen.getByText("Facebook хуудасны Inbox")).toBeInTheDocument();
    expect(screen.getByText("Өөр апп (ID 1517776481860111)")).toBeInTheDocument();
    expect(screen.getAllByTestId("bubble-sent-via")).toHaveLength(2);
    // Only the virtual agent's own reply is named the AI agent.
    expect(screen.getAllByText("AI туслах")).toHaveLength(1);
  });

  it("shows a reply the provider delivered to the customer's device", () => {
    renderWithProviders(<MessageBubble message={reply({ status: "delivered" })} />);
    expect(screen.getByTestId("status-delivered")).toHaveTextContent("Хүргэгдсэн");
  });
});
