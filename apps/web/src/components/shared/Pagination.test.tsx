import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Pagination } from "./Pagination.tsx";
import { renderWithProviders } from "./test-utils.tsx";

/** The visible page list, with "…" for each ellipsis. */
const pages = () =>
  [...screen.getByRole("navigation").children]
    .map((node) => node.textContent)
    .filter((text) => text !== "")
    .join(" ");

describe("Pagination (spec §5, §9)", () => {
  it("renders nothing for a single page", () => {
    const { container } = renderWithProviders(<Pagination page={1} total={1} onChange={() => {}} />);
    expect(container.querySelector("nav")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("disables previous on page 1 and next on the last page", () => {
    const change = vi.fn();
    const first = renderWithProviders(<Pagination page={1} total={3} onChange={change} />);
    expect(screen.getByRole("button", { name: "Өмнөх хуудас" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Дараагийн хуудас" }));
    expect(change).toHaveBeenCalledWith(2);
    first.unmount();

    renderWithProviders(<Pagination page={3} total={3} onChange={change} />);
    expect(screen.getByRole("button", { name: "Дараагийн хуудас" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Өмнөх хуудас" })).toBeEnabled();
  });

  it("lists up to 7 pages in full", () => {
    renderWithProviders(<Pagination page={4} total={7} onChange={() => {}} />);
    expect(pages()).toBe("1 2 3 4 5 6 7");
    expect(screen.queryByTestId("pagination-ellipsis")).toBeNull();
    expect(screen.getByRole("button", { name: "4-р хуудас" })).toHaveAttribute("aria-current", "page");
  });

  it("shows ellipses for longer lists", () => {
    const view = renderWithProviders(<Pagination page={4} total={20} onChange={() => {}} />);
    expect(pages()).toBe("1 2 3 4 5 … 20");
    view.unmount();
    const middle = renderWithProviders(<Pagination page={10} total={20} onChange={() => {}} />);
    expect(pages()).toBe("1 … 9 10 11 … 20");
    expect(screen.getAllByTestId("pagination-ellipsis")).toHaveLength(2);
    middle.unmount();
    renderWithProviders(<Pagination page={18} total={20} onChange={() => {}} />);
    expect(pages()).toBe("1 … 16 17 18 19 20");
  });

  it("goes to a clicked page", () => {
    const change = vi.fn();
    renderWithProviders(<Pagination page={10} total={20} onChange={change} />);
    fireEvent.click(screen.getByRole("button", { name: "20-р хуудас" }));
    expect(change).toHaveBeenCalledWith(20);
  });
});
