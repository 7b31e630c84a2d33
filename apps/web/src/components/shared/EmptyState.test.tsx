import { Select } from "@mantine/core";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EmptyState, useNothingFoundMessage } from "./EmptyState.tsx";
import { renderWithProviders } from "./test-utils.tsx";

function EmptySelect() {
  return <Select label="Админ" data={[]} nothingFoundMessage={useNothingFoundMessage()} />;
}

describe("EmptyState", () => {
  it("says 'Мэдээлэл олдсонгүй!' and retries", () => {
    const retry = vi.fn();
    renderWithProviders(<EmptyState onRetry={retry} />);
    expect(screen.getByText("Мэдээлэл олдсонгүй!")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Дахин оролдох" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("has no retry button without a retry action", () => {
    renderWithProviders(<EmptyState />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("gives an empty select 'Хоосон байна.'", async () => {
    renderWithProviders(<EmptySelect />);
    await userEvent.click(screen.getByRole("combobox", { name: "Админ" }));
    expect(await screen.findByText("Хоосон байна.")).toBeInTheDocument();
  });
});
