import { describe, expect, it } from "vitest";
import { clickDay, dayState, parseTypedDay, presetValue, selectionValue, toDay, typeDay, yearOptions } from "./date-range.ts";

describe("clickDay (spec §4)", () => {
  const empty = { start: null, end: null };

  it("sets the start on the first click and the end on the second", () => {
    const first = clickDay(empty, "2026-11-10");
    expect(first).toEqual({ start: "2026-11-10", end: null });
    expect(clickDay(first, "2026-11-20")).toEqual({ start: "2026-11-10", end: "2026-11-20" });
  });

  it("swaps a second click that is earlier than the start", () => {
    expect(clickDay({ start: "2026-11-10", end: null }, "2026-11-03")).toEqual({ start: "2026-11-03", end: "2026-11-10" });
    expect(clickDay({ start: "2026-01-10", end: null }, "2025-12-31")).toEqual({ start: "2025-12-31", end: "2026-01-10" });
  });

  it("starts a new range on the third click", () => {
    expect(clickDay({ start: "2026-11-03", end: "2026-11-10" }, "2026-11-05")).toEqual({ start: "2026-11-05", end: null });
  });

  it("accepts the same day twice as a one-day range", () => {
    expect(clickDay({ start: "2026-11-10", end: null }, "2026-11-10")).toEqual({ start: "2026-11-10", end: "2026-11-10" });
  });
});

describe("typed dates (spec §5)", () => {
  it("accept only a real YYYY-MM-DD day", () => {
    expect(parseTypedDay("2026-02-28")).toBe("2026-02-28");
    expect(parseTypedDay(" 2028-02-29 ")).toBe("2028-02-29");
    expect(parseTypedDay("2026-02-29")).toBeNull();
    expect(parseTypedDay("2026-02-30")).toBeNull();
    expect(parseTypedDay("2026-13-01")).toBeNull();
    expect(parseTypedDay("2026/02/03")).toBeNull();
    expect(parseTypedDay("2026-2-3")).toBeNull();
    expect(parseTypedDay("")).toBeNull();
  });

  it("keep start and end in order", () => {
    expect(typeDay({ start: "2026-11-10", end: "2026-11-20" }, "start", "2026-11-25")).toEqual({ start: "2026-11-20", end: "2026-11-25" });
    expect(typeDay({ start: "2026-11-10", end: "2026-11-20" }, "end", "2026-11-01")).toEqual({ start: "2026-11-01", end: "2026-11-10" });
    expect(typeDay({ start: "2026-11-10", end: null }, "end", "2026-11-12")).toEqual({ start: "2026-11-10", end: "2026-11-12" });
    expect(typeDay({ start: null, end: null }, "end", "2026-11-12")).toEqual({ start: "2026-11-12", end: "2026-11-12" });
  });
});

describe("presets and years (spec §9)", () => {
  const now = new Date(2026, 10, 22, 12, 30);

  it("end now and reach back by the preset", () => {
    expect(presetValue("24_hour", now)).toEqual({ preset: "24_hour", start: new Date(2026, 10, 21, 12, 30), end: now });
    expect(presetValue("7_day", now).start).toEqual(new Date(2026, 10, 15, 12, 30));
    expect(presetValue("1", now).start).toEqual(new Date(2026, 9, 22, 12, 30));
    expect(presetValue("3", now).start).toEqual(new Date(2026, 7, 22, 12, 30));
    expect(presetValue("6", now).start).toEqual(new Date(2026, 4, 22, 12, 30));
  });

  it("reach back months as dayjs does: to the month's last day when it is shorter, across a year", () => {
    expect(presetValue("1", new Date(2026, 2, 31, 9)).start).toEqual(new Date(2026, 1, 28, 9));
    expect(presetValue("1", new Date(2028, 2, 31, 9)).start).toEqual(new Date(2028, 1, 29, 9));
    expect(presetValue("3", new Date(2027, 0, 31, 9)).start).toEqual(new Date(2026, 9, 31, 9));
    expect(presetValue("6", new Date(2026, 7, 31, 9)).start).toEqual(new Date(2026, 1, 28, 9));
    expect(presetValue("7_day", new Date(2026, 2, 3, 9)).start).toEqual(new Date(2026, 1, 24, 9));
  });

  it("write a day as YYYY-MM-DD in the browser's time zone", () => {
    expect(toDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(toDay(new Date(987, 11, 31))).toBe("0987-12-31");
    expect(toDay(null)).toBeNull();
  });

  it("list years from 5 back to 50 forward", () => {
    const years = yearOptions(now);
    expect(years[0]).toBe(2021);
    expect(years.at(-1)).toBe(2076);
    expect(years).toHaveLength(56);
  });

  it("turn picked days into whole days", () => {
    const value = selectionValue({ start: "2026-11-03", end: "2026-11-10" });
    expect(value.preset).toBe("custom");
    expect(value.start).toEqual(new Date(2026, 10, 3, 0, 0, 0, 0));
    expect(value.end).toEqual(new Date(2026, 10, 10, 23, 59, 59, 999));
  });

  it("mark the days inside a range", () => {
    const selection = { start: "2026-11-03", end: "2026-11-10" };
    expect(dayState(selection, "2026-11-03")).toEqual({ selected: true, inRange: true, firstInRange: true, lastInRange: false });
    expect(dayState(selection, "2026-11-05").inRange).toBe(true);
    expect(dayState(selection, "2026-11-11").inRange).toBe(false);
  });
});
