import type { InteractionEventView, MessageView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { ThreadState } from "./thread-state.ts";

const message = (seq: number): InteractionEventView => ({
  interaction_id: 1,
  seq,
  type: "message.created",
  created_at: "",
  payload: {
    message: {
      id: seq * 100,
      interaction_id: 1,
      seq,
      direction: "in",
      sender_type: "contact",
      sender: { id: null, name: "" },
      text: `m${seq}`,
      attachments: [],
      status: "sent",
      is_bot: false,
      is_private: false,
      client_id: null,
      sent_via: null,
      created_at: "",
    } satisfies MessageView,
  },
});

describe("staff thread state", () => {
  it("converges on the exact thread whatever order and repetition the events come in", () => {
    const state = new ThreadState();
    state.apply([message(1), message(2)]);
    state.apply([message(4), message(2)]);
    state.apply([message(3), message(4)]);
    expect(state.ordered().map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    expect(state.lastSeq).toBe(4);
  });

  it("moves a message's status with message.status events", () => {
    const state = new ThreadState();
    state.apply([message(1), { interaction_id: 1, seq: 2, type: "message.status", created_at: "", payload: { message_ids: [100], status: "seen" } }]);
    const first = state.ordered()[0];
    expect(first?.kind === "message" && first.message.status).toBe("seen");
  });

  it("replaces a message's text and files with message.updated (a customer's file that arrived late)", () => {
    const state = new ThreadState();
    const file = { file_id: "f1", name: "receipt.pdf", mime: "application/pdf", size: 12 };
    const updated = {
      interaction_id: 1,
      seq: 2,
      type: "message.updated" as const,
      created_at: "",
      payload: { message_id: 100, text: "Баримт", attachments: [file] },
    };
    state.apply([message(1), updated, updated]);
    const first = state.ordered()[0];
    expect(first?.kind === "message" && [first.message.text, first.message.attachments]).toEqual(["Баримт", [file]]);
  });

  it("counts messages loaded from their page as seen, so the catch-up after them does not leave it asking again", () => {
    const state = new ThreadState();
    const page = [1, 3, 4].map((seq) => message(seq).payload.message as MessageView);
    state.prepend(page);
    state.lastSeq = 0;
    state.apply([message(1), { interaction_id: 1, seq: 2, type: "ownership.changed", created_at: "", payload: {} }, message(3), message(4)]);
    expect(state.lastSeq).toBe(4);
  });
});
