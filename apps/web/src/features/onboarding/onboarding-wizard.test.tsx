import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { OnboardingWizard } from "./OnboardingWizard.tsx";

describe("onboarding wizard", () => {
  it("tells a sign-up awaiting the platform admin's approval before the first step", async () => {
    renderWithProviders(<OnboardingWizard />, { me: makeMe({ company_id: 0, company: null, is_approved_by_superadmin: false }), path: "/onboarding" });
    expect(await screen.findByText("Баталгаажуулалт хүлээгдэж байна")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Үргэлжлүүлэх" })).not.toBeInTheDocument();
  });

  it("starts the steps for an approved sign-up", async () => {
    renderWithProviders(<OnboardingWizard />, { me: makeMe({ company_id: 0, company: null }), path: "/onboarding" });
    expect(await screen.findByRole("button", { name: "Үргэлжлүүлэх" })).toBeInTheDocument();
    expect(screen.queryByText("Баталгаажуулалт хүлээгдэж байна")).not.toBeInTheDocument();
  });
});
