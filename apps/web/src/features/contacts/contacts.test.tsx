import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http, ApiError } from "../../lib/http.ts";
import { answerGets, list } from "../settings/test-fixtures.ts";
import { formatDate, formatDateTime, type ContactView } from "@holboo/core";
import { Route, Routes } from "react-router";
import { ContactDetailPage } from "./ContactDetailPage.tsx";
import { ContactFormDialog } from "./ContactFormDialog.tsx";
import { ContactsPage } from "./ContactsPage.tsx";
import { ImportDialog } from "./ImportDialog.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, { "/api/contact-types": list([]), "/api/contacts": list([]) });
});

const openForm = () => {
  renderWithProviders(<ContactFormDialog contact={null} onClose={() => undefined} />, { me: makeMe() });
  return screen.getByRole("dialog");
};

describe("contact form", () => {
  it("labels every field in words, the contact type included (no raw keys)", () => {
    const dialog = openForm();
    expect(within(dialog).getAllByLabelText("Харилцагчийн төрөл").length).toBeGreaterThan(0);
    expect(dialog.textContent).not.toMatch(/fields\./);
  });

  it("checks name and phone-or-e-mail with the core schema before asking the server", async () => {
    const dialog = openForm();
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    expect(await within(dialog).findByText("Нэр хоосон байна.")).toBeInTheDocument();
    expect(within(dialog).getByText("Утас эсвэл и-мэйлийн аль нэгийг оруулна уу.")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Нэр/), "Болд");
    await userEvent.type(within(dialog).getByLabelText("Утас"), "1234");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    expect(await within(dialog).findByText("Утасны дугаар буруу байна.")).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
  });

  it("offers to open or merge the existing contact when the e-mail is taken", async () => {
    mocked.post.mockRejectedValueOnce(new ApiError(409, "contact_exists", { email: "contact_exists" }, "", { contact_id: 7 }));
    const dialog = openForm();
    await userEvent.type(within(dialog).getByLabelText(/^Нэр/), "Болд");
    await userEvent.type(within(dialog).getByLabelText("И-мэйл"), "bold@nomin.mn");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    const offer = await within(dialog).findByTestId("contact-duplicate");
    expect(within(offer).getByRole("button", { name: "Нээж засах" })).toBeInTheDocument();
    expect(within(offer).getByRole("button", { name: "Түүнтэй нэгтгэх" })).toBeInTheDocument();
    expect(within(dialog).getByText("Харилцагч бүртгэлтэй байна. Засах эсвэл нэгтгэх үү?")).toBeInTheDocument();
  });

  it("after a timeout asks to check first, and a retry sends the same idempotency key", async () => {
    mocked.post.mockRejectedValueOnce(new ApiError(0, "timeout")).mockResolvedValueOnce({ id: 3 });
    const dialog = openForm();
    await userEvent.type(within(dialog).getByLabelText(/^Нэр/), "Болд");
    await userEvent.type(within(dialog).getByLabelText("Утас"), "99112233");
    await userEvent.click(within(dialog).getByRole("button", { name: "Хадгалах" }));
    expect(await within(dialog).findByTestId("contact-timeout")).toHaveTextContent("үүссэн эсэхийг шалгана уу");
    await userEvent.click(within(dialog).getByRole("button", { name: "Дахин оролдох" }));
    expect(mocked.post).toHaveBeenCalledTimes(2);
    const [first, second] = mocked.post.mock.calls.map((call) => (call[1] as { idempotency_key: string }).idempotency_key);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });
});

describe("contacts page", () => {
  it("mirrors permissions: no add, import or export without them", async () => {
    renderWithProviders(<ContactsPage />, { me: makeMe({ role: "agent", permissions: [] }) });
    expect(await screen.findByRole("heading", { name: "Харилцагч" })).toBeInTheDocument();
    expect(screen.queryByTestId("add-contact")).toBeNull();
    expect(screen.queryByTestId("import-contacts")).toBeNull();
    expect(screen.queryByTestId("export-contacts")).toBeNull();
  });

  it("names an anonymous visitor as every screen does (Зочин #id, with the city), not 'no name'", async () => {
    const { note: _n, description: _d, social_accounts: _s, address_detail: _a, ...listed } = contact;
    const visitor = { ...listed, id: 812, first_name: "", last_name: "", email: null, phone: null, city: "Дархан", special: false };
    answerGets(mocked.get, { "/api/contact-types": list([]), "/api/contacts": list([visitor]) });
    renderWithProviders(<ContactsPage />, { me: makeMe() });
    expect(await screen.findByRole("link", { name: "Зочин #812 · Дархан" })).toHaveAttribute("href", "/contacts/812");
  });

  it("sends search and filters to the server", async () => {
    renderWithProviders(<ContactsPage />, { me: makeMe() });
    await userEvent.type(await screen.findByLabelText("Нэр, и-мэйл, утсаар хайх"), "bold");
    await vi.waitFor(() => expect(mocked.get).toHaveBeenCalledWith("/api/contacts", expect.objectContaining({ search: "bold", page: 1 })), { timeout: 2000 });
  });
});

describe("import dialog", () => {
  it("guesses the mapping from the header, previews problems, imports and links the report", async () => {
    mocked.upload
      .mockResolvedValueOnce({ columns: ["Нэр", "И-мэйл", "Phone"], rows: 2, sample: [] })
      .mockResolvedValueOnce({ rows: 2, valid: 1, invalid: 1, errors: [{ row: 3, fields: { email: "email_invalid" } }] })
      .mockResolvedValueOnce({ rows: 2, valid: 1, invalid: 1, errors: [], imported: 1, report_file_id: "r-1" });
    renderWithProviders(<ImportDialog onClose={() => undefined} />, { me: makeMe() });
    const file = new File(["Нэр,И-мэйл,Phone\nБолд,bold@nomin.mn,99112233\nСараа,x,"], "contacts.csv", { type: "text/csv" });
    const input = document.body.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input");
    await userEvent.upload(input, file);
    await userEvent.click(screen.getByTestId("import-next"));
    await userEvent.click(await screen.findByTestId("import-preview"));
    const mapping = JSON.parse(String((mocked.upload.mock.calls[1]?.[1] as FormData).get("mapping"))) as Record<string, number>;
    expect(mapping).toEqual({ first_name: 0, email: 1, phone: 2 });
    expect(await screen.findByTestId("import-summary")).toHaveTextContent("2 мөр: 1 зөв, 1 алдаатай");
    expect(screen.getByTestId("import-errors")).toHaveTextContent("И-мэйл буруу байна.");
    await userEvent.click(screen.getByTestId("import-commit"));
    expect(await screen.findByTestId("import-done")).toHaveTextContent("1 харилцагч импортлогдлоо");
    expect(screen.getByTestId("import-report")).toHaveAttribute("href", "/api/files/r-1");
  });
});

const contact: ContactView = {
  id: 5,
  first_name: "Сарнай",
  last_name: "Бат",
  email: "sarnai@nomin.mn",
  email2: null,
  phone: "+97699112233",
  phone2: null,
  company_name: "Номин ХХК",
  profession: "",
  city: "Улаанбаатар",
  district: "",
  subdistrict: "",
  address_detail: "",
  note: "Өглөө залгах",
  description: "",
  type: { id: 1, name: "VIP" },
  special: true,
  created_at: "2026-11-20T08:00:00.000Z",
  created_by: "unregistered",
  created_by_user: null,
  social_accounts: [{ id: 9, channel: { id: 3, type: "webchat", name: "Сайтын чат" }, external_id: "anon:1", verified: false }],
  can: { edit: true, merge: true, delete: true },
};
const nothing = { edit: false, merge: false, delete: false };

describe("contact detail", () => {
  /** The page as the server's `can` says, for a member whose own permission list would say nothing. */
  const open = (can: ContactView["can"]) => {
    answerGets(mocked.get, {
      "/api/contacts/5": { ...contact, can },
      "/api/contacts/5/interactions": {
        items: [
          {
            id: 41,
            title: "Захиалга",
            status: "closed",
            channel: { id: 3, type: "webchat", name: "Сайтын чат" },
            started_at: "2026-11-21T08:00:00.000Z",
            closed_at: null,
          },
        ],
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/contacts/:id" element={<ContactDetailPage />} />
      </Routes>,
      { me: makeMe({ role: "agent", permissions: [] }), path: "/contacts/5" },
    );
  };

  it("shows the profile, the channel accounts and links every interaction into /interacts", async () => {
    open(contact.can);
    expect(await screen.findByTestId("contact-name")).toHaveTextContent("Бат Сарнай");
    expect(screen.getByText("Өглөө залгах")).toBeInTheDocument();
    expect(within(screen.getByTestId("contact-social")).getByText("Вэб чат")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Захиалга" })).toHaveAttribute("href", "/interacts?id=41&tab=2");
    expect(screen.getByTestId("edit-contact")).toBeInTheDocument();
    expect(screen.getByTestId("delete-contact")).toBeInTheDocument();
  });

  it("writes dates in the product's format (YYYY-MM-DD), not the browser's 'M11' style", async () => {
    open(nothing);
    expect(await screen.findByTestId("contact-name")).toBeInTheDocument();
    expect(screen.getByText(formatDate(new Date(contact.created_at)))).toBeInTheDocument();
    expect(await screen.findByText(formatDateTime(new Date("2026-11-21T08:00:00.000Z")))).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/M11/);
  });

  it("offers no edit, merge or delete when `can` allows none", async () => {
    open(nothing);
    expect(await screen.findByTestId("contact-name")).toBeInTheDocument();
    expect(screen.queryByTestId("edit-contact")).toBeNull();
    expect(screen.queryByTestId("merge-contact")).toBeNull();
    expect(screen.queryByTestId("delete-contact")).toBeNull();
  });

  it("offers exactly what `can` allows: edit and merge without delete", async () => {
    open({ edit: true, merge: true, delete: false });
    expect(await screen.findByTestId("edit-contact")).toBeInTheDocument();
    expect(screen.getByTestId("merge-contact")).toBeInTheDocument();
    expect(screen.queryByTestId("delete-contact")).toBeNull();
  });
});
