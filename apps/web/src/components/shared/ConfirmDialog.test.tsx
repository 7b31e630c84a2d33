import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import i18n from "../../i18n/index.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { renderWithProviders } from "./test-utils.tsx";

describe("ConfirmDialog", () => {
  it("has the spec's default buttons Зөвшөөрөх and Болих", () => {
    const confirm = vi.fn();
    const cancel = vi.fn();
    renderWithProviders(<ConfirmDialog opened title="Устгах" message="Итгэлтэй байна уу?" onConfirm={confirm} onCancel={cancel} />);
    fireEvent.click(screen.getByRole("button", { name: "Болих" }));
    expect(cancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Зөвшөөрөх" }));
    expect(confirm).toHaveBeenCalledOnce();
  });

  it("translates the default buttons", async () => {
    await i18n.changeLanguage("en");
    try {
      renderWithProviders(<ConfirmDialog opened title="Delete" message="Sure?" onConfirm={() => {}} onCancel={() => {}} />);
      expect(screen.getByRole("button", { name: "Confirm" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("mn");
    }
  });

  it("waits for the exact word in type-to-confirm mode", async () => {
    const confirm = vi.fn();
    renderWithProviders(<ConfirmDialog opened title="Устгах" message="…" typeToConfirm="Номин ХХК" onConfirm={confirm} onCancel={() => {}} />);
    const button = screen.getByRole("button", { name: "Зөвшөөрөх" });
    const input = screen.getByLabelText("Баталгаажуулахын тулд «Номин ХХК» гэж бичнэ үү");
    expect(button).toBeDisabled();
    await userEvent.type(input, "Номин");
    expect(button).toBeDisabled();
    fireEvent.submit(input);
    expect(confirm).not.toHaveBeenCalled();
    await userEvent.type(input, " ХХК");
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledOnce();
  });

  it("forgets the typed word when closed and opened again", async () => {
    const props = { title: "Устгах", message: "…", typeToConfirm: "delete", onConfirm: () => {}, onCancel: () => {} };
    const view = renderWithProviders(<ConfirmDialog opened {...props} />);
    await userEvent.type(screen.getByRole("textbox"), "delete");
    view.rerender(<ConfirmDialog opened={false} {...props} />);
    view.rerender(<ConfirmDialog opened {...props} />);
    expect(screen.getByRole("textbox")).toHaveValue("");
  });
});
