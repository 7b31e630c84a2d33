import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http, ApiError } from "../../../lib/http.ts";
import { answerGets, list, makeDomain } from "../test-fixtures.ts";
import { MailDomains } from "./MailDomains.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, { "/api/company/mail-domains": list([makeDomain(), makeDomain({ id: 2, domain: "tav.mn", description: "", status: "inactive" })]) });
});

const openAdd = async () => {
  renderWithProviders(<MailDomains canEdit />, { me: makeMe() });
  await userEvent.click(await screen.findByRole("button", { name: "Домэйн нэмэх" }));
  return screen.getByRole("dialog");
};

describe("mail domains", () => {
  it("lists domain, description and status", async () => {
    renderWithProviders(<MailDomains canEdit={false} />, { me: makeMe() });
    const row = await screen.findByTestId("domain-tav.mn");
    expect(within(row).getByText("Идэвхгүй")).toBeInTheDocument();
    expect(within(screen.getByTestId("domain-nomin.mn")).getByText("Үндсэн")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "nomin.mn домэйныг устгах" })).toBeNull();
  });

  it("rejects an invalid domain before asking the server", async () => {
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText("Домэйн"), "not a domain");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    expect(await within(dialog).findByText("Домэйн буруу байна.")).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
  });

  it("shows the server's duplicate message under the domain input", async () => {
    mocked.post.mockRejectedValueOnce(new ApiError(409, "mail_domain_duplicate", { domain: "mail_domain_duplicate" }));
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText("Домэйн"), "Nomin.MN");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    expect(await within(dialog).findByText("Энэ домэйн бүртгэлтэй байна.")).toBeInTheDocument();
    expect(mocked.post).toHaveBeenCalledWith("/api/company/mail-domains", { domain: "nomin.mn", description: "", status: "active" });
  });

  it("takes a server code without a field as the domain's problem too", async () => {
    mocked.post.mockRejectedValueOnce(new ApiError(400, "mail_domain_invalid"));
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText("Домэйн"), "example.mn");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    expect(await within(dialog).findByText("Домэйн буруу байна.")).toBeInTheDocument();
  });

  it("edits and deletes after confirming", async () => {
    mocked.put.mockResolvedValueOnce(makeDomain({ description: "Шинэ" }));
    mocked.del.mockResolvedValueOnce({ ok: true });
    renderWithProviders(<MailDomains canEdit />, { me: makeMe() });
    await userEvent.click(await screen.findByRole("button", { name: "nomin.mn домэйныг засах" }));
    const dialog = screen.getByRole("dialog");
    const description = within(dialog).getByLabelText("Тайлбар");
    await userEvent.clear(description);
    await userEvent.type(description, "Шинэ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    expect(mocked.put).toHaveBeenCalledWith("/api/company/mail-domains/1", { domain: "nomin.mn", description: "Шинэ", status: "active" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: "tav.mn домэйныг устгах" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Зөвшөөрөх" }));
    expect(mocked.del).toHaveBeenCalledWith("/api/company/mail-domains/2");
  });
});

describe("mail domains when there are none", () => {
  it("a new company's empty list is calm and offers to add the first domain, not the failure state", async () => {
    answerGets(mocked.get, { "/api/company/mail-domains": list([]) });
    renderWithProviders(<MailDomains canEdit />, { me: makeMe() });
    expect(await screen.findByText("Одоохондоо хоосон байна")).toBeInTheDocument();
    expect(screen.queryByText("Мэдээлэл олдсонгүй!")).toBeNull();
    expect(screen.queryByRole("button", { name: "Дахин оролдох" })).toBeNull();
    await userEvent.click(screen.getByTestId("empty-add-domain"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("a failed load keeps the error state with its retry", async () => {
    mocked.get.mockRejectedValue(new ApiError(500, "request_failed"));
    renderWithProviders(<MailDomains canEdit />, { me: makeMe() });
    expect(await screen.findByText("Мэдээлэл олдсонгүй!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Дахин оролдох" })).toBeInTheDocument();
    expect(screen.queryByTestId("list-empty")).toBeNull();
  });
});
