import { LIMITS, type ArticleView, type FolderView, type QuestionView } from "@holboo/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets, list } from "../settings/test-fixtures.ts";
import { ArticleEditor } from "./editor/ArticleEditor.tsx";
import { QaPage } from "./QaPage.tsx";
import { Route, Routes } from "react-router";
import { ArticlePage } from "./ArticlePage.tsx";
import { KnowledgePage } from "./KnowledgePage.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const folder: FolderView = { id: 3, name: "Хүргэлт", parent_id: null, agent_ids: [1], article_count: 1 };
const question: QuestionView = {
  id: 9,
  question: "Буцаалт хийх үү?",
  outcome: "not_found",
  agent_id: 1,
  interaction_id: null,
  qa_pair_id: null,
  article_id: null,
  confidence: 0.12,
  created_at: new Date().toISOString(),
  resolved_qa_pair_id: null,
};
const longArticle: ArticleView = {
  id: 5,
  folder_id: 3,
  name: "Урт нийтлэл",
  status: "draft",
  source: "docx",
  source_url: null,
  char_count: LIMITS.articleCharsWarning + 10,
  too_long: true,
  updated_at: new Date().toISOString(),
  updated_by: { id: 1, name: "Болд Бат" },
  content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "я".repeat(LIMITS.articleCharsWarning + 10) }] }] },
};

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/knowledge/questions": list([question]),
    "/api/knowledge/qa": list([]),
    "/api/knowledge/folders": { items: [folder] },
    "/api/knowledge/articles/5": longArticle,
  });
});

describe("Q&A page", () => {
  it("has the spec's five filters and answers a not-found question in one step", async () => {
    mocked.post.mockResolvedValue({});
    renderWithProviders(<QaPage />, { me: makeMe(), path: "/knowledge/qa?filter=not_found" });
    const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
    expect(tabs).toEqual(
      expect.arrayContaining(["Гараар зассан", "Автоматаар үүссэн", "Мэдлэгийн санд олдоогүй", "Мэдлэгийн сангаас хариулсан", "Мэдлэгийн санд хамааралгүй"]),
    );
    const row = await screen.findByTestId("question-row");
    expect(within(row).getByText("12%")).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Хариулт бичих" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Хариулт/ }), "14 хоногийн дотор.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith("/api/knowledge/questions/9/resolve", { question: "Буцаалт хийх үү?", answer: "14 хоногийн дотор." }),
    );
  });
});

describe("article editor", () => {
  it("inserts a figure that holds one block and one caption", async () => {
    const onChange = vi.fn();
    renderWithProviders(<ArticleEditor label="Агуулга" editable content={{ type: "doc", content: [{ type: "paragraph" }] }} onChange={onChange} />, {
      me: makeMe(),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Тайлбартай зураг/блок" }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [doc] = onChange.mock.calls.at(-1) as [ArticleView["content"]];
    const figure = doc.content?.find((node) => node.type === "figure");
    expect(figure?.content?.map((node) => node.type)).toEqual(["paragraph", "figcaption"]);
    expect(document.querySelector("figure figcaption")).not.toBeNull();
  });

  it("warns that the agent may not fully understand a long article, without showing the limit", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/knowledge/:id" element={<ArticlePage />} />
      </Routes>,
      { me: makeMe(), path: "/knowledge/5" },
    );
    const warning = await screen.findByTestId("article-too-long");
    expect(warning).toHaveTextContent("бүрэн ойлгохгүй");
    expect(warning.textContent).not.toContain(String(LIMITS.articleCharsWarning));
    expect(screen.getByText("Ноорог")).toBeInTheDocument();
    expect(screen.getByText("DOCX")).toBeInTheDocument();
    expect(screen.getByText(/Болд Бат/)).toBeInTheDocument();
  });
});

describe("knowledge page", () => {
  it("shows the folder tree and deletes a folder only after the delete word is typed", async () => {
    const child: FolderView = { id: 4, name: "Орон нутаг", parent_id: 3, agent_ids: [1], article_count: 0 };
    answerGets(mocked.get, {
      "/api/knowledge/folders": { items: [folder, child] },
      "/api/knowledge/articles": list([]),
    });
    mocked.del.mockResolvedValue({ ok: true });
    renderWithProviders(
      <Routes>
        <Route path="/knowledge" element={<KnowledgePage />} />
      </Routes>,
      { me: makeMe(), path: "/knowledge" },
    );
    expect(await screen.findByTestId("folder-Орон нутаг")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Хүргэлт хавтасны үйлдлүүд" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Хавтас устгах" }));
    const dialog = await screen.findByRole("dialog");
    const confirm = within(dialog).getByRole("button", { name: "Зөвшөөрөх" });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole("textbox"), "устгах");
    await userEvent.click(confirm);
    await waitFor(() => expect(mocked.del).toHaveBeenCalledWith("/api/knowledge/folders/3", { confirm_word: "устгах" }));
  });
});
