import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n/index.ts";
import { Duration, RelativeTime } from "./RelativeTime.tsx";
import { renderWithProviders } from "./test-utils.tsx";

const NOW = new Date(2026, 10, 22, 12, 0, 0);

describe("RelativeTime and Duration", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(NOW);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage("mn");
  });

  it("re-renders every minute", () => {
    renderWithProviders(<RelativeTime value={new Date(NOW.getTime() - 20_000)} />);
    expect(screen.getByText("Дөнгөж сая")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText("2 минутын өмнө")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByText("2026-11-22 11:59")).toBeInTheDocument();
  });

  it("follows the interface language", async () => {
    renderWithProviders(<RelativeTime value={new Date(NOW.getTime() - 5 * 60_000)} />);
    expect(screen.getByText("5 минутын өмнө")).toBeInTheDocument();
    await act(() => i18n.changeLanguage("en"));
    expect(screen.getByText("5 min ago")).toBeInTheDocument();
  });

  it("shows durations, days only from 30 days, and ticks from a start", () => {
    const view = renderWithProviders(<Duration ms={(31 * 24 + 5) * 3_600_000} />);
    expect(screen.getByText("31 өдөр")).toBeInTheDocument();
    view.unmount();
    renderWithProviders(<Duration from={new Date(NOW.getTime() - 90_000)} />);
    expect(screen.getByText("1 мин 30 сек")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText("2 мин 30 сек")).toBeInTheDocument();
  });
});
