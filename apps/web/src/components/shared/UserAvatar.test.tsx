import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "./test-utils.tsx";
import { UserAvatar } from "./UserAvatar.tsx";

describe("UserAvatar", () => {
  it("shows at most two initials", () => {
    renderWithProviders(<UserAvatar name="Батбаяр Дорж Гомбо" />);
    expect(screen.getByText("БД")).toBeInTheDocument();
  });

  it("shows the photo when there is one", () => {
    renderWithProviders(<UserAvatar name="Сараа" photoUrl="/api/files/photo" />);
    expect(screen.getByRole("img", { name: "Сараа" })).toHaveAttribute("src", "/api/files/photo");
    expect(screen.queryByText("С")).toBeNull();
  });
});
