import type { EmailMessageView } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets } from "../settings/test-fixtures.ts";
import { Composer } from "./Composer.tsx";
import { EmailBody } from "./EmailBody.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const PATH = "/api/interactions/7/messages/70/email";
const mail = (images: boolean): EmailMessageView => ({
  message_id: 70,
  subject: "Захиалгын асуулт",
  from: "bat@mail.test",
  to: "support@shop.test",
  html: images ? '<p>Сайн байна уу <img src="https://track.test/p.png"></p>' : '<p>Сайн байна уу <img data-remote-src="https://track.test/p.png"></p>',
  quoted_html: '<blockquote type="cite">Өмнөх захидал</blockquote>',
  remote_images_blocked: images ? 0 : 1,
  imported: false,
});

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, { [PATH]: (query: { images: string }) => mail(query.images === "1") });
});

const frame = () => screen.getByTestId("email-frame");

describe("a customer's e-mail in the conversation", () => {
  it("is shown in a frame without scripts or the app's origin, remote images held back until asked, the quote folded, attachments listed", async () => {
    const attachments = [{ file_id: "f9", name: "нэхэмжлэх.pdf", mime: "application/pdf", size: 20_480 }];
    renderWithProviders(<EmailBody interactionId={7} messageId={70} attachments={attachments} fallback="plain" />, { me: makeMe() });
    await waitFor(() => expect(frame()).toBeInTheDocument());
    expect(frame().getAttribute("sandbox")).not.toMatch(/allow-scripts|allow-same-origin/);
    const doc = () => frame().getAttribute("srcdoc") ?? "";
    expect(doc()).toContain("img-src data:;");
    expect(doc()).not.toMatch(/ src="https:\/\/track/);
    expect(doc()).not.toContain("Өмнөх захидал");
    expect(screen.getByTestId("email-attachments")).toHaveTextContent("нэхэмжлэх.pdf (20 КБ)");

    await userEvent.click(screen.getByTestId("email-quoted-toggle"));
    expect(doc()).toContain("Өмнөх захидал");
    await userEvent.click(screen.getByTestId("email-show-images"));
    await waitFor(() => expect(doc()).toContain('<img src="https://track.test/p.png">'));
    expect(doc()).toContain("img-src data: https:");
    expect(mocked.get).toHaveBeenLastCalledWith(PATH, { images: "1" });
    expect(screen.queryByTestId("email-show-images")).toBeNull();
  });

  it("shows a plain-text mail as its text", async () => {
    answerGets(mocked.get, { [PATH]: { ...mail(false), html: null, quoted_html: null, remote_images_blocked: 0 } });
    renderWithProviders(<EmailBody interactionId={7} messageId={70} attachments={[]} fallback="Энгийн текст" />, { me: makeMe() });
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    expect(await screen.findByText("Энгийн текст")).toBeInTheDocument();
    expect(screen.queryByTestId("email-frame")).toBeNull();
  });
});

describe("the composer with the virtual agent's draft (e-mail in 'draft' mode)", () => {
  // jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
  Object.defineProperty(document, "fonts", { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });

  it("fills an empty composer once with the draft and its sources; the person's own text is kept", async () => {
    const draft = {
      message_id: 70,
      text: "Улаанбаатарт 24 цагийн дотор хүргэнэ.",
      sources: [{ kind: "qa" as const, source_id: 1, title: "Хүргэлт" }],
      confidence: 0.9,
    };
    const view = renderWithProviders(<Composer interactionId={7} disabled={false} onSubmit={() => undefined} onTyping={() => undefined} prepared={draft} />, {
      me: makeMe(),
    });
    expect(screen.getByTestId("composer")).toHaveValue(draft.text);
    expect(screen.getByTestId("ai-draft-sources")).toHaveTextContent("Хүргэлт");
    await userEvent.clear(screen.getByTestId("composer"));
    await userEvent.type(screen.getByTestId("composer"), "Өөрийн хариулт");
    view.rerender(
      <Composer interactionId={7} disabled={false} onSubmit={() => undefined} onTyping={() => undefined} prepared={{ ...draft, message_id: 71 }} />,
    );
    expect(screen.getByTestId("composer")).toHaveValue("Өөрийн хариулт");
  });
});
