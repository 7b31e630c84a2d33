import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http, ApiError } from "../../../lib/http.ts";
import { answerGets, list, makeCompany, makeDomain, makeUser } from "../test-fixtures.ts";
import { OurCompanyPage } from "./OurCompanyPage.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const admins = list([
  makeUser({ ID: 1, role: "admin", user_name: "Болд Бат", is_owner: true }),
  makeUser({ ID: 5, role: "admin", user_name: "Ану Ган", email: "anu@nomin.mn" }),
]);

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, { "/api/company": makeCompany(), "/api/company/mail-domains": list([makeDomain()]), "/api/users": admins });
});

describe("company details", () => {
  it("is read-only without settings.edit", async () => {
    const me = makeMe({ role: "manager", permissions: ["settings.view"], is_owner: false, is_company_creator: false, can_delete_company: false });
    renderWithProviders(<OurCompanyPage />, { me });
    const name = await screen.findByLabelText("Нэр");
    expect(name).toHaveValue("Номин Тав");
    expect(name).toBeDisabled();
    expect(screen.getByLabelText("Утас")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Хадгалах" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Лого оруулах" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Домэйн нэмэх" })).toBeNull();
    expect(screen.queryByTestId("danger-zone")).toBeNull();
  });

  it("checks the form with the core schema before saving", async () => {
    renderWithProviders(<OurCompanyPage />, { me: makeMe() });
    const name = await screen.findByLabelText("Нэр");
    await userEvent.clear(name);
    await userEvent.clear(screen.getByLabelText("Холбоо барих и-мэйл"));
    await userEvent.type(screen.getByLabelText("Холбоо барих и-мэйл"), "not-an-email");
    fireEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    expect(await screen.findByText("Нэр хоосон байна.")).toBeInTheDocument();
    expect(screen.getByText("И-мэйл буруу байна.")).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();
  });

  it("saves and shows the server's field codes under the inputs", async () => {
    mocked.put.mockRejectedValueOnce(new ApiError(409, "company_exists", { name: "company_exists" }));
    renderWithProviders(<OurCompanyPage />, { me: makeMe() });
    const name = await screen.findByLabelText("Нэр");
    await userEvent.clear(name);
    await userEvent.type(name, "Таван Богд");
    fireEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    expect(await screen.findByText("Байгууллага бүртгэлтэй байна.")).toBeInTheDocument();
    expect(mocked.put).toHaveBeenCalledWith("/api/company", {
      name: "Таван Богд",
      contact_email: "info@nomin.mn",
      phone: "99112233",
      sector: "commerce",
      employee_range: "11-50",
      domain_rule_enabled: false,
      max_open_per_agent: 8,
    });
  });
});

describe("logo", () => {
  const choose = async (file: File) => {
    renderWithProviders(<OurCompanyPage />, { me: makeMe() });
    await screen.findByRole("button", { name: "Лого оруулах" });
    const input = document.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [file] } });
  };

  it("refuses an image over 1 MB before uploading", async () => {
    await choose(new File([new Uint8Array(1024 * 1024 + 1)], "big.png", { type: "image/png" }));
    expect(await screen.findByText("Логоны хэмжээ 1 МБ хүртэл байна.")).toBeInTheDocument();
    expect(mocked.upload).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an image", async () => {
    await choose(new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText("Лого зураг байх ёстой (PNG, JPEG, GIF, WebP).")).toBeInTheDocument();
    expect(mocked.upload).not.toHaveBeenCalled();
  });

  it("previews and uploads a small image", async () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    mocked.upload.mockReturnValue(new Promise(() => {}));
    await choose(new File([new Uint8Array(2048)], "logo.png", { type: "image/png" }));
    await waitFor(() => expect(mocked.upload).toHaveBeenCalledOnce());
    const [path, form] = mocked.upload.mock.calls[0] as [string, FormData];
    expect(path).toBe("/api/company/logo");
    expect((form.get("file") as File).name).toBe("logo.png");
    expect(screen.getByRole("img", { name: "Лого" })).toHaveAttribute("src", "blob:preview");
  });
});

describe("ownership transfer and deletion", () => {
  it("lets the owner transfer to another admin after an irreversible-warning confirm, then hides itself", async () => {
    mocked.post.mockResolvedValueOnce(makeCompany({ owner_id: 5, owner_name: "Ану Ган", ownership_transferred: true }));
    renderWithProviders(<OurCompanyPage />, { me: makeMe({ is_company_creator: false, can_delete_company: false }) });
    await userEvent.click(await screen.findByRole("combobox", { name: "Шинэ эзэмшигч (админ)" }));
    expect(screen.queryByRole("option", { name: /Болд Бат/ })).toBeNull();
    await userEvent.click(screen.getByRole("option", { name: "Ану Ган (anu@nomin.mn)" }));
    await userEvent.click(screen.getByRole("button", { name: "Эзэмшил шилжүүлэх" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(/буцаах боломжгүй/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Зөвшөөрөх" }));
    expect(mocked.post).toHaveBeenCalledWith("/api/company/transfer-ownership", { user_id: 5, confirm: true });
    await waitFor(() => expect(screen.queryByText("Эзэмшил шилжүүлэх", { selector: "p" })).toBeNull());
    expect(screen.queryByTestId("danger-zone")).toBeNull();
  });

  it("is not offered to an owner who already transferred, nor to others", async () => {
    answerGets(mocked.get, { "/api/company": makeCompany({ ownership_transferred: true }), "/api/company/mail-domains": list([]) });
    const view = renderWithProviders(<OurCompanyPage />, { me: makeMe({ is_company_creator: false, can_delete_company: false }) });
    await screen.findByLabelText("Нэр");
    expect(screen.queryByRole("button", { name: "Эзэмшил шилжүүлэх" })).toBeNull();
    view.unmount();
    answerGets(mocked.get, { "/api/company": makeCompany(), "/api/company/mail-domains": list([]) });
    renderWithProviders(<OurCompanyPage />, { me: makeMe({ is_owner: false, is_company_creator: false, can_delete_company: false }) });
    await screen.findByLabelText("Нэр");
    expect(screen.queryByRole("button", { name: "Эзэмшил шилжүүлэх" })).toBeNull();
  });

  it("lets only whom the server allows (the owner) delete, after typing the company name", async () => {
    mocked.del.mockResolvedValueOnce({ ok: true });
    // The creator, demoted after handing ownership over: no delete.
    const view = renderWithProviders(<OurCompanyPage />, {
      me: makeMe({ role: "agent", is_owner: false, is_company_creator: true, can_delete_company: false }),
    });
    await screen.findByLabelText("Нэр");
    expect(screen.queryByRole("button", { name: "Байгууллага устгах" })).toBeNull();
    view.unmount();

    renderWithProviders(<OurCompanyPage />, { me: makeMe({ is_company_creator: false, can_delete_company: true }) });
    await userEvent.click(await screen.findByRole("button", { name: "Байгууллага устгах" }));
    const dialog = screen.getByRole("dialog");
    const confirm = within(dialog).getByRole("button", { name: "Бүрмөсөн устгах" });
    await userEvent.type(within(dialog).getByRole("textbox"), "Номин");
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole("textbox"), " Тав");
    await userEvent.click(confirm);
    expect(mocked.del).toHaveBeenCalledWith("/api/company", { confirm_name: "Номин Тав" });
  });
});
