import type { AiReplyView } from "@holboo/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import i18n from "../../i18n/index.ts";
import { http } from "../../lib/http.ts";
import { Composer } from "./Composer.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const source = (title: string, id: number) => [{ kind: "qa" as const, source_id: id, title }];
const CHOICES: AiReplyView = {
  kind: "choices",
  confidence: 0.3,
  choices: [
    {
      title: "Хүргэлт хэдэн хоногт ирэх вэ?",
      text: "Улаанбаатарт 24 цагийн дотор хүргэнэ.",
      sources: source("Хүргэлт хэдэн хоногт ирэх вэ?", 2),
      confidence: 0.3,
    },
    { title: "Хүргэлтийн үнэ хэд вэ?", text: "Хүргэлт 5,000₮.", sources: source("Хүргэлтийн үнэ хэд вэ?", 1), confidence: 0.28 },
  ],
};

const composer = () =>
  renderWithProviders(<Composer interactionId={7} disabled={false} onSubmit={() => undefined} onTyping={() => undefined} />, { me: makeMe() });
const askAi = async (reply: AiReplyView) => {
  mocked.post.mockResolvedValueOnce(reply);
  await userEvent.click(screen.getByTestId("ai-draft"));
};

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
Object.defineProperty(document, "fonts", { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
beforeEach(() => vi.clearAllMocks());

describe("the composer's AI reply", () => {
  it("offers the agent's choices instead of drafting one of them, and a pick fills the composer", async () => {
    composer();
    await askAi(CHOICES);
    const offered = await screen.findByTestId("ai-draft-choices");
    expect(within(offered).getByText("Хэд хэдэн хариулт тохирч байна. Харилцагчийн асуултад тохирохыг нь сонгоно уу:")).toBeInTheDocument();
    expect(screen.getByTestId("composer")).toHaveValue("");
    await userEvent.click(within(offered).getByRole("button", { name: "«Хүргэлт хэдэн хоногт ирэх вэ?» хариултыг сонгох" }));
    expect(screen.getByTestId("composer")).toHaveValue("Улаанбаатарт 24 цагийн дотор хүргэнэ.");
    expect(screen.getByTestId("ai-draft-sources")).toHaveTextContent("Хүргэлт хэдэн хоногт ирэх вэ?");
    expect(screen.queryByTestId("ai-draft-choices")).toBeNull();
    expect(mocked.post.mock.calls[0]?.[0]).toBe("/api/interactions/7/ai-draft");
  });

  it("marks a low-confidence draft, and not a confident one", async () => {
    composer();
    await askAi({ kind: "answer", text: "09:00-18:00", sources: source("Ажлын цаг", 3), confidence: 0.4, low_confidence: true });
    expect(await screen.findByTestId("ai-draft-low-confidence")).toHaveTextContent("Итгэл бага: илгээхээсээ өмнө хариултыг шалгана уу.");
    expect(screen.getByTestId("composer")).toHaveValue("09:00-18:00");
    await askAi({ kind: "answer", text: "09:00-18:00", sources: source("Ажлын цаг", 3), confidence: 0.8, low_confidence: false });
    await vi.waitFor(() => expect(screen.queryByTestId("ai-draft-low-confidence")).toBeNull());
  });

  it("says when no answer was found, in Mongolian and English", async () => {
    const view = composer();
    await askAi({ kind: "none", reason: "not_found" });
    expect(await screen.findByTestId("ai-draft-none")).toHaveTextContent("Мэдлэгийн сангаас тохирох хариулт олдсонгүй.");
    expect(screen.getByTestId("composer")).toHaveValue("");
    view.unmount();
    await i18n.changeLanguage("en");
    try {
      composer();
      await askAi({ kind: "none", reason: "not_found" });
      expect(await screen.findByTestId("ai-draft-none")).toHaveTextContent("No answer found in the knowledge base.");
    } finally {
      await i18n.changeLanguage("mn");
    }
  });
});
