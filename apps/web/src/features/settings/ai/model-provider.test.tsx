import type { ModelProviderView } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http } from "../../../lib/http.ts";
import { answerGets } from "../test-fixtures.ts";
import { ModelProviderPage } from "./ModelProviderPage.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const none: ModelProviderView = { configured: false, base_url: "", api_key_hint: null, chat_model: "", embedding_model: "", updated_at: null };
const saved: ModelProviderView = {
  configured: true,
  base_url: "http://localhost:11434/v1",
  api_key_hint: "…f3a9",
  chat_model: "llama3",
  embedding_model: "nomic-embed-text",
  updated_at: "2026-11-23T10:00:00.000Z",
};

beforeEach(() => vi.clearAllMocks());

describe("AI model settings", () => {
  it("connects an endpoint, checking the address before sending", async () => {
    answerGets(mocked.get, { "/api/settings/model-provider": none });
    mocked.put.mockResolvedValueOnce(saved);
    renderWithProviders(<ModelProviderPage />, { me: makeMe() });
    expect(await screen.findByText("Загвар холбоогүй: туслах мэдлэгийн сангаас офлайнаар хариулна.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Холболтын хаяг"), "ftp://models");
    await userEvent.type(screen.getByLabelText("Чат загвар"), "llama3");
    await userEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    expect(await screen.findByText("Хаяг http:// эсвэл https://-ээр эхэлсэн зөв URL байна.")).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText("Холболтын хаяг"));
    await userEvent.type(screen.getByLabelText("Холболтын хаяг"), "http://localhost:11434/v1");
    await userEvent.type(screen.getByLabelText("API түлхүүр"), "sk-secret-f3a9");
    await userEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith("/api/settings/model-provider", {
        base_url: "http://localhost:11434/v1",
        api_key: "sk-secret-f3a9",
        chat_model: "llama3",
        embedding_model: "",
      }),
    );
    expect(await screen.findByText("Загвар холбогдсон. Холбогдож чадахгүй үед туслах офлайнаар хариулна.")).toBeInTheDocument();
  });

  it("shows only the end of a stored key and keeps it when the field is left empty", async () => {
    answerGets(mocked.get, { "/api/settings/model-provider": saved });
    mocked.put.mockResolvedValueOnce(saved);
    renderWithProviders(<ModelProviderPage />, { me: makeMe() });
    expect(await screen.findByText("…f3a9-ээр төгссөн түлхүүр хадгалагдсан. Хэвээр үлдээх бол хоосон орхино уу.")).toBeInTheDocument();
    expect(screen.getByLabelText("API түлхүүр")).toHaveValue("");
    await waitFor(() => expect(screen.getByLabelText("Чат загвар")).toHaveValue("llama3"));
    await userEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith("/api/settings/model-provider", {
        base_url: "http://localhost:11434/v1",
        chat_model: "llama3",
        embedding_model: "nomic-embed-text",
      }),
    );
  });
});
