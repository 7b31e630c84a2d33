import type { InteractionEventView, MessageView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { Thread, splitChoices } from "./thread.ts";

const message = (seq: number, overrides: Partial<MessageView> = {}): InteractionEventView => ({
  interaction_id: 7,
  seq,
  type: "message.created",
  created_at: "2026-11-22T10:00:00Z",
  payload: {
    message: {
      id: seq * 10,
      interaction_id: 7,
      seq,
      direction: "out",
      sender_type: "user",
      sender: { id: 1, name: "Сараа Бат" },
      text: `m${seq}`,
      attachments: [],
      status: "sent",
      is_bot: false,
      is_private: false,
      client_id: null,
      created_at: "2026-11-22T10:00:00Z",
      ...overrides,
    },
  },
});

describe("widget thread", () => {
  it("replaces the optimistic bubble with the stored message of the same client id", () => {
    const thread = new Thread();
    thread.reset(7);
    thread.addPending("abc12345", "Сайн уу");
    expect(thread.ordered()[0]?.status).toBe("sending");
    thread.apply(message(1, { direction: "in", client_id: "v3:abc12345", text: "Сайн уу" }));
    expect(thread.ordered()).toHaveLength(1);
    expect(thread.ordered()[0]).toMatchObject({ seq: 1, status: "sent", mine: true });
  });

  it("converges when events arrive twice or out of order (push and resync)", () => {
    const thread = new Thread();
    thread.reset(7);
    for (const seq of [1, 3, 2, 3, 1]) thread.apply(message(seq));
    expect(thread.ordered().map((b) => b.seq)).toEqual([1, 2, 3]);
    expect(thread.lastSeq).toBe(3);
  });

  it("applies read receipts and ignores other interactions", () => {
    const thread = new Thread();
    thread.reset(7);
    thread.apply(message(1, { direction: "in", client_id: "v3:zzz11111" }));
    thread.apply({ interaction_id: 7, seq: 2, type: "message.status", created_at: "", payload: { message_ids: [10], status: "seen" } });
    expect(thread.ordered()[0]?.status).toBe("seen");
    expect(thread.apply({ ...message(3), interaction_id: 8 })).toBe(false);
  });
});

describe("choices offered by the agent", () => {
  it("reads a message's closing numbered lines as its choices", () => {
    expect(splitChoices("Та алийг нь асуусан бэ?\n1. Хүргэлтийн хугацаа\n2. Хүргэлтийн үнэ")).toEqual({
      text: "Та алийг нь асуусан бэ?",
      choices: ["Хүргэлтийн хугацаа", "Хүргэлтийн үнэ"],
    });
    expect(splitChoices("1. Тийм\n2. Үгүй")).toEqual({ text: "", choices: ["Тийм", "Үгүй"] });
  });

  it("leaves other text alone: numbers not in order, not at the end, or empty", () => {
    for (const text of ["Дараах алхам:\n1. Нэвтэрнэ\n3. Гарна", "1. Нэг\n2. Хоёр\nБаярлалаа", "1. \n2. Хоёр", "2024. онд", "Сайн байна уу"]) {
      expect(splitChoices(text), text).toEqual({ text, choices: [] });
    }
  });
});
