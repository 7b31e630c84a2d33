import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http } from "../../../lib/http.ts";
import { answerGets, list, makeMail } from "../test-fixtures.ts";
import { OutboxList } from "./OutboxList.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/outbox": list([
      makeMail(),
      makeMail({ id: 2, to: "x@nomin.mn", subject: "Нууц үг сэргээх", status: "failed", text: "Холбоосгүй мэйл." }),
      makeMail({ id: 3, to: "owner@nomin.mn", subject: "Holboo: нууц үг сэргээх", status: "withheld", carries_secret: true, text: "" }),
      makeMail({ id: 4, to: "tuya@nomin.mn", subject: "Holboo: Номин", status: "sent", carries_secret: true, text: "" }),
    ]),
  });
});

describe("outbox", () => {
  it("lists to, subject, date and status", async () => {
    renderWithProviders(<OutboxList scope="company" />, { me: makeMe() });
    const row = await screen.findByTestId("outbox-x@nomin.mn");
    expect(within(row).getByText("Нууц үг сэргээх")).toBeInTheDocument();
    expect(within(row).getByText("Амжилтгүй")).toBeInTheDocument();
    expect(within(screen.getByTestId("outbox-saraa@nomin.mn")).getByText("Дөнгөж сая")).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith("/api/outbox", { page: 1, page_size: 20 });
  });

  it("opens a mail with its links clickable", async () => {
    renderWithProviders(<OutboxList scope="company" />, { me: makeMe() });
    await userEvent.click(await screen.findByTestId("outbox-saraa@nomin.mn"));
    const dialog = screen.getByRole("dialog", { name: "Holboo: төлбөр төлөх сануулга" });
    const href = "http://localhost:5173/settings/plan?tab=2";
    expect(within(dialog).getByRole("link", { name: href })).toHaveAttribute("href", href);
    expect(within(dialog).getByTestId("outbox-link")).toHaveAttribute("href", href);
    expect(within(dialog).getByText(/Баярлалаа/)).toBeInTheDocument();
  });

  it("shows a mail without links as plain text", async () => {
    renderWithProviders(<OutboxList scope="company" />, { me: makeMe() });
    await userEvent.click(await screen.findByTestId("outbox-x@nomin.mn"));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("Холбоосгүй мэйл.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("link")).toBeNull();
  });

  it("says a mail carries someone's sign-in link instead of showing it, and where a withheld one went", async () => {
    renderWithProviders(<OutboxList scope="company" />, { me: makeMe() });
    const withheld = await screen.findByTestId("outbox-owner@nomin.mn");
    expect(within(withheld).getByText("Илгээгээгүй")).toBeInTheDocument();
    await userEvent.click(withheld);
    const dialog = screen.getByRole("dialog", { name: "Holboo: нууц үг сэргээх" });
    expect(within(dialog).getByTestId("outbox-secret")).toHaveTextContent(/серверийн консол/);
    expect(within(dialog).queryByRole("link")).toBeNull();
    expect(within(dialog).queryByTestId("outbox-link")).toBeNull();
    await userEvent.keyboard("{Escape}");
    await userEvent.click(await screen.findByTestId("outbox-tuya@nomin.mn"));
    expect(within(screen.getByRole("dialog", { name: "Holboo: Номин" })).getByTestId("outbox-secret")).toHaveTextContent(/өөр хэнд ч харуулахгүй/);
  });
});
