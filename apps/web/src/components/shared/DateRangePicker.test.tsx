import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { dayLabel, toDay, yearOptions, type DateRangeValue } from "./date-range.ts";
import { DateRangePanel } from "./DateRangePanel.tsx";
import { DateRangePicker } from "./DateRangePicker.tsx";
import { renderWithProviders } from "./test-utils.tsx";

const start: DateRangeValue = { preset: "custom", start: new Date(2026, 10, 12), end: new Date(2026, 10, 14, 23, 59) };

function Harness({ initial = start, popover = false }: { initial?: DateRangeValue; popover?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {popover ? <DateRangePicker value={value} onChange={setValue} /> : <DateRangePanel value={value} onChange={setValue} />}
      <output data-testid="value">{`${value.preset} ${toDay(value.start) ?? "-"} ${toDay(value.end) ?? "-"}`}</output>
    </>
  );
}

const shown = () => screen.getByTestId("value").textContent;
const day = (iso: string) => screen.getByRole("button", { name: dayLabel(iso, "mn") });

describe("DateRangePicker", () => {
  it("takes the start, then the end (swapped when earlier), and a third click starts again", () => {
    renderWithProviders(<Harness />);
    fireEvent.click(day("2026-11-10"));
    expect(shown()).toBe("custom 2026-11-10 -");
    fireEvent.click(day("2026-11-03"));
    expect(shown()).toBe("custom 2026-11-03 2026-11-10");
    fireEvent.click(day("2026-11-20"));
    expect(shown()).toBe("custom 2026-11-20 -");
    fireEvent.click(day("2026-11-25"));
    expect(shown()).toBe("custom 2026-11-20 2026-11-25");
  });

  it("starts the week on Monday", () => {
    const { container } = renderWithProviders(<Harness />);
    const weekdays = [...container.querySelectorAll("thead th")].map((cell) => cell.textContent);
    expect(weekdays[0]).toBe("Да");
    expect(weekdays[6]).toBe("Ня");
  });

  it("lists years from 5 back to 50 forward", async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole("combobox", { name: "Он" }));
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    const years = yearOptions().map(String);
    expect(options).toEqual(years);
    expect(Number(options[0])).toBe(new Date().getFullYear() - 5);
    expect(Number(options.at(-1))).toBe(new Date().getFullYear() + 50);
  });

  it("applies a preset", () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Сүүлийн 7 хоног" }));
    const weekAgo = toDay(new Date(Date.now() - 7 * 86_400_000));
    expect(shown()).toBe(`7_day ${weekAgo} ${toDay(new Date())}`);
    expect(screen.getByRole("button", { name: "Сүүлийн 7 хоног" })).toHaveAttribute("aria-pressed", "true");
  });

  it("takes a typed valid date, reverts invalid text on blur and switches the preset to custom", async () => {
    renderWithProviders(<Harness initial={{ preset: "3", start: new Date(2026, 7, 22), end: new Date(2026, 10, 22) }} />);
    const startInput = screen.getByRole("textbox", { name: "Эхлэх огноо" });
    await userEvent.clear(startInput);
    await userEvent.type(startInput, "2026-02-30");
    expect(screen.getByRole("button", { name: "Өөрөө сонгох" })).toHaveAttribute("aria-pressed", "true");
    expect(shown()).toBe("custom 2026-08-22 2026-11-22");
    fireEvent.blur(startInput);
    expect(startInput).toHaveValue("2026-08-22");

    await userEvent.clear(startInput);
    await userEvent.type(startInput, "2026-09-01");
    fireEvent.blur(startInput);
    expect(shown()).toBe("custom 2026-09-01 2026-11-22");
    expect(startInput).toHaveValue("2026-09-01");
  });

  it("opens from a button that names the current range", async () => {
    renderWithProviders(<Harness popover initial={{ preset: "1", start: null, end: null }} />);
    const trigger = screen.getByRole("button", { name: /Сүүлийн 1 сар/ });
    await userEvent.click(trigger);
    const presets = await screen.findByRole("group", { name: "Хугацаа" });
    expect(within(presets).getAllByRole("button")).toHaveLength(6);
  });
});
